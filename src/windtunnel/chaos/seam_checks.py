"""Whether a python agent's tools, tool registry and model client can be faulted, answered without touching them.

``validate`` and ``verify`` must say before a run what the run would stop on, and the chaos runtime must refuse an LLM
fault mode that cannot reach the agent's model before the first cell, not in the middle of the matrix. Both ask the
functions here. They resolve the ``module:attr`` references the way the seams will (:func:`resolve`) and judge each
object by the rules :mod:`windtunnel.chaos.seams` installs by, but wrap nothing, so a check leaves the agent's modules
exactly as it found them.

The rules, and why they are strict:

* A tool is replaced by a plain function, so only a function, method or ``functools.partial`` may stand in: the agent
  cannot tell the wrapper apart from it. A callable *object* (the agent may ``isinstance`` it or call its other
  methods) is refused, never swapped for something else.
* A framework's tool object (LangChain ``BaseTool``, openai-agents ``FunctionTool`` ...) is faulted where its framework
  invokes it, as the agent adapters decide through :func:`~windtunnel.chaos.hooks.agent_hooks`; when that is not
  possible the message names the attribute that holds the plain function.
* A model is an SDK client (faulted on the wire, every fault mode), an object with ``chat.completions.create`` or a
  plain callable (wrapped, so wire-only modes such as ``malformed`` cannot act on it: :func:`llm_mode_problems`).

Every problem is a sentence naming the config key, the reference and what to write instead; nothing is skipped
silently. This module imports neither anyio nor httpx (the SDK transport does): ``validate`` imports it at start-up,
and ``tests/cli/test_validate_imports.py`` pins what that may cost.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

from windtunnel._util.imports import resolve_ref
from windtunnel._util.words import a_type
from windtunnel.chaos.hooks import agent_hooks
from windtunnel.chaos.sdk_clients import sdk_clients_of

if TYPE_CHECKING:
    from windtunnel.chaos.spec import ChaosSpec


def resolve(path: str, *, what: str) -> tuple[Any, str, Any]:
    """``(owner, attribute, value)`` for ``"pkg.module:attr"`` (``attr`` may be dotted).

    Resolved from the working directory like ``agent.endpoint``, with the same errors: a malformed
    reference is a config error (exit 2), one that does not import is the agent's code being
    unreachable (exit 3, as ``validate`` reports it).
    """
    return resolve_ref(path, what=what)


def _is_framework_tool(owner: Any, attr: str, obj: Any) -> bool:
    """Whether ``owner.attr`` holds a framework's tool object (LangChain, openai-agents ...), which is faulted where its
    framework invokes it rather than replaced by a generic wrapper.
    """
    return agent_hooks().framework_tool_kind(owner, attr, obj) is not None


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


def llm_mode_problems(agent: Any, spec: ChaosSpec, where: str) -> list[str]:
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
