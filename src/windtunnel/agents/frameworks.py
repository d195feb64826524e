"""The agent frameworks windtunnel runs in-process: ``agent.type`` → adapter module.

Each adapter module defines ``TYPE``, ``check_kind(ref, obj)`` (the object behind ``agent.endpoint`` is
of the kind the type expects), ``find_tools(obj)`` (tool name → the framework's tool objects),
``wrap_tool(name, tool)`` (route one tool through the fault seam in place; returns undo callbacks),
``find_llm_clients(obj)`` (the SDK clients its models call, for LLM faults below the SDK) and the
adapter class registered for the type. The types are :data:`windtunnel.agents.config.FRAMEWORK_TYPES`; their
modules are found through the agent registry (:func:`windtunnel.agents.registry.get_agent_type`), the one table
from type to module.
"""

from __future__ import annotations

import inspect
import sys
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any

from windtunnel._util.errors import ConfigError, WindtunnelError
from windtunnel._util.imports import import_ref, resolve_ref
from windtunnel._util.suggest import did_you_mean
from windtunnel.agents.config import FRAMEWORK_TYPES
from windtunnel.agents.detect import MODEL_CLASSES, TOOL_CLASSES, instance_of, thread_unsafe_in
from windtunnel.agents.registry import get_agent_type
from windtunnel.chaos.sdk_clients import installed_sdks
from windtunnel.chaos.spec import ChaosSpec

if TYPE_CHECKING:  # the seam module imports asyncio and the fault plan: not needed to name a framework
    from windtunnel.agents._toolseam import Restore


def is_framework(cfg: Any) -> bool:
    """Whether an agent config's ``type`` is one of the framework types (nothing is imported)."""
    return getattr(cfg, "type", None) in FRAMEWORK_TYPES


def module_for(agent_type: str) -> Any:
    """The adapter module of a framework ``agent_type``, found through the agent registry (imported on first use,
    which imports nothing of the framework itself until a function of it is called)."""
    return sys.modules[get_agent_type(agent_type).adapter.__module__]


def load(cfg: Any) -> tuple[Any, Any]:
    """``(adapter module, agent object)`` for a framework config, the object's kind checked."""
    module = module_for(cfg.type)
    obj = import_ref(cfg.endpoint, what="agent.endpoint")
    module.check_kind(cfg.endpoint, obj)
    return module, obj


def tool_names(cfg: Any) -> list[str]:
    """The names the framework exposes for the agent's tools (what fault ``tool:`` names must match)."""
    module, obj = load(cfg)
    return sorted(module.find_tools(obj))


def install_tools(cfg: Any) -> tuple[list[str], list[Restore]]:
    """Route the framework agent's tools through the fault seam (for the run); names and undo callbacks."""
    module, obj = load(cfg)
    tools = module.find_tools(obj)
    restores: list[Restore] = []
    for name, same_name in tools.items():
        for tool in same_name:
            restores += module.wrap_tool(name, tool)
    return sorted(tools), restores


def llm_clients(cfg: Any, module: Any = None, obj: Any = None) -> list[Any]:
    """The OpenAI / Anthropic SDK clients the framework agent's models call (LLM faults are installed on their
    transports); a model whose client cannot be found is a config error saying how to fix it, except for a framework
    whose calls may build their model (``MODELS_BUILT_IN_CALLS``: a LangGraph node that makes its chat model on every
    call), where ``[]`` means "fault the SDK clients the run creates" (:func:`~windtunnel.chaos.sdk_transport.
    install_on_new_clients`).

    ``module`` and ``obj`` may be passed when the caller has already loaded the agent (validate does), so the
    endpoint is imported once. A partial find is an error too: a fault that reaches only some of the models would
    let the others pass it untested."""
    if module is None:
        module, obj = load(cfg)
    clients, missing = module.find_llm_clients(obj)
    if (missing or not clients) and getattr(module, "MODELS_BUILT_IN_CALLS", False) and installed_sdks():
        return list(clients)  # none found yet: the ones its calls build are faulted as they are made
    if missing or not clients:
        raise ConfigError(
            f"LLM faults are configured, but windtunnel cannot find the model client of the {cfg.type} agent "
            f"{cfg.endpoint!r}: " + "; ".join(missing or ["it holds no OpenAI / Anthropic client"]),
            hint=getattr(module, "LLM_HINT", None)
            or "or set agent.llm to the 'module:attr' of the OpenAI / Anthropic client (or LangChain chat model) "
            "the agent calls",
        )
    return list(clients)


def seen_llm_clients(cfg: Any) -> list[Any]:
    """The SDK clients of the framework agent's models when every one of them can be found, else ``[]`` (never an
    error): what a run without LLM faults records the model calls through (the fault transport passes every call
    through untouched when the cell's plan has no fault for it).

    All or nothing: with some model's client out of reach, a run would record part of the model calls, and a replay
    exported from it would inject those answers and let the live model give the others."""
    try:
        module, obj = load(cfg)
        clients, missing = module.find_llm_clients(obj)
    except WindtunnelError:
        return []
    return [] if missing else list(clients)


def records_new_clients(cfg: Any) -> bool:
    """Whether the framework agent's model calls are reached on the SDK clients a run creates rather than on clients
    found before it: a framework whose calls may build their model (``MODELS_BUILT_IN_CALLS``) and no model client of
    the agent's object found (never an error).

    The run then puts the seam on every OpenAI / Anthropic client made while it lasts
    (:func:`~windtunnel.chaos.sdk_transport.install_on_new_clients`), with or without LLM faults, so a fault-free cell
    records the model calls of a node that builds its ``ChatOpenAI`` on every call, as a faulted one meets its
    faults, and a replay injects their answers the same way."""
    try:
        module, obj = load(cfg)
        if not getattr(module, "MODELS_BUILT_IN_CALLS", False) or not installed_sdks():
            return False
        clients, _missing = module.find_llm_clients(obj)
    except WindtunnelError:
        return False
    return not clients


def unknown_tool_faults(cfg: Any, names: list[str], specs: Any) -> None:
    """A tool fault whose ``tool:`` matches no tool the framework exposes is a config error listing them.

    A fault on a misspelt or Python-side name would otherwise never fire and the scenario would pass vacuously;
    the error lists the framework names the agent exposes and the closest one. Faults matching ``*``, or matching
    by URL, are not checked."""
    for spec in specs:
        for fault in spec.tool_faults:
            pattern = getattr(fault, "tool", "*")
            if getattr(fault, "match_url", None) or pattern == "*" or any(fnmatchcase(n, pattern) for n in names):
                continue
            listed = ", ".join(repr(n) for n in names) if names else "none"
            raise ConfigError(
                f"scenario {spec.name!r}: the {fault.mode} fault names tool {pattern!r}, but the "
                f"{cfg.type} agent {cfg.endpoint!r} exposes no tool of that name (its tools: {listed})"
                + did_you_mean(pattern, names),
                hint="use the tool's framework name (the name the model calls), not the Python function's",
            )


def preflight_problems(cfg: Any, *, imports: bool) -> tuple[list[str], list[str], list[str]]:
    """What ``validate`` reports for a framework agent: the object's kind, fault tool names it lacks, and (with
    LLM faults and no ``agent.llm``) a model whose SDK client cannot be found.

    Returns ``(general, contract, chaos)``: the problems of the contract's ``chaos_matrix`` and of the
    ``chaos:`` block come apart, since only the commands that use that block meet them."""
    agent = cfg.agent
    if not is_framework(agent) or not imports:
        return [], [], []

    def problem(err: WindtunnelError) -> list[str]:
        """One problem line from an error: its message, with the hint after a semicolon when there is one."""
        return [f"{err.message}; {err.hint}" if err.hint else err.message]

    try:
        module, obj = load(agent)
        names = sorted(module.find_tools(obj))
    except WindtunnelError as err:
        return problem(err), [], []

    def faults(specs: list[Any]) -> list[str]:
        """The problems of one group of fault specs: tool names the agent lacks, and (LLM faults without
        ``agent.llm``) a model whose SDK client cannot be found."""
        try:
            unknown_tool_faults(agent, names, specs)
            if any(s.needs_llm_seam for s in specs) and not getattr(agent, "llm", None):
                llm_clients(agent, module, obj)
        except WindtunnelError as err:
            return problem(err)
        return []

    contract = faults([ChaosSpec.resolve(s) for s in cfg.scenarios])
    chaos = faults([ChaosSpec.resolve(cfg.chaos, name="chaos")]) if cfg.chaos is not None else []
    return [], contract, chaos


def framework_model(obj: Any) -> tuple[list[Any], str | None] | None:
    """``(SDK clients, why none can be reached)`` for a framework's model object given as ``agent.llm`` (lazily
    built clients are built now, so the fault transport goes on the ones the model will use); ``None`` when
    ``obj`` is no framework's model."""
    kind = instance_of(obj, MODEL_CLASSES)
    if kind is None:
        return None
    return module_for(kind).model_clients(obj)


def preflight_warnings(cfg: Any, *, imports: bool) -> list[str]:
    """What ``validate`` warns of an in-process agent: a cell timeout shorter than its framework's own retry back-off
    (LLM faults would show as harness timeouts), and a sync python agent sharing an agent object that is not
    thread-safe (its calls are serialised).

    Warnings, not errors: the run works, but its figures would mislead (timeouts blamed on the harness, a run
    slower than its concurrency suggests). Without imports nothing can be known and nothing is said; an import
    problem is left to the reference checks, which report it as an error."""
    agent = cfg.agent
    if not imports:
        return []
    out: list[str] = []
    try:
        if is_framework(agent):
            module, obj = load(agent)
            wait = getattr(module, "retry_wait_s", lambda _: None)(obj)
            specs = [ChaosSpec.resolve(s) for s in cfg.scenarios]
            if cfg.chaos is not None:
                specs.append(ChaosSpec.resolve(cfg.chaos, name="chaos"))
            if wait is not None and wait * 1000 >= agent.timeout and any(s.needs_llm_seam for s in specs):
                out.append(
                    f"agent.timeout ({agent.timeout} ms) is shorter than the {agent.type} model's own retry "
                    f"back-off ({wait:g} s before it retries a rate-limited call): a cell whose model call is "
                    "rate-limited ends as a harness timeout while the agent waits; raise agent.timeout above "
                    f"{int(wait * 1000)} ms to see the agent's own recovery, or build the model with retry=False"
                )
        elif getattr(agent, "type", None) in ("python", "langchain"):
            fn = import_ref(agent.endpoint, what="agent.endpoint")
            kind = thread_unsafe_in(fn)
            if kind is not None and not _is_async(fn):
                out.append(
                    f"agent.endpoint {agent.endpoint!r} calls a {kind} agent object shared by every call, and one "
                    f"{kind} agent cannot serve two runs at once: windtunnel runs this agent's calls one at a time "
                    f"(use agent.type: {kind} with the agent object, or build one agent per call, to run cells "
                    "concurrently)"
                )
    except WindtunnelError:  # an import problem is reported by the agent checks
        return out
    return out


def _is_async(fn: Any) -> bool:
    """Whether ``fn`` is called with ``await``: an async function, or an object whose ``__call__`` is one."""
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None))  # noqa: B004


def framework_tool_kind(owner: Any, attr: str, obj: Any) -> tuple[str, Any] | None:
    """``(framework, tool object)`` when an ``agent.tools`` entry is a framework's tool object (or a
    LangChain tool's ``func`` / ``coroutine`` attribute, which means the tool); ``None`` for anything else.

    Frameworks: ``openai_agents`` (a ``FunctionTool``), ``langchain`` (``@tool``), ``pydantic_ai`` (``Tool``).
    Nothing is imported or wrapped here (``validate`` asks too).
    """
    function_tool: Any = getattr(sys.modules.get("agents"), "FunctionTool", ())
    if isinstance(obj, function_tool):
        return "openai_agents", obj
    tool: Any = obj
    named = isinstance(getattr(owner, "name", None), str)
    if attr in ("func", "coroutine") and hasattr(owner, "args_schema") and named:
        tool = owner  # `module:tool.func` means the tool
    if hasattr(tool, "args_schema") and (
        callable(getattr(tool, "func", None)) or callable(getattr(tool, "coroutine", None))
    ):
        return "langchain", tool
    if getattr(tool, "function_schema", None) is not None and isinstance(getattr(tool, "name", None), str):
        return "pydantic_ai", tool
    kind = instance_of(obj, TOOL_CLASSES)
    return (kind, obj) if kind is not None else None


def framework_tool(ref: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
    """An ``agent.tools`` entry that is a framework's tool object (or its function attribute), wrapped at
    the point where the framework invokes it and named by its framework name; ``None`` for anything else
    (see :func:`framework_tool_kind`).
    """
    found = framework_tool_kind(owner, attr, obj)
    if found is None:
        return None
    kind, tool = found
    # the adapter modules are found through the registry (they build on the python adapter)
    if kind == "openai_agents":
        name = str(getattr(tool, "name", attr))
        return name, [module_for(kind).wrap_function_tool(name, tool)]
    if kind == "langchain":
        return str(tool.name), module_for("langgraph").wrap_tool(str(tool.name), tool)
    if kind == "pydantic_ai":
        return str(tool.name), [module_for(kind).wrap_function_tool(tool.name, tool)]
    module = module_for(kind)
    problem = getattr(module, "tool_problem", lambda _: None)(tool)
    if problem is not None:
        raise ConfigError(f"{ref!r}: {problem}")
    name = module.tool_name(tool)
    return name, module.wrap_tool(name, tool)


def framework_tool_problem(owner: Any, attr: str, obj: Any) -> str | None:
    """Why a framework tool object in ``agent.tools`` / ``agent.tool_registry`` cannot be faulted in place
    (``None``: it can, or it is no framework's tool)."""
    found = framework_tool_kind(owner, attr, obj)
    if found is None or found[0] in ("openai_agents", "langchain", "pydantic_ai"):
        return None
    return getattr(module_for(found[0]), "tool_problem", lambda _: None)(found[1])


def tool_ref_name(ref: str, *, imports: bool) -> str:
    """The name faults use for an ``agent.tools`` entry: a framework tool's own name (when importing is allowed and
    the entry is one), else the attribute's name.

    ``validate --no-import`` cannot look inside the object, so it uses the attribute name; a reference that does
    not resolve falls back to it as well (the import error is reported by the reference checks)."""
    attr = ref.partition(":")[2].rsplit(".", 1)[-1]
    if not imports:
        return attr
    try:
        owner, name, obj = resolve_ref(ref, what="agent.tools entry")
    except WindtunnelError:
        return attr
    tool = owner if name in ("func", "coroutine") and hasattr(owner, "args_schema") else obj
    kind = instance_of(tool, TOOL_CLASSES)
    if kind is not None:
        return str(module_for(kind).tool_name(tool))
    found = getattr(tool, "name", None)
    is_tool = hasattr(tool, "on_invoke_tool") or hasattr(tool, "args_schema") or hasattr(tool, "function_schema")
    return found if is_tool and isinstance(found, str) else attr
