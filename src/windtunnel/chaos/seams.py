"""Installing the in-process seams of a python agent (once per run) and restoring the originals."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel._util.imports import resolve_ref
from windtunnel.chaos.wrappers import WRAPPED, wrap_llm_call, wrap_tool


def framework_tool(path: str, owner: Any, attr: str, obj: Any) -> Any:
    from windtunnel.agents.frameworks import framework_tool as found

    return found(path, owner, attr, obj)

Restore = Callable[[], None]

NO_TOOL_SEAM = (
    "tool faults are configured for a python agent, but windtunnel has no way to reach its tool calls: "
    "set agent.tools (a list of 'module:attr' tool callables, wrapped where the agent looks them up) "
    "or agent.tool_registry (a 'module:attr' mapping name -> callable the agent calls through, wrapped "
    "in place). windtunnel does not skip tool faults silently"
)


def resolve(path: str, *, what: str) -> tuple[Any, str, Any]:
    """``(owner, attribute, value)`` for ``"pkg.module:attr"`` (``attr`` may be dotted).

    Resolved from the working directory like ``agent.endpoint``, with the same errors: a malformed
    reference is a config error (exit 2), one that does not import is the agent's code being
    unreachable (exit 3, as ``validate`` reports it).
    """
    return resolve_ref(path, what=what)


def _set_attr(owner: Any, name: str, value: Any) -> Restore:
    had_own = isinstance(getattr(owner, "__dict__", None), dict) and name in owner.__dict__
    previous = owner.__dict__[name] if had_own else None
    setattr(owner, name, value)

    def restore() -> None:
        if had_own:
            setattr(owner, name, previous)
        else:
            delattr(owner, name)

    return restore


def install_tools(paths: list[str]) -> tuple[list[str], list[Restore]]:
    """Replace each ``module:attr`` tool with its wrapper; returns tool names and restore callbacks."""
    names: list[str] = []
    restores: list[Restore] = []
    for path in paths:
        owner, attr, fn = resolve(path, what="agent.tools entry")
        if (framework := framework_tool(path, owner, attr, fn)) is not None:  # a framework's tool object
            names.append(framework[0])
            restores += framework[1]
            continue
        if not callable(fn):
            raise ConfigError(f"agent.tools entry {path!r} is a {type(fn).__name__}, not a callable tool")
        if getattr(fn, WRAPPED, None) is not None:
            continue
        restores.append(_set_attr(owner, attr, wrap_tool(attr, fn)))
        names.append(attr)
    return names, restores


def install_registry(path: str) -> tuple[list[str], list[Restore]]:
    """Wrap every entry of the ``module:attr`` mapping in place (entries added later stay unwrapped)."""
    _, _, registry = resolve(path, what="agent.tool_registry")
    if not isinstance(registry, MutableMapping) and not (
        hasattr(registry, "__setitem__") and hasattr(registry, "items")
    ):
        raise ConfigError(
            f"agent.tool_registry {path!r} is a {type(registry).__name__}; it must be a mutable mapping "
            "name -> callable that the agent calls its tools through"
        )
    originals: dict[str, Any] = {}
    for name, fn in list(registry.items()):
        if not callable(fn):
            raise ConfigError(f"agent.tool_registry {path!r}: entry {name!r} is not callable")
        if getattr(fn, WRAPPED, None) is not None:
            continue
        originals[name] = fn
        registry[name] = wrap_tool(str(name), fn)

    def restore() -> None:
        for name, fn in originals.items():
            registry[name] = fn

    return [str(n) for n in originals], [restore]


def install_llm(path: str) -> list[Restore]:
    """Wrap the agent's model: an object with ``.chat.completions.create`` or a plain callable."""
    owner, attr, llm = resolve(path, what="agent.llm")
    completions = getattr(getattr(llm, "chat", None), "completions", None)
    create = getattr(completions, "create", None)
    if completions is not None and callable(create):
        if getattr(create, WRAPPED, None) is not None:
            return []
        wrapper = wrap_llm_call(getattr(llm, "model", None) or attr, create)
        restore = _set_attr(completions, "create", wrapper)
        if getattr(getattr(llm.chat, "completions", None), "create", None) is not wrapper:
            restore()
            raise ConfigError(
                f"agent.llm {path!r}: its chat.completions object is rebuilt on every access, so it "
                "cannot be wrapped; point agent.llm at a callable that makes the model call instead"
            )
        return [restore]
    if callable(llm):
        if getattr(llm, WRAPPED, None) is not None:
            return []
        return [_set_attr(owner, attr, wrap_llm_call(attr, llm))]
    raise ConfigError(
        f"agent.llm {path!r} is a {type(llm).__name__}: expected a callable or an OpenAI-style client "
        "with chat.completions.create"
    )
