"""The per-cell fault runtime: which faults fire on which call, and the log of what happened.

A :class:`FaultPlan` holds one scenario's faults for one cell, and counts that cell's calls (``on_call``,
``after_calls``, ``count``) whichever seam sees them: the in-process wrappers find it in a
:class:`contextvars.ContextVar` (concurrent cells never see each other's faults; worker threads started
with the context copied, ``anyio.to_thread`` / ``asyncio.to_thread``, see their cell's plan), the
proxies get it from the chaos runtime while the cell runs. A standalone proxy (``windtunnel proxy …``)
has one plan for its lifetime. Plans are thread-safe.
"""

from __future__ import annotations

import itertools
import json
import math
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from windtunnel._util.jsonsafe import clip_depth, plain_json
from windtunnel._util.redact import redact_urls_in
from windtunnel._util.rng import cell_rng
from windtunnel.chaos.base import (
    Decision,
    FaultNotApplicable,
    FaultSpec,
    LlmCall,
    LlmFaultSpec,
    LlmReply,
    ToolCall,
    ToolFaultSpec,
    ToolReply,
)
from windtunnel.chaos.spec import ChaosSpec

_current: ContextVar[FaultPlan | None] = ContextVar("windtunnel_fault_plan", default=None)

_ORDER = itertools.count(1)
"""One order for the events of every plan in the process (``seq``): a cell's calls seen by different seams
(the in-process wrappers, the HTTP / MCP proxies) keep the order they happened in
(``next`` on a count is atomic under the GIL)."""
SUMMARY_CHARS = 4000


def redact_args(args: Any) -> Any:
    """A call's arguments with every URL among them (top-level strings) passed through the secret redaction."""
    if isinstance(args, str):
        return redact_urls_in(args)
    if isinstance(args, dict):
        return {k: redact_urls_in(v) if isinstance(v, str) else v for k, v in args.items()}
    if isinstance(args, (list, tuple)):
        return [redact_urls_in(v) if isinstance(v, str) else v for v in args]
    return args


def summarize(value: Any) -> Any:
    """A JSON-safe, size-bounded copy of a call's arguments or response for the call log.

    Strings and JSON forms are cut at :data:`SUMMARY_CHARS` (an ellipsis marks the cut), depth is clipped and values
    JSON cannot hold become their ``repr``: a huge or strange tool result cannot bloat the report or break it.
    """
    if isinstance(value, float) and not math.isfinite(value):
        return None  # as inside a container, and as the run store (orjson) writes it: JSON has no NaN or infinity
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        return value if len(value) <= SUMMARY_CHARS else value[:SUMMARY_CHARS] + "…"
    data = plain_json(value)
    if data is not None and len(data) <= SUMMARY_CHARS:  # plain data within the bound: a copy made in C
        return orjson.loads(data)
    try:
        text = json.dumps(clip_depth(value), ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        text = repr(value)
        return text if len(text) <= SUMMARY_CHARS else text[:SUMMARY_CHARS] + "…"
    if len(text) <= SUMMARY_CHARS:
        return json.loads(text)
    return text[:SUMMARY_CHARS] + "…"


@dataclass
class Answer:
    """A reply given instead of calling the real tool or model, after ``delay_ms``.

    ``reply`` is a :class:`ToolReply` for tool calls, an :class:`LlmReply` for model calls; a status
    below 400 delivers ``reply.body``, 4xx/5xx and ``timeout`` are raised / answered like faults.
    ``mode`` labels the call in the call log (``faults``).
    """

    reply: ToolReply | LlmReply
    delay_ms: int = 0
    mode: str = "replay"


class Responder(Protocol):
    """Answers calls from a recording instead of the real callee (``windtunnel.replay``).

    Consulted before any fault: an :class:`Answer` replaces the call; ``None`` lets it through to the
    real tool or model (and to the plan's faults).
    """

    def tool(self, call: ToolCall, target: str) -> Answer | None:
        """The recorded answer to tool ``call`` (made through ``target``: ``tool``, ``mcp`` ...), or ``None``."""
        ...

    def llm(self, call: LlmCall) -> Answer | None:
        """The recorded answer to model ``call``, or ``None`` to let it reach the model."""
        ...


def _jsonable(value: Any) -> Any:
    """``value`` as plain JSON data for the recording (``raw``): pydantic models are dumped, depth is clipped, anything
    JSON cannot hold becomes its ``repr``. Never raises, so a strange return value cannot break the call log.
    """
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    data = plain_json(value)
    if data is not None:
        return orjson.loads(data)
    try:
        return json.loads(json.dumps(clip_depth(value), ensure_ascii=False, default=repr))
    except (TypeError, ValueError):
        return repr(value)


def _size(value: Any) -> int | None:
    """Bytes of an answer as the call log holds it (its JSON form for structured values)."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, str):
        return len(value.encode("utf-8", "replace"))
    data = plain_json(value)
    if data is not None:
        return len(data)
    return len(json.dumps(value, ensure_ascii=False, default=repr).encode("utf-8", "replace"))


def error_status(err: BaseException) -> int | None:
    """The HTTP-style status an exception carries (``status`` / ``status_code``), else ``None``."""
    for name in ("status", "status_code"):
        value = getattr(err, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def current_plan() -> FaultPlan | None:
    """The plan of the cell running in this context, or ``None`` outside any cell."""
    return _current.get()


@contextmanager
def activate(plan: FaultPlan) -> Iterator[FaultPlan]:
    """Make ``plan`` the current plan for the duration of the block (this context only)."""
    token = _current.set(plan)
    try:
        yield plan
    finally:
        _current.reset(token)


@dataclass
class ToolDecision:
    """What the plan decided for one tool call; the seam executes it.

    The seam waits ``delay_ms``, then returns ``replacement`` instead of calling the tool, or calls the tool and passes
    its reply through :meth:`finish`. ``modes`` names what acted, for the call log. The same decision object serves the
    python wrappers, the framework seams, the forward proxy and the MCP proxy.
    """

    plan: FaultPlan
    call: ToolCall
    target: str
    delay_ms: int = 0
    replacement: ToolReply | None = None
    transforms: list[tuple[int, ToolFaultSpec, Decision]] = field(default_factory=list)
    attacks: list[tuple[int, Decision]] = field(default_factory=list)
    modes: list[str] = field(default_factory=list)

    def finish(self, reply: ToolReply) -> ToolReply:
        """Apply the firing corruptions and context attacks to the real ``reply``.

        An error or timed-out reply is returned as it is. Transforms run in fault order, then the attacks that poison
        tool replies; each that acts is recorded as fired and named in the call's modes, and one that does not apply
        (nothing to corrupt, not its tool) is skipped without counting.
        """
        if reply.status >= 400 or reply.timeout:
            return reply
        for index, fault, d in self.transforms:
            try:
                reply = fault.transform(self.call, reply, d)
            except FaultNotApplicable:
                continue
            self.plan._fire(self.target, "tool", index, fault.mode, self.call.name)
            self.modes.append(fault.mode)
        for index, d in self.attacks:
            attack = self.plan.spec.context_attacks[index]
            try:
                reply = attack.transform_tool_reply(self.call, reply, d)
            except FaultNotApplicable:
                continue
            self.plan._fire("context", "attack", index, attack.type, self.call.name)
            self.modes.append(attack.type)
        return reply


@dataclass
class LlmDecision:
    """What the plan decided for one model call; the seam executes it.

    ``replacement`` answers instead of the model (after ``delay_ms``); otherwise the ``transforms`` (fault index, fault,
    decision) act on the real answer in :meth:`finish`, or, on a stream, through their text filters. ``modes`` collects
    the modes that acted, for the call log.
    """

    plan: FaultPlan
    call: LlmCall
    delay_ms: int = 0
    replacement: LlmReply | None = None
    transforms: list[tuple[int, LlmFaultSpec, Decision]] = field(default_factory=list)
    modes: list[str] = field(default_factory=list)
    call_seq: int | None = None
    """The call's place in the log when the seam took it before the answer came (the wire seam's
    :attr:`~windtunnel.chaos.llm_wire.WireCall.seq`): a fault acting on the answer is stamped with it, the call it acted
    on whichever calls were placed in the meantime."""

    @property
    def corrupts(self) -> bool:
        """True when the real answer may be altered (the seam must read it whole)."""
        return bool(self.transforms)

    def finish(self, reply: LlmReply) -> LlmReply:
        """Apply the firing transforms to the real ``reply`` in fault order and record each that acted; an error or
        timed-out reply is returned as it is (there is no answer to corrupt).
        """
        if reply.status >= 400 or reply.timeout:
            return reply
        for index, fault, d in self.transforms:
            try:
                reply = fault.transform(self.call, reply, d)
            except FaultNotApplicable as skip:
                if skip.passed_over:
                    self.plan.passed_over(index, skip.passed_over)
                continue
            self.plan._fire("llm", "llm", index, fault.mode, self.call.name, call_seq=self.call_seq)
            self.modes.append(fault.mode)
        return reply

    def mark_fired(self, index: int, fault: LlmFaultSpec) -> None:
        """Record that ``fault`` acted on a streamed answer (its text filter changed something)."""
        self.plan._fire("llm", "llm", index, fault.mode, self.call.name, call_seq=self.call_seq)
        self.modes.append(fault.mode)


class FaultPlan:
    """The faults of one scenario applied to one cell (or to a standalone proxy's whole life).

    ``key`` scopes the seeded decisions: the cell id in a run, the scenario name at a standalone proxy. ``fired``
    lists the faults that actually acted, as report entries ``{target, name, mode, scenario, fault_index, seq}``;
    ``calls`` lists every tool / LLM call seen.
    """

    def __init__(
        self,
        spec: ChaosSpec,
        *,
        seed: int | None,
        key: str,
        fired_ids: set[tuple[str, str, int]] | None = None,
        responder: Responder | None = None,
        keep_raw: bool = False,
    ):
        """``spec``: the scenario's faults; ``seed`` and ``key`` seed every decision (``key`` is the cell id in a run,
        the scenario name at a standalone proxy). ``fired_ids`` is the run-wide set of faults that acted, shared by
        every plan of the run so ``never_fired`` can warn about the rest; ``responder`` answers calls from a recording
        before any fault (replay); ``keep_raw`` keeps whole responses in the call log (recording).
        """
        self.spec = spec
        self.wants_previous = any(f.needs_previous for f in spec.llm_faults)
        """A fault of the spec reads the previous model answer (``stale_answer``; see
        :mod:`~windtunnel.chaos.llm_memory`): computed once, as every model call asks twice."""
        self.responder = responder
        """Answers calls before any fault (replay); ``None`` = every call reaches the real callee."""
        self.keep_raw = keep_raw
        """Add ``raw`` (the untruncated response) and ``status`` to every call-log entry (recording)."""
        self.seed = seed
        self.key = key
        self.fired: list[dict[str, Any]] = []
        self._calls: list[dict[str, Any] | LazyCall] = []
        self._lazy_from: int | None = None
        """Index of the first entry of :attr:`calls` still to be built (``None``: all built)."""
        self._open: dict[int, _Open] = {}
        """Calls a seam announced (:meth:`opened`) and has not logged yet, by ``seq``."""
        self._fired_ids = fired_ids if fired_ids is not None else set()
        self._lock = threading.RLock()
        self._eligible: dict[tuple[str, int], int] = {}
        self._passed_over: dict[int, set[str]] = {}
        """What each LLM fault's own filter left out of the answers its mode could have acted on, by fault index
        (:meth:`passed_over`)."""
        self._occurrence: dict[tuple[str, int, str], int] = {}
        self._llm_windows, self._llm_end = fire_windows(spec.llm_faults)
        """The call indices at which some LLM fault may fire (merged ``[start, end)`` windows) and the end of the last:
        every LLM fault sees every model call, so one count of the calls is every LLM fault's eligible index."""
        self._llm_calls = 0
        self._llm_seen: dict[str, int] = {}
        """Model calls decided so far per signature (every LLM fault's occurrence count)."""
        self.untouched = LlmDecision(self, LlmCall({}, ""))
        """The decision of a model call no fault can act on (:attr:`llm_spent`, :meth:`passes_llm`): nothing delays,
        replaces or edits it, and no mode is ever added (shared by those calls, so a seam skips building one per call;
        its ``call`` is a placeholder)."""
        self.llm_spent = self._llm_end == 0 and responder is None
        """No LLM fault can act on a model call any more and no responder answers them: every later model call passes
        untouched, and a seam may skip building its decision (:meth:`decide_llm` then counts nothing: no decision
        would ever read the counts). Read without the lock: it only ever turns true."""
        self.on_call: Callable[[Mapping[str, Any]], None] | None = None
        """Called with every call-log entry as it is recorded, plus its ``status`` and ``bytes`` (the
        standalone proxies print and log them); an entry logged with :meth:`log_later` is built when first read."""

    def eligible_seen(self) -> dict[tuple[str, int], int]:
        """How many calls each fault was eligible for in this cell, by ``(kind, index)``: a tool fault's matching calls,
        and every LLM fault the model calls (counted while a window was still ahead, which is all a window that never
        opened needs). Read when the cell ends, so a fault that never fired can say whether its window was reached."""
        with self._lock:
            seen = {key: n for key, n in self._eligible.items() if key[0] == "tool"}
            seen.update((("llm", i), self._llm_calls) for i in range(len(self.spec.llm_faults)))
            return seen

    def passed_over(self, index: int, names: Sequence[str] = ()) -> set[str]:
        """What LLM fault ``index``'s ``tool`` glob left out of this cell's answers (the tool calls they made);
        ``names`` adds to it (:class:`~windtunnel.chaos.base.FaultNotApplicable`). Read when the cell ends, so a fault
        that never fired can say its glob, not its mode, was the cause."""
        with self._lock:
            seen = self._passed_over.setdefault(index, set())
            seen.update(names)
            return set(seen)

    # -- decisions ---------------------------------------------------------------------------
    def _decision(self, kind: str, index: int, signature: str) -> Decision:
        """The :class:`Decision` for fault ``index`` of ``kind`` on a call with ``signature``, advancing its counters:
        the fault's eligible-call count and the signature's occurrence count (a retry of the same call is occurrence
        1). Call under the plan's lock.
        """
        fault, call = (kind, index), (kind, index, signature)
        n = self._eligible.get(fault, 0)
        self._eligible[fault] = n + 1
        occ = self._occurrence.get(call, 0)
        self._occurrence[call] = occ + 1
        return Decision(n, occ, (self.seed, self.key, kind, index, signature))

    def _fire(
        self, target: str, kind: str, index: int, mode: str, name: str | None, *, call_seq: int | None = None
    ) -> None:
        """Record that fault ``index`` of ``kind`` acted on a call of ``name`` at ``target``: one ``fired`` report entry
        with the next sequence number, and its id in the run-wide set that ``never_fired`` warnings read.
        ``call_seq``: the ``seq`` of the call it acted on, when that call took its place before the fault fired (kept
        as ``call``: a cell numbers the fault by it; see :meth:`~windtunnel.chaos.runtime.CellChaos.fired`).
        """
        entry = {"target": target, "name": name, "mode": mode, "scenario": self.spec.name, "fault_index": index}
        with self._lock:
            entry["seq"] = next(_ORDER)
            if call_seq is not None:
                entry["call"] = call_seq
            self.fired.append(entry)
            self._fired_ids.add((self.spec.name, kind, index))

    def decide_tool(self, call: ToolCall, *, target: str = "tool") -> ToolDecision:
        """Decide every fault and tool-reply attack for one tool call (counters advance here).

        A responder's answer, when there is one, replaces the call and no fault is consulted. Otherwise every matching
        fault, in spec order, gets its :class:`Decision` (so each fault's window counts the call). Firing faults add
        their delays; the first that answers instead of the tool (a replacement) stops the faults after it from acting;
        firing faults that neither delay nor replace are kept as transforms for :meth:`ToolDecision.finish`. Every
        context attack gets a decision too, for the reply it may poison. The lock keeps the counters exact when cells
        share a plan.
        """
        with self._lock:
            out = ToolDecision(self, call, target)
            if self.responder is not None:
                answer = self.responder.tool(call, target)
                if answer is not None:
                    if not isinstance(answer.reply, ToolReply):
                        raise TypeError(f"a responder answered tool call {call.name!r} with {answer.reply!r}")
                    out.replacement = answer.reply
                    out.delay_ms = answer.delay_ms
                    out.modes.append(answer.mode)
                    return out
            for index, fault in enumerate(self.spec.tool_faults):
                if not fault.matches(call):
                    continue
                d = self._decision("tool", index, call.signature)
                if not fault.should_fire(d) or out.replacement is not None:
                    continue
                delay = fault.delay_ms_before(call)
                replacement = fault.replace(call, d)
                if replacement is not None or delay:
                    out.delay_ms += delay
                    out.replacement = replacement
                    self._fire(target, "tool", index, fault.mode, call.name)
                    out.modes.append(fault.mode)
                else:
                    out.transforms.append((index, fault, d))
            for index, _attack in enumerate(self.spec.context_attacks):
                out.attacks.append((index, self._decision("attack", index, call.signature)))
            return out

    def decide_llm(self, call: LlmCall) -> LlmDecision:
        """Decide every LLM fault for one model call (counters advance here).

        As :meth:`decide_tool`: a responder's answer first; then, in spec order, firing faults add their delays, the
        first replacement stops the faults after it, and the firing transforms are kept for :meth:`LlmDecision.finish`
        or the stream's text filters. A call outside every fault's window (:func:`fire_windows`) costs two counts and
        a compare; once every window has passed (:attr:`llm_spent`), nothing at all, and no lock.
        """
        if self.llm_spent:
            return LlmDecision(self, call)
        with self._lock:
            out = LlmDecision(self, call)
            if self.responder is not None:
                answer = self.responder.llm(call)
                if answer is not None:
                    if not isinstance(answer.reply, LlmReply):
                        raise TypeError(f"a responder answered model call {call.name!r} with {answer.reply!r}")
                    out.replacement = answer.reply
                    out.delay_ms = answer.delay_ms
                    out.modes.append(answer.mode)
                    return out
            signature = call.signature
            n, occ = self._count_llm(signature)
            if not self._llm_due(n):
                return out  # no fault's window holds this call
            for index, fault in enumerate(self.spec.llm_faults):
                d = Decision(n, occ, (self.seed, self.key, "llm", index, signature))
                if not fault.should_fire(d) or out.replacement is not None:
                    continue
                delay = fault.delay_ms_before(call)
                replacement = fault.replace(call, d)
                if replacement is not None or delay:
                    out.delay_ms += delay
                    out.replacement = replacement
                    self._fire("llm", "llm", index, fault.mode, call.name)
                    out.modes.append(fault.mode)
                else:
                    out.transforms.append((index, fault, d))
            return out

    def passes_llm(self, signature: str) -> bool:
        """Count a model call with ``signature`` that no fault can act on and return ``True``: it falls in no fault's
        window and no responder answers calls (a seam then needs no decision: :attr:`untouched` is this call's).
        ``False``: nothing counted; decide the call with :meth:`decide_llm`."""
        if self.llm_spent:
            return True
        with self._lock:
            if self.responder is not None or self._llm_due(self._llm_calls):
                return False
            self._count_llm(signature)
            return True

    def _count_llm(self, signature: str) -> tuple[int, int]:
        """Count one model call (under the lock): its index among the model calls and how many came before with the
        same signature. Past the last window the plan is spent, and the counts are dropped."""
        n = self._llm_calls
        self._llm_calls = n + 1
        occ = self._llm_seen.get(signature, 0)
        self._llm_seen[signature] = occ + 1
        if n + 1 >= self._llm_end and self.responder is None:
            self.llm_spent = True  # no later call can fire: stop counting
            self._llm_seen.clear()
        return n, occ

    def _llm_due(self, n: int) -> bool:
        """Whether some fault's window holds model call ``n``."""
        for start, end in self._llm_windows:  # noqa: SIM110  # a loop is cheaper than any() over a generator
            if start <= n < end:
                return True
        return False

    def transform_input(self, prompt: Any) -> Any:
        """The agent input after every input-channel context attack of the spec."""
        for index, attack in enumerate(self.spec.context_attacks):
            rng = cell_rng(self.seed, self.key, "attack", index)
            try:
                prompt = attack.transform_input(prompt, rng)
            except FaultNotApplicable:
                continue
            self._fire("context", "attack", index, attack.type, "input")
        return prompt

    # -- call log -----------------------------------------------------------------------------
    @property
    def calls(self) -> list[dict[str, Any]]:
        """Every tool / LLM call seen, in order (entries logged with :meth:`log_later` are built now).

        A call a seam announced (:meth:`opened`) that has no answer yet is listed in its place as still waiting, with
        the time it has waited: a cell that timed out shows the call the agent was waiting on (a model that hangs),
        which it never logs itself."""
        if self._lazy_from is not None:
            with self._lock:
                calls, start = self._calls, self._lazy_from
                self._lazy_from = None
                for i in range(start or 0, len(calls)):
                    entry = calls[i]
                    if isinstance(entry, LazyCall):
                        calls[i] = entry.entry()
        if self._open:
            with self._lock:
                waiting = [o.entry(seq, self.keep_raw) for seq, o in self._open.items()]
            return sorted([*self._calls, *waiting], key=_seq_of)  # type: ignore[list-item]  # all built above
        return self._calls  # type: ignore[return-value]  # every LazyCall was just replaced by its entry

    def opened(self, target: str, name: str | None, seq: int, args: Callable[[], Any], faults: list[str]) -> None:
        """Announce a call that has started (``seq`` from :func:`next_seq`): until it is logged with that ``seq``,
        :attr:`calls` lists it as still waiting. ``args`` builds its arguments, only if it is listed so."""
        with self._lock:
            self._open[seq] = _Open(target, name, args, faults, time.perf_counter())

    def clear_calls(self) -> None:
        """Forget the call log (a long-lived standalone proxy that has passed every entry on)."""
        with self._lock:
            self._calls.clear()
            self._open.clear()
            self._lazy_from = None

    def log_call(
        self,
        target: str,
        name: str | None,
        args: Any,
        *,
        response: Any = None,
        error: str | None = None,
        faults: list[str] | None = None,
        started: float | None = None,
        raw: Any = None,
        status: int | None = None,
        note: str | None = None,
        seq: int | None = None,
    ) -> dict[str, Any]:
        """Record one tool / LLM call: ``{target, name, args, response, error, faults, latency_ms, seq}``.

        ``note`` (kept only when given) says why configured faults did not act on the call. ``seq``: the call's place
        in the order, taken with :func:`next_seq` when the call started (default: now, as it ends).

        With :attr:`keep_raw`, the entry also holds ``raw`` (the whole response, JSON-safe, not
        truncated) and ``status`` (the HTTP-style status, or the status an exception carried).
        """
        latency = round((time.perf_counter() - started) * 1000, 3) if started is not None else None
        outcome = Outcome(args, response, error, raw, status, note)
        entry = _entry(target, name, list(faults or []), latency, 0, outcome, self.keep_raw)
        with self._lock:
            if seq is not None:
                self._open.pop(seq, None)
            entry["seq"] = next(_ORDER) if seq is None else seq
            self._place(entry, entry["seq"])
        if self.on_call is not None:
            self.on_call({**entry, "status": status, "bytes": _size(raw if raw is not None else response)})
        return entry

    def log_later(
        self,
        target: str,
        name: str | None,
        outcome: Callable[[], Outcome],
        *,
        faults: list[str] | None = None,
        started: float | None = None,
        seq: int | None = None,
    ) -> None:
        """Record one call as :meth:`log_call` does, its order (or ``seq``), faults and latency taken now, and its
        arguments and outcome summarised only when the log (or :attr:`on_call`) reads the entry: ``outcome`` is called
        then, once.

        The proxies keep a call's raw bytes and hand a function that parses them: the call log is read when a cell
        ends, so the parsing and summarising leaves the request's path. ``outcome`` must depend on nothing that
        changes after the call (it may run in another thread).
        """
        latency = (time.perf_counter() - started) * 1000 if started is not None else None  # rounded when built
        listener = self.on_call
        lazy = LazyCall(target, name, list(faults or []), latency, outcome, self.keep_raw, listener is not None)
        with self._lock:
            if seq is not None:
                self._open.pop(seq, None)
            lazy.seq = next(_ORDER) if seq is None else seq
            at = self._place(lazy, lazy.seq)
            if self._lazy_from is None or at < self._lazy_from:
                self._lazy_from = at
        if listener is not None:
            listener(lazy)

    def _place(self, entry: dict[str, Any] | LazyCall, seq: int) -> int:
        """Put ``entry`` in the log in ``seq`` order and return its index (call under the lock). A call that took its
        place when it started (:func:`next_seq`) and ends after a later one goes before it: a streamed answer is logged
        when its body ends, and the client may have sent its next call by then."""
        calls = self._calls
        at = len(calls)
        while at and _seq_of(calls[at - 1]) > seq:
            at -= 1
        calls.insert(at, entry)
        return at


def next_seq() -> int:
    """A place in the process-wide order of calls and fired faults: a seam takes one when a call starts and logs the
    call with it (:meth:`FaultPlan.log_call` ``seq``), so the log keeps the order the calls were made in."""
    return next(_ORDER)


def _seq_of(entry: dict[str, Any] | LazyCall) -> int:
    return entry.seq if isinstance(entry, LazyCall) else int(entry["seq"])


def fire_windows(faults: tuple[FaultSpec, ...]) -> tuple[tuple[tuple[int, float], ...], float]:
    """The eligible-call indices at which any of ``faults`` may fire, as merged ``[start, end)`` windows in order, and
    the end of the last (0: none ever fires).

    A fault that keeps the default :meth:`FaultSpec.should_fire` fires only inside its ``on_call`` / ``after_calls`` /
    ``count`` window, and never with ``probability: 0``; one that decides for itself may fire on any call. Read when
    the plan is made: a plan's faults are not changed while it runs.
    """
    spans: list[tuple[int, float]] = []
    for fault in faults:
        cls = type(fault)
        if cls.should_fire is not FaultSpec.should_fire or cls.in_window is not FaultSpec.in_window:
            spans.append((0, math.inf))
            continue
        if fault.probability <= 0.0:
            continue
        start = fault.on_call - 1 if fault.on_call is not None else fault.after_calls
        length = fault.count if fault.count is not None else (1 if fault.on_call is not None else None)
        spans.append((start, math.inf if length is None else start + length))
    merged: list[tuple[int, float]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return tuple(merged), (merged[-1][1] if merged else 0)


WAITING = "no answer yet"
"""How the error of a call listed while still waiting for its answer begins (:attr:`FaultPlan.calls`)."""


def waiting_on(calls: list[dict[str, Any]], target: str) -> bool:
    """Whether ``calls`` (a cell's call log) hold a call at ``target`` (``llm``, ``tool``) still waiting for its
    answer when the cell ended."""
    return any(c.get("target") == target and str(c.get("error") or "").startswith(WAITING) for c in calls)


@dataclass(frozen=True)
class _Open:
    """A call announced with :meth:`FaultPlan.opened` and not logged yet."""

    target: str
    name: str | None
    args: Callable[[], Any]
    faults: list[str]
    started: float

    def entry(self, seq: int, keep_raw: bool) -> dict[str, Any]:
        """Its call-log entry now: no answer, the time it has waited so far."""
        waited = round((time.perf_counter() - self.started) * 1000, 3)
        error = f"{WAITING}: still waiting after {waited:.0f} ms when the call log was read (the cell ended)"
        return {
            **_entry(self.target, self.name, self.faults, waited, 0, Outcome(self.args(), error=error), keep_raw),
            "seq": seq,
        }


@dataclass(frozen=True)
class Outcome:
    """What :meth:`FaultPlan.log_call` takes of a call beyond its name: the arguments and the outcome."""

    args: Any = None
    response: Any = None
    error: str | None = None
    raw: Any = None
    status: int | None = None
    note: str | None = None


def _entry(
    target: str, name: str | None, faults: list[str], latency: float | None, seq: int, o: Outcome, keep_raw: bool
) -> dict[str, Any]:
    """The call-log entry of one call (its keys in the order the reports show them)."""
    entry: dict[str, Any] = {
        "target": target,
        "name": name,
        "args": summarize(redact_args(o.args)),
        "response": summarize(o.response),
        "error": o.error,
        "faults": faults,
        "latency_ms": latency,
    }
    if o.note:
        entry["note"] = o.note
    if keep_raw:
        entry["raw"] = _jsonable(o.raw)
        entry["status"] = o.status
    entry["seq"] = seq
    return entry


class LazyCall(Mapping[str, Any]):
    """A call-log entry built when first read (:meth:`FaultPlan.log_later`).

    As a mapping it is what :attr:`FaultPlan.on_call` gets: the entry plus the call's ``status`` and ``bytes``,
    built on the first key read, so a listener that only counts calls costs no parsing.
    """

    __slots__ = ("_built", "_entry", "_outcome", "faults", "keep_raw", "latency", "listened", "name", "seq", "target")

    def __init__(
        self,
        target: str,
        name: str | None,
        faults: list[str],
        latency: float | None,
        outcome: Callable[[], Outcome],
        keep_raw: bool,
        listened: bool = False,
    ) -> None:
        """``latency``: the call's milliseconds, unrounded (the entry rounds them to the microsecond)."""
        self.target = target
        self.name = name
        self.faults = faults
        self.latency = latency
        self.keep_raw = keep_raw
        self.seq = 0
        self._outcome: Callable[[], Outcome] | Outcome | None = outcome
        self.listened = listened
        """A listener (:attr:`FaultPlan.on_call`) got this entry: its view needs the outcome's status and size."""
        self._entry: dict[str, Any] | None = None
        self._built: dict[str, Any] | None = None

    def entry(self) -> dict[str, Any]:
        """The call-log entry (built on the first call; the same dict after)."""
        if self._entry is None:
            outcome = self._outcome
            if outcome is None:  # built meanwhile by another thread (which set the entry before dropping this)
                assert self._entry is not None
                return self._entry
            if callable(outcome):
                outcome = self._outcome = outcome()
            latency = round(self.latency, 3) if self.latency is not None else None  # round() costs ~1 µs: not per call
            self._entry = _entry(self.target, self.name, self.faults, latency, self.seq, outcome, self.keep_raw)
            if not self.listened or self._built is not None:
                self._outcome = None  # the raw bytes and the parsed answer are kept only for the listener's view
        return self._entry

    def _view(self) -> dict[str, Any]:
        """The entry with ``status`` and ``bytes``, as :attr:`FaultPlan.on_call` sees it."""
        if self._built is None:
            entry = self.entry()
            outcome = self._outcome if isinstance(self._outcome, Outcome) else Outcome()
            self._outcome = None
            size = _size(outcome.raw if outcome.raw is not None else outcome.response)
            self._built = {**entry, "status": outcome.status, "bytes": size}
        return self._built

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())
