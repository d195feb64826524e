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

from windtunnel.agents.base import AgentInput


def _is_graph(obj: Any) -> bool:
    if "langgraph" not in sys.modules:  # no graph can exist without langgraph imported
        return False
    from windtunnel.agents.langgraph import is_graph

    return is_graph(obj)


def is_message_shaped(obj: Any) -> bool:
    """A LangGraph graph, or a runnable whose input schema is an object with a ``messages`` field."""
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
    """What :class:`~windtunnel.agents.python.PythonAgent` calls for a ``langchain`` endpoint object."""
    if not is_message_shaped(obj):
        return getattr(obj, "ainvoke", None) or obj.invoke

    async def call_with_messages(prompt: AgentInput) -> dict[str, Any]:
        from windtunnel.agents.langgraph import read_state, run_graph, to_messages

        if _is_graph(obj):
            res = await run_graph(obj, prompt)
        else:
            messages = to_messages(prompt)
            state = await obj.ainvoke({"messages": messages})
            res = read_state(state, input_key="messages", output_key=None, sent=len(messages))
        return {"output": res.output, "tool_calls": res.tool_calls, "metadata": res.metadata}

    return call_with_messages
