"""OpenTelemetry GenAI spans (OTLP JSON) → sessions.

Reads the OTLP/JSON export (``resourceSpans[].scopeSpans[].spans[]``) and the GenAI semantic
conventions: ``gen_ai.operation.name`` (``invoke_agent``, ``chat``, ``execute_tool`` …),
``gen_ai.input.messages`` / ``gen_ai.output.messages`` (JSON, messages made of ``parts``),
``gen_ai.request.model``, ``gen_ai.tool.name``, ``gen_ai.tool.call.arguments`` and
``gen_ai.tool.call.result``; ``error.type`` and the span status mark failures. The older attributes
``gen_ai.prompt`` / ``gen_ai.completion`` and ``gen_ai.system`` are read when the new ones are absent.
One trace (``traceId``) is one session; tool and chat spans in start order are its calls.

Also read: the span dumps of the OpenTelemetry SDK's ``ConsoleSpanExporter`` (``context.trace_id``,
``parent_id``, ISO ``start_time``, ``status.status_code``), and trace / span ids written as base64 (the
protobuf JSON mapping of their bytes) instead of hex — ids are always reported in hex.
"""

from __future__ import annotations

import base64
import binascii
from datetime import datetime, timezone
from typing import Any

from windtunnel.replay.importers.registry import importer
from windtunnel.replay.payloads import chat_input, maybe_json, openai_tool_call, status_of_error, tool_args
from windtunnel.replay.session import RecordedCall, ReplaySettings, Session

CHAT_OPERATIONS = ("chat", "text_completion", "generate_content")
STATUS_ERROR = (2, "STATUS_CODE_ERROR", "ERROR")


def _value(v: Any) -> Any:
    """An OTLP ``AnyValue`` as a plain python value (string, bool, float, int, list or dict, recursively); a value
    that is already plain (the SDK's console dump) is returned as it is, an unknown kind as ``None``.

    ``intValue`` arrives as a string in OTLP JSON (64-bit integers do not fit JSON numbers) and is converted."""
    if not isinstance(v, dict):
        return v
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in v:
            return v[key]
    if "intValue" in v:
        return int(v["intValue"])
    if "arrayValue" in v:
        return [_value(x) for x in (v["arrayValue"].get("values") or [])]
    if "kvlistValue" in v:
        return {kv["key"]: _value(kv.get("value")) for kv in (v["kvlistValue"].get("values") or [])}
    if "bytesValue" in v:
        return v["bytesValue"]
    return None


def _attrs(span: dict[str, Any]) -> dict[str, Any]:
    """A span's attributes as a flat dict, from OTLP's ``[{key, value}]`` list or the SDK dump's mapping."""
    raw = span.get("attributes") or []
    if isinstance(raw, dict):
        return dict(raw)
    return {a["key"]: _value(a.get("value")) for a in raw if isinstance(a, dict) and "key" in a}


def _list(value: Any) -> list[Any]:
    """``value`` when it is a list; anything else (a malformed export) counts as empty, so one bad batch does not
    stop the import of the others."""
    return value if isinstance(value, list) else []


def hex_id(value: Any, nbytes: int) -> Any:
    """A trace (16 bytes) or span (8 bytes) id as lower-case hex, from hex, ``0x`` hex or base64.

    OTLP JSON writers differ (the spec's hex, the protobuf JSON mapping's base64); normalising lets spans of one
    trace link up whichever writer produced them. A value that is neither is kept as it is."""
    if not isinstance(value, str) or not value:
        return value
    text = value.removeprefix("0x")
    if len(text) == 2 * nbytes and all(c in "0123456789abcdefABCDEF" for c in text):
        return text.lower()
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return value
    return raw.hex() if len(raw) == nbytes else value


def _iso_ns(value: Any) -> int | None:
    """An ISO timestamp as Unix nanoseconds (the unit OTLP uses), or ``None`` when it does not parse."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return int(moment.timestamp()) * 1_000_000_000 + moment.microsecond * 1000


def _sdk_span(span: dict[str, Any]) -> dict[str, Any]:
    """A ``ConsoleSpanExporter`` span in the OTLP/JSON shape the rest of this module reads.

    The SDK's console dump is what users most often have at hand; converting it once means every other helper
    reads one shape."""
    ctx = span.get("context") or {}
    status = span.get("status") or {}
    out: dict[str, Any] = {
        "traceId": ctx.get("trace_id"),
        "spanId": ctx.get("span_id"),
        "parentSpanId": span.get("parent_id"),
        "name": span.get("name"),
        "startTimeUnixNano": _iso_ns(span.get("start_time")),
        "endTimeUnixNano": _iso_ns(span.get("end_time")),
        "attributes": span.get("attributes") or {},
        "status": {"code": status.get("status_code"), "message": status.get("description")},
    }
    return out


def _normal(span: dict[str, Any]) -> dict[str, Any]:
    """A span in one shape: the SDK dump converted to OTLP, and its trace, span and parent ids as hex, so spans link
    up by id whichever writer produced them."""
    if isinstance(span.get("context"), dict) and "trace_id" in span["context"]:
        span = _sdk_span(span)
    return {
        **span,
        "traceId": hex_id(span.get("traceId"), 16),
        "spanId": hex_id(span.get("spanId"), 8),
        "parentSpanId": hex_id(span.get("parentSpanId"), 8),
    }


def _spans(data: Any) -> list[dict[str, Any]]:
    """Every span of the export, normalised (:func:`_normal`)."""
    return [_normal(s) for s in _raw_spans(data)]


def _raw_spans(data: Any) -> list[dict[str, Any]]:
    """Every span of the export as found: OTLP batches (``resourceSpans`` → ``scopeSpans`` or the older
    ``instrumentationLibrarySpans`` → ``spans``), single SDK spans, or a list of either. Malformed parts are
    skipped rather than failing the import."""
    batches = data if isinstance(data, list) else [data]
    out: list[dict[str, Any]] = []
    for batch in batches:
        if not isinstance(batch, dict):
            continue
        if isinstance(batch.get("context"), dict):  # one ConsoleSpanExporter span
            out.append(batch)
            continue
        for rs in _list(batch.get("resourceSpans")):
            if not isinstance(rs, dict):
                continue
            for ss in _list(rs.get("scopeSpans")) + _list(rs.get("instrumentationLibrarySpans")):
                if isinstance(ss, dict):
                    out += [s for s in _list(ss.get("spans")) if isinstance(s, dict)]
    return out


def _ns(span: dict[str, Any], key: str) -> int | None:
    """A span time in nanoseconds (OTLP writes them as strings), or ``None``."""
    v = span.get(key)
    try:
        return int(v) if v is not None else None
    except (TypeError, ValueError):
        return None


def _latency(span: dict[str, Any]) -> float | None:
    """A span's duration in milliseconds (never negative), or ``None`` without both times."""
    start, end = _ns(span, "startTimeUnixNano"), _ns(span, "endTimeUnixNano")
    if start is None or end is None:
        return None
    return round(max(end - start, 0) / 1e6, 3)


def _failed(span: dict[str, Any], attrs: dict[str, Any]) -> tuple[bool, str | None]:
    """Whether a span failed (an error status, or an ``error.type`` attribute) and its error message.

    The status code is accepted in every spelling writers use (``2``, ``STATUS_CODE_ERROR``, ``ERROR``); the
    message falls back to the error type, then to ``error``."""
    status = span.get("status") or {}
    code = status.get("code")
    if code in STATUS_ERROR or "error.type" in attrs:
        return True, str(status.get("message") or attrs.get("error.type") or "error")
    return False, None


def _status(attrs: dict[str, Any], message: str | None) -> tuple[int, bool]:
    """The status a failed span is replayed with: its HTTP response status when it has one, else the status its error
    type and message imply (a timeout becomes 504).

    An HTTP status under 400 on a failed span is ignored: the span failed for another reason, and replaying a 200
    would not fail the call."""
    http = attrs.get("http.response.status_code")
    if isinstance(http, int) and http >= 400:
        return http, http == 504
    return status_of_error(f"{attrs.get('error.type', '')} {message or ''}")


def _messages(attrs: dict[str, Any], key: str, legacy: str) -> Any:
    """A span's input or output messages: the current GenAI attribute, else its older name, JSON-decoded.

    Instrumentations moved from ``gen_ai.prompt`` / ``gen_ai.completion`` to the message attributes at different
    times; reading both covers traces from either side of the change."""
    value = maybe_json(attrs.get(key))
    if value is None:
        value = maybe_json(attrs.get(legacy))
    return value


def _completion(output: Any, model: str) -> Any:
    """An OpenAI-style completion from ``gen_ai.output.messages`` (text and ``tool_call`` parts).

    A message without ``parts`` is wrapped as it is; text parts are joined and tool-call parts become OpenAI tool
    calls, with ``finish_reason`` ``tool_calls`` when there are any."""
    if not isinstance(output, list) or not output or not isinstance(output[0], dict):
        return output
    msg = output[0]
    if "parts" not in msg:
        return {"object": "chat.completion", "model": model, "choices": [{"index": 0, "message": msg}]}
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    for part in msg["parts"]:
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text":
            texts.append(str(part.get("content", "")))
        elif part.get("type") == "tool_call":
            call_id = part.get("id") or f"call_{len(calls)}"
            calls.append(openai_tool_call(call_id, part.get("name"), part.get("arguments")))
    message: dict[str, Any] = {"role": "assistant", "content": "".join(texts) if texts else None}
    if calls:
        message["tool_calls"] = calls
    finish = msg.get("finish_reason") or ("tool_calls" if calls else "stop")
    return {
        "object": "chat.completion",
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
    }


def _text(output: Any) -> str | None:
    """The assistant text of a span's output messages, or ``None`` when it has none (the session's recorded output,
    shown beside the replayed answer)."""
    completion = _completion(output, "")
    if isinstance(completion, dict):
        choices = completion.get("choices") or [{}]
        content = (choices[0].get("message") or {}).get("content")
        return content if isinstance(content, str) else None
    return output if isinstance(output, str) else None


def _call(span: dict[str, Any], attrs: dict[str, Any], op: str) -> RecordedCall:
    """One tool (``execute_tool``) or chat span as a recorded call: the tool's name, arguments and result, or the
    model's name and its output rebuilt as a chat completion; a failed span keeps its status and error, not a
    response."""
    failed, message = _failed(span, attrs)
    status, timeout = _status(attrs, message) if failed else (200, False)
    if op == "execute_tool":
        name = attrs.get("gen_ai.tool.name") or str(span.get("name", "")).removeprefix("execute_tool ").strip()
        return RecordedCall(
            target="tool",
            name=str(name or "tool"),
            args=tool_args(attrs.get("gen_ai.tool.call.arguments")),
            response=None if failed else maybe_json(attrs.get("gen_ai.tool.call.result")),
            status=status,
            error=message,
            timeout=timeout,
            latency_ms=_latency(span),
        )
    model = str(attrs.get("gen_ai.request.model") or attrs.get("gen_ai.response.model") or "model")
    output = _messages(attrs, "gen_ai.output.messages", "gen_ai.completion")
    return RecordedCall(
        target="llm",
        name=model,
        response=None if failed else _completion(output, model),
        status=status,
        error=message,
        timeout=timeout,
        latency_ms=_latency(span),
    )


def _under_tool(span: dict[str, Any], by_id: dict[Any, dict[str, Any]]) -> bool:
    """Whether a span runs inside a tool span (its calls are part of that tool).

    Walks the parent links up to the root: a model call made by a tool (an agent used as a tool) is the tool's
    business, and replaying it as the agent's own call would answer a call the agent never makes."""
    parent = by_id.get(span.get("parentSpanId"))
    while parent is not None:
        if _attrs(parent).get("gen_ai.operation.name") == "execute_tool":
            return True
        parent = by_id.get(parent.get("parentSpanId"))
    return False


@importer("otel")
def from_otel(data: Any) -> list[Session]:
    """OTLP JSON traces with OpenTelemetry GenAI semantic-convention attributes.

    One session per trace: its input from the root span (else the first chat span), its calls the tool and chat
    spans in start order, leaving out spans nested inside a tool (a tool's own model calls belong to the tool).
    Traces without a readable input are skipped. Sessions match ``by_tool`` (first in, first out per name) rather
    than in strict order."""
    traces: dict[str, list[dict[str, Any]]] = {}
    for span in _spans(data):
        traces.setdefault(str(span.get("traceId")), []).append(span)
    sessions = []
    for trace_id, spans in traces.items():
        spans.sort(key=lambda s: _ns(s, "startTimeUnixNano") or 0)
        ids = {s.get("spanId") for s in spans}
        roots = [s for s in spans if not s.get("parentSpanId") or s.get("parentSpanId") not in ids]
        root = roots[0] if roots else spans[0]
        by_id = {s.get("spanId"): s for s in spans}

        calls: list[RecordedCall] = []
        first_input: Any = None
        last_output: Any = None
        for span in spans:
            attrs = _attrs(span)
            op = str(attrs.get("gen_ai.operation.name") or "")
            if op in CHAT_OPERATIONS:
                if first_input is None:
                    first_input = _messages(attrs, "gen_ai.input.messages", "gen_ai.prompt")
                last_output = _messages(attrs, "gen_ai.output.messages", "gen_ai.completion")
            if (op == "execute_tool" or op in CHAT_OPERATIONS) and not _under_tool(span, by_id):
                calls.append(_call(span, attrs, op))
        root_attrs = _attrs(root)
        value = chat_input(_messages(root_attrs, "gen_ai.input.messages", "gen_ai.prompt"))
        if value is None:
            value = chat_input(first_input)
        if value is None:
            continue
        failed, message = _failed(root, root_attrs)
        out_msgs = _messages(root_attrs, "gen_ai.output.messages", "gen_ai.completion")
        start = _ns(root, "startTimeUnixNano")
        sessions.append(
            Session(
                id=trace_id,
                name=str(root.get("name") or trace_id),
                source="otel",
                captured_at=None if start is None else _iso(start),
                input=value,
                calls=calls,
                expected_failure=message if failed else None,
                output=_text(out_msgs if out_msgs is not None else last_output),
                replay=ReplaySettings(match="by_tool"),
                metadata={"otel": {"trace_id": trace_id, "root_span_id": root.get("spanId")}},
            )
        )
    return sessions


def _iso(ns: int) -> str:
    """Unix nanoseconds as an ISO timestamp in UTC (the session's ``captured_at``)."""
    return datetime.fromtimestamp(ns / 1e9, tz=timezone.utc).isoformat()
