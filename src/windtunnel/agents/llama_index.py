"""``agent.type: llama_index``: a LlamaIndex workflow agent (``FunctionAgent``, ``ReActAgent``, ``AgentWorkflow``)
run with ``await agent.run(user_msg=...)`` in the cell's task.

Tool faults act by the tool's LlamaIndex name inside the ``FunctionTool`` objects the agents hold: the
functions it keeps (``_fn`` and ``_async_fn``) are shadowed on the instance, so the agent keeps the very
same tool objects and builds their ``ToolOutput`` itself; an injected failure is raised where the real
function raises, so the agent's own error path (a ``ToolOutput`` with ``is_error``, which the model reads)
runs. Other tool kinds (query-engine tools ...) are listed and refused by name. LLM faults go on the
transports of the OpenAI clients an ``OpenAI`` / ``OpenAILike`` model builds (built before the run so
the fault transport is in place; ``reuse_client=False`` builds a new client per request and is refused).
"""

from __future__ import annotations

import sys
from typing import Any

from windtunnel._util.words import kind_of, type_name
from windtunnel.agents._framework import FrameworkAgent, as_text, require, wrong_kind
from windtunnel.agents._llmclients import Found, clients_in
from windtunnel.agents._toolseam import Restore, faulted_callable, shadow_attr
from windtunnel.agents.base import AgentInput, AgentResponse
from windtunnel.agents.config import LlamaIndexAgentConfig
from windtunnel.agents.registry import builtin_agent_type

TYPE = "llama_index"
EXTRA = "llama-index"
PACKAGE = "llama_index.core"


def _workflow() -> Any:
    """``llama_index.core.agent.workflow``, imported on first use, naming the extra when missing."""
    return require("llama_index.core.agent.workflow", agent_type=TYPE, extra=EXTRA)


def is_agent(obj: Any) -> bool:
    """A LlamaIndex workflow agent or multi-agent workflow (nothing is imported)."""
    wf = sys.modules.get("llama_index.core.agent.workflow")
    kinds = [getattr(wf, n, None) for n in ("BaseWorkflowAgent", "AgentWorkflow")]
    return any(isinstance(k, type) and isinstance(obj, k) for k in kinds)


def check_kind(ref: str, obj: Any) -> None:
    """Accept a workflow agent or multi-agent workflow; a tool given instead of its agent, or anything else, is an error
    whose fix fits the mistake."""
    _workflow()
    if is_agent(obj):
        return
    if is_tool(obj):
        fix = "point agent.endpoint at the agent (FunctionAgent, AgentWorkflow ...) that holds this tool"
    else:
        fix = "point agent.endpoint at a LlamaIndex agent, e.g. `agent = FunctionAgent(tools=[...], llm=...)`"
    raise wrong_kind(ref, obj, agent_type=TYPE, expected="a LlamaIndex workflow agent", fix=fix)


def _agents(root: Any) -> list[Any]:
    """The agents of a multi-agent workflow (its ``agents`` mapping), or the agent itself."""
    agents = getattr(root, "agents", None)
    if isinstance(agents, dict):
        return list(agents.values())
    return [root]


def is_tool(obj: Any) -> bool:
    """A LlamaIndex tool object (``BaseTool``; nothing is imported)."""
    cls = getattr(sys.modules.get("llama_index.core.tools"), "BaseTool", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def tool_name(tool: Any) -> str:
    """The name the model calls a LlamaIndex tool by (its metadata's name)."""
    return str(tool.metadata.get_name())


def _function_tool(tool: Any) -> bool:
    """Whether ``tool`` is a ``FunctionTool``, the one kind whose function can be faulted in place."""
    cls = getattr(sys.modules.get("llama_index.core.tools"), "FunctionTool", None)
    return isinstance(cls, type) and isinstance(tool, cls)


def all_tools(root: Any) -> dict[str, list[Any]]:
    """Every tool object of the agents, by name (function tools and others)."""
    out: dict[str, list[Any]] = {}
    for agent in _agents(root):
        for tool in getattr(agent, "tools", None) or []:
            if is_tool(tool):
                out.setdefault(tool_name(tool), []).append(tool)
    return out


def find_tools(root: Any) -> dict[str, list[Any]]:
    """The function tools of the agents, by name (the tools faults can act on)."""
    return {n: ts for n, ts in all_tools(root).items() if all(_function_tool(t) for t in ts)}


def tool_problem(tool: Any) -> str | None:
    """Why ``tool`` cannot be faulted (it is not a ``FunctionTool``), with the fix; ``None`` when it can."""
    if _function_tool(tool):
        return None
    return (
        f"the LlamaIndex tool {tool_name(tool)!r} is {kind_of(tool)}, not a FunctionTool: windtunnel faults the "
        "function a FunctionTool calls; wrap what this tool does in a FunctionTool to fault it"
    )


def wrap_tool(name: str, tool: Any) -> list[Restore]:
    """Shadow the tool's sync and async functions on the instance (the tool object stays the same)."""
    skip = [tool.ctx_param_name] if getattr(tool, "ctx_param_name", None) else []
    return [
        shadow_attr(tool, "_fn", faulted_callable(name, tool._fn, skip=skip)),
        shadow_attr(tool, "_async_fn", faulted_callable(name, tool._async_fn, skip=skip)),
    ]


def model_clients(llm: Any) -> tuple[list[Any], str | None]:
    """The SDK clients a LlamaIndex model calls through, built now when it builds them lazily.

    OpenAI-style models create their clients on first use; building them before the run is what lets the fault
    transport be installed on the very clients the run will use. A model with ``reuse_client=False`` builds a new
    client per request, which no transport can stay on: ``([], why)``."""
    if getattr(llm, "reuse_client", True) is False:
        return [], (
            f"the LlamaIndex model {type_name(llm)} has reuse_client=False, so it builds a new OpenAI client for "
            "every request and no fault transport stays on it: construct it with reuse_client=True (the default)"
        )
    built: list[Any] = []
    for getter in ("_get_client", "_get_aclient"):
        make = getattr(llm, getter, None)
        if callable(make):
            built.append(make())
    found = clients_in(built or [llm])
    if found:
        return found, None
    return [], (
        f"the LlamaIndex model is {kind_of(llm)}, which holds no OpenAI / Anthropic SDK client: use "
        "llama_index.llms.openai.OpenAI or llama_index.llms.openai_like.OpenAILike, or run the agent as "
        "agent.command behind windtunnel's LLM proxy"
    )


def is_model(obj: Any) -> bool:
    """Whether ``obj`` is a LlamaIndex model (``llama_index.core.llms.LLM``); nothing is imported."""
    cls = getattr(sys.modules.get("llama_index.core.llms"), "LLM", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def find_llm_clients(root: Any) -> Found:
    """The SDK clients the models of the workflow's agents call, each once, and what kept any agent's client out of
    reach (no ``llm`` of its own, a model without an SDK client, ``reuse_client=False``).

    An agent without its own ``llm`` (LlamaIndex would fall back to the global ``Settings.llm``) is reported with
    the fix, ``llm=...``, rather than followed to the global."""
    clients: dict[int, Any] = {}
    missing: list[str] = []
    for agent in _agents(root):
        llm = getattr(agent, "llm", None)
        if llm is None:
            missing.append("the agent has no llm of its own (LlamaIndex would use Settings.llm): give it llm=...")
            continue
        found, problem = model_clients(llm)
        if problem:
            missing.append(problem)
        for client in found:
            clients.setdefault(id(client), client)
    return list(clients.values()), missing


def _tool_calls(result: Any) -> list[dict[str, Any]]:
    """Tool calls of a workflow run, ``{name, args}`` with the ``output`` text when the tool returned."""
    calls = []
    for call in getattr(result, "tool_calls", None) or []:
        entry: dict[str, Any] = {"name": call.tool_name, "args": dict(call.tool_kwargs or {})}
        output = getattr(call, "tool_output", None)
        if output is not None:
            entry["output"] = as_text(getattr(output, "content", None))
        calls.append(entry)
    return calls


@builtin_agent_type("llama_index", config=LlamaIndexAgentConfig)
class LlamaIndexAgent(FrameworkAgent):
    """Runs a LlamaIndex workflow agent with ``await agent.run(user_msg=...)``.

    A conversation is sent as its last turn; the tool calls come from the workflow's result. Tools are faulted
    inside their ``FunctionTool`` functions, models at their OpenAI clients' transports."""

    agent_type = TYPE

    def check_kind(self, obj: Any) -> None:
        """Raise unless the endpoint is a LlamaIndex workflow agent (:func:`check_kind`)."""
        check_kind(self.cfg.endpoint, obj)

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One ``agent.run(user_msg=...)`` with the prompt (a conversation's last turn); the output is the response
        message's content."""
        text = prompt if isinstance(prompt, str) else str(prompt[-1].get("content") or "")
        result = await obj.run(user_msg=text)
        response = getattr(result, "response", None)
        output = getattr(response, "content", None) if response is not None else result
        return AgentResponse(as_text(output), 0.0, raw=result, tool_calls=_tool_calls(result))
