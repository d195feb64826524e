"""Whether chaos faults can reach an HTTP agent's outbound calls, and what to tell the user when not.

Tool and LLM faults for an HTTP (or ``openai_chat``) agent act on the calls the agent itself makes, which
pass through windtunnel's forward proxy (``HTTP_PROXY``) and LLM proxy (``OPENAI_BASE_URL``). windtunnel
sets that environment when it launches the agent (``agent.command``). An agent that is already running
(upstream flakestorm's HTTP examples) can only be told by whoever starts it: ``windtunnel proxy env -c FILE``
prints the environment for the proxies' fixed ports (``agent.proxy_port``, ``agent.llm_proxy_port``), and
``run`` / ``ci`` / ``contract run`` check with one call whether the agent is behind them
(flows/reach.py); ``agent.proxy_env: honoured`` says it is without the check. When it is not, a phase or
scenario whose faults need those calls is *not run*, with :func:`not_run_reason` as its reason; every other
phase runs (see docs/chaos.md, 'An agent that is already running').
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from windtunnel.agents.registry import capabilities

if TYPE_CHECKING:
    from windtunnel.agents.config import AgentConfig
    from windtunnel.chaos.spec import ChaosSpec

HOST = "127.0.0.1"
ADD_LINE = "proxy_env: honoured"
"""The one line to add under ``agent:`` once the running agent is started with :func:`agent_env`."""


def proxied(agent: AgentConfig) -> bool:
    """Whether windtunnel reaches the agent's outbound calls through proxies on fixed ports."""
    ports = getattr(agent, "proxied_ports", None)
    return ports is not None and ports() is not None


def agent_env(agent: AgentConfig) -> dict[str, str]:
    """The environment to start the running agent with (the same variables a launched agent gets)."""
    tool = getattr(agent, "proxy_port", None)
    llm = getattr(agent, "llm_proxy_port", None)
    proxy = f"http://{HOST}:{tool}"
    return {
        "HTTP_PROXY": proxy,
        "http_proxy": proxy,
        "NO_PROXY": f"{HOST}:{llm}",
        "no_proxy": f"{HOST}:{llm}",
        "OPENAI_BASE_URL": f"http://{HOST}:{llm}/v1",
        "ANTHROPIC_BASE_URL": f"http://{HOST}:{llm}",
        "OLLAMA_HOST": f"http://{HOST}:{llm}",
    }


def env_line(agent: AgentConfig) -> str:
    """How to start the running agent: ``HTTP_PROXY=… (OPENAI_BASE_URL=… for model faults)``."""
    env = agent_env(agent)
    return f"HTTP_PROXY={env['HTTP_PROXY']} (and OPENAI_BASE_URL={env['OPENAI_BASE_URL']} for model faults)"


def start_line(source: str | None) -> str:
    """The one line that starts the agent behind windtunnel's proxies (``windtunnel proxy env`` prints the
    variables for the config's fixed ports)."""
    return f"env $(windtunnel proxy env -c {source or 'CONFIG'}) <the command that starts your agent>"


def unreachable(agent: AgentConfig, spec: ChaosSpec) -> bool:
    """Whether ``spec`` has faults on the agent's own calls that windtunnel cannot reach: an agent
    reached over the network, not launched (no ``agent.command``), not declared ``proxy_env: honoured``.
    (MCP servers in ``agent.mcp_servers`` are a seam of their own.)"""
    if capabilities(agent).python or getattr(agent, "command", None) or proxied(agent):
        return False
    needs_tools = spec.needs_tool_seam and not getattr(agent, "mcp_servers", None)
    return needs_tools or spec.needs_llm_seam


def not_run_reason(
    agent: AgentConfig, what: str, source: str | None = None, *, checked: bool = True, many: bool = False
) -> str:
    """Why ``what`` (``the chaos phase``, ``scenario 'x'``) is not run, with the one line that runs it
    (``source``: the config file, named in that line). ``checked=False`` (``validate``, which calls no
    agent): when it would not run; ``many``: ``what`` names several (``validate`` says them in one warning)."""
    if getattr(agent, "proxy_env", None) == "ignored":
        return (
            f"{what} is not run: its faults act on the {agent.type} agent's own outbound calls, which windtunnel "
            "reaches only through its proxies, and agent.proxy_env says the agent does not use them: set "
            "agent.command so windtunnel launches the agent with HTTP_PROXY / OPENAI_BASE_URL set"
        )
    if not checked:
        return (
            f"{what} {'run' if many else 'runs'} only if the {agent.type} agent, which windtunnel does not launch "
            "(no agent.command), is "
            "behind windtunnel's proxies: its faults act on the agent's own outbound calls (every command that calls "
            "the agent checks with one golden prompt, serves the proxies when it is behind them, and reports "
            f"{'them' if many else 'it'} not run otherwise): start the agent with "
            f"`{start_line(source)}` ({env_line(agent)})"
        )
    return (
        f"{what} is not run: its faults act on the {agent.type} agent's own outbound calls, which windtunnel "
        "reaches only through its proxies, and this agent, which windtunnel does not launch (no agent.command), "
        "is not behind them (no call passed through them when windtunnel checked with one golden prompt; "
        f"`validate` does not check): start the agent with `{start_line(source)}` ({env_line(agent)}) and run "
        f"again; nothing to add to the config (`{ADD_LINE}` under agent: skips the check)"
    )


def reach_note(agent: AgentConfig) -> str | None:
    """What ``validate`` says about an agent whose calls windtunnel reaches through fixed proxy ports."""
    if not proxied(agent):
        return None
    tool, llm = getattr(agent, "proxy_port", None), getattr(agent, "llm_proxy_port", None)  # a proxied agent's
    return (
        f"the running agent is behind windtunnel's proxies (agent.proxy_env: honoured, or found by the check "
        f"call): every command serves its proxies on {HOST}:{tool} (tool calls) "
        f"and {HOST}:{llm} (model calls) while it runs, and chaos faults reach the running agent "
        f"through them: start the agent with {env_line(agent)}"
    )


__all__ = [
    "ADD_LINE",
    "agent_env",
    "env_line",
    "not_run_reason",
    "proxied",
    "reach_note",
    "start_line",
    "unreachable",
]
