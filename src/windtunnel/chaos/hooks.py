"""What the fault machinery asks of the agent adapters above it, without importing them.

chaos sits below ``windtunnel.agents`` in the layering: the adapters use its seams (the fault plan, the
SDK transport, the tool wrappers), so chaos cannot import them back. The few questions a run's chaos
needs answered about an agent — is it in-process, is it a framework agent and which tools and model
clients does it hold, is an ``agent.tools`` entry a framework's tool object — go through the
:class:`AgentHooks` that ``windtunnel.agents`` registers here when it is imported (every agent config
comes from it, so the hooks are in place before any run's chaos starts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Restore = Callable[[], None]


class AgentHooks(Protocol):
    """The questions about an agent that the chaos runtime needs answered by the agent layer (implemented in
    ``windtunnel.agents``, registered with :func:`register`).
    """

    def is_python(self, agent: Any) -> bool:
        """The agent runs in the windtunnel process (its seams are wrapped in place, not proxied)."""
        ...

    def is_framework(self, agent: Any) -> bool:
        """``agent.type`` is one of the frameworks run in-process (openai_agents, langgraph, pydantic_ai)."""
        ...

    def install_framework_tools(self, agent: Any, specs: list[Any]) -> tuple[list[str], list[Restore]]:
        """Route a framework agent's tools through the fault seam; a fault naming a tool it lacks is a
        config error. Returns the tool names and the undo callbacks."""
        ...

    def framework_llm_clients(self, agent: Any) -> list[Any]:
        """The OpenAI / Anthropic SDK clients a framework agent's models call (a config error if none, or ``[]`` for a
        framework whose calls build their model: the clients created during the run are faulted then)."""
        ...

    def framework_seen_llm_clients(self, agent: Any) -> list[Any]:
        """The SDK clients of every model a framework agent calls, or ``[]`` when one cannot be found (no error):
        where a run without LLM faults records the model calls."""
        ...

    def framework_records_new_clients(self, agent: Any) -> bool:
        """Whether a framework agent's model calls are reached on the SDK clients the run creates."""
        ...

    def framework_tool_kind(self, owner: Any, attr: str, obj: Any) -> tuple[str, Any] | None:
        """``(framework, tool object)`` when an ``agent.tools`` entry is a framework's tool object."""
        ...

    def framework_tool(self, path: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
        """Such an entry wrapped where its framework invokes it: its framework name and the undo."""
        ...

    def framework_tool_problem(self, owner: Any, attr: str, obj: Any) -> str | None:
        """Why such an entry cannot be faulted in place (``None``: it can, or it is no framework's tool)."""
        ...

    def framework_model(self, obj: Any) -> tuple[list[Any], str | None] | None:
        """``(SDK clients, why none)`` for a framework's model object given as ``agent.llm``; ``None`` for any
        other object."""
        ...


_hooks: AgentHooks | None = None


def register(hooks: AgentHooks) -> None:
    """Install the agent layer's answers (``windtunnel.agents`` does this at import)."""
    global _hooks
    _hooks = hooks


def agent_hooks() -> AgentHooks:
    """The registered hooks; raises ``RuntimeError`` when ``windtunnel.agents`` was never imported, since without it
    chaos cannot tell what kind of agent it is faulting.
    """
    if _hooks is None:  # chaos imported alone and handed an agent config that did not come from agents
        raise RuntimeError("windtunnel.agents is not imported: import it before starting a run's chaos")
    return _hooks
