"""``agent.type: langchain``: how a runnable is called.

A message-shaped runnable (a LangGraph graph, or any runnable whose input is an object with a
``messages`` key) gets ``{"messages": [...]}`` built from the prompt or conversation, and its answer is
the last message of the ``messages`` it returns (tool calls and token usage read from those messages);
a LangGraph graph runs on a fresh ``thread_id`` per call. Any other runnable gets the prompt as it is,
through ``ainvoke`` (or ``invoke``). For tool faults by tool name on a graph, use ``type: langgraph``.
"""

from __future__ import annotations

import sys
from typing import Any

from windtunnel._util.errors import AgentUnreachableError
from windtunnel._util.imports import import_ref
from windtunnel._util.words import a_type
from windtunnel.agents.base import AgentInput
from windtunnel.agents.config import LangchainAgentConfig, PythonAgentConfig
from windtunnel.agents.langgraph import is_graph, read_state, run_graph, to_messages
from windtunnel.agents.python import PythonAgent
from windtunnel.agents.registry import builtin_agent_type


def _is_graph(obj: Any) -> bool:
    """Whether ``obj`` is a LangGraph graph, without importing langgraph when nothing has (no graph can exist then):
    a plain LangChain runnable must not pay for it."""
    if "langgraph" not in sys.modules:  # no graph can exist without langgraph imported
        return False
    return is_graph(obj)


def is_message_shaped(obj: Any) -> bool:
    """A LangGraph graph, or a runnable whose input schema is an object with a ``messages`` field.

    Such a runnable must be given ``{"messages": [...]}``, not a bare prompt; one whose schema cannot be read is
    treated as taking the prompt as it is (the plain LangChain convention)."""
    if _is_graph(obj):
        return True
    schema_of = getattr(obj, "get_input_jsonschema", None)
    if not callable(schema_of):
        return False
    try:
        schema = schema_of()
    except Exception:  # a runnable that cannot describe its input is called with the prompt
        return False
    return isinstance(schema, dict) and "messages" in (schema.get("properties") or {})


def runnable_callable(obj: Any) -> Any:
    """What :class:`LangchainAgent` calls for a ``langchain`` endpoint object.

    A plain runnable's ``ainvoke`` (else ``invoke``) with the prompt; for a message-shaped one, a coroutine that
    wraps the prompt in a ``messages`` state and reads the answer, tool calls and usage back from the state, as
    the python adapter's dict."""
    if not is_message_shaped(obj):
        return getattr(obj, "ainvoke", None) or obj.invoke

    async def call_with_messages(prompt: AgentInput) -> dict[str, Any]:
        """One call of a message-shaped runnable: a graph through :func:`run_graph` (fresh thread), any other through
        ``ainvoke({"messages": ...})``; the answer as the python agent's dict (output, tool calls, usage)."""
        if _is_graph(obj):
            res = await run_graph(obj, prompt)
        else:
            messages = to_messages(prompt)
            state = await obj.ainvoke({"messages": messages})
            res = read_state(state, input_key="messages", output_key=None, sent=len(messages))
        return {"output": res.output, "tool_calls": res.tool_calls, "metadata": res.metadata}

    return call_with_messages


def runnable_entry(obj: Any, ref: str) -> Any:
    """A LangChain runnable's ``ainvoke`` (else ``invoke``); anything else is an unusable agent."""
    fn = getattr(obj, "ainvoke", None) or getattr(obj, "invoke", None)
    if not callable(fn):
        raise AgentUnreachableError(
            f"agent {ref!r} is {a_type(obj)} with no invoke() or ainvoke() method, so it is not a LangChain runnable",
            hint="point agent.endpoint at the compiled runnable (e.g. `graph = builder.compile()`), "
            "or use type: python for a plain function",
        )
    return fn


@builtin_agent_type("langchain", config=LangchainAgentConfig)
class LangchainAgent(PythonAgent):
    """A LangChain runnable called in-process: the python agent, with the runnable's invoke as its callable."""

    @staticmethod
    def entry(cfg: PythonAgentConfig) -> Any:
        """Import ``agent.endpoint``: a runnable (anything else is unreachable), called as :func:`runnable_callable`."""
        obj = import_ref(cfg.endpoint, what="agent.endpoint")
        runnable_entry(obj, cfg.endpoint)  # raises for an object that is no runnable
        return runnable_callable(obj)
