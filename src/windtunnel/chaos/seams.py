"""Installing the in-process seams of a python agent (once per run) and restoring the originals.

A python agent's tools and model client are replaced *where the agent looks them up*: the module attribute named by
``agent.tools``, each entry of ``agent.tool_registry``, the SDK client's transport or the callable of ``agent.llm``.
Every install returns a restore callback, and the runtime undoes them all at the end of the run. The ``*_problem``
functions answer the same questions without installing anything, for ``validate``: an object that cannot be wrapped
safely (a callable instance the agent may type-check, a framework's tool object) is refused with a message naming what
to point at instead, never silently skipped.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import MutableMapping
from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel._util.imports import resolve_ref
from windtunnel._util.words import a_type, kind_of
from windtunnel.chaos.hooks import Restore, agent_hooks
from windtunnel.chaos.sdk_transport import install_transport, looks_like_sdk, sdk_clients_of
from windtunnel.chaos.wrappers import WRAPPED, wrap_llm_call, wrap_tool


def framework_tool(path: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
    """A framework's tool object in ``agent.tools``, wrapped where its framework invokes it (or ``None``)."""
    return agent_hooks().framework_tool(path, owner, attr, obj)


def _is_framework_tool(owner: Any, attr: str, obj: Any) -> bool:
    """Whether ``owner.attr`` holds a framework's tool object (LangChain, openai-agents ...), which is faulted where its
    framework invokes it rather than replaced by a generic wrapper.
    """
    return agent_hooks().framework_tool_kind(owner, attr, obj) is not None


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


def _framework_tool(fn: Any, path: str, where: str) -> str | None:
    """Why ``fn`` is a framework's tool object rather than the function it calls, naming where that is."""
    kind = type(fn).__name__
    for attr in ("func", "coroutine"):  # LangChain BaseTool / StructuredTool (@tool)
        if callable(getattr(fn, attr, None)) and hasattr(fn, "invoke"):
            return (
                f"{where} {path!r} is a {kind} (a framework tool object): windtunnel wraps the function it calls, "
                f"which its `{attr}` attribute holds; write {path}.{attr}"
            )
    if callable(getattr(fn, "on_invoke_tool", None)):  # openai-agents FunctionTool (@function_tool)
        return (
            f"{where} {path!r} is a {kind} (a framework tool object) whose function is not reachable from it: "
            "keep a reference to the undecorated function (fn = the plain def; tool = function_tool(fn)) "
            "and name that function"
        )
    return None


def tool_problem(fn: Any, path: str, where: str = "agent.tools entry") -> str | None:
    """Why ``fn`` cannot be wrapped as a tool (``None``: it can).

    The generic wrapper is a function; it stands in only for a function (or method, or partial), which the
    agent cannot tell apart from it. Any other callable object (an instance of a class the agent may check
    with ``isinstance`` or whose other methods it calls) is refused rather than replaced by something else."""
    framework = _framework_tool(fn, path, where)
    if framework is not None:
        return framework
    if not callable(fn):
        return f"{where} {path!r} is {a_type(fn)}, not a callable tool"
    if not (inspect.isroutine(fn) or isinstance(fn, functools.partial)):
        return (
            f"{where} {path!r} is {a_type(fn)} (a callable object, not a function) of a kind windtunnel does not "
            "know: its wrapper would be a function, which the agent can tell apart from the object (isinstance "
            "checks, the object's other methods), so it is not replaced; name the function it calls instead, or "
            "run the agent with its framework's agent.type (docs/frameworks/)"
        )
    return None


def _framework_entry_problem(owner: Any, attr: str, fn: Any) -> str | None:
    """Why the framework tool object at ``owner[attr]`` cannot be faulted in place (``None``: it can), as the framework
    adapters judge it.
    """
    return agent_hooks().framework_tool_problem(owner, attr, fn)


def registry_problem(registry: Any, path: str) -> str | None:
    """Why ``registry`` cannot serve as ``agent.tool_registry`` (``None``: it can).

    It must be a mutable mapping the agent calls its tools through (it is wrapped in place); each entry must be a
    function windtunnel can wrap, or a framework tool object its adapter can fault where the framework invokes it. The
    first problem found is returned, naming the entry.
    """
    if not isinstance(registry, MutableMapping) and not (
        hasattr(registry, "__setitem__") and hasattr(registry, "items")
    ):
        return (
            f"agent.tool_registry {path!r} is {a_type(registry)}; it must be a mutable mapping "
            "name -> callable that the agent calls its tools through"
        )
    for name, fn in list(registry.items()):
        where = f"{path}[{name!r}]"
        if _is_framework_tool(registry, str(name), fn):  # wrapped in place where its framework invokes it
            problem = _framework_entry_problem(registry, str(name), fn)
            if problem is not None:
                return f"agent.tool_registry entry {where}: {problem}"
            continue
        problem = tool_problem(fn, where, "agent.tool_registry entry")
        if problem is not None:
            return problem
    return None


def _completions(llm: Any) -> Any:
    """``llm.chat.completions`` (an OpenAI-style client's resource), or ``None``."""
    return getattr(getattr(llm, "chat", None), "completions", None)


def llm_problem(llm: Any, path: str) -> str | None:
    """Why ``llm`` cannot be wrapped as the agent's model (``None``: it can).

    Accepted: an OpenAI / Anthropic SDK client or an object holding one (faulted at its transport), an object with
    ``chat.completions.create``, a plain callable, or a framework's model whose SDK clients can be found. A framework
    chat model whose client is only reachable through ``root_client`` gets a message naming that attribute.
    """
    framework = agent_hooks().framework_model(llm)
    if framework is not None:  # a framework's model: faulted on the SDK clients it holds, or refused
        clients, why = framework
        return None if clients else f"agent.llm {path!r}: {why}"
    if sdk_clients_of(llm) or callable(getattr(_completions(llm), "create", None)) or callable(llm):
        return None
    clients = [
        a
        for a in ("root_client", "root_async_client")
        if callable(getattr(_completions(getattr(llm, a, None)), "create", None))
    ]
    if clients:
        which = " or ".join(f"{path}.{a}" for a in clients)
        return (
            f"agent.llm {path!r} is {a_type(llm)} (a framework model): windtunnel wraps the OpenAI "
            f"client it calls through, which {' and '.join(f'`{a}`' for a in clients)} hold; write {which} "
            "(root_async_client for an agent that calls the model with await)"
        )
    return (
        f"agent.llm {path!r} is {a_type(llm)}: expected a callable or an OpenAI-style client "
        "with chat.completions.create"
    )


def seam_problems(agent: Any) -> list[str]:
    """Every ``agent.tools`` / ``tool_registry`` / ``llm`` reference that cannot be wrapped, checked without
    wrapping anything (``validate``, ``verify``); import failures raise as they would in a run."""
    out: list[str] = []
    for path in getattr(agent, "tools", None) or []:
        owner, attr, fn = resolve(path, what="agent.tools entry")
        if _is_framework_tool(owner, attr, fn):  # wrapped where its framework invokes it
            problem = _framework_entry_problem(owner, attr, fn)
            if problem:
                out.append(f"agent.tools entry {path!r}: {problem}")
            continue
        problem = tool_problem(fn, path)
        if problem:
            out.append(problem)
    registry = getattr(agent, "tool_registry", None)
    if registry:
        problem = registry_problem(resolve(registry, what="agent.tool_registry")[2], registry)
        if problem:
            out.append(problem)
    llm = getattr(agent, "llm", None)
    if llm:
        problem = llm_problem(resolve(llm, what="agent.llm")[2], llm)
        if problem:
            out.append(problem)
    return out


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
        f"agent.llm {path!r} is {kind_of(llm)}, which windtunnel cannot reach: "
        "expected an OpenAI / AsyncOpenAI / Anthropic / AsyncAnthropic client, a LangChain chat model built "
        "on one, an object with chat.completions.create, or a callable that makes the model call",
        hint="or run `windtunnel proxy llm` and point the agent's base URL at it",
    )


def llm_kind(path: str) -> str:
    """``sdk`` (faults on the wire, every API), ``create`` (a wrapped chat.completions.create) or
    ``callable`` for ``agent.llm`` (resolved the way :func:`install_llm` does)."""
    _, _, llm = resolve(path, what="agent.llm")
    framework = agent_hooks().framework_model(llm)
    if sdk_clients_of(llm) or (framework is not None and framework[0]):
        return "sdk"
    if callable(getattr(getattr(getattr(llm, "chat", None), "completions", None), "create", None)):
        return "create"
    return "callable"


def llm_mode_problems(agent: Any, spec: Any, where: str) -> list[str]:
    """LLM fault modes of ``spec`` that the python agent's ``agent.llm`` cannot express.

    SDK clients are faulted on the wire and take every mode; a wrapped ``create`` method or plain
    callable returns python values, so wire-only modes (``malformed``) cannot reach it.
    """
    path = getattr(agent, "llm", None)
    if getattr(agent, "type", None) not in ("python", "langchain") or not path or not spec.llm_faults:
        return []
    try:
        kind = llm_kind(path)
    except Exception:  # an import problem is reported by the agent checks
        return []
    if kind == "sdk":
        return []
    out = []
    for fault in spec.llm_faults:
        why = fault.unsupported("callable")
        if why:
            out.append(
                f"{where}: LLM fault mode {fault.mode!r} cannot act on agent.llm {path!r} ({why}); point "
                "agent.llm at the agent's OpenAI / Anthropic client, or drop the mode"
            )
    return out
