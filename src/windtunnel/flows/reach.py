"""Is an HTTP agent that windtunnel did not start behind windtunnel's proxies? One call finds out.

Tool and LLM faults for a network agent act on the calls the agent itself makes, through windtunnel's
forward proxy and LLM proxy. An agent windtunnel launches (``agent.command``) gets their environment;
one started by the user can be started with it too — ``windtunnel proxy env -c FILE`` prints it, for the
fixed ports ``agent.proxy_port`` / ``agent.llm_proxy_port`` — but windtunnel cannot know from the config
whether it was. So before chaos that needs those calls, :func:`resolve_reach` serves both proxies on the
fixed ports, sends the agent one golden prompt without faults, and looks at what passed through: any call
means the agent is behind them (the run goes on as for ``agent.proxy_env: honoured``); none means it is
not, and the chaos is *not run* with the line that starts the agent behind them
(:func:`windtunnel.config.proxy_env.not_run_reason`). ``agent.proxy_env`` set skips the check.
The answer is kept for the process, so ``ci``'s phases ask once.

The check is about the config, not only the chaos one command runs: an agent started behind the proxies (as
``validate`` and ``proxy env`` tell the user of a config that declares such chaos) reaches its tools and model only
while windtunnel serves them, so every command that calls it — ``run`` without ``--chaos``, ``ci``'s mutation phase,
``contract run``'s chaos-free scenarios, ``explore``, ``replay run`` — checks too and serves them when it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from windtunnel._util.aioloop import run_async
from windtunnel._util.errors import AgentCallError, WindtunnelError
from windtunnel._util.ports import bind_error
from windtunnel.agents import build_agent
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.proxy_env import HOST

if TYPE_CHECKING:
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.config.model import Config

_ANSWERS: dict[tuple[str, int, int], int] = {}
"""(endpoint, tool port, LLM port) → calls seen by the proxies during the check."""
_SAID: set[tuple[str, int, int]] = set()
"""The checks whose note was already returned: it is said once, when the check call is made."""


def checkable(agent: Any, specs: Iterable[ChaosSpec] | None) -> bool:
    """Whether :func:`resolve_reach` would check ``agent``: a network agent windtunnel does not launch,
    ``agent.proxy_env`` not set, and some spec whose faults act on its own calls (``specs`` None: the agent alone)."""
    if capabilities(agent).python or getattr(agent, "command", None) or not hasattr(agent, "proxy_env"):
        return False
    if agent.proxy_env is not None:
        return False
    if specs is None:
        return True
    return any(s.needs_llm_seam or (s.needs_tool_seam and not getattr(agent, "mcp_servers", None)) for s in specs)


def declared_specs(cfg: Config) -> list[ChaosSpec]:
    """The chaos the config declares (its ``chaos:`` block and every matrix scenario), whichever a command runs: the
    chaos for which the user was told to start the agent behind the proxies. A block that does not resolve (an
    unknown profile) counts as none: preflight names the problem."""
    try:
        specs = [ChaosSpec.resolve(s, name=s.name) for s in cfg.scenarios]
        return [*specs, ChaosSpec.resolve(cfg.chaos, name="chaos")] if cfg.chaos is not None else specs
    except WindtunnelError:
        return []


def _free(port: int) -> bool:
    """Whether the proxies can listen on ``port`` on their host now: the reach check serves them on the fixed ports,
    and a port already taken means another run (or process) holds it. Probed as the proxies bind (``SO_REUSEADDR``):
    the closing connections of the previous run on these ports do not make them taken."""
    return bind_error(HOST, port) is None


def resolve_reach(cfg: Config, specs: Iterable[ChaosSpec] = (), *, needed: bool = False) -> str | None:
    """Check (once per process) whether the agent's calls pass through the proxies on its fixed ports; when
    they do, mark the config ``proxy_env: honoured`` (in memory) and return a note saying so, the first time only
    (``ci`` says it once for its phases). ``None``: nothing to check, the note already said, or the agent is not behind
    them (the chaos that needs them is then not run).

    Checked when ``specs`` (the chaos this command runs) or the config's own declared chaos (:func:`declared_specs`)
    acts on the agent's calls, or when ``needed`` (``replay run`` injecting recorded calls)."""
    agent: Any = cfg.agent
    wanted = [*specs, *declared_specs(cfg)]
    if not (checkable(agent, wanted) or (needed and checkable(agent, None))) or not cfg.golden_prompts:
        return None
    url = str(getattr(agent, "endpoint", None) or getattr(agent, "base_url", ""))
    key = (url, agent.proxy_port, agent.llm_proxy_port)
    if key not in _ANSWERS:
        if not (_free(agent.proxy_port) and _free(agent.llm_proxy_port)):
            return None  # something else listens there: not our proxies, so not reachable through them

        _ANSWERS[key] = run_async(lambda: _probe(cfg))
    if not _ANSWERS[key]:
        return None
    agent.proxy_env = "honoured"
    if key in _SAID:  # said when the check ran (ci's later phases, a second command in one process)
        return None
    _SAID.add(key)
    return (
        f"the agent's calls pass through windtunnel's proxies on {HOST}:{agent.proxy_port} (tool calls) and "
        f"{HOST}:{agent.llm_proxy_port} (model calls) ({_ANSWERS[key]} call(s) seen in one check call): chaos "
        "faults reach them"
    )


async def _probe(cfg: Config) -> int:
    """Serve both proxies on the fixed ports, send one golden prompt, count the calls that passed through.

    The fault plan is empty, so the call is the agent's ordinary one; the agent is reset afterwards so the
    check leaves no state in it. An agent that errors or does not answer is not an error here: only the
    calls seen count, and the run that follows reports the agent's failure in its own words. A fixed port
    taken by another process between the check that it was free and the bind means the agent cannot be
    behind these proxies, so the answer is 0.
    """
    # start-up: the proxies and the chaos runtime (~28 ms) load when a check runs, not for `run --help`
    from windtunnel.chaos import proxy, runtime

    agent_cfg: Any = cfg.agent
    plan = FaultPlan(ChaosSpec("reach check"), seed=0, key="reach check")
    openai, anthropic, ollama = runtime.ChaosRuntime(agent_cfg, [], seed=0).upstreams()
    llm = proxy.LlmProxy(
        lambda: plan,
        upstream=openai,
        host=HOST,
        port=agent_cfg.llm_proxy_port,
        anthropic_upstream=anthropic,
        ollama_upstream=ollama,
    )
    try:
        await llm.start()
    except (WindtunnelError, OSError):
        # another process took the fixed port after resolve_reach found it free: not our proxies, so the agent
        # is not reachable through them (as when the port was taken before)
        return 0
    tools = proxy.ToolProxy(lambda: plan, host=HOST, port=agent_cfg.proxy_port, exempt={(HOST, llm.port)})
    try:
        await tools.start()
        async with build_agent(agent_cfg, concurrency=1) as agent:
            try:
                await agent.invoke(str(cfg.golden_prompts[0]))
            finally:
                await agent.reset()  # the check call leaves no state behind (a no-op without a reset)
    except (AgentCallError, WindtunnelError, OSError):
        pass  # an agent that does not answer: the run says so; here only the calls seen count
    finally:
        await tools.aclose()
        await llm.aclose()
    return len(plan.calls)


__all__ = ["checkable", "resolve_reach"]
