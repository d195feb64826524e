"""Agent types: one registry of adapters, each declaring what it can do.

A new agent type is one module with one decorator on its adapter class::

    @agent_type("my_agent", config=MyAgentConfig, python=True, reset="function", seams={"tools", "llm"})
    class MyAgent: ...

plus its module name in :data:`BUILTIN` (or a ``windtunnel.plugins`` entry point). A built-in type
declares its capabilities in :data:`BUILTIN_CAPABILITIES` instead and registers with
:func:`builtin_agent_type`, so that they are known without importing its module. Code that used to test
``agent.type in ("python", "langchain")`` asks :func:`capabilities` instead.

Looking a type up imports only its own module (:func:`get_agent_type`); an unknown name loads every built-in
and plugin first, so the error can list every valid name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

from windtunnel._util.registry import Registry, load_entry_point_plugins
from windtunnel.agents.template import parse_template

BUILTIN = (
    "windtunnel.agents.python",
    "windtunnel.agents.langchain",
    "windtunnel.agents.http",
    "windtunnel.agents.openai_chat",
    "windtunnel.agents.openai_agents",
    "windtunnel.agents.langgraph",
    "windtunnel.agents.pydantic_ai",
    "windtunnel.agents.smolagents",
    "windtunnel.agents.llama_index",
    "windtunnel.agents.dspy",
)
"""Modules whose import registers the built-in agent types."""

_BUILTIN_TYPES = {
    "python": "windtunnel.agents.python",
    "langchain": "windtunnel.agents.langchain",
    "http": "windtunnel.agents.http",
    "openai_chat": "windtunnel.agents.openai_chat",
    "openai_agents": "windtunnel.agents.openai_agents",
    "langgraph": "windtunnel.agents.langgraph",
    "pydantic_ai": "windtunnel.agents.pydantic_ai",
    "smolagents": "windtunnel.agents.smolagents",
    "llama_index": "windtunnel.agents.llama_index",
    "dspy": "windtunnel.agents.dspy",
}
"""The module of each built-in type: asking for one imports only its module (start-up: the http agent's
module imports httpx, the python agent's does not); an unknown name loads every type and plugin."""

Seam = Literal["tools", "llm", "proxy"]


@dataclass(frozen=True)
class Capabilities:
    """What an agent type can do, as the engine, the chaos runtime and preflight need to know it.

    Code that needs to know whether an agent runs in-process, how it is reset, which seams faults can use or
    whether it takes message lists asks these, never the type's name, so a plugin type is treated as a built-in
    one is."""

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


def _http_takes_messages(cfg: Any) -> bool:
    """An HTTP agent takes message lists when its request template has a ``{messages}`` slot."""
    return "{messages}" in str(parse_template(cfg.request_template))


_IN_PROCESS = Capabilities(python=True, reset="function", seams=frozenset({"tools", "llm"}))
_FRAMEWORK = Capabilities(python=True, reset="function", seams=frozenset({"tools", "llm"}), messages=True)
_SINGLE_TURN = Capabilities(python=True, reset="function", seams=frozenset({"tools", "llm"}))
BUILTIN_CAPABILITIES = {
    "python": _IN_PROCESS,
    "langchain": _IN_PROCESS,
    "http": Capabilities(transport="http", reset="endpoint", seams=frozenset({"proxy"}), messages=_http_takes_messages),
    "openai_chat": Capabilities(transport="http", reset="endpoint", seams=frozenset({"proxy"}), messages=True),
    "openai_agents": _FRAMEWORK,
    "langgraph": _FRAMEWORK,
    "pydantic_ai": _FRAMEWORK,
    "smolagents": _SINGLE_TURN,
    "llama_index": _SINGLE_TURN,
    "dspy": _SINGLE_TURN,
}
"""What each built-in type can do, known without importing its module (start-up: ``validate`` asks for
the capabilities of an http agent, whose module imports httpx). Its module registers it with
:func:`builtin_agent_type`, which takes them from here."""

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
    """Class decorator: register the adapter class for ``agent.type: name`` with its capabilities.

    The way a plugin adds an agent type: its config model (a pydantic model with ``type: Literal[name]``) and what
    it can do. A name registered twice is an error at import, not a silent replacement."""
    caps = Capabilities(python=python, transport=transport, reset=reset, seams=frozenset(seams), messages=messages)

    def register(cls: type) -> type:
        """Register ``cls`` under ``name`` (a second registration of one name is an error) and return it."""
        agent_types.register(name, AgentType(name=name, adapter=cls, config=config, capabilities=caps))
        return cls

    return register


def builtin_agent_type(name: str, *, config: type) -> Callable[[type], type]:
    """:func:`agent_type` for a built-in type, its capabilities those of :data:`BUILTIN_CAPABILITIES`."""

    def register(cls: type) -> type:
        """Register ``cls`` under ``name`` with its :data:`BUILTIN_CAPABILITIES` entry and return it."""
        caps = BUILTIN_CAPABILITIES[name]
        agent_types.register(name, AgentType(name=name, adapter=cls, config=config, capabilities=caps))
        return cls

    return register


def _load() -> None:
    """Import every built-in adapter module and the ``windtunnel.plugins`` entry points, once: what an unknown type
    name needs before the registry can say which names exist."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN:
        import_module(module)
    load_entry_point_plugins()


def get_agent_type(name: str) -> AgentType:
    """The registered type ``name``; an unknown name is an UnknownPluginError listing the known ones.

    A built-in name imports only its own module; any other name loads every built-in and plugin first, so the
    error can list every type that exists."""
    if name not in agent_types and name in _BUILTIN_TYPES:
        import_module(_BUILTIN_TYPES[name])
    if name not in agent_types:
        _load()
    return agent_types.get(name)


def capabilities(agent: Any) -> Capabilities:
    """The capabilities of an agent config (or of a type name); a built-in type's module is not imported."""
    name = agent if isinstance(agent, str) else agent.type
    if name not in agent_types and name in BUILTIN_CAPABILITIES:
        return BUILTIN_CAPABILITIES[name]
    return get_agent_type(name).capabilities


__all__ = [
    "BUILTIN",
    "BUILTIN_CAPABILITIES",
    "AgentType",
    "Capabilities",
    "agent_type",
    "agent_types",
    "builtin_agent_type",
    "capabilities",
    "get_agent_type",
]
