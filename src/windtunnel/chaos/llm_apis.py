"""The three model APIs windtunnel faults on the wire: what their bodies and SSE events look like.

``chat`` is OpenAI Chat Completions (``POST …/chat/completions``), ``responses`` the OpenAI Responses
API (``POST …/responses``), ``messages`` Anthropic Messages (``POST …/v1/messages``). For each, this
module reads the assistant text and finish reason out of a JSON answer or a stream event, writes them
back, and builds the provider's own error bodies. Finish reasons are spoken in Chat Completions terms
(``stop``, ``length``) and translated per API.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

import orjson

APIS = ("chat", "responses", "messages")


def api_of(method: str, path: str) -> str | None:
    """Which model API a request speaks (``None``: not a model call windtunnel faults)."""
    if method.upper() != "POST":
        return None
    p = path.split("?", 1)[0].rstrip("/")
    if p.endswith("/chat/completions"):
        return "chat"
    if p.endswith("/responses"):
        return "responses"
    if p.endswith("/messages"):
        return "messages"
    return None


# -- error bodies --------------------------------------------------------------------------------

_OPENAI_MESSAGES = {
    429: "Rate limit reached for requests. Please try again later.",
    500: "The server had an error while processing your request. Sorry about that!",
    502: "Bad gateway.",
    503: "The engine is currently overloaded, please try again later.",
    504: "Request timed out.",
    529: "The engine is currently overloaded, please try again later.",
}
_ANTHROPIC_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    504: "timeout_error",
    529: "overloaded_error",
}
_ANTHROPIC_MESSAGES = {429: "Number of requests has exceeded your rate limit.", 529: "Overloaded"}


def error_body(api: str, status: int, message: str | None) -> bytes:
    """The body the provider sends with an error status (OpenAI's for chat/responses, Anthropic's)."""
    if api == "messages":
        kind = _ANTHROPIC_TYPES.get(status, "api_error")
        msg = message or _ANTHROPIC_MESSAGES.get(status, "Internal server error")
        return json.dumps(
            {"type": "error", "error": {"type": kind, "message": msg}, "request_id": "req_windtunnel"}
        ).encode()
    if status == 429:
        err = {"message": message or _OPENAI_MESSAGES[429], "type": "requests", "param": None}
        err["code"] = "rate_limit_exceeded"
    else:
        err = {
            "message": message or _OPENAI_MESSAGES.get(status, "The server had an error."),
            "type": "server_error" if status >= 500 else "invalid_request_error",
            "param": None,
            "code": None,
        }
    return json.dumps({"error": err}).encode()


# -- finish reasons -------------------------------------------------------------------------------

_TO_ANTHROPIC = {"stop": "end_turn", "length": "max_tokens"}
_FROM_ANTHROPIC = {v: k for k, v in _TO_ANTHROPIC.items()}


# -- whole JSON answers ------------------------------------------------------------------------------


def answer_text(api: str, data: Any) -> tuple[str | None, str | None]:
    """``(assistant text, finish reason)`` of a JSON answer; text ``None`` when it carries no text
    (a reply with only tool calls)."""
    if not isinstance(data, dict):
        return None, None
    if api == "chat":
        choices = data.get("choices") or []
        if not choices or not isinstance(choices[0], dict):
            return None, None
        message = choices[0].get("message") or {}
        content = message.get("content")
        if not content and message.get("tool_calls"):
            return None, choices[0].get("finish_reason")  # a tool-call reply with an empty text
        return (content if isinstance(content, str) else None), choices[0].get("finish_reason")
    if api == "responses":
        parts = [
            p.get("text", "")
            for item in data.get("output") or []
            if isinstance(item, dict) and item.get("type") == "message"
            for p in item.get("content") or []
            if isinstance(p, dict) and p.get("type") == "output_text"
        ]
        incomplete = (data.get("incomplete_details") or {}).get("reason") == "max_output_tokens"
        return ("".join(parts) if parts else None), ("length" if incomplete else "stop")
    blocks = [b.get("text", "") for b in data.get("content") or [] if isinstance(b, dict) and b.get("type") == "text"]
    stop = data.get("stop_reason")
    return ("".join(blocks) if blocks else None), _FROM_ANTHROPIC.get(str(stop), stop)


def with_answer_text(api: str, data: dict[str, Any], text: str, finish: str | None) -> dict[str, Any]:
    """A copy of the JSON answer carrying ``text`` (in its first text part) and ``finish``."""
    out = copy.deepcopy(data)
    if api == "chat":
        choice = out["choices"][0]
        choice.setdefault("message", {})["content"] = text
        if finish:
            choice["finish_reason"] = finish
        return out
    if api == "responses":
        _set_message_text(out.get("output") or [], text)
        if finish == "length":
            out["status"] = "incomplete"
            out["incomplete_details"] = {"reason": "max_output_tokens"}
        return out
    placed = False
    for block in out.get("content") or []:
        if isinstance(block, dict) and block.get("type") == "text":
            block["text"] = "" if placed else text
            placed = True
    if finish:
        out["stop_reason"] = _TO_ANTHROPIC.get(finish, finish)
    return out


# -- stream events -------------------------------------------------------------------------------


@dataclass
class Event:
    """One SSE event: its bytes as received (sent on verbatim when untouched) and its parsed parts."""

    raw: bytes
    name: str | None
    data: str | None

    def json(self) -> Any:
        if self.data is None:
            return None
        try:
            return orjson.loads(self.data)
        except ValueError:
            return None


class SseSplitter:
    """Cuts a byte stream into whole SSE events as the bytes arrive."""

    def __init__(self) -> None:
        self._buf = b""

    def feed(self, data: bytes) -> list[Event]:
        buf = self._buf + data if self._buf else data
        out: list[Event] = []
        start = 0
        for cut in _event_ends(buf):
            out.append(parse_event(buf[start:cut]))
            start = cut
        self._buf = buf[start:]
        return out

    def rest(self) -> bytes:
        rest, self._buf = self._buf, b""
        return rest


_SEPARATORS = (b"\n\n", b"\r\n\r\n", b"\r\r")


def _event_ends(buf: bytes) -> list[int]:
    """The end offsets of the whole events in ``buf``, in one pass (each separator searched only from
    where it was last found, so a long stream costs linear, not quadratic, time)."""
    next_at = {sep: buf.find(sep) for sep in _SEPARATORS}
    ends: list[int] = []
    start = 0
    while True:
        best = -1
        size = 0
        for sep, i in next_at.items():
            if 0 <= i < start:
                i = next_at[sep] = buf.find(sep, start)
            if i >= 0 and (best < 0 or i < best):
                best, size = i, len(sep)
        if best < 0:
            return ends
        start = best + size
        ends.append(start)


def parse_event(raw: bytes) -> Event:
    if raw.startswith(b"data:") and b"\r" not in raw:  # the usual event, one data line: ``data: {...}\n\n``
        line = raw.rstrip(b"\n")
        if b"\n" not in line:
            text = line[5:].decode("utf-8", "replace")
            return Event(raw, None, text[1:] if text.startswith(" ") else text)
    name = None
    data: list[str] = []
    for line in raw.replace(b"\r\n", b"\n").split(b"\n"):
        text = line.decode("utf-8", "replace")
        if text.startswith("event:"):
            name = text[6:].strip()
        elif text.startswith("data:"):
            data.append(text[5:][1:] if text[5:].startswith(" ") else text[5:])
    return Event(raw, name, "\n".join(data) if data else None)


def render_event(name: str | None, data: Any) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    head = f"event: {name}\n" if name else ""
    return f"{head}data: {payload}\n\n".encode()


@dataclass
class Seen:
    """What an event means to a text fault. ``kind``: ``text`` (a text delta), ``text_end`` (the
    model's text is over: flush held-back text before it), ``finish`` (carries the finish reason),
    ``done`` (repeats the whole text: patch it), ``terminal`` (end of stream) or ``other``."""

    kind: str
    text: str | None = None
    finish: str | None = None


def classify(api: str, ev: Event, state: dict[str, Any]) -> list[Seen]:
    """The roles of one event (a Chat chunk may carry text and its finish reason at once)."""
    if ev.data is None:
        return [Seen("other")]
    if ev.data.strip() == "[DONE]":
        return [Seen("terminal")]
    obj = ev.json()
    if not isinstance(obj, dict):
        return [Seen("other")]
    if api == "chat":
        choices = obj.get("choices") or []
        choice = choices[0] if choices and isinstance(choices[0], dict) else {}
        out: list[Seen] = []
        content = (choice.get("delta") or {}).get("content")
        if isinstance(content, str) and content:
            out.append(Seen("text", text=content))
        if choice.get("finish_reason"):
            out += [Seen("text_end"), Seen("finish", finish=choice["finish_reason"])]
        return out or [Seen("other")]
    kind = obj.get("type") or ev.name
    if api == "responses":
        if kind == "response.output_text.delta":
            return [Seen("text", text=obj.get("delta") or "")]
        if kind == "response.output_text.done":
            return [Seen("text_end"), Seen("done")]
        if kind in ("response.content_part.done", "response.output_item.done"):
            return [Seen("done")]
        if kind in ("response.completed", "response.incomplete"):
            return [Seen("done"), Seen("finish", finish="length" if kind == "response.incomplete" else "stop")]
        return [Seen("other")]
    if kind == "content_block_start":
        block = obj.get("content_block") or {}
        state.setdefault("text_blocks", set())
        if block.get("type") == "text":
            state["text_blocks"].add(obj.get("index"))
        return [Seen("other")]
    if kind == "content_block_delta":
        delta = obj.get("delta") or {}
        if delta.get("type") == "text_delta":
            return [Seen("text", text=delta.get("text") or "")]
        return [Seen("other")]
    if kind == "content_block_stop" and obj.get("index") in state.get("text_blocks", ()):
        return [Seen("text_end")]
    if kind == "message_delta":
        stop = (obj.get("delta") or {}).get("stop_reason")
        return [Seen("finish", finish=_FROM_ANTHROPIC.get(str(stop), stop))]
    if kind == "message_stop":
        return [Seen("terminal")]
    return [Seen("other")]


def text_event(api: str, template: Event, text: str) -> bytes:
    """``template`` (a text-delta event) re-sent carrying ``text`` as its delta."""
    obj = template.json()
    if api == "chat":
        choice = obj["choices"][0]
        choice["delta"] = {"content": text}
        choice["finish_reason"] = None
    elif api == "responses":
        obj["delta"] = text
    else:
        obj["delta"] = {"type": "text_delta", "text": text}
    return render_event(template.name, obj)


def broken_event(api: str, template: Event, text: str) -> bytes:
    """A text-delta event whose JSON stops mid-way (what a corrupted stream looks like)."""
    whole = text_event(api, template, text or "…").decode()
    head, _, payload = whole.rstrip("\n").rpartition("data: ")
    return f"{head}data: {payload[: max(1, len(payload) // 2)]}\n\n".encode()


def with_finish(api: str, ev: Event, finish: str) -> bytes:
    """A finish-carrying event re-sent with ``finish``."""
    obj = ev.json()
    if api == "chat":
        obj["choices"][0]["finish_reason"] = finish
        return render_event(ev.name, obj)
    if api == "responses":
        if finish == "length":
            obj["type"] = "response.incomplete"
            resp = obj.get("response") or {}
            resp["status"] = "incomplete"
            resp["incomplete_details"] = {"reason": "max_output_tokens"}
            return render_event("response.incomplete" if ev.name else None, obj)
        return ev.raw
    obj.setdefault("delta", {})["stop_reason"] = _TO_ANTHROPIC.get(finish, finish)
    return render_event(ev.name, obj)


def with_done_text(ev: Event, text: str) -> bytes:
    """A Responses API ``*.done`` / ``response.completed`` event repeating ``text`` as the answer."""
    obj = ev.json()
    if obj.get("type") == "response.output_text.done":
        obj["text"] = text
    elif obj.get("type") == "response.content_part.done":
        if (obj.get("part") or {}).get("type") == "output_text":
            obj["part"]["text"] = text
    elif obj.get("type") == "response.output_item.done":
        _set_message_text([obj.get("item") or {}], text)
    else:
        _set_message_text((obj.get("response") or {}).get("output") or [], text)
    return render_event(ev.name, obj)


def _set_message_text(items: list[Any], text: str) -> None:
    placed = False
    for item in items:
        if not isinstance(item, dict) or item.get("type") != "message":
            continue
        for part in item.get("content") or []:
            if isinstance(part, dict) and part.get("type") == "output_text":
                part["text"] = "" if placed else text
                placed = True


def stream_answer(api: str, data: bytes) -> str | None:
    """The assistant text of a whole SSE stream (for the call log)."""
    parts: list[str] = []
    state: dict[str, Any] = {}
    for ev in SseSplitter().feed(data + b"\n\n"):
        parts += [s.text for s in classify(api, ev, state) if s.kind == "text" and s.text is not None]
    return "".join(parts) if parts else None


# -- whole answers built from text (replayed answers) --------------------------------------------


def text_answer(api: str, text: str, model: str) -> dict[str, Any]:
    """A minimal JSON answer of ``api`` carrying ``text``."""
    if api == "chat":
        message = {"role": "assistant", "content": text}
        return {
            "id": "chatcmpl-replayed",
            "object": "chat.completion",
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        }
    if api == "responses":
        item = {
            "type": "message",
            "id": "msg_replayed",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": []}],
        }
        return {
            "id": "resp_replayed",
            "object": "response",
            "created_at": 0,
            "status": "completed",
            "model": model,
            "output": [item],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
        }
    return {
        "id": "msg_replayed",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 0, "output_tokens": 0},
    }


def text_stream(api: str, body: dict[str, Any], model: str) -> bytes:
    """The SSE stream of ``api`` delivering the answer ``body`` (its text in one delta)."""
    text, _ = answer_text(api, body)
    text = text or ""
    if api == "responses":
        ids: dict[str, Any] = {"item_id": "msg_replayed", "output_index": 0, "content_index": 0}
        events: list[tuple[str, dict[str, Any]]] = [
            ("response.output_text.delta", {"type": "response.output_text.delta", **ids, "delta": text}),
            ("response.output_text.done", {"type": "response.output_text.done", **ids, "text": text}),
            ("response.completed", {"type": "response.completed", "response": body}),
        ]
        return b"".join(render_event(n, {**d, "sequence_number": i}) for i, (n, d) in enumerate(events))
    start = {**body, "content": [], "stop_reason": None}
    events = [
        ("message_start", {"type": "message_start", "message": start}),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        ),
        (
            "content_block_delta",
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        ),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": body.get("stop_reason") or "end_turn"}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return b"".join(render_event(n, d) for n, d in events)
