"""Agent types: one registry of adapters, each declaring what it can do.

A new agent type is one module with one decorator on its adapter class::

    @agent_type("my_agent", config=MyAgentConfig, python=True, reset="function", seams={"tools", "llm"})
    class MyAgent: ...

plus its module name in :data:`BUILTIN` (or a ``windtunnel.plugins`` entry point). Code that used to test
``agent.type in ("python", "langchain")`` asks :func:`capabilities` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

from windtunnel._util.registry import Registry, load_entry_point_plugins

BUILTIN = (
    "windtunnel.agents.python",
    "windtunnel.agents.http",
    "windtunnel.agents.openai_chat",
    "windtunnel.agents.openai_agents",
    "windtunnel.agents.langgraph",
    "windtunnel.agents.pydantic_ai",
)
"""Modules whose import registers the built-in agent types."""

_BUILTIN_TYPES = {
    "python": "windtunnel.agents.python",
    "langchain": "windtunnel.agents.python",
    "http": "windtunnel.agents.http",
    "openai_chat": "windtunnel.agents.openai_chat",
    "openai_agents": "windtunnel.agents.openai_agents",
    "langgraph": "windtunnel.agents.langgraph",
    "pydantic_ai": "windtunnel.agents.pydantic_ai",
}
"""The module of each built-in type: asking for one imports only its module (start-up: the http agent's
module imports httpx, the python agent's does not); an unknown name loads every type and plugin."""

Seam = Literal["tools", "llm", "proxy"]


@dataclass(frozen=True)
class Capabilities:
    """What an agent type can do, as the engine, the chaos runtime and preflight need to know it."""

    python: bool = False
    """Runs in this process: its references are imported, and ``agent.tools`` / ``agent.llm`` are wrapped
    where the agent looks them up (the python seams)."""
    transport: Literal["inprocess", "http"] = "inprocess"
    """How a call reaches the agent."""
    reset: Literal["function", "endpoint"] | None = None
    """Which config key resets it between cells: ``reset_function`` or ``reset_endpoint``."""
    seams: frozenset[str] = frozenset()
    """Where faults and recordings can be injected: the python seams ``tools``/``llm``, or ``proxy`` (the
    tool and LLM proxies an agent launched by windtunnel is pointed at)."""
    messages: bool | Callable[[Any], bool] = False
    """Whether it takes a message list (multi-turn); a callable decides from the agent config."""

    def accepts_messages(self, cfg: Any) -> bool:
        """Whether the agent configured by ``cfg`` takes message lists."""
        if callable(self.messages):
            return bool(self.messages(cfg))
        return self.messages or bool(getattr(cfg, "accepts_messages", False))

    def has_reset(self, cfg: Any) -> bool:
        """Whether ``cfg`` configures this type's reset."""
        if self.reset is None:
            return False
        return bool(getattr(cfg, f"reset_{self.reset}", None))


@dataclass(frozen=True)
class AgentType:
    """A registered agent type: its adapter class, its config model and its capabilities."""

    name: str
    adapter: Callable[..., Any]
    config: type
    capabilities: Capabilities


agent_types: Registry[AgentType] = Registry("agent type")
_loaded = False


def agent_type(
    name: str,
    *,
    config: type,
    python: bool = False,
    transport: Literal["inprocess", "http"] = "inprocess",
    reset: Literal["function", "endpoint"] | None = None,
    seams: Collection[str] = (),
    messages: bool | Callable[[Any], bool] = False,
) -> Callable[[type], type]:
    """Class decorator: register the adapter class for ``agent.type: name`` with its capabilities."""
    caps = Capabilities(python=python, transport=transport, reset=reset, seams=frozenset(seams), messages=messages)

    def register(cls: type) -> type:
        agent_types.register(name, AgentType(name=name, adapter=cls, config=config, capabilities=caps))
        return cls

    return register


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN:
        import_module(module)
    load_entry_point_plugins()


def get_agent_type(name: str) -> AgentType:
    """The registered type ``name``; an unknown name is an UnknownPluginError listing the known ones."""
    if name not in agent_types and name in _BUILTIN_TYPES:
        import_module(_BUILTIN_TYPES[name])
    if name not in agent_types:
        _load()
    return agent_types.get(name)


def capabilities(agent: Any) -> Capabilities:
    """The capabilities of an agent config (or of a type name)."""
    return get_agent_type(agent if isinstance(agent, str) else agent.type).capabilities


__all__ = ["BUILTIN", "AgentType", "Capabilities", "agent_type", "agent_types", "capabilities", "get_agent_type"]
