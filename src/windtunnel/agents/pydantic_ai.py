"""``agent.type: pydantic_ai``: a pydantic-ai ``Agent`` run with its async API in the cell's task.

``agent.run`` (``run_stream_events`` with ``agent.stream``) on windtunnel's own event loop, so the
agent's clients are never bound to another loop; the answer is ``.output`` (structured outputs become
JSON), usage is ``.usage()``. Tool faults act by tool name on the tools of the agent's function
toolsets, inside the function pydantic-ai calls: an injected failure is an exception raised where the
real tool raises, so the agent's capabilities (``on_tool_execute_error``) or the run's failure decide
what happens, as for a real failure.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

from windtunnel._util.errors import AgentBadResponse
from windtunnel._util.words import kind_of
from windtunnel.agents._framework import FrameworkAgent, as_text, require, usage_record, wrong_kind
from windtunnel.agents._llmclients import Found, clients_in
from windtunnel.agents._toolseam import Restore, call_tool, call_tool_sync, set_attr
from windtunnel.agents.base import AgentInput, AgentResponse
from windtunnel.agents.config import PydanticAIAgentConfig
from windtunnel.agents.registry import builtin_agent_type

TYPE = "pydantic_ai"
EXTRA = "pydantic-ai"


def _pai() -> Any:
    """The ``pydantic_ai`` package, imported on first use, naming the extra when missing."""
    return require("pydantic_ai", agent_type=TYPE, extra=EXTRA)


def check_kind(ref: str, obj: Any) -> None:
    """Accept a ``pydantic_ai.Agent``; a run result, a tool or a function is an error whose fix names the mistake
    (each is a likely slip: the result of ``agent.run``, or the tool the agent registers, imported instead of the
    agent)."""
    pai = _pai()
    if isinstance(obj, pai.Agent):
        return
    if isinstance(obj, pai.AgentRunResult):
        fix = "point agent.endpoint at the pydantic_ai.Agent itself, not at the result of a run"
    elif isinstance(obj, pai.Tool) or callable(obj):
        fix = "point agent.endpoint at the pydantic_ai.Agent that registers this tool (faults name the tool)"
    else:
        fix = "point agent.endpoint at a pydantic_ai.Agent instance, e.g. endpoint: 'my_app.agent:agent'"
    raise wrong_kind(ref, obj, agent_type=TYPE, expected="a pydantic_ai.Agent", fix=fix)


def find_tools(agent: Any) -> dict[str, list[Any]]:
    """Function tools of the agent's toolsets, by tool name.

    Toolsets nest (combined toolsets, wrappers), so they are walked to their leaves, each once. Only tools with a
    function schema are listed: those are the ones whose function can be faulted in place."""
    out: dict[str, list[Any]] = {}
    toolsets = list(getattr(agent, "toolsets", None) or [])
    seen: set[int] = set()
    while toolsets:
        ts = toolsets.pop()
        if id(ts) in seen:
            continue
        seen.add(id(ts))
        toolsets += list(getattr(ts, "toolsets", None) or [])  # combined toolsets
        wrapped = getattr(ts, "wrapped", None)
        if wrapped is not None:
            toolsets.append(wrapped)
        tools = getattr(ts, "tools", None)
        if isinstance(tools, dict):
            for name, tool in tools.items():
                if getattr(tool, "function_schema", None) is not None:
                    out.setdefault(str(name), []).append(tool)
    return out


def find_llm_clients(agent: Any) -> Found:
    """The SDK client the agent's model (or the models of a fallback / wrapper model) calls through.

    A model named by string is built by pydantic-ai inside each run, out of reach, and the reason comes back with
    the fix. A model object gets its HTTP client refreshed first (pydantic-ai replaces it when a run starts on
    another loop), so the fault transport goes on the client the run will use."""
    model = getattr(agent, "model", None)
    if model is None or isinstance(model, str):
        return [], [
            f"the agent names its model ({model!r}), so pydantic-ai builds the model and its client itself: give "
            "Agent a model object (e.g. OpenAIChatModel(name, provider=OpenAIProvider(...)))"
        ]
    refresh = getattr(model, "_refresh_http_client", None)
    if callable(refresh):  # pydantic-ai gives its model a new HTTP client when a run starts on another event
        refresh()  # loop, which would drop the fault transport: let it do so now, on the run's loop
    found = clients_in([model])
    missing = [] if found else [f"the agent's model is {kind_of(model)}, which holds no OpenAI / Anthropic client"]
    return found, missing


def _args(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any], takes_ctx: bool) -> dict[str, Any]:
    """A tool call's arguments by parameter name, without the ``RunContext`` a ``takes_ctx`` tool receives first (it is
    framework state, not the model's arguments)."""
    try:
        bound = dict(inspect.signature(fn).bind_partial(*args, **kwargs).arguments)
    except (TypeError, ValueError):
        return dict(kwargs)
    if takes_ctx and bound:
        bound.pop(next(iter(bound)))  # the RunContext
    return bound


def wrap_function_tool(name: str, tool: Any) -> Restore:
    """Route one pydantic-ai tool through the fault seam by replacing the function its schema calls (sync or async, kept
    so), and return the undo callback. The schema's function is what pydantic-ai invokes after validating arguments,
    so an injected failure meets the same retry and error handling as a real one."""
    schema = tool.function_schema
    fn = schema.function
    takes_ctx = bool(getattr(schema, "takes_ctx", False))
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def faulted_async(*args: Any, **kwargs: Any) -> Any:
            return await call_tool(name, _args(fn, args, kwargs, takes_ctx), lambda: fn(*args, **kwargs))

        return set_attr(schema, "function", faulted_async)

    @functools.wraps(fn)
    def faulted(*args: Any, **kwargs: Any) -> Any:
        return call_tool_sync(name, _args(fn, args, kwargs, takes_ctx), lambda: fn(*args, **kwargs))

    return set_attr(schema, "function", faulted)


def wrap_tool(name: str, tool: Any) -> list[Restore]:
    """Route one tool through the fault seam (the shape every adapter module offers)."""
    return [wrap_function_tool(name, tool)]


def _history(prompt: AgentInput) -> tuple[str, list[Any]]:
    """The last user turn, and the earlier turns as pydantic-ai messages.

    pydantic-ai takes one user prompt plus a message history: user, system and assistant turns before the last
    user turn become the history (other roles are dropped), and the last user turn is the prompt."""
    if isinstance(prompt, str):
        return prompt, []
    msgs = _pai().messages
    history: list[Any] = []
    turns = list(prompt)
    last = next((i for i in range(len(turns) - 1, -1, -1) if turns[i].get("role") == "user"), None)
    for m in turns[:last] if last is not None else turns:
        text = str(m.get("content") or "")
        role = m.get("role")
        if role == "user":
            history.append(msgs.ModelRequest(parts=[msgs.UserPromptPart(content=text)]))
        elif role == "system":
            history.append(msgs.ModelRequest(parts=[msgs.SystemPromptPart(content=text)]))
        elif role == "assistant":
            history.append(msgs.ModelResponse(parts=[msgs.TextPart(content=text)]))
    current = str(turns[last].get("content") or "") if last is not None else ""
    return current, history


def _tool_calls(result: Any) -> list[dict[str, Any]]:
    """Tool calls of the run's new messages in order, ``{name, args}``, each with the ``output`` of its return (or
    retry prompt) when one came back.

    Only the messages this run added are read (``new_messages``), so a message history passed in for a multi-turn
    cell does not count its earlier tool calls again."""
    calls: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    for message in result.new_messages():
        for part in getattr(message, "parts", []):
            kind = getattr(part, "part_kind", "")
            if kind == "tool-call":
                args = part.args_as_dict() if hasattr(part, "args_as_dict") else part.args
                entry = {"name": part.tool_name, "args": args}
                calls.append(entry)
                by_id[str(part.tool_call_id)] = entry
            elif kind in ("tool-return", "retry-prompt") and str(getattr(part, "tool_call_id", "")) in by_id:
                by_id[str(part.tool_call_id)]["output"] = as_text(getattr(part, "content", None))
    return calls


def _usage(result: Any) -> Any:
    """``result.usage``: a property in pydantic-ai 2, a method before."""
    if isinstance(inspect.getattr_static(type(result), "usage", None), property):
        return result.usage
    return result.usage()


@builtin_agent_type("pydantic_ai", config=PydanticAIAgentConfig)
class PydanticAIAgent(FrameworkAgent):
    """Runs a ``pydantic_ai.Agent`` with ``await agent.run(...)`` (or its event stream).

    The run happens on windtunnel's event loop in the cell's task, so the model's async HTTP client stays bound to
    one loop and the fault transport installed on it applies."""

    agent_type = TYPE

    def check_kind(self, obj: Any) -> None:
        """Raise unless the endpoint is a ``pydantic_ai.Agent`` (:func:`check_kind`)."""
        check_kind(self.cfg.endpoint, obj)

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One run: the last user turn as the prompt, earlier turns as message history; the output as text, the tool
        calls and the token usage with the model's name.

        With ``agent.stream`` the run goes through the event stream API and the result it ends with is read the
        same way."""
        text, history = _history(prompt)
        kwargs = {"message_history": history} if history else {}
        if getattr(self.cfg, "stream", False):
            result = await self._streamed(obj, text, kwargs)
        else:
            result = await obj.run(text, **kwargs)
        usage = _usage(result)
        model = getattr(getattr(obj, "model", None), "model_name", None)
        meta = {
            "usage": usage_record(
                input_tokens=usage.input_tokens or 0,
                output_tokens=usage.output_tokens or 0,
                requests=usage.requests,
                model=model if isinstance(model, str) else None,
            )
        }
        return AgentResponse(as_text(result.output), 0.0, raw=result, tool_calls=_tool_calls(result), metadata=meta)

    async def _streamed(self, obj: Any, text: str, kwargs: dict[str, Any]) -> Any:
        """Drain ``run_stream_events`` (a context manager in some versions, a plain async iterator in others) and
        return the run result it ends with; a stream that ends without one is :class:`AgentBadResponse`.

        The stream is read to its end even though only the final event matters: stopping early would cancel the
        run mid-way, and the tools and model calls of the cell must all happen."""
        result_event = _pai().run.AgentRunResultEvent
        events = obj.run_stream_events(text, **kwargs)
        result = None
        if hasattr(events, "__aenter__"):
            async with events as stream:
                async for event in stream:
                    if isinstance(event, result_event):
                        result = event.result
        else:
            async for event in events:
                if isinstance(event, result_event):
                    result = event.result
        if result is None:
            raise AgentBadResponse("the pydantic-ai event stream ended without a run result")
        return result
