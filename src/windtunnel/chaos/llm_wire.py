"""One model call faulted on the wire, the same way by every seam that sees HTTP.

The in-process SDK transport (:mod:`windtunnel.chaos.sdk_transport`) and the LLM proxy
(:mod:`windtunnel.chaos.proxy.llm`) both hand a model request to :class:`WireCall` and then do what it
says: wait :attr:`WireCall.delay_s`, answer :meth:`WireCall.instead` (an error status with the
provider's body, or a timeout) without calling the model, or call the model and pass its body through
an :class:`Editor` — bytes in as they arrive, bytes out to send on, and a ``cut`` flag meaning "drop
the connection now". Streams are edited event by event, so kept text reaches the agent as the model
sends it; an unfaulted body goes through untouched.

Why one class for two seams: the SDK transport (a python agent's own client) and the proxy (any process pointed at
it) must inject the same fault identically, byte for byte, or a result measured through one would not hold through
the other. So the decisions (what fires, the delay, the replacement) come from the cell's
:class:`~windtunnel.chaos.plan.FaultPlan`, the editing from the editors here, and the wire formats from the
:class:`~windtunnel.chaos.llm_apis.WireApi` of the request's API; the seams only move bytes.

The editors are chosen by what the firing faults need, cheapest first: pass-through (:class:`Editor`) when nothing
edits, event-by-event text filters (:class:`StreamEditor`) when every fault can work on a stream as it flows, holding
the text back when one needs all of it, and reading the whole stream (:class:`WholeStreamEditor`) only for faults that
rebuild the answer. A text fault on an answer that has no text (only tool calls) is noted as such in the call log
(:data:`NO_TEXT`) instead of being claimed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import orjson

from windtunnel._util.chunked import Dechunker, dechunk
from windtunnel.chaos import llm_memory
from windtunnel.chaos.base import LlmCall, LlmReply, TextFilter
from windtunnel.chaos.llm_apis import Event, WireApi, parse_event
from windtunnel.chaos.llm_payload import said
from windtunnel.chaos.plan import FaultPlan, LlmDecision, Outcome, next_seq
from windtunnel.chaos.wire_apis import WIRE_APIS

NO_TEXT = "the answer carries no text (only tool calls): text faults do not apply"
CUT_MID_STREAM = "connection dropped mid-stream (stream_cutoff)"
"""The call log's error for a streamed answer whose connection dropped before its end (its response: the text sent)."""
CUT_MID_BODY = "connection dropped before the end of the answer (stream_cutoff)"
"""The call log's error for a whole (JSON) answer whose connection dropped before the end of its body."""
CUT_WORDS = "connection dropped"
"""What every seam's error for a cut answer starts with (these two, and the wrapped callables' own)."""
LOG_BYTES = 4 * 1024 * 1024
"""How much of an unfaulted body is kept to record the answer in the call log."""


@dataclass
class Instead:
    """A reply sent instead of calling the model: an HTTP answer, or (``timeout``) no answer at all."""

    status: int = 200
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""
    timeout: bool = False
    cut: bool = False
    """Send ``body``, then drop the connection: the answer stops before its end (a replayed cut,
    :meth:`WireCall.cut_answer`)."""
    length: int | None = None
    """With ``cut``: the length the head declares (the whole answer's), or ``None`` for a chunked (streamed) body."""


def was_cut(error: object) -> bool:
    """Whether a call-log error says the connection dropped before the end of the model's answer (a seam's cut)."""
    return isinstance(error, str) and error.startswith(CUT_WORDS)


def before_cut(data: bytes, keep: float) -> bytes:
    """The bytes of an answer sent before a cut after ``keep`` (0-1) of it: never all of them, since a cut answer
    never arrives whole (``keep`` 1 sends all but the last byte)."""
    return data[: min(math.floor(len(data) * keep), max(len(data) - 1, 0))]


OTHER_PATH = "not a model call windtunnel faults (Chat Completions, Responses, Messages): passed through"


def log_other(plan: FaultPlan, method: str, path: str) -> None:
    """Record a POST to the model API that is not a model call (embeddings, files ...), and why it is not
    faulted."""
    if method.upper() == "POST":
        plan.log_call("llm", path.split("?", 1)[0], {"method": method, "path": path}, note=OTHER_PATH)


def request_args(request: dict[str, Any]) -> dict[str, Any]:
    """What the call log keeps of a model request: everything that was sent."""
    return request


def parse_request(body: bytes) -> dict[str, Any]:
    """A model request's body as JSON; a body that is not a JSON object is kept as text under ``body``."""
    try:
        request = orjson.loads(body or b"{}")
    except ValueError:
        request = None
    return request if isinstance(request, dict) else {"body": body.decode("utf-8", "replace")}


class WireCall:
    """One model request at an HTTP seam: the plan's decision, the reply to send, the call log.

    Built when the request arrives (the decision is taken then); the seam asks :meth:`instead` whether to answer without
    the model, waits :attr:`delay_s`, and otherwise passes the model's answer through :meth:`editor`. The call is logged
    exactly once, by whichever of these ends it.
    """

    def __init__(self, plan: FaultPlan, api: str, body: bytes) -> None:
        """Parse the request body (a body that is not a JSON object is kept as text under ``body``), name the call after
        its ``model`` and decide its faults at once. The signature hashes the raw bytes: SDKs serialise the same request
        the same way, so a rerun gets the same decision.
        """
        self.plan = plan
        self.api = api
        self.body = body
        """The request as sent: the call log parses it again when it is read (:meth:`log_later`)."""
        self.wire_api: WireApi = WIRE_APIS[api]
        self.request: dict[str, Any] = parse_request(body)
        wire_api, request = self.wire_api, self.request
        self.stream = bool(request.get("stream", wire_api.streams_by_default))
        model = request.get("model")
        self.name = model if isinstance(model, str) and model else api
        self._call: LlmCall | None = None
        self._signature = ""
        if plan.llm_spent:  # no fault can act on it any more: no call to build, nothing to count or decide
            self.dec: LlmDecision = plan.untouched
        else:
            # Same request bytes, same decision: SDKs serialise a request the same way every time.
            self._signature = f"{api}:{hashlib.blake2b(body, digest_size=8).hexdigest()}"
            self.dec = plan.untouched if plan.passes_llm(self._signature) else plan.decide_llm(self.call)
        self.seq = next_seq()
        """The call's place in the log, taken after its faults fired (they number the call they act on): a streamed
        answer is logged when its body ends, which may come after the client's next call. A fault acting on the answer
        is stamped with it (:attr:`LlmDecision.call_seq`)."""
        if self.dec is not plan.untouched:  # the plan's shared no-fault decision fires nothing
            self.dec.call_seq = self.seq
        self.started = time.perf_counter()
        plan.opened("llm", self.name, self.seq, partial(request_args, self.request), self.dec.modes)

    @property
    def call(self) -> LlmCall:
        """The call as the plan's faults read it (built when first asked for). Its signature hashes the raw bytes:
        SDKs serialise the same request the same way, so a rerun gets the same decision."""
        if self._call is None:
            api, plan = self.api, self.plan
            signature = self._signature or f"{api}:{hashlib.blake2b(self.body, digest_size=8).hexdigest()}"
            previous = llm_memory.previous(plan, api) if plan.wants_previous else None  # only when a fault reads it
            self._call = LlmCall(self.request, signature, self.stream, self.name, api=api, previous=previous)
        return self._call

    @property
    def delay_s(self) -> float:
        """Seconds the seam waits before answering or forwarding the call (the firing faults' delays summed)."""
        return self.dec.delay_ms / 1000

    def log(self, **kw: Any) -> None:
        """Record the call in the plan's log with its request, firing modes and latency; ``kw`` carries the outcome
        (``response``, ``error``, ``raw``, ``status``, ``note``).
        """
        args = request_args(self.request)
        self.plan.log_call("llm", self.name, args, faults=self.dec.modes, started=self.started, seq=self.seq, **kw)

    def log_later(self, outcome: Callable[[], Outcome]) -> None:
        """Record the call as :meth:`log` does, with its arguments and outcome built by ``outcome`` only when the call
        log is read (``outcome`` parses the request again from :attr:`body`: the entry is of the request as sent)."""
        self.plan.log_later("llm", self.name, outcome, faults=self.dec.modes, started=self.started, seq=self.seq)

    def timed_out(self) -> None:
        """Record a ``timeout`` fault once the seam has held the call until the client gave up."""
        self.log(error="timeout: no answer before the client's timeout", status=504)

    def remember(self, answer: Any) -> None:
        """Keep the model's answer (JSON) for a later ``stale_answer`` of this seam."""
        llm_memory.remember(self.plan, self.api, answer)

    def instead(self) -> Instead | None:
        """The reply to send without calling the model (after :attr:`delay_s`), or ``None``.

        A timeout carries the provider's 504 body (the seam holds the call and then fails it as the client would); a
        responder's whole answer is sent as JSON or as this API's stream, as the request asked; a raw error page goes
        verbatim; any other error gets the provider's own error JSON for its status. Each is logged as the call's
        outcome.
        """
        rep = self.dec.replacement
        if rep is None:
            return None
        if rep.timeout:
            return Instead(status=504, timeout=True, body=self.wire_api.error_body(504, rep.message))
        if rep.status < 400 and rep.body is not None:
            return self._answered(rep)
        if rep.raw is not None:
            self.log(error=f"{rep.status}: {rep.message}", status=rep.status, raw=rep.raw.decode("utf-8", "replace"))
            return Instead(status=rep.status, headers=list(rep.headers.items()), body=rep.raw)
        body = self.wire_api.error_body(rep.status, rep.message)
        headers = [("content-type", "application/json"), *rep.headers.items()]
        payload = json.loads(body)
        message = self.wire_api.error_message(body)
        self.log(error=f"{rep.status}: {message}", status=rep.status, raw=payload)
        return Instead(status=rep.status, headers=headers, body=body)

    def _answered(self, rep: LlmReply) -> Instead:
        """A whole answer given instead of the model's (a recording, a stale answer), JSON or text, as
        JSON or, when the request streams, as this API's SSE stream."""
        api = self.wire_api
        body = rep.body if isinstance(rep.body, dict) else api.text_answer(str(rep.body), self.name)
        reply = api.read(body) or LlmReply(text="")
        extra = list(rep.headers.items())
        if rep.cut_after is not None:
            return self.cut_answer(body, reply, rep.cut_after, extra)
        self.log(response=said(reply), raw=body, status=rep.status)
        if not self.stream:
            return Instead(rep.status, [("content-type", "application/json"), *extra], json.dumps(body).encode())
        return Instead(200, [("content-type", api.stream_type), *extra], api.render(body, reply))

    def cut_answer(self, body: dict[str, Any], reply: LlmReply, keep: float, extra: list[tuple[str, str]]) -> Instead:
        """A whole answer (``body``, read as ``reply``) cut after ``keep`` of it, as a ``stream_cutoff`` cuts the
        model's: a stream goes through the fault's own editor (:class:`StreamEditor` holding the text back and cutting
        it at ``keep``: the events before the text, the text kept, then nothing), a JSON body is cut as
        :class:`BodyEditor` cuts one (:func:`before_cut`); the seam then drops the connection. How a replay meets a
        recorded cut (``cut: true``) with what was sent before it."""
        api = self.wire_api
        if not self.stream:
            whole = json.dumps(body).encode()
            self.log(error=CUT_MID_BODY, status=200)
            head = [("content-type", "application/json"), *extra]
            return Instead(200, head, before_cut(whole, keep), cut=True, length=len(whole))
        head = [("content-type", api.stream_type), *extra]
        if not reply.text:  # no text was sent before the cut: the connection dropped before the answer began
            self.log(response=None, error=CUT_MID_STREAM, status=200)
            return Instead(200, head, b"", cut=True)
        editor = StreamEditor(self, _Buffer(lambda r: dataclasses.replace(r, cut_after=keep)))
        sent = editor.feed(api.render(body, reply))
        return Instead(200, head, sent + editor.end(), cut=True)

    def editor(self, status: int, content_type: str | None) -> Editor:
        """The editor for the model's answer (``status``, ``content_type`` as the model sent them)."""
        is_sse = self.wire_api.is_stream(content_type)  # SSE, or the API's NDJSON
        if status != 200 or not self.dec.corrupts:
            return Editor(self, is_sse)
        if is_sse and any(f.whole_answer for _, f, _ in self.dec.transforms):
            return WholeStreamEditor(self)
        if is_sse:
            return StreamEditor(self)
        return BodyEditor(self)


class Editor:
    """Passes the model's body through untouched and records the answer when it ends.

    The base of the editors: :meth:`feed` takes the upstream bytes as they arrive and returns what to send on,
    :meth:`end` returns any bytes still to send and logs the answer, :meth:`fail` logs an upstream failure. ``cut``
    tells the seam to drop the connection now. This base is used for every answer no transform touches (and for error
    answers), so an unfaulted body costs a reference to its pieces (at most :data:`LOG_BYTES` of them, joined at the
    end when there are several) and its call-log entry is built from those bytes only when the log is read.
    """

    edits = False
    """Whether the bytes sent may differ from the model's (drop Content-Length / -Encoding)."""

    def __init__(self, wire: WireCall, is_sse: bool = False) -> None:
        self.wire = wire
        self.is_sse = is_sse
        self.cut = False
        self.done = False
        self._pieces: list[bytes] = []
        self._kept = 0
        self.status = 200
        self.encoded = False
        """The bytes are still content-encoded (gzip ...): the log cannot read the answer."""
        self.chunked = False
        """The bytes come with their chunk framing (a seam passing a chunked answer on as it came): the log and the
        answer's memory decode it."""
        self._stream: bytearray | None = None
        self._unchunk: Dechunker | None = None
        self.remembered = False
        """The stream's answer was remembered as soon as it was whole (:meth:`_remember_early`)."""
        self._early = is_sse and wire.plan.wants_previous
        """Each piece of the stream is read as it comes (a ``stale_answer`` fault reads the previous answer)."""

    def feed(self, data: bytes) -> bytes:
        """Keep up to :data:`LOG_BYTES` of the body for the call log (the pieces as they came, no copy) and pass
        ``data`` on unchanged."""
        if self._kept < LOG_BYTES:
            self._pieces.append(data)
            self._kept += len(data)
        if self._early and not self.remembered:
            self._remember_early(data)
        return data

    def _remember_early(self, data: bytes) -> None:
        """Remember a streamed answer (a later ``stale_answer``) as soon as its events make it whole, before the piece
        that completes it goes on: a client reads ``[DONE]`` or ``message_stop`` and may send its next call before
        the body's framing ends, and that call must find this answer. Only while a fault reads the previous answer;
        the events are read again at each piece that ends a line (an answer is a few KB)."""
        if self.status != 200 or self.encoded:
            return
        if self._stream is None:
            self._stream = bytearray()
            self._unchunk = Dechunker() if self.chunked else None
        try:
            self._stream += self._unchunk.feed(data) if self._unchunk is not None else data
        except ValueError:
            self.remembered = True  # bad framing: left to the end of the body
            return
        if b"\n" not in data:
            return  # no event (SSE) or line (NDJSON) ended in this piece
        api = self.wire.wire_api
        answer = api.assemble(api.events(bytes(self._stream)))
        if answer is not None:
            self.wire.remember(answer)
            self.remembered = True

    def end(self) -> bytes:
        """Log the answer once the body ends (later calls do nothing): the text the agent received, the tool calls it
        asks for, and a note when faults were configured but the model answered with an error, all read from the
        bytes when the call log is read (:meth:`WireCall.log_later`); only a ``stale_answer`` fault's memory parses
        the answer now. Returns the bytes still to send, none for an unedited body.
        """
        if self.done:
            return b""
        self.done = True
        pieces = self._pieces
        data = pieces[0] if len(pieces) == 1 else b"".join(pieces)
        wire, status = self.wire, self.status
        note = None
        if wire.dec.corrupts and status != 200:
            note = f"the model answered {status}: text faults do not apply"
        api = wire.wire_api
        if status == 200 and not self.encoded and wire.plan.wants_previous:  # a stale_answer replays it (llm_memory)
            if self.chunked:
                data, self.chunked = dechunk(data), False
            if self.is_sse:
                wire.remember(api.assemble(api.events(data)))
            else:
                raw = _json_or_text(data)
                if api.read(raw) is not None:
                    wire.remember(raw)
        outcome = partial(_passed_outcome, wire.body, api, data, status, note, self.encoded, self.is_sse, self.chunked)
        wire.log_later(outcome)
        return b""

    def fail(self, err: BaseException) -> None:
        """The model's side failed (connection error, client gone): record it."""
        if not self.done:
            self.done = True
            self.wire.log(error=f"{type(err).__name__}: {err}", status=None)


def _passed_outcome(
    request: bytes,
    api: WireApi,
    data: bytes,
    status: int,
    note: str | None,
    encoded: bool,
    is_sse: bool,
    chunked: bool = False,
) -> Outcome:
    """What the call log says of a call whose answer passed through untouched (built when the log is read): the
    request as sent; the text the agent received and the tool calls it asks for, the error an error status carries,
    or nothing readable when the body is still content-encoded (``chunked``: ``data`` still has its chunk framing)."""
    args = request_args(parse_request(request))
    if encoded:
        return Outcome(args, None, status=status, note=note)
    if chunked:
        data = dechunk(data)
    if is_sse:
        text = api.stream_text(data)
        return Outcome(args, stream_answer(api, data, text), raw=text, status=status, note=note)
    raw = _json_or_text(data)
    if status >= 400:
        return Outcome(args, said(api.read(raw)), f"{status}: {raw}", raw, status, note)
    reply = api.read(raw)
    if reply is None:  # a success status, but nothing the agent's SDK can read as an answer: say what came
        return Outcome(args, _unreadable(raw), None, raw, status, note or UNREADABLE)
    return Outcome(args, said(reply), None, raw, status, note)


UNREADABLE = "the model's answer is not an answer of its API (shown as it came): the agent's SDK cannot read it"
"""The note of a call whose success answer is not JSON, or JSON without the API's answer shape."""


def _unreadable(raw: Any) -> Any:
    """What the call log shows of an answer the API cannot read: its text, or its JSON as it came."""
    return raw if raw not in ("", None) else "(an empty body)"


def _json_or_text(data: bytes) -> Any:
    """The body as JSON, or as text when it is not JSON (an HTML error page from a gateway, say)."""
    try:
        return orjson.loads(data)
    except ValueError:
        return data.decode("utf-8", "replace")


class BodyEditor(Editor):
    """A whole JSON answer: held until complete, then corrupted (or cut, or broken).

    Nothing reaches the client before the model has finished; the edited answer is then sent as one body (the seam
    recomputes its length).
    """

    edits = True

    def __init__(self, wire: WireCall, is_sse: bool = False) -> None:
        super().__init__(wire, is_sse)
        self._seen = bytearray()

    def feed(self, data: bytes) -> bytes:
        """Hold every piece back: a JSON answer can only be edited once it is whole."""
        self._seen += data
        return b""

    def end(self) -> bytes:
        """Apply the firing transforms to the whole answer and return the bytes to send: the edited JSON, a truncated
        body for a cut (``cut`` is set so the seam drops the connection), half a body for ``malformed``, or the
        model's bytes when nothing applies (not JSON, no text and no tool calls, or no fault changed it).
        """
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
        api = wire.wire_api
        before = api.read(obj)
        if before is None or (before.text is None and not before.tool_calls):
            wire.log(response=None, raw=obj, status=200, note=NO_TEXT)
            return data
        wire.remember(obj)
        text = before.text
        reply = wire.dec.finish(before)
        if reply.cut_after is not None:
            self.cut = True
            wire.log(error=CUT_MID_BODY, status=200)
            return before_cut(data, reply.cut_after)
        if reply.malformed:
            wire.log(response=None, error="answer body is not valid JSON (malformed)", status=200)
            return data[: max(1, len(data) // 2)]
        if reply == before:
            wire.log(response=said(before), raw=obj, status=200, note=NO_TEXT if text is None else None)
            return data
        new = api.write(obj, reply)
        wire.log(response=said(reply), raw=new, status=200)
        return json.dumps(new, ensure_ascii=False).encode()


TOOL_MARKERS = (b'"tool_calls"', b'"function_call"', b'"tool_use"')
"""Bytes every wire API's tool call carries (Chat Completions, Responses, Messages): a stream without
them is not assembled to look for tool calls."""


def stream_answer(api: WireApi, data: bytes, text: str | None) -> Any:
    """:func:`said` of a streamed answer whose text the agent received is ``text``: the tool calls come from
    the stream assembled, only when its bytes carry one."""
    if not any(marker in data for marker in TOOL_MARKERS):
        return text
    whole = api.assemble(api.events(data))
    reply = api.read(whole) if whole is not None else None
    if reply is None or not reply.tool_calls:
        return text
    return said(dataclasses.replace(reply, text=text or None, refusal=None))


class _Buffer(TextFilter):
    """Holds a stream's text back and applies the decision's transforms to all of it at the end.

    The fallback when some firing fault has no incremental :meth:`~windtunnel.chaos.base.LlmFaultSpec.stream_filter`:
    the agent then receives the text in one delta after the model finished: the timing and the chunking of the text
    change, the stream's other events do not. A fault that cuts the answer keeps the leading fraction and drops the
    connection.
    """

    def __init__(self, finish: Callable[[LlmReply], LlmReply]) -> None:
        """``finish`` applies the transforms to the whole text (the decision's :meth:`LlmDecision.finish`, or a replayed
        cut's). ``finish_in`` is the model's own finish reason, set by the editor when the stream reports it, so the
        transforms see the answer as it really ended.
        """
        super().__init__()
        self.finish = finish
        self.parts: list[str] = []
        self.finish_in: str | None = None

    def feed(self, text: str) -> str:
        """Hold the delta back (nothing is sent until :meth:`flush`)."""
        self.parts.append(text)
        return ""

    def flush(self) -> str:
        """Run the transforms on the whole held-back text and return what to send, setting the filter flags from the
        edited reply (a cut keeps the leading fraction, a changed finish reason overrides the stream's).
        """
        if not self.parts:
            return ""
        text, self.parts = "".join(self.parts), []
        reply = self.finish(LlmReply(text=text, finish_reason=self.finish_in or "stop"))
        if reply.malformed:
            self.malformed = True
            return ""
        if reply.cut_after is not None:
            self.cut = True
            return text[: math.floor(len(text) * reply.cut_after)]
        if reply.finish_reason and reply.finish_reason != (self.finish_in or "stop"):
            self.finish_reason = reply.finish_reason
        self.repeat = reply.repeat_chunk is not None
        return reply.text or ""


class StreamEditor(Editor):
    """An SSE answer edited event by event: text deltas go through the faults' text filters.

    Events the faults do not touch are forwarded byte for byte as they arrive; text events are re-rendered from the
    first text event the model sent, so ids and fields stay the provider's. Used when every firing fault can edit a
    stream incrementally or by holding the text back (:class:`_Buffer`); faults that need the whole answer use
    :class:`WholeStreamEditor`.
    """

    edits = True

    def __init__(self, wire: WireCall, buffer: _Buffer | None = None) -> None:
        """Build the chain of text filters: each firing fault's own :meth:`~LlmFaultSpec.stream_filter`, or, when any of
        them has none, one :class:`_Buffer` that holds the text back and applies every transform at the end (``buffer``:
        that one, given: a replayed cut's, :meth:`WireCall.cut_answer`).
        """
        super().__init__(wire, is_sse=True)
        self._seen = bytearray()
        self.api = wire.wire_api
        self.split = wire.wire_api.splitter()
        self.state: dict[str, Any] = {}
        call, dec = wire.call, wire.dec
        filters = [] if buffer is not None else [(i, f, f.stream_filter(call, d)) for i, f, d in dec.transforms]
        self.filters: list[tuple[int | None, Any, TextFilter]]
        if buffer is None and all(flt is not None for _, _, flt in filters):
            self.filters = [(i, f, flt) for i, f, flt in filters if flt is not None]
        else:
            self.buffer = buffer or _Buffer(dec.finish)
            self.filters = [(None, None, self.buffer)]
        self._marked: set[int] = set()
        self.template: Event | None = None
        self.original: list[str] = []
        self.sent: list[str] = []
        self.received: list[str] = []
        """What the agent received, repeated chunks included (``sent`` is the answer's own text)."""
        self.repeat = False
        self.finish_override: str | None = None
        self.broken = False
        self.keep = llm_memory.wanted(wire.plan)
        """Keep the model's bytes to remember its answer (a later ``stale_answer``)."""

    # -- text --------------------------------------------------------------------------------
    def _through(self, text: str, flush: bool = False) -> str:
        """Run ``text`` through the filter chain (``flush``: the end of the text, so held-back text comes out), collect
        the flags the filters raise (cut, malformed, repeat, finish reason) and mark each fault fired the first time
        it acts.
        """
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
            if flt.repeat:
                self.repeat, flt.repeat = True, False
            if index is not None and flt.acted and index not in self._marked:
                self._marked.add(index)
                self.wire.dec.mark_fired(index, fault)
        return out

    def _emit_text(self, text: str) -> bytes:
        """A text event carrying ``text``, built on the first text event the model sent (so ids and shape match), sent
        twice when a filter asked for a repeat; ``b""`` for no text.
        """
        if not text or self.template is None:
            return b""
        self.sent.append(text)
        self.received.append(text)
        out = self.api.text_event(self.template, text)
        if self.repeat:
            self.repeat = False
            self.received.append(text)
            out += out
        return out

    def _stopping(self) -> bytes:
        """After a cut or a broken event nothing more is sent."""
        if self.broken and self.template is not None:
            return self.api.broken_event(self.template, self.original[-1] if self.original else "")
        return b""

    # -- events ------------------------------------------------------------------------------
    def feed(self, data: bytes) -> bytes:
        """Split the upstream bytes into events and return the edited bytes to send; after a cut or a broken event
        nothing more goes out.
        """
        if len(self._seen) < LOG_BYTES:  # to remember the answer, and to log the tool calls it asks for
            self._seen += data
        if self.cut or self.broken:
            return b""
        out = bytearray()
        for ev in self.split.feed(data):
            out += self._safe_event(ev)
            if self.cut or self.broken:
                break
        if self.keep and not self.remembered and not (self.cut or self.broken) and b"\n" in data:
            # remembered once whole, before the bytes that complete it go on (see Editor._remember_early)
            answer = self.api.assemble(self.api.events(bytes(self._seen)))
            if answer is not None:
                self.wire.remember(answer)
                self.remembered = True
        return bytes(out)

    def _safe_event(self, ev: Event) -> bytes:
        """An event the model sent in a shape this editor does not know goes on unedited."""
        try:
            return self._event(ev)
        except (KeyError, IndexError, TypeError, AttributeError):
            return ev.raw

    def _event(self, ev: Event) -> bytes:
        """Edit one event by the roles the API reads in it: text goes through the filters (an event whose text is
        unchanged is sent as the model sent it), the end of the text flushes held-back text, the finish reason and a
        final ``done`` event carrying the whole text are rewritten when the edit changed them.
        """
        api = self.api
        roles = api.classify(ev, self.state)
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
                    self.received.append(text)
                    if self.repeat:  # the very event the model sent, once more
                        self.repeat = False
                        self.received.append(text)
                        before += ev.raw
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
                    base = parse_event(body) if body is not None else api.without_text(ev)
                    body = api.with_finish(base, want or role.finish or "stop")
            elif role.kind == "done" and "".join(self.sent) != "".join(self.original):
                base = parse_event(body) if body is not None else ev
                body = api.with_done_text(base, "".join(self.sent))
        return bytes(before) + (body or b"")

    def end(self) -> bytes:
        """Handle what is left when the upstream body ends (a last event without its blank line, held-back text), then
        log the answer the agent received, the cut or the broken event; remember the answer for a later stale answer.
        """
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
        if self.keep and not (self.cut or self.broken):
            self.wire.remember(self.api.assemble(self.api.events(bytes(self._seen))))
        sent = "".join(self.received) if self.original else None
        if sent is None and not (self.cut or self.broken):
            answer = stream_answer(self.api, bytes(self._seen), None)
            self.wire.log(response=answer, status=200, note=NO_TEXT)
        elif self.cut:
            self.wire.log(response=sent, error=CUT_MID_STREAM, status=200)
        elif self.broken:
            self.wire.log(response=sent, error="broken stream event sent (malformed)", status=200)
        else:
            self.wire.log(response=stream_answer(self.api, bytes(self._seen), sent), status=200)
        return out


class WholeStreamEditor(Editor):
    """An SSE answer held back whole, edited as one answer (tool calls, finish reason, text) and sent
    on as this API's stream of that answer; an answer no fault changed goes on as the model sent it."""

    edits = True

    def __init__(self, wire: WireCall) -> None:
        """``broken`` tells the seam the stream ended on a broken event (set in :meth:`end`)."""
        super().__init__(wire, is_sse=True)
        self._seen = bytearray()
        self.broken = False

    def feed(self, data: bytes) -> bytes:
        """Hold every piece back until the model ends the stream."""
        self._seen += data
        return b""

    def end(self) -> bytes:
        """Assemble the held stream into one answer, apply the transforms and send it on as this API's stream: cut at
        the fault's fraction, ended on a broken event for ``malformed``, or the model's own bytes when nothing
        changed or the stream was not a complete answer.
        """
        if self.done:
            return b""
        self.done = True
        wire, api, data = self.wire, self.wire.wire_api, bytes(self._seen)
        base = api.assemble(api.events(data))
        before = api.read(base) if base is not None else None
        if base is None or before is None:
            wire.log(
                response=api.stream_text(data), status=200, note="the stream is not a complete answer: not faulted"
            )
            return data
        wire.remember(base)
        reply = wire.dec.finish(before)
        if reply == before:
            note = NO_TEXT if before.text is None and not before.tool_calls else None
            wire.log(response=said(before), raw=base, status=200, note=note)
            return data
        plain = dataclasses.replace(reply, cut_after=None, malformed=False)
        out = api.render(base, plain, repeat_text=reply.repeat_chunk is not None)
        if reply.cut_after is not None:
            self.cut = True
            wire.log(response=None, error=CUT_MID_STREAM, status=200)
            return before_cut(out, reply.cut_after)
        if reply.malformed:
            self.broken = True
            wire.log(response=None, error="broken stream event sent (malformed)", status=200)
            head = out[: len(out) // 2]
            return head[: head.rfind(b"\n\n") + 2] + b'data: {"type": "\n\n'
        wire.log(response=said(reply), raw=api.write(base, plain), status=200)
        return out
