"""One model call faulted on the wire, the same way by every seam that sees HTTP.

The in-process SDK transport (:mod:`windtunnel.chaos.sdk_transport`) and the LLM proxy
(:mod:`windtunnel.chaos.proxy.llm`) both hand a model request to :class:`WireCall` and then do what it
says: wait :attr:`WireCall.delay_s`, answer :meth:`WireCall.instead` (an error status with the
provider's body, or a timeout) without calling the model, or call the model and pass its body through
an :class:`Editor` — bytes in as they arrive, bytes out to send on, and a ``cut`` flag meaning "drop
the connection now". Streams are edited event by event, so kept text reaches the agent as the model
sends it; an unfaulted body goes through untouched.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from windtunnel.chaos.answered import completion_chunks
from windtunnel.chaos.base import LlmCall, LlmReply, TextFilter
from windtunnel.chaos.llm_apis import (
    Event,
    answer_text,
    broken_event,
    classify,
    error_body,
    is_stream,
    parse_event,
    render_event,
    splitter,
    stream_answer,
    stream_type,
    streams_by_default,
    text_answer,
    text_event,
    text_stream,
    with_answer_text,
    with_done_text,
    with_finish,
)
from windtunnel.chaos.plan import FaultPlan, LlmDecision

NO_TEXT = "the answer carries no text (only tool calls): text faults do not apply"
LOG_BYTES = 4 * 1024 * 1024
"""How much of an unfaulted body is kept to record the answer in the call log."""


@dataclass
class Instead:
    """A reply sent instead of calling the model: an HTTP answer, or (``timeout``) no answer at all."""

    status: int = 200
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""
    timeout: bool = False


OTHER_PATH = (
    "not a model call windtunnel faults (Chat Completions, Responses, Messages, Ollama chat / generate): passed through"
)


def log_other(plan: FaultPlan, method: str, path: str) -> None:
    """Record a POST to the model API that is not a model call (embeddings, files ...), and why it is not
    faulted."""
    if method.upper() == "POST":
        plan.log_call("llm", path.split("?", 1)[0], {"method": method, "path": path}, note=OTHER_PATH)


def request_args(request: dict[str, Any]) -> dict[str, Any]:
    """What the call log keeps of a model request: everything that was sent."""
    return request


class WireCall:
    """One model request at an HTTP seam: the plan's decision, the reply to send, the call log."""

    def __init__(self, plan: FaultPlan, api: str, body: bytes) -> None:
        try:
            request = orjson.loads(body or b"{}")
        except ValueError:
            request = None
        self.plan = plan
        self.api = api
        self.request: dict[str, Any] = (
            request if isinstance(request, dict) else {"body": body.decode("utf-8", "replace")}
        )
        self.stream = bool(self.request.get("stream", streams_by_default(api)))
        model = self.request.get("model")
        self.name = model if isinstance(model, str) and model else api
        # Same request bytes, same decision: SDKs serialise a request the same way every time.
        signature = f"{api}:{hashlib.blake2b(body, digest_size=8).hexdigest()}"
        self.call = LlmCall(request=self.request, signature=signature, stream=self.stream, name=self.name)
        self.dec: LlmDecision = plan.decide_llm(self.call)
        self.started = time.perf_counter()

    @property
    def delay_s(self) -> float:
        return self.dec.delay_ms / 1000

    def log(self, **kw: Any) -> None:
        self.plan.log_call(
            "llm", self.name, request_args(self.request), faults=self.dec.modes, started=self.started, **kw
        )

    def timed_out(self) -> None:
        """Record a ``timeout`` fault once the seam has held the call until the client gave up."""
        self.log(error="timeout: no answer before the client's timeout", status=504)

    def instead(self) -> Instead | None:
        """The reply to send without calling the model (after :attr:`delay_s`), or ``None``."""
        rep = self.dec.replacement
        if rep is None:
            return None
        if rep.timeout:
            return Instead(status=504, timeout=True, body=error_body(self.api, 504, rep.message))
        if rep.status < 400 and rep.body is not None:
            return self._answered(rep)
        body = error_body(self.api, rep.status, rep.message)
        headers = [("content-type", "application/json"), *rep.headers.items()]
        payload = json.loads(body)
        error = payload.get("error")
        message = error if isinstance(error, str) else (error or {}).get("message")  # Ollama: a string
        self.log(error=f"{rep.status}: {message}", status=rep.status, raw=payload)
        return Instead(status=rep.status, headers=headers, body=body)

    def _answered(self, rep: LlmReply) -> Instead:
        """A responder's recorded answer (JSON or text), as JSON or, when the request streams, as SSE."""
        body = rep.body if isinstance(rep.body, dict) else text_answer(self.api, str(rep.body), self.name)
        self.log(response=answer_text(self.api, body)[0], raw=body, status=rep.status)
        extra = list(rep.headers.items())
        if not self.stream:
            return Instead(rep.status, [("content-type", "application/json"), *extra], json.dumps(body).encode())
        if self.api == "chat":
            events = b"".join(render_event(None, c) for c in completion_chunks(body)) + render_event(None, "[DONE]")
        else:
            events = text_stream(self.api, body, self.name)
        return Instead(200, [("content-type", stream_type(self.api)), *extra], events)

    def editor(self, status: int, content_type: str | None) -> Editor:
        """The editor for the model's answer (``status``, ``content_type`` as the model sent them)."""
        is_sse = is_stream(self.api, content_type)
        if status != 200 or not self.dec.corrupts:
            return Editor(self, is_sse)
        if is_sse:
            return StreamEditor(self)
        return BodyEditor(self)


class Editor:
    """Passes the model's body through untouched and records the answer when it ends."""

    edits = False
    """Whether the bytes sent may differ from the model's (drop Content-Length / -Encoding)."""

    def __init__(self, wire: WireCall, is_sse: bool = False) -> None:
        self.wire = wire
        self.is_sse = is_sse
        self.cut = False
        self.done = False
        self._seen = bytearray()
        self.status = 200
        self.encoded = False
        """The bytes are still content-encoded (gzip ...): the log cannot read the answer."""

    def feed(self, data: bytes) -> bytes:
        if len(self._seen) < LOG_BYTES:
            self._seen += data
        return data

    def end(self) -> bytes:
        if self.done:
            return b""
        self.done = True
        data = bytes(self._seen)
        note = None
        if self.wire.dec.corrupts and self.status != 200:
            note = f"the model answered {self.status}: text faults do not apply"
        if self.encoded:
            self.wire.log(response=None, status=self.status, note=note)
        elif self.is_sse:
            text = stream_answer(self.wire.api, data)
            self.wire.log(response=text, raw=text, status=self.status, note=note)
        else:
            raw = _json_or_text(data)
            error = None if self.status < 400 else f"{self.status}: {raw}"
            text = answer_text(self.wire.api, raw)[0]
            self.wire.log(response=text, error=error, raw=raw, status=self.status, note=note)
        return b""

    def fail(self, err: BaseException) -> None:
        """The model's side failed (connection error, client gone): record it."""
        if not self.done:
            self.done = True
            self.wire.log(error=f"{type(err).__name__}: {err}", status=None)


def _json_or_text(data: bytes) -> Any:
    try:
        return orjson.loads(data)
    except ValueError:
        return data.decode("utf-8", "replace")


class BodyEditor(Editor):
    """A whole JSON answer: held until complete, then corrupted (or cut, or broken)."""

    edits = True

    def feed(self, data: bytes) -> bytes:
        self._seen += data
        return b""

    def end(self) -> bytes:
        if self.done:
            return b""
        self.done = True
        data = bytes(self._seen)
        wire = self.wire
        try:
            obj = orjson.loads(data)
        except ValueError:
            wire.log(response=data.decode("utf-8", "replace"), status=200, note="the answer is not JSON: not faulted")
            return data
        text, finish = answer_text(wire.api, obj)
        if text is None:
            wire.log(response=None, raw=obj, status=200, note=NO_TEXT)
            return data
        reply = wire.dec.finish(LlmReply(text=text, finish_reason=finish))
        if reply.cut_after is not None:
            self.cut = True
            wire.log(error="connection dropped before the end of the answer (stream_cutoff)", status=200)
            return data[: int(len(data) * reply.cut_after)]
        if reply.malformed:
            wire.log(response=None, error="answer body is not valid JSON (malformed)", status=200)
            return data[: max(1, len(data) // 2)]
        if reply.text == text and reply.finish_reason == finish:
            wire.log(response=text, raw=obj, status=200)
            return data
        new = with_answer_text(wire.api, obj, reply.text or "", reply.finish_reason)
        wire.log(response=reply.text, raw=new, status=200)
        return json.dumps(new, ensure_ascii=False).encode()


class _Buffer(TextFilter):
    """Holds a stream's text back and applies the decision's transforms to all of it at the end."""

    def __init__(self, dec: LlmDecision) -> None:
        super().__init__()
        self.dec = dec
        self.parts: list[str] = []
        self.finish_in: str | None = None

    def feed(self, text: str) -> str:
        self.parts.append(text)
        return ""

    def flush(self) -> str:
        if not self.parts:
            return ""
        text, self.parts = "".join(self.parts), []
        reply = self.dec.finish(LlmReply(text=text, finish_reason=self.finish_in or "stop"))
        if reply.malformed:
            self.malformed = True
            return ""
        if reply.cut_after is not None:
            self.cut = True
            return text[: math.floor(len(text) * reply.cut_after)]
        if reply.finish_reason and reply.finish_reason != (self.finish_in or "stop"):
            self.finish_reason = reply.finish_reason
        return reply.text or ""


class StreamEditor(Editor):
    """An SSE answer edited event by event: text deltas go through the faults' text filters."""

    edits = True

    def __init__(self, wire: WireCall) -> None:
        super().__init__(wire, is_sse=True)
        self.split = splitter(wire.api)
        self.state: dict[str, Any] = {}
        call, dec = wire.call, wire.dec
        filters = [(i, f, f.stream_filter(call, d)) for i, f, d in dec.transforms]
        self.filters: list[tuple[int | None, Any, TextFilter]]
        if all(flt is not None for _, _, flt in filters):
            self.filters = [(i, f, flt) for i, f, flt in filters if flt is not None]
        else:
            self.buffer = _Buffer(dec)
            self.filters = [(None, None, self.buffer)]
        self._marked: set[int] = set()
        self.template: Event | None = None
        self.original: list[str] = []
        self.sent: list[str] = []
        self.finish_override: str | None = None
        self.broken = False

    # -- text --------------------------------------------------------------------------------
    def _through(self, text: str, flush: bool = False) -> str:
        out = text
        for index, fault, flt in self.filters:
            if flush:
                out = (flt.feed(out) if out else "") + flt.flush()
            elif out:
                out = flt.feed(out)
            if flt.finish_reason:
                self.finish_override = flt.finish_reason
            if flt.cut:
                self.cut = True
            if flt.malformed:
                self.broken = True
            if index is not None and flt.acted and index not in self._marked:
                self._marked.add(index)
                self.wire.dec.mark_fired(index, fault)
        return out

    def _emit_text(self, text: str) -> bytes:
        if not text or self.template is None:
            return b""
        self.sent.append(text)
        return text_event(self.wire.api, self.template, text)

    def _stopping(self) -> bytes:
        """After a cut or a broken event nothing more is sent."""
        if self.broken and self.template is not None:
            return broken_event(self.wire.api, self.template, self.original[-1] if self.original else "")
        return b""

    # -- events ------------------------------------------------------------------------------
    def feed(self, data: bytes) -> bytes:
        if self.cut or self.broken:
            return b""
        out = bytearray()
        for ev in self.split.feed(data):
            out += self._safe_event(ev)
            if self.cut or self.broken:
                break
        return bytes(out)

    def _safe_event(self, ev: Event) -> bytes:
        """An event the model sent in a shape this editor does not know goes on unedited."""
        try:
            return self._event(ev)
        except (KeyError, IndexError, TypeError, AttributeError):
            return ev.raw

    def _event(self, ev: Event) -> bytes:
        api = self.wire.api
        roles = classify(api, ev, self.state)
        finish_in = next((r.finish for r in roles if r.kind == "finish"), None)
        if finish_in and isinstance(self.filters[0][2], _Buffer):
            self.filters[0][2].finish_in = finish_in
        before = bytearray()
        body: bytes | None = ev.raw
        for role in roles:
            if role.kind == "text" and role.text is not None:
                if self.template is None:
                    self.template = ev
                self.original.append(role.text)
                text = self._through(role.text)
                if self.cut or self.broken:
                    return bytes(before + self._emit_text(text)) + self._stopping()
                if text == role.text and body is ev.raw:
                    self.sent.append(text)
                else:
                    before += self._emit_text(text)
                    body = None
            elif role.kind in ("text_end", "terminal") and self.original:
                before += self._emit_text(self._through("", flush=True))
                if self.cut or self.broken:
                    return bytes(before) + self._stopping()
            elif role.kind == "finish":
                want = self.finish_override if self.finish_override != role.finish else None
                if body is None or want:
                    base = parse_event(body) if body is not None else _without_text(api, ev)
                    body = with_finish(api, base, want or role.finish or "stop")
            elif role.kind == "done" and "".join(self.sent) != "".join(self.original):
                base = parse_event(body) if body is not None else ev
                body = with_done_text(base, "".join(self.sent))
        return bytes(before) + (body or b"")

    def end(self) -> bytes:
        if self.done:
            return b""
        out = b""
        if not (self.cut or self.broken):
            rest = self.split.rest()
            if rest.strip():
                out += self._safe_event(parse_event(rest))
            elif rest:
                out += rest
            if (
                not (self.cut or self.broken)
                and self.original
                and any(getattr(flt, "parts", None) for _, _, flt in self.filters)
            ):
                out += self._emit_text(self._through("", flush=True))
        self.done = True
        sent = "".join(self.sent) if self.original else None
        if sent is None and not (self.cut or self.broken):
            self.wire.log(response=None, status=200, note=NO_TEXT)
        elif self.cut:
            self.wire.log(response=sent, error="connection dropped mid-stream (stream_cutoff)", status=200)
        elif self.broken:
            self.wire.log(response=sent, error="broken stream event sent (malformed)", status=200)
        else:
            self.wire.log(response=sent, status=200)
        return out


def _without_text(api: str, ev: Event) -> Event:
    """A Chat chunk that carried text and its finish reason, reduced to the finish reason."""
    obj = ev.json()
    if api == "chat" and isinstance(obj, dict) and obj.get("choices"):
        obj["choices"][0]["delta"] = {}
    elif api in ("ollama_chat", "ollama_generate") and isinstance(obj, dict):
        obj["message" if api == "ollama_chat" else "response"] = (
            {**obj.get("message", {}), "content": ""} if api == "ollama_chat" else ""
        )
    return parse_event(render_event(ev.name, obj))
