"""What every model wire API shares: stream events, and the :class:`WireApi` interface each API implements.

Streams are SSE, or NDJSON (one JSON object per line, Ollama's): an NDJSON line is an :class:`Event` named
:data:`NDJSON`, so the seams edit both the same way.

One subclass per API (``llm_api_chat``, ``llm_api_responses``, ``llm_api_messages``) knows its JSON
answers, its stream events and its error bodies; :mod:`windtunnel.chaos.wire_apis` lists them. The seams
(:mod:`windtunnel.chaos.llm_wire`) only ever call the interface, so a new wire API is one new subclass
and one line in that list. Answers are read into a :class:`~windtunnel.chaos.base.LlmReply` (text,
finish reason, tool calls, refusal) and written back from one; finish reasons are spoken in Chat
Completions terms (``stop``, ``length``, ``tool_calls``, ``content_filter``) and translated per API.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.chaos.base import LlmReply, ToolUse

# -- stream events --------------------------------------------------------------------------------

NDJSON = "ndjson"
"""The :attr:`Event.name` of one line of an NDJSON stream."""


@dataclass
class Event:
    """One SSE event: its bytes as received (sent on verbatim when untouched) and its parsed parts."""

    raw: bytes
    name: str | None
    data: str | None

    def json(self) -> Any:
        """The event's data as JSON, or ``None`` when it has no data or the data is not JSON (``[DONE]``, a comment)."""
        if self.data is None:
            return None
        try:
            return json_loads(self.data)
        except ValueError:
            return None


class SseSplitter:
    """Cuts a byte stream into whole SSE events (``ndjson``: whole lines) as the bytes arrive."""

    def __init__(self, ndjson: bool = False) -> None:
        """``ndjson``: split on line ends instead of blank lines."""
        self._buf = b""
        self._ndjson = ndjson

    def feed(self, data: bytes) -> list[Event]:
        """The events completed by ``data``; an incomplete tail is kept for the next feed, so events split across
        network reads come out whole.
        """
        buf = self._buf + data if self._buf else data
        out: list[Event] = []
        start = 0
        for cut in _line_ends(buf) if self._ndjson else _event_ends(buf):
            out.append(parse_event(buf[start:cut]))
            start = cut
        self._buf = buf[start:]
        return out

    def rest(self) -> bytes:
        """The bytes of an incomplete last event (the stream ended without its blank line), emptying the buffer."""
        rest, self._buf = self._buf, b""
        return rest


def _line_ends(buf: bytes) -> list[int]:
    """The end offsets of the whole lines in ``buf``."""
    ends: list[int] = []
    i = buf.find(b"\n")
    while i >= 0:
        ends.append(i + 1)
        i = buf.find(b"\n", i + 1)
    return ends


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
    """An SSE event, or an NDJSON line (it opens with ``{``, which no SSE field line does).

    The usual one-line ``data:`` event takes a fast path; otherwise the ``event:`` name is read and the ``data:`` lines
    are joined with newlines, as the SSE specification says. ``raw`` keeps the bytes received, so an event no fault
    touches is sent on exactly as it came.
    """
    if raw.startswith(b"data:") and b"\r" not in raw:  # the usual event, one data line: ``data: {...}\n\n``
        line = raw.rstrip(b"\n")
        if b"\n" not in line:
            text = line[5:].decode("utf-8", "replace")
            return Event(raw, None, text[1:] if text.startswith(" ") else text)
    if raw.lstrip().startswith(b"{"):
        return Event(raw, NDJSON, raw.strip().decode("utf-8", "replace"))
    name = None
    data: list[str] = []
    for line in raw.replace(b"\r\n", b"\n").split(b"\n"):
        text = line.decode("utf-8", "replace")
        if text.startswith("event:"):
            name = text[6:].strip()
        elif text.startswith("data:"):
            data.append(text[5:][1:] if text[5:].startswith(" ") else text[5:])
    return Event(raw, name, "\n".join(data) if data else None)


def events_of(data: bytes, ndjson: bool = False) -> list[Event]:
    """Every event of a whole SSE (or NDJSON) body (the last one need not end with a blank line)."""
    return SseSplitter(ndjson).feed(data + b"\n\n")


def render_event(name: str | None, data: Any) -> bytes:
    """One event as bytes: an NDJSON line, or an SSE event with an optional ``event:`` line; ``data`` is JSON-encoded
    unless it is already a string.
    """
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    if name == NDJSON:
        return f"{payload}\n".encode()
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


# -- the interface ---------------------------------------------------------------------------------


class WireApi:
    """One model API as it travels on the wire. Subclasses set :attr:`name` and :attr:`path_suffix`
    and implement every method; the defaults are for APIs without that feature."""

    name: ClassVar[str]
    path_suffix: ClassVar[str]
    """The end of the request path of a model call (``/chat/completions``)."""
    ndjson: ClassVar[bool] = False
    """Streams are NDJSON lines, not SSE events."""
    streams_by_default: ClassVar[bool] = False
    """A request that does not say ``stream`` is answered as a stream."""

    @property
    def stream_type(self) -> str:
        """The content type of this API's streamed answers."""
        return "application/x-ndjson" if self.ndjson else "text/event-stream"

    def is_stream(self, content_type: str | None) -> bool:
        """Whether an answer with ``content_type`` is this API's stream."""
        ctype = content_type or ""
        return "event-stream" in ctype or (self.ndjson and "ndjson" in ctype)

    def splitter(self) -> SseSplitter:
        """A fresh splitter for one streamed answer of this API (SSE or NDJSON)."""
        return SseSplitter(self.ndjson)

    def events(self, data: bytes) -> list[Event]:
        """Every event of a whole streamed body."""
        return events_of(data, self.ndjson)

    def error_message(self, body: bytes) -> str | None:
        """The message of an error body this API sends (for the call log)."""
        payload = json.loads(body)
        error = payload.get("error")
        return error if isinstance(error, str) else (error or {}).get("message")

    def matches(self, method: str, path: str) -> bool:
        """Whether ``method`` ``path`` is a model call of this API."""
        return method.upper() == "POST" and path.split("?", 1)[0].rstrip("/").endswith(self.path_suffix)

    # whole answers
    def error_body(self, status: int, message: str | None) -> bytes:
        """The body the provider sends with an error ``status``."""
        raise NotImplementedError

    def read(self, data: Any) -> LlmReply | None:
        """Text, finish reason, tool calls and refusal of a JSON answer (``None``: not an answer).
        ``text`` is ``None`` when the answer carries no text (a reply with only tool calls)."""
        raise NotImplementedError

    def write(self, data: dict[str, Any], reply: LlmReply) -> dict[str, Any]:
        """A copy of the JSON answer ``data`` carrying what ``reply`` says (text, finish, tool calls)."""
        raise NotImplementedError

    def text_answer(self, text: str, model: str) -> dict[str, Any]:
        """A minimal JSON answer carrying ``text`` (replayed answers)."""
        raise NotImplementedError

    def declared_tools(self, request: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Tool name → JSON schema of its arguments, as a request declares its tools."""
        raise NotImplementedError

    # streams
    def classify(self, ev: Event, state: dict[str, Any]) -> list[Seen]:
        """The roles of one stream event (an event may carry text and its finish reason at once)."""
        raise NotImplementedError

    def text_event(self, template: Event, text: str) -> bytes:
        """``template`` (a text-delta event) re-sent carrying ``text`` as its delta."""
        raise NotImplementedError

    def with_finish(self, ev: Event, finish: str) -> bytes:
        """A finish-carrying event re-sent with ``finish``."""
        raise NotImplementedError

    def with_done_text(self, ev: Event, text: str) -> bytes:
        """An event repeating the whole text (``done``), re-sent with ``text``."""
        return ev.raw

    def without_text(self, ev: Event) -> Event:
        """An event that carried text and the finish reason, reduced to the finish reason."""
        return ev

    def assemble(self, events: list[Event]) -> dict[str, Any] | None:
        """The JSON answer a whole stream delivers (``None``: the stream is not a complete answer)."""
        raise NotImplementedError

    def render(self, base: dict[str, Any], reply: LlmReply, repeat_text: bool = False) -> bytes:
        """A whole stream delivering ``reply`` (ids, model and usage from the JSON answer ``base``);
        ``repeat_text`` sends the text delta twice."""
        raise NotImplementedError

    # shared by the subclasses
    def broken_event(self, template: Event, text: str) -> bytes:
        """A text-delta event whose JSON stops mid-way (what a corrupted stream looks like)."""
        whole = self.text_event(template, text or "…").decode()
        head, _, payload = whole.rstrip("\n").rpartition("data: ")
        return f"{head}data: {payload[: max(1, len(payload) // 2)]}\n\n".encode()

    def stream_text(self, data: bytes) -> str | None:
        """The assistant text of a whole SSE stream (for the call log)."""
        parts: list[str] = []
        state: dict[str, Any] = {}
        for ev in self.events(data):
            parts += [s.text for s in self.classify(ev, state) if s.kind == "text" and s.text is not None]
        return "".join(parts) if parts else None


def arguments_object(arguments: str) -> Any:
    """The object an API that carries tool arguments as JSON (Anthropic's ``input``) gets for
    ``arguments``: the parsed value; for an object cut off mid-way, the fields complete before the cut
    (what a partial JSON parser reads); for text that is not JSON, the text itself."""
    try:
        return json.loads(arguments)
    except json.JSONDecodeError as err:
        rest = arguments[err.pos :]
        cut_off = rest.startswith('"') and err.msg.startswith("Unterminated string")
        cut_off = cut_off or not any(c in rest for c in ",:{}[]")
    text = arguments.strip()
    if not (cut_off and text.startswith("{")):
        return arguments
    commas, depth, in_str, esc = [], 0, False, False
    for i, ch in enumerate(text):
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        elif ch == "," and depth == 1:
            commas.append(i)
    for cut in reversed(commas):
        try:
            value = json.loads(text[:cut] + "}")
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return {}


def tool_arguments(value: Any) -> str:
    """The JSON text of an API's tool input (a string stays as it is)."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def same_calls(a: list[ToolUse] | None, b: list[ToolUse] | None) -> bool:
    """Whether two answers carry the same tool calls (``None`` and an empty list are the same: no calls)."""
    return (a or []) == (b or [])
