"""``agent.type: dspy``: a DSPy module (``dspy.ReAct`` or a program holding one) run with ``await module.acall``.

Tool faults act by the tool's DSPy name inside the ``dspy.Tool`` objects the module's ``tools`` hold: the
tool's ``func`` is replaced by the faulted call (same sync/async kind), so ``ReAct`` keeps the very same
``Tool`` objects and an injected failure is raised where the real function raises; ReAct's own error path
turns it into the observation the model reads.

LLM faults cannot reach a DSPy program in process: ``dspy.LM`` sends model calls through DSPy's own HTTP
engine (the bundled lm15 router, or LiteLLM), which has no transport windtunnel can stand in. ``validate``
refuses LLM faults for it and names the way that works: the program as ``agent.command`` with its LM's
``api_base`` read from ``OPENAI_BASE_URL``, behind windtunnel's LLM proxy.
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

TYPE = "dspy"
EXTRA = "dspy"
PACKAGE = "dspy"
INTERNAL_TOOLS = ("finish",)
"""ReAct's own control tool: not one of the program's tools."""
LLM_UNREACHABLE = (
    "dspy.LM sends its model calls through DSPy's own HTTP engine (its lm15 router, or LiteLLM), which windtunnel "
    "cannot reach in process"
)
LLM_HINT = (
    "run the program as an HTTP agent windtunnel launches (agent.command) and build its LM with "
    "dspy.LM(model, api_base=os.environ['OPENAI_BASE_URL'], cache=False), so every model call goes through "
    "windtunnel's LLM proxy (docs/frameworks/dspy.md)"
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
    """A DSPy LM holds no SDK client windtunnel can reach: none, and why."""
    return [], f"it is {kind_of(model)}: {LLM_UNREACHABLE}; {LLM_HINT}"


def find_llm_clients(root: Any) -> Found:
    """No SDK client can be found on a DSPy program (its LM calls go through DSPy's own HTTP engine): always ``([],
    [why, and the way that works])``, so LLM faults are refused with the fix."""
    return [], [f"{LLM_UNREACHABLE}; {LLM_HINT}"]


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
