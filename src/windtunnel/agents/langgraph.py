"""``agent.type: langgraph``: a compiled LangGraph graph.

The input goes to the graph's state (``agent.input_key``, default ``messages``: a message list), every
call gets a fresh ``thread_id`` (cells stay isolated without a reset function, also with a checkpointer),
and the answer is the last message of the state (or ``agent.output_key``). Tool faults act by tool name
on the tools of the graph's ``ToolNode``s (and of its subgraphs), inside the tool's own function: an
injected failure is an exception raised where the real tool would raise, so the ``ToolNode``'s
``handle_tool_errors`` decides, as for a real failure, whether the model sees it or the run fails.
"""

from __future__ import annotations

import functools
import inspect
import uuid
from collections.abc import Iterator
from typing import Any

from windtunnel._util.errors import AgentBadResponse, ConfigError
from windtunnel._util.optional import optional_import
from windtunnel._util.words import a_type
from windtunnel.agents._framework import FrameworkAgent, as_text, require, usage_record, wrong_kind
from windtunnel.agents._llmclients import Found, clients_in
from windtunnel.agents._toolseam import Restore, call_tool, call_tool_sync, set_attr
from windtunnel.agents.base import AgentInput, AgentResponse, Message
from windtunnel.agents.config import LangGraphAgentConfig
from windtunnel.agents.registry import builtin_agent_type

TYPE = "langgraph"
EXTRA = "langgraph"
MODELS_BUILT_IN_CALLS = True
"""A node may build its chat model on every call (``ChatOpenAI(...)`` inside the node's function): no object of the
graph holds that model's client before the run, so when none is found the LLM faults go on the OpenAI / Anthropic
clients the run creates (:func:`windtunnel.chaos.sdk_transport.install_on_new_clients`)."""
SKIP_ARGS = ("config", "callbacks", "run_manager", "runtime", "state", "store", "tool_call_id")


def _pregel() -> Any:
    """LangGraph's ``Pregel``, the class every compiled graph is (imported on first use, naming the extra)."""
    return require("langgraph.pregel", agent_type=TYPE, extra=EXTRA).Pregel


def is_graph(obj: Any) -> bool:
    """Whether ``obj`` is a compiled graph; ``False`` (not an error) when langgraph is not installed."""
    try:
        return isinstance(obj, _pregel())
    except ConfigError:
        return False


def check_kind(ref: str, obj: Any) -> None:
    """Accept a compiled graph; otherwise raise an error whose fix fits the mistake: a builder that was not compiled,
    a tool given instead of the graph that holds it, or anything else.

    The builder case names the exact expression to use (``<attr>.compile()``), since that slip is the most common
    and the message can say precisely what to write."""
    if isinstance(obj, _pregel()):
        return
    if hasattr(obj, "compile") and hasattr(obj, "add_node"):
        fix = f"compile the graph: point agent.endpoint at the result of `{ref.partition(':')[2]}.compile()`"
    elif hasattr(obj, "func") and hasattr(obj, "args_schema"):
        fix = "point agent.endpoint at the compiled graph whose ToolNode holds this tool (faults name the tool)"
    else:
        fix = "point agent.endpoint at a compiled graph (`builder.compile()`, or `create_react_agent(...)`)"
    raise wrong_kind(ref, obj, agent_type=TYPE, expected="a compiled LangGraph graph", fix=fix)


def _graphs(root: Any) -> Iterator[Any]:
    """The graph and all its subgraphs (recursively), root first; a graph whose subgraphs cannot be listed still yields
    itself, so its own ToolNodes are faulted."""
    yield root
    try:
        subgraphs = list(root.get_subgraphs(recurse=True))
    except Exception:  # a graph whose subgraphs cannot be listed still has its own nodes
        subgraphs = []
    for _name, sub in subgraphs:
        yield sub


def find_tools(root: Any) -> dict[str, list[Any]]:
    """Tools of every ``ToolNode`` in the graph and its subgraphs, by tool name.

    Several nodes may hold the same tool object; each object is listed once per name, so it is wrapped once and a
    fault on it fires once per call."""
    out: dict[str, list[Any]] = {}
    for graph in _graphs(root):
        for node in getattr(graph, "nodes", {}).values():
            bound = getattr(node, "bound", node)
            by_name = getattr(bound, "tools_by_name", None)
            if isinstance(by_name, dict):
                for name, tool in by_name.items():
                    out.setdefault(str(name), [])
                    if all(t is not tool for t in out[str(name)]):
                        out[str(name)].append(tool)
    return out


def find_llm_clients(root: Any) -> Found:
    """The SDK clients the graph's nodes call (a LangChain chat model such as ``ChatOpenAI`` built on the OpenAI /
    Anthropic SDK, found through the node's runnable, its function's closure and the globals it names).

    The walk stops at ToolNodes (tools hold no model of the graph's). When nothing is found the reason comes back
    instead, so LLM faults are refused with an explanation rather than never firing."""
    nodes = [node for graph in _graphs(root) for node in getattr(graph, "nodes", {}).values()]
    tool_node = getattr(_prebuilt(), "ToolNode", None)
    found = clients_in(nodes, stop=lambda obj: tool_node is not None and isinstance(obj, tool_node))
    if found:
        return found, []
    return [], [
        "no node of the graph reaches a chat model built on the OpenAI / Anthropic SDK (such as ChatOpenAI or "
        "ChatAnthropic) through its runnable, closure or module globals"
    ]


def _prebuilt() -> Any:
    """``langgraph.prebuilt`` (where ``ToolNode`` lives), or ``None`` for a langgraph installed without it: a
    graph built without prebuilt nodes has no ToolNode to look into, which is not an error."""
    try:
        return optional_import("langgraph.prebuilt")
    except ImportError:  # pragma: no cover - langgraph without prebuilt
        return None


def _args(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments of one tool call as the fault rules and call log see them: bound to the function's parameter names,
    without the ones LangChain injects (config, callbacks, state, store ...)."""
    try:
        bound = dict(inspect.signature(fn).bind_partial(*args, **kwargs).arguments)
    except (TypeError, ValueError):
        bound = {"args": list(args), **kwargs}
    return {k: v for k, v in bound.items() if k not in SKIP_ARGS}


def _wrap_func(name: str, fn: Any) -> Any:
    """``fn`` (a sync tool function) routed through the fault seam under the tool's name."""

    @functools.wraps(fn)
    def faulted(*args: Any, **kwargs: Any) -> Any:
        return call_tool_sync(name, _args(fn, args, kwargs), lambda: fn(*args, **kwargs))

    return faulted


def _wrap_coroutine(name: str, fn: Any) -> Any:
    """``fn`` (an async tool coroutine function) routed through the fault seam under the tool's name."""

    @functools.wraps(fn)
    async def faulted(*args: Any, **kwargs: Any) -> Any:
        return await call_tool(name, _args(fn, args, kwargs), lambda: fn(*args, **kwargs))

    return faulted


def wrap_tool(name: str, tool: Any) -> list[Restore]:
    """Fault a LangChain tool (``@tool`` / ``StructuredTool`` / ``Tool``) inside its function.

    Its ``func`` and ``coroutine`` are replaced (whichever it has), so the tool object, its schema and the
    ToolNode's error handling stay LangChain's own. A tool subclass with its own ``_run`` holds no function to
    replace and is a config error with the fix."""
    restores = []
    func, coroutine = getattr(tool, "func", None), getattr(tool, "coroutine", None)
    if callable(func):
        restores.append(set_attr(tool, "func", _wrap_func(name, func)))
    if callable(coroutine):
        restores.append(set_attr(tool, "coroutine", _wrap_coroutine(name, coroutine)))
    if not restores:
        raise ConfigError(
            f"tool {name!r} is {a_type(tool)} with its own _run method: windtunnel faults tools "
            "made with @tool, StructuredTool.from_function or Tool (they hold the function they call)",
            hint="declare the tool with langchain_core.tools.tool, or leave it out of the tool faults",
        )
    return restores


def to_messages(prompt: AgentInput) -> list[Message]:
    """A prompt as a message list: a string becomes one user message, a list is copied."""
    return [{"role": "user", "content": prompt}] if isinstance(prompt, str) else list(prompt)


def graph_input(prompt: AgentInput, input_key: str) -> dict[str, Any]:
    """The graph's input state: ``{"messages": [...]}`` when ``input_key`` is ``messages``, else the prompt as it is
    under ``input_key`` (a graph with a plain string state)."""
    if input_key == "messages":
        return {"messages": to_messages(prompt)}
    return {input_key: prompt}


def _content(message: Any) -> str | None:
    """The text of a message (a dict or a LangChain message object): content blocks are joined, structured content
    becomes JSON."""
    content = message.get("content") if isinstance(message, dict) else getattr(message, "content", message)
    if isinstance(content, list):  # content blocks
        return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return as_text(content)


def read_state(state: Any, *, input_key: str, output_key: str | None, sent: int) -> AgentResponse:
    """Output, tool calls and usage from the graph's final state (``sent``: input messages to skip).

    Only the messages the call added are read, so tool calls and usage of earlier turns held by a checkpointer are
    not counted again. The output is ``agent.output_key`` when set (a missing key is :class:`AgentBadResponse`
    listing the keys), else the last new message; each tool call is paired with the tool message answering it."""
    if not isinstance(state, dict):
        return AgentResponse(_content(state), 0.0, raw=state)
    found = state.get("messages")
    messages: list[Any] = found if isinstance(found, list) else []
    new = messages[sent:] if input_key == "messages" else messages
    if output_key is not None:
        if output_key not in state:
            raise AgentBadResponse(
                f"the graph's final state has no key {output_key!r} (agent.output_key); keys: {', '.join(state)}"
            )
        value = state[output_key]
        output = _content(value[-1]) if isinstance(value, list) and value else _content(value)
    else:
        output = _content(new[-1]) if new else None
    calls: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    tokens_in = tokens_out = requests = 0
    model = None
    for m in new:
        for tc in getattr(m, "tool_calls", None) or []:
            entry = {"name": tc.get("name"), "args": tc.get("args")}
            calls.append(entry)
            by_id[str(tc.get("id"))] = entry
        if getattr(m, "type", None) == "tool" and str(getattr(m, "tool_call_id", "")) in by_id:
            by_id[str(m.tool_call_id)]["output"] = _content(m)
        usage = getattr(m, "usage_metadata", None)
        if usage:
            tokens_in += int(usage.get("input_tokens", 0))
            tokens_out += int(usage.get("output_tokens", 0))
            requests += 1
            model = (getattr(m, "response_metadata", None) or {}).get("model_name") or model
    meta: dict[str, Any] = {}
    if requests:
        meta["usage"] = usage_record(input_tokens=tokens_in, output_tokens=tokens_out, requests=requests, model=model)
    return AgentResponse(output, 0.0, raw=state, tool_calls=calls, metadata=meta)


async def run_graph(
    graph: Any,
    prompt: AgentInput,
    *,
    input_key: str = "messages",
    output_key: str | None = None,
    stream: bool = False,
    recursion_limit: int = 25,
    thread_id: str | None = None,
) -> AgentResponse:
    """One call of a compiled graph on a fresh thread (or ``thread_id``).

    A fresh thread id per call keeps cells isolated even with a checkpointer; with an explicit ``thread_id`` the
    thread holds earlier turns, so the new messages are counted from the last human message back. With ``stream``
    the graph runs through ``astream`` and the last state it yields is the answer."""
    config = {"configurable": {"thread_id": thread_id or uuid.uuid4().hex}, "recursion_limit": recursion_limit}
    inp = graph_input(prompt, input_key)
    if stream:
        state: Any = None
        async for chunk in graph.astream(inp, config, stream_mode="values"):
            state = chunk
    else:
        state = await graph.ainvoke(inp, config)
    sent = len(inp["messages"]) if input_key == "messages" else 0
    if thread_id is not None and input_key == "messages":
        sent = 0  # the thread holds earlier turns: count the new messages from this call's answer back
        msgs = state.get("messages", []) if isinstance(state, dict) else []
        last_user = max((i for i, m in enumerate(msgs) if getattr(m, "type", None) == "human"), default=-1)
        sent = last_user + 1
    return read_state(state, input_key=input_key, output_key=output_key, sent=sent)


@builtin_agent_type("langgraph", config=LangGraphAgentConfig)
class LangGraphAgent(FrameworkAgent):
    """Runs a compiled graph with ``ainvoke`` (``astream`` with ``agent.stream``), one thread per call.

    Tools are found on the graph's ToolNodes and faulted inside their functions; the LLM seam is the SDK client a
    node's chat model holds."""

    agent_type = TYPE

    def check_kind(self, obj: Any) -> None:
        """Raise unless the endpoint is a compiled graph (:func:`check_kind`)."""
        check_kind(self.cfg.endpoint, obj)

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One graph call with the config's input and output keys, streaming and recursion limit, on a new thread id, so
        a checkpointer never carries one cell's state into the next."""
        cfg: Any = self.cfg
        return await run_graph(
            obj,
            prompt,
            input_key=cfg.input_key,
            output_key=cfg.output_key,
            stream=cfg.stream,
            recursion_limit=cfg.recursion_limit,
        )
