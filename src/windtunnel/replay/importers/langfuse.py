"""Langfuse traces → sessions.

Reads a trace as the Langfuse public API returns it (``GET /api/public/traces/{id}``: ``id``, ``name``,
``timestamp``, ``input``, ``output`` and ``observations``), a list of such traces, or ``{"data": [...]}``.
Observations of type ``TOOL`` are tool calls and ``GENERATION`` model calls, in ``startTime`` order; ``level:
ERROR`` with ``statusMessage`` marks a failure.

The same importer reads a file export and what :func:`~windtunnel.replay.importers.live.fetch_langfuse` fetches
live, so both give identical sessions."""

from __future__ import annotations

from typing import Any

from windtunnel.replay.importers.registry import importer
from windtunnel.replay.payloads import (
    chat_input,
    chat_output,
    elapsed_ms,
    iso_time,
    maybe_json,
    openai_tool_call,
    status_of_error,
    tool_args,
    tool_result,
)
from windtunnel.replay.session import RecordedCall, ReplaySettings, Session


def _latency(obs: dict[str, Any]) -> float | None:
    """An observation's duration in milliseconds: from its start and end times, else from ``latency`` (seconds, in
    the API's observation views), else ``None``."""
    start, end = iso_time(obs.get("startTime")), iso_time(obs.get("endTime"))
    if start is None or end is None:
        latency = obs.get("latency")  # seconds in the API's observation views
        return round(float(latency) * 1000, 3) if isinstance(latency, (int, float)) else None
    return elapsed_ms(start, end)


def _completion(output: Any, model: str) -> Any:
    """A generation's output as an OpenAI-style chat completion (text and tool calls), so a replayed model answer
    reaches the agent in the wire shape its SDK parses; anything else is kept as it is.

    Tool calls given as ``{name, arguments}`` or ``{name, args}`` become OpenAI tool calls (ids made up when
    missing); ``finish_reason`` says ``tool_calls`` when there are any, as the agent's loop expects."""
    output = maybe_json(output)
    if isinstance(output, dict) and isinstance(output.get("choices"), list):
        return output
    if isinstance(output, dict) and ("content" in output or "tool_calls" in output):
        msg: dict[str, Any] = {"role": "assistant", "content": output.get("content")}
        calls = []
        for i, c in enumerate(output.get("tool_calls") or []):
            if isinstance(c, dict) and "function" in c:
                calls.append(c)
            elif isinstance(c, dict):
                args = c.get("arguments", c.get("args"))
                calls.append(openai_tool_call(c.get("id") or f"call_{i}", c.get("name"), args))
        if calls:
            msg["tool_calls"] = calls
        return {
            "object": "chat.completion",
            "model": model,
            "choices": [{"index": 0, "message": msg, "finish_reason": "tool_calls" if calls else "stop"}],
        }
    return output


def _call(obs: dict[str, Any]) -> RecordedCall:
    """One ``TOOL`` or ``GENERATION`` observation as a recorded call; ``level: ERROR`` makes it a failed call with
    its status message (a timeout becomes 504).

    Langfuse keeps no status for a failed observation; the one the message implies decides how the seam fails the
    replayed call."""
    failed = obs.get("level") == "ERROR"
    message = str(obs.get("statusMessage") or "error") if failed else None
    status, timeout = status_of_error(message) if failed else (200, False)
    if obs.get("type") == "GENERATION":
        model = str(obs.get("model") or obs.get("name") or "model")
        return RecordedCall(
            target="llm",
            name=model,
            response=None if failed else _completion(obs.get("output"), model),
            status=status,
            error=message,
            timeout=timeout,
            latency_ms=_latency(obs),
        )
    return RecordedCall(
        target="tool",
        name=str(obs.get("name") or "tool"),
        args=tool_args(obs.get("input")),
        response=None if failed else tool_result(obs.get("output")),
        status=status,
        error=message,
        timeout=timeout,
        latency_ms=_latency(obs),
    )


def _traces(data: Any) -> list[dict[str, Any]]:
    """The traces of the export: one trace, a list, or the API's ``{"data": [...]}``; items without observations or
    input are skipped (they hold nothing to replay)."""
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        data = data["data"]
    items = data if isinstance(data, list) else [data]
    return [t for t in items if (isinstance(t, dict) and "observations" in t) or (isinstance(t, dict) and "input" in t)]


def _under_tool(o: dict[str, Any], by_id: dict[Any, dict[str, Any]]) -> bool:
    """Whether an ancestor of ``o`` is a TOOL observation (missing ids and parent cycles end the walk).

    A generation inside a tool belongs to the tool: replaying it as a call of the agent would answer a call the
    agent never makes."""
    seen = {id(o)}
    key = o.get("parentObservationId")
    parent = by_id.get(key) if key is not None else None
    while parent is not None and id(parent) not in seen:
        seen.add(id(parent))
        if parent.get("type") == "TOOL":
            return True
        key = parent.get("parentObservationId")
        parent = by_id.get(key) if key is not None else None
    return False


@importer("langfuse")
def from_langfuse(data: Any) -> list[Session]:
    """Langfuse traces with their observations (``TOOL`` and ``GENERATION``).

    One session per trace with a readable input (the trace's, else its first generation's); calls are the
    observations not nested inside a tool, in start order, and the error messages of failed observations are the
    session's ``expected_failure``."""
    sessions = []
    for trace in _traces(data):
        observations = [o for o in trace.get("observations") or [] if isinstance(o, dict)]
        observations.sort(key=lambda o: str(o.get("startTime") or ""))
        by_id = {o.get("id"): o for o in observations}

        calls = [
            _call(o) for o in observations if o.get("type") in ("TOOL", "GENERATION") and not _under_tool(o, by_id)
        ]
        value = chat_input(trace.get("input"))
        if value is None:
            gens = [o for o in observations if o.get("type") == "GENERATION"]
            value = chat_input(gens[0].get("input")) if gens else None
        if value is None:
            continue
        errors = [str(o.get("statusMessage")) for o in observations if o.get("level") == "ERROR"]
        sessions.append(
            Session(
                id=str(trace.get("id")),
                name=trace.get("name"),
                source="langfuse",
                captured_at=trace.get("timestamp"),
                input=value,
                calls=calls,
                expected_failure="; ".join(errors) or None,
                output=chat_output(trace.get("output")),
                replay=ReplaySettings(match="by_tool"),
                metadata={"langfuse": {"trace_id": trace.get("id"), "session_id": trace.get("sessionId")}},
            )
        )
    return sessions
