"""``agent.type: dspy``: a DSPy module (``dspy.ReAct`` or a program holding one) run with ``await module.acall``.

Tool faults act by the tool's DSPy name inside the ``dspy.Tool`` objects the module's ``tools`` hold: the
tool's ``func`` is replaced by the faulted call (same sync/async kind), so ``ReAct`` keeps the very same
``Tool`` objects and an injected failure is raised where the real function raises; ReAct's own error path
turns it into the observation the model reads.

LLM faults reach a DSPy program in process at the transport of DSPy's bundled lm15 engine, which every
``dspy.LM`` call goes through (:mod:`windtunnel.chaos.lm15_transport`): the program meets DSPy's own error
mapping and retries. An LM built with ``engine="litellm"`` (or a custom engine) is not reached; ``validate``
refuses LLM faults for it and names the fix.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel._util.words import kind_of
from windtunnel.agents._framework import FrameworkAgent, as_text, require, wrong_kind
from windtunnel.agents._llmclients import Found
from windtunnel.agents._toolseam import Restore, faulted_callable, set_attr
from windtunnel.agents.base import AgentInput, AgentResponse
from windtunnel.agents.config import DspyAgentConfig
from windtunnel.agents.registry import builtin_agent_type
from windtunnel.chaos import lm15_transport

TYPE = "dspy"
EXTRA = "dspy"
PACKAGE = "dspy"
INTERNAL_TOOLS = ("finish",)
"""ReAct's own control tool: not one of the program's tools."""
LLM_HINT = (
    "build the program's LM with dspy.LM(model, engine='lm15') (or the default 'auto'), or set agent.llm to the "
    "'module:attr' of the dspy.LM it calls (docs/frameworks/dspy.md)"
)


def _dspy() -> Any:
    """The ``dspy`` package, imported on first use, naming the extra when missing."""
    return require("dspy", agent_type=TYPE, extra=EXTRA)


def is_agent(obj: Any) -> bool:
    """A DSPy module (nothing is imported)."""
    cls = getattr(sys.modules.get("dspy"), "Module", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def check_kind(ref: str, obj: Any) -> None:
    """A DSPy module with one input field (windtunnel passes the prompt as it): what ``validate`` and the run
    both check, so a module ``run`` would refuse is refused by ``validate`` first (a config error, exit 2)."""
    _dspy()
    if is_agent(obj):
        inputs = _inputs(obj)
        if len(inputs) != 1:
            raise ConfigError(
                f"agent.endpoint {ref!r} is a DSPy module whose signature has {len(inputs)} input fields "
                f"({', '.join(inputs) or 'none'}); windtunnel passes the prompt as its one input field",
                hint="point agent.endpoint at a module with one input field (e.g. 'question -> answer')",
            )
        return
    fix = "point agent.endpoint at the DSPy module, e.g. `agent = dspy.ReAct('question -> answer', tools=[...])`"
    raise wrong_kind(ref, obj, agent_type=TYPE, expected="a dspy.Module (e.g. dspy.ReAct)", fix=fix)


def is_tool(obj: Any) -> bool:
    """A ``dspy.Tool`` (nothing is imported)."""
    cls = getattr(sys.modules.get("dspy"), "Tool", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def tool_name(tool: Any) -> str:
    """The name the model calls a ``dspy.Tool`` by (what fault ``tool:`` names match)."""
    return str(tool.name)


def _modules(root: Any) -> list[Any]:
    """The module and every sub-module it names (a program holding a ReAct), root first, each once."""
    named = getattr(root, "named_sub_modules", None)
    subs = [m for _, m in named()] if callable(named) else []
    return [root, *[m for m in subs if m is not root]]


def find_tools(root: Any) -> dict[str, list[Any]]:
    """The ``dspy.Tool`` objects of the module's ``tools`` mappings (ReAct's), by name.

    Sub-modules are searched too (a program that holds a ReAct); ReAct's own ``finish`` is left out, and a tool
    object shared by several modules is listed once."""
    out: dict[str, list[Any]] = {}
    for module in _modules(root):
        tools = getattr(module, "tools", None)
        if not isinstance(tools, dict):
            continue
        for name, tool in tools.items():
            known = out.get(str(name), [])
            if is_tool(tool) and name not in INTERNAL_TOOLS and not any(t is tool for t in known):
                out.setdefault(str(name), []).append(tool)
    return out


def wrap_tool(name: str, tool: Any) -> list[Restore]:
    """Replace the tool's ``func`` with the faulted call (the tool object stays the same)."""
    return [set_attr(tool, "func", faulted_callable(name, tool.func))]


def is_model(obj: Any) -> bool:
    """Whether ``obj`` is a DSPy LM (``dspy.clients.BaseLM``); nothing is imported."""
    cls = getattr(getattr(sys.modules.get("dspy"), "clients", None), "BaseLM", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def model_clients(model: Any) -> tuple[list[Any], str | None]:
    """A DSPy LM is its own client: LLM faults go on the lm15 transport its calls use, unless it has another
    engine (then none, and why)."""
    if not lm15_transport.is_lm15_model(model):
        return [], f"it is {kind_of(model)}, not a dspy.LM: its calls do not go through DSPy's lm15 transport"
    problem = lm15_transport.unreachable(model)
    return ([], f"it is {kind_of(model)}: {problem}") if problem else ([model], None)


def find_llm_clients(root: Any) -> Found:
    """The LMs the module's predictors call: each one's own ``lm``, else DSPy's configured one.

    Each LM is its own "client" (its calls are faulted at DSPy's lm15 transport); an LM with another engine, or
    a module with no LM at all, is a problem that names the fix."""
    dspy = _dspy()
    lms: list[Any] = []
    predictors = getattr(root, "predictors", None)
    for predictor in predictors() if callable(predictors) else []:
        lm = getattr(predictor, "lm", None) or getattr(dspy.settings, "lm", None)
        if lm is not None and not any(lm is seen for seen in lms):
            lms.append(lm)
    if not lms:
        return [], ["no predictor of the module has an LM, and dspy.configure(lm=...) set none"]
    found: list[Any] = []
    problems: list[str] = []
    for lm in lms:
        clients, problem = model_clients(lm)
        found += clients
        problems += [problem] if problem else []
    return found, problems


def _inputs(obj: Any) -> list[str]:
    """The names of the module signature's input fields (``[]`` for a module without a signature)."""
    signature = getattr(obj, "signature", None)
    fields = getattr(signature, "input_fields", None) or {}
    return list(fields)


def _outputs(obj: Any) -> list[str]:
    """The names of the module signature's output fields, ``trajectory`` included when ReAct declares it."""
    signature = getattr(obj, "signature", None)
    fields = getattr(signature, "output_fields", None) or {}
    return list(fields)


def _tool_calls(prediction: Any) -> list[dict[str, Any]]:
    """Tool calls from a ReAct prediction's trajectory (``tool_name_i``, ``tool_args_i``, ``observation_i``), in
    order, without ReAct's own ``finish``.

    The observation is what the model read back, so a faulted tool's injected error shows as its output."""
    trajectory = getattr(prediction, "trajectory", None)
    if not isinstance(trajectory, dict):
        return []
    calls = []
    i = 0
    while f"tool_name_{i}" in trajectory:
        name = trajectory[f"tool_name_{i}"]
        if name not in INTERNAL_TOOLS:
            calls.append(
                {"name": name, "args": trajectory.get(f"tool_args_{i}"), "output": trajectory.get(f"observation_{i}")}
            )
        i += 1
    return calls


@builtin_agent_type("dspy", config=DspyAgentConfig)
class DspyAgent(FrameworkAgent):
    """Runs a DSPy module with ``await module.acall(<its one input field>=prompt)``.

    A conversation is sent as its last turn (a DSPy signature takes fields, not a message list); ReAct's
    trajectory gives the tool calls."""

    agent_type = TYPE

    def check_kind(self, obj: Any) -> None:
        """Raise unless the endpoint is a DSPy module with one input field (:func:`check_kind`)."""
        check_kind(self.cfg.endpoint, obj)

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One ``acall`` with the prompt (a conversation's last turn) as the one input field; the output is the one
        output field, or all of them as JSON when the signature has several."""
        text = prompt if isinstance(prompt, str) else str(prompt[-1].get("content") or "")
        prediction = await obj.acall(**{_inputs(obj)[0]: text})
        outputs = [f for f in _outputs(obj) if f != "trajectory"]
        if len(outputs) == 1:
            output = getattr(prediction, outputs[0], None)
        else:
            output = json.dumps({f: getattr(prediction, f, None) for f in outputs}, default=str)
        return AgentResponse(as_text(output), 0.0, raw=prediction, tool_calls=_tool_calls(prediction))
