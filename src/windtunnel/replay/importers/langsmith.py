"""LangSmith runs → sessions: the root run gives the input, its tool and LLM child runs the calls.

Accepts what LangSmith exports and its client returns, serialised to JSON: one run with nested ``child_runs``, a
list of runs linked by ``parent_run_id`` (``trace_id`` groups a trace), or ``{"runs": [...]}``. Child runs are
ordered by ``dotted_order`` (else ``start_time``).

Model answers are rebuilt as chat completions (LangChain generations carry the text and tool calls), so a session
can inject them into an agent whose SDK expects the OpenAI wire shape."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from windtunnel.replay.importers.registry import importer
from windtunnel.replay.payloads import (
    chat_input,
    chat_output,
    elapsed_ms,
    iso_time,
    normalize_message,
    status_of_error,
    tool_args,
    tool_result,
)
from windtunnel.replay.session import RecordedCall, ReplaySettings, Session


def _flatten(run: dict[str, Any], parent: str | None, out: list[dict[str, Any]]) -> None:
    """Append ``run`` and its nested ``child_runs`` to ``out`` as flat runs, each child linked to its parent by
    ``parent_run_id`` (an export with nested children does not always repeat it).

    Flattening first lets nested exports and flat run lists share one tree-building step."""
    children = run.get("child_runs") or []
    item = {k: v for k, v in run.items() if k != "child_runs"}
    if parent is not None and not item.get("parent_run_id"):
        item["parent_run_id"] = parent
    out.append(item)
    for child in children:
        if isinstance(child, dict):
            _flatten(child, str(run.get("id")), out)


def _runs(data: Any) -> list[dict[str, Any]]:
    """Every run of the export, flattened: one run, a list of runs, or ``{"runs": [...]}``; items that are not runs
    (no ``run_type`` or ``inputs``) are skipped, so a file mixing runs with other records still imports."""
    if isinstance(data, dict) and isinstance(data.get("runs"), list):
        data = data["runs"]
    items = data if isinstance(data, list) else [data]
    out: list[dict[str, Any]] = []
    for run in items:
        if isinstance(run, dict) and ("run_type" in run or "inputs" in run):
            _flatten(run, None, out)
    return out


def _time(value: Any) -> datetime | None:
    """A run time as a datetime: epoch seconds or milliseconds (told apart by size), or ISO text.

    The client's objects and exported JSON write times differently; latencies are only computed when both ends
    read."""
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(value / 1000 if value > 1e11 else value)
    return iso_time(value)


def _latency(run: dict[str, Any]) -> float | None:
    """A run's duration in milliseconds, or ``None`` without both times: the delay a replayed call waits before
    answering (times ``latency_scale``)."""
    return elapsed_ms(_time(run.get("start_time")), _time(run.get("end_time")))


def _order(run: dict[str, Any]) -> tuple[str, str]:
    """The sort key of a run: ``dotted_order`` (LangSmith's execution order), then its start time.

    ``dotted_order`` encodes the position in the trace tree with start times, so sorting by it gives the calls in
    the order the agent made them; start time alone is the fallback for exports without it."""
    return (str(run.get("dotted_order") or ""), str(run.get("start_time") or ""))


def _openai_tool_calls(calls: Any) -> list[dict[str, Any]]:
    """LangChain tool calls (``{id, name, args}``) as OpenAI ones (``{id, type, function}``); calls already in OpenAI
    form are kept. Ids are made up from the position when missing: the agent's loop pairs each tool result with
    its call id."""
    out = []
    for i, c in enumerate(calls or []):
        if not isinstance(c, dict):
            continue
        if "function" in c:
            out.append(c)
            continue
        out.append(
            {
                "id": c.get("id") or f"call_{i}",
                "type": "function",
                "function": {"name": c.get("name"), "arguments": json.dumps(c.get("args") or {})},
            }
        )
    return out


def _completion(outputs: Any, model: str) -> Any:
    """An OpenAI-style completion from an LLM run's outputs (LangChain generations or a completion).

    Replayed model answers reach the agent through its SDK, which parses chat completions: LangChain's generations
    (text, tool calls, finish reason) are rebuilt in that shape; a completion is kept as it is, and anything else
    falls back to its answer text."""
    if not isinstance(outputs, dict):
        return outputs
    if isinstance(outputs.get("choices"), list):
        return outputs
    gens = outputs.get("generations")
    if isinstance(gens, list) and gens:
        first = gens[0][0] if isinstance(gens[0], list) and gens[0] else gens[0]
        if isinstance(first, dict):
            message = first.get("message") or {}
            kwargs = message.get("kwargs", message) if isinstance(message, dict) else {}
            content = kwargs.get("content", first.get("text"))
            tool_calls = _openai_tool_calls(kwargs.get("tool_calls"))
            msg: dict[str, Any] = {"role": "assistant", "content": content}
            if tool_calls:
                msg["tool_calls"] = tool_calls
            finish = (first.get("generation_info") or {}).get("finish_reason")
            return {
                "object": "chat.completion",
                "model": model,
                "choices": [{"index": 0, "message": msg, "finish_reason": finish or "stop"}],
            }
    text = chat_output(outputs)
    return text if text is not None else outputs


def _model(run: dict[str, Any]) -> str:
    """The model an LLM run called: from its invocation parameters or metadata, else the run's name.

    The model name is what a replayed model call is matched and shown by, so the most specific name LangSmith kept
    is used."""
    extra = run.get("extra") or {}
    params = extra.get("invocation_params") or {}
    meta = extra.get("metadata") or {}
    for v in (params.get("model"), params.get("model_name"), meta.get("ls_model_name")):
        if isinstance(v, str) and v:
            return v
    return str(run.get("name") or "model")


def _call(run: dict[str, Any]) -> RecordedCall:
    """One tool or LLM run as a recorded call: a tool's name, arguments and result, or the model's output rebuilt as
    a chat completion; a run with an error keeps its status and message, not a response.

    The status is read from the error text (LangSmith keeps no status), so a timeout replays as a timeout and a
    429 as a rate limit."""
    error = run.get("error")
    status, timeout = status_of_error(error) if error else (200, False)
    if run.get("run_type") == "llm":
        model = _model(run)
        return RecordedCall(
            target="llm",
            name=model,
            response=None if error else _completion(run.get("outputs"), model),
            status=status,
            error=str(error) if error else None,
            timeout=timeout,
            latency_ms=_latency(run),
        )
    return RecordedCall(
        target="tool",
        name=str(run.get("name") or "tool"),
        args=tool_args(run.get("inputs")),
        response=None if error else tool_result(run.get("outputs")),
        status=status,
        error=str(error) if error else None,
        timeout=timeout,
        latency_ms=_latency(run),
    )


def _descendant_calls(root: str, children: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Tool and LLM runs under ``root``, outermost only (a tool's own sub-runs are part of the tool).

    Chains and other intermediate runs are walked through, not recorded: the agent meets only the tools and models
    it calls, so only those are replayed."""
    found: list[dict[str, Any]] = []
    stack = list(children.get(root, []))
    while stack:
        run = stack.pop()
        if run.get("run_type") in ("tool", "llm"):
            found.append(run)
        else:
            stack += children.get(str(run.get("id")), [])
    return sorted(found, key=_order)


@importer("langsmith")
def from_langsmith(data: Any) -> list[Session]:
    """LangSmith runs (a root run with ``child_runs``, or a flat list linked by ``parent_run_id``).

    One session per root run with a readable input: its calls are the outermost tool and LLM runs beneath it (a
    tool's own sub-runs belong to the tool), in execution order; the root's error is the session's
    ``expected_failure``."""
    runs = _runs(data)
    ids = {str(r.get("id")) for r in runs}
    children: dict[str, list[dict[str, Any]]] = {}
    roots = []
    for r in runs:
        parent = r.get("parent_run_id")
        if parent and str(parent) in ids:
            children.setdefault(str(parent), []).append(r)
        else:
            roots.append(r)
    sessions = []
    for root in sorted(roots, key=_order):
        value = chat_input(root.get("inputs"))
        if value is None:
            continue
        calls = [_call(r) for r in _descendant_calls(str(root.get("id")), children)]
        output = chat_output(root.get("outputs"))
        sessions.append(
            Session(
                id=str(root.get("trace_id") or root.get("id")),
                name=root.get("name"),
                source="langsmith",
                captured_at=str(root["start_time"]) if root.get("start_time") else None,
                input=value,
                calls=calls,
                expected_failure=root.get("error"),
                output=output,
                replay=ReplaySettings(match="by_tool"),
                metadata={
                    "langsmith": {
                        "run_id": str(root.get("id")),
                        "session_id": root.get("session_id"),
                        "tags": root.get("tags") or [],
                    }
                },
            )
        )
    return sessions


__all__ = ["from_langsmith", "normalize_message"]
