"""``agent.type: openai_agents``: an OpenAI Agents SDK ``agents.Agent`` run with the SDK's runner.

Tool faults act by the tool's framework name at the point where the SDK invokes the tool (inside its
failure-handling invoker), so an injected failure takes the path a real one takes: the SDK's
``failure_error_function`` turns it into the error text the model sees (or fails the run when the tool
was declared with ``failure_error_function=None``). Function tools of handoff targets and of
agents-as-tools are found too; hosted MCP tools run on the provider's side and are listed, not faulted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel._util.words import kind_of
from windtunnel.agents._framework import FrameworkAgent, as_text, require, usage_record, wrong_kind
from windtunnel.agents._llmclients import Found, clients_in
from windtunnel.agents._toolseam import Restore, args_of, call_tool, set_attr
from windtunnel.agents.base import AgentInput, AgentResponse
from windtunnel.agents.config import OpenAIAgentsConfig
from windtunnel.agents.registry import builtin_agent_type

TYPE = "openai_agents"
EXTRA = "openai-agents"


def _sdk() -> Any:
    """The ``agents`` package (OpenAI Agents SDK), imported on first use, naming the extra when missing."""
    return require("agents", agent_type=TYPE, extra=EXTRA)


def check_kind(ref: str, obj: Any) -> None:
    """Accept an ``agents.Agent``; a ``FunctionTool`` or anything else is an error saying to point the endpoint at
    the agent (its tools are found on it and faulted by name).

    For a tool, the message quotes the tool's name as the fault ``tool:`` key will need it."""
    sdk = _sdk()
    if isinstance(obj, sdk.Agent):
        return
    if isinstance(obj, sdk.FunctionTool):
        fix = (
            f"point agent.endpoint at the agents.Agent that uses this tool (tools are found on the agent "
            f"and faulted by their name, here {obj.name!r})"
        )
    else:
        fix = "point agent.endpoint at an agents.Agent instance, e.g. endpoint: 'my_app.agent:agent'"
    raise wrong_kind(ref, obj, agent_type=TYPE, expected="an agents.Agent", fix=fix)


def _agents(root: Any) -> Iterator[Any]:
    """The root agent, its handoff targets and agents-as-tools, each once.

    Tools and models of every agent the run may reach have to be faulted, not only the root's: a handoff passes
    the conversation to another agent with its own tools. Handoff objects are searched for the agent they wrap."""
    sdk = _sdk()
    seen: set[int] = set()
    todo = [root]
    while todo:
        agent = todo.pop()
        if id(agent) in seen:
            continue
        seen.add(id(agent))
        yield agent
        for h in getattr(agent, "handoffs", None) or []:
            if isinstance(h, sdk.Agent):
                todo.append(h)
            else:
                todo += [v for v in vars(h).values() if isinstance(v, sdk.Agent)]
        for tool in getattr(agent, "tools", None) or []:
            inner = getattr(tool, "_agent_instance", None)
            if isinstance(inner, sdk.Agent):
                todo.append(inner)


def find_tools(root: Any) -> dict[str, list[Any]]:
    """Function tools by name (the name the model and the SDK's traces use)."""
    sdk = _sdk()
    out: dict[str, Any] = {}
    for agent in _agents(root):
        for tool in getattr(agent, "tools", None) or []:
            if isinstance(tool, sdk.FunctionTool):
                out.setdefault(tool.name, [])
                out[tool.name].append(tool)
    return out


def find_llm_clients(root: Any) -> Found:
    """The SDK clients the models of the agent (and of its handoff targets and agents-as-tools) call.

    An agent that names its model as a string uses the SDK's default client, which is found when one is set
    (``set_default_openai_client``); otherwise the SDK builds a fresh client per run, out of the fault transport's
    reach, and the reason comes back with the fix (a model object that holds the client)."""
    clients: dict[int, Any] = {}
    missing: list[str] = []
    for agent in _agents(root):
        model = getattr(agent, "model", None)
        if model is None or isinstance(model, str):
            shared = require("agents.models._openai_shared", agent_type=TYPE, extra=EXTRA)
            default = shared.get_default_openai_client()
            found = [default] if default is not None else []
            if not found:
                missing.append(
                    f"agent {agent.name!r} names its model ({model or 'the default model'!r}), so the SDK builds a "
                    "new client inside each run: give it a model object that holds the client "
                    "(OpenAIResponsesModel(name, client) or OpenAIChatCompletionsModel(name, client)), or call "
                    "agents.set_default_openai_client(client)"
                )
        else:
            found = clients_in([model])
            if not found:
                missing.append(f"agent {agent.name!r}'s model is {kind_of(model)}, which holds no OpenAI client")
        for client in found:
            clients.setdefault(id(client), client)
    return list(clients.values()), missing


def hosted_tools(root: Any) -> list[str]:
    """Names of tools that run on the provider's side (hosted MCP, web search ...): seen, not faultable."""
    sdk = _sdk()
    return [
        getattr(tool, "name", type(tool).__name__)
        for agent in _agents(root)
        for tool in getattr(agent, "tools", None) or []
        if not isinstance(tool, sdk.FunctionTool)
    ]


def wrap_function_tool(name: str, tool: Any) -> Restore:
    """Route one ``FunctionTool`` through the fault seam and return its undo callback.

    Where the SDK has an inner invoker (``_invoke_tool_impl``, wrapped by its failure handling) the fault goes inside
    it, so an injected failure becomes the model-visible tool error exactly as a real one does, and a tool declared
    with ``failure_error_function=None`` fails the run. Older SDKs without it get ``on_invoke_tool`` wrapped instead."""
    invoker = tool.on_invoke_tool
    impl = getattr(invoker, "_invoke_tool_impl", None)
    if impl is not None:
        # inside the SDK's failure handling: an injected error becomes the model-visible tool error

        async def faulted_impl(ctx: Any, raw_input: str) -> Any:
            return await call_tool(name, args_of(raw_input), lambda: impl(ctx, raw_input))

        faulted_impl.__dict__.update(getattr(impl, "__dict__", {}))  # the SDK's argument-preparation hooks
        return set_attr(invoker, "_invoke_tool_impl", faulted_impl)
    if not callable(invoker):
        raise ConfigError(f"openai_agents tool {name!r} has no on_invoke_tool to fault")

    async def faulted_invoke(ctx: Any, raw_input: str) -> Any:
        return await call_tool(name, args_of(raw_input), lambda: invoker(ctx, raw_input))

    return set_attr(tool, "on_invoke_tool", faulted_invoke)


def wrap_tool(name: str, tool: Any) -> list[Restore]:
    """Route one tool through the fault seam (the shape every adapter module offers)."""
    return [wrap_function_tool(name, tool)]


def _items(result: Any) -> list[dict[str, Any]]:
    """Tool calls and handoffs of a run, in order: ``{name, args, output}`` / ``{handoff, from, to}``.

    Each tool output is joined to its call by ``call_id``, so an invariant on tool results sees each answer next
    to the arguments that produced it; raw items may be dicts or SDK objects."""
    out: list[dict[str, Any]] = []
    pending: dict[str, dict[str, Any]] = {}
    for item in getattr(result, "new_items", None) or []:
        kind = getattr(item, "type", "")
        raw = getattr(item, "raw_item", None)
        get = raw.get if isinstance(raw, dict) else lambda k, d=None, r=raw: getattr(r, k, d)
        if kind == "tool_call_item":
            entry = {"name": get("name"), "args": args_of(get("arguments") or "{}")}
            out.append(entry)
            if get("call_id"):
                pending[str(get("call_id"))] = entry
        elif kind == "tool_call_output_item":
            entry = pending.get(str(get("call_id")), {})
            entry["output"] = as_text(getattr(item, "output", None))
        elif kind == "handoff_output_item":
            out.append(
                {
                    "handoff": True,
                    "from": getattr(getattr(item, "source_agent", None), "name", None),
                    "to": getattr(getattr(item, "target_agent", None), "name", None),
                }
            )
    return out


def _model_name(agent: Any) -> str | None:
    """The model name of an agent for the usage record: its ``model`` string, or the ``model`` attribute of its model
    object; ``None`` when it names none."""
    model = getattr(agent, "model", None)
    if isinstance(model, str):
        return model
    return getattr(model, "model", None) if model is not None else None


@builtin_agent_type("openai_agents", config=OpenAIAgentsConfig)
class OpenAIAgentsAgent(FrameworkAgent):
    """Runs an ``agents.Agent`` with ``Runner.run`` (``Runner.run_streamed`` with ``agent.stream``).

    Tools are faulted inside the SDK's failure-handling invoker; the LLM seam is the OpenAI client of each agent's
    model, or the SDK's default client."""

    agent_type = TYPE

    def check_kind(self, obj: Any) -> None:
        """Raise unless the endpoint is an ``agents.Agent`` (:func:`check_kind`)."""
        check_kind(self.cfg.endpoint, obj)

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One ``Runner.run`` (or a drained ``run_streamed``) with ``agent.max_turns``: the final output as text,
        tool calls and handoffs in order, token usage and the agent that answered last (after handoffs).

        Usage is named after the last agent's model (the one that produced the answer), falling back to the
        root's."""
        sdk = _sdk()
        max_turns = getattr(self.cfg, "max_turns", 10)
        if getattr(self.cfg, "stream", False):
            result = sdk.Runner.run_streamed(obj, prompt, max_turns=max_turns)
            async for _event in result.stream_events():
                pass
        else:
            result = await sdk.Runner.run(obj, prompt, max_turns=max_turns)
        usage = result.context_wrapper.usage
        last = getattr(result, "last_agent", None) or obj
        meta = {
            "usage": usage_record(
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
                requests=usage.requests,
                model=_model_name(last) or _model_name(obj),
            ),
            "last_agent": getattr(last, "name", None),
        }
        return AgentResponse(as_text(result.final_output), 0.0, raw=result, tool_calls=_items(result), metadata=meta)
