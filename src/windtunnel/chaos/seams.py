"""Installing the in-process seams of a python agent (once per run) and restoring the originals.

A python agent's tools and model client are replaced *where the agent looks them up*: the module attribute named by
``agent.tools``, each entry of ``agent.tool_registry``, the SDK client's transport or the callable of ``agent.llm``.
Every install returns a restore callback, and the runtime undoes them all at the end of the run.

Each install first asks :mod:`windtunnel.chaos.seam_checks` whether the object can be wrapped safely, the same
question ``validate`` asks without installing anything, so a check and a run cannot disagree: an object that cannot be
wrapped (a callable instance the agent may type-check, a framework's tool object) is a :class:`ConfigError` naming what
to point at instead, never silently skipped. Installing is idempotent (a wrapped tool or transport carries a mark and
is left alone), and nothing here decides whether a fault fires: the wrappers and the transport ask the cell's fault
plan on every call.
"""

from __future__ import annotations

from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel._util.words import kind_of
from windtunnel.chaos.hooks import Restore, agent_hooks
from windtunnel.chaos.sdk_clients import looks_like_sdk, sdk_clients_of
from windtunnel.chaos.sdk_transport import install_transport
from windtunnel.chaos.seam_checks import llm_mode_problems as llm_mode_problems  # flows import it from here
from windtunnel.chaos.seam_checks import registry_problem, resolve, tool_problem
from windtunnel.chaos.wrappers import WRAPPED, wrap_llm_call, wrap_tool


def framework_tool(path: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
    """A framework's tool object in ``agent.tools``, wrapped where its framework invokes it (or ``None``)."""
    return agent_hooks().framework_tool(path, owner, attr, obj)


NO_TOOL_SEAM = (
    "tool faults are configured for a python agent, but windtunnel has no way to reach its tool calls: "
    "set agent.tools (a list of 'module:attr' tool callables, wrapped where the agent looks them up) "
    "or agent.tool_registry (a 'module:attr' mapping name -> callable the agent calls through, wrapped "
    "in place). windtunnel does not skip tool faults silently"
)


def _set_attr(owner: Any, name: str, value: Any) -> Restore:
    """Set ``owner.name`` to ``value`` and return the callback that undoes it: the previous value is put back when the
    object held its own, else the attribute is deleted so a class attribute shows through again.
    """
    had_own = isinstance(getattr(owner, "__dict__", None), dict) and name in owner.__dict__
    previous = owner.__dict__[name] if had_own else None
    setattr(owner, name, value)

    def restore() -> None:
        """Undo the assignment."""
        if had_own:
            setattr(owner, name, previous)
        else:
            delattr(owner, name)

    return restore


def install_tools(paths: list[str]) -> tuple[list[str], list[Restore]]:
    """Replace each ``module:attr`` tool with its wrapper; returns tool names and restore callbacks.

    A framework's tool object is faulted where its framework invokes it instead; a callable that cannot be wrapped
    safely is a ConfigError; a tool already wrapped (the same function listed twice) is left alone.
    """
    names: list[str] = []
    restores: list[Restore] = []
    for path in paths:
        owner, attr, fn = resolve(path, what="agent.tools entry")
        if (framework := framework_tool(path, owner, attr, fn)) is not None:  # a framework's tool object
            names.append(framework[0])
            restores += framework[1]
            continue
        problem = tool_problem(fn, path)
        if problem is not None:
            raise ConfigError(problem)
        if getattr(fn, WRAPPED, None) is not None:
            continue
        restores.append(_set_attr(owner, attr, wrap_tool(attr, fn)))
        names.append(attr)
    return names, restores


def install_registry(path: str) -> tuple[list[str], list[Restore]]:
    """Wrap every entry of the ``module:attr`` mapping in place (entries added later stay unwrapped).

    Plain functions are replaced by their wrappers; a framework's tool object stays in the mapping and is faulted where
    its framework invokes it. A registry the agent cannot call through (not a mutable mapping, or an entry that cannot
    be wrapped safely) is a ConfigError before anything is changed. Returns the tool names and the restore callbacks,
    the last of which puts the original entries back.
    """
    _, _, registry = resolve(path, what="agent.tool_registry")
    problem = registry_problem(registry, path)
    if problem is not None:
        raise ConfigError(problem)
    originals: dict[str, Any] = {}
    names: list[str] = []
    restores: list[Restore] = []
    for name, fn in list(registry.items()):
        if getattr(fn, WRAPPED, None) is not None:
            continue
        framework = framework_tool(f"{path}[{name!r}]", registry, str(name), fn)
        if framework is not None:  # a framework's tool object: faulted in place, the entry is not replaced
            names.append(str(name))
            restores += framework[1]
            continue
        originals[name] = fn
        registry[name] = wrap_tool(str(name), fn)
        names.append(str(name))

    def restore() -> None:
        """Put every wrapped entry's original back into the registry."""
        for name, fn in originals.items():
            registry[name] = fn

    return names, [*restores, restore]


def install_llm(path: str) -> list[Restore]:
    """Install the LLM seam for ``agent.llm``.

    An OpenAI / Anthropic SDK client (sync or async), or a LangChain chat model built on one, gets
    the fault transport below the SDK (:mod:`windtunnel.chaos.sdk_transport`); any other object with
    ``chat.completions.create`` gets that method wrapped; a plain callable is wrapped where it lives.
    """
    owner, attr, llm = resolve(path, what="agent.llm")
    framework = agent_hooks().framework_model(llm)
    if framework is not None and not framework[0]:
        raise ConfigError(f"agent.llm {path!r}: {framework[1]}")
    clients = framework[0] if framework is not None else sdk_clients_of(llm)
    if clients:
        restores: list[Restore] = []
        for client in clients:
            restores += install_transport(client, f"agent.llm {path!r}")
        return restores
    completions = getattr(getattr(llm, "chat", None), "completions", None)
    create = getattr(completions, "create", None)
    if looks_like_sdk(llm):
        install_transport(llm, f"agent.llm {path!r}")  # raises: the SDK object holds no reachable transport
    if completions is not None and callable(create):
        if getattr(create, WRAPPED, None) is not None:
            return []
        wrapper = wrap_llm_call(getattr(llm, "model", None) or attr, create, api="chat")
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
        f"agent.llm {path!r} is {kind_of(llm)}, which windtunnel cannot reach: "
        "expected an OpenAI / AsyncOpenAI / Anthropic / AsyncAnthropic client, a LangChain chat model built "
        "on one, an object with chat.completions.create, or a callable that makes the model call",
        hint="or run `windtunnel proxy llm` and point the agent's base URL at it",
    )
