"""In-process seams for python agents: wrappers on the agent's tools and LLM client.

Each wrapper consults :func:`~windtunnel.chaos.plan.current_plan`; outside a cell it calls straight
through. Inside a cell it decides the call's faults, executes them (delay, replacement, corruption of
the real result), records the call in the cell's log, and hands the agent the result or the injected
exception.

Why the plan is read from a context variable and not captured when a wrapper is installed: the wrappers are installed
once per run, on module attributes every cell shares, while cells of different scenarios run concurrently. Each cell
activates its own :class:`~windtunnel.chaos.plan.FaultPlan` in its context (``contextvars`` follow tasks and the worker
threads anyio starts), so one wrapper serves every cell with that cell's faults, and a call made outside any cell
(the agent's import-time warm-up, a test) goes straight through untouched.

What a wrapper must never change is the shape the agent relies on: it is a function where the tool was a function,
``async`` where it was ``async``, returns the real value's type (a corrupted JSON text stays text), and lets the real
tool's own exceptions through unchanged. Faults reach the agent as the injected exception classes of
:mod:`windtunnel.chaos.injected`, which the agent should handle as it would a real tool failure.

The LLM wrapper (:func:`wrap_llm_call`) is for a plain callable or ``chat.completions.create``; an SDK client is
faulted lower, at its HTTP transport (:mod:`windtunnel.chaos.sdk_transport`), where wire-level faults can act.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import inspect
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from windtunnel.chaos import llm_memory
from windtunnel.chaos.answered import answer_astream, answer_stream, answer_value, completion_chunks
from windtunnel.chaos.base import LlmCall, LlmReply, ToolCall, ToolReply
from windtunnel.chaos.injected import LlmFaultError, LlmTimeout, StreamCutOff, ToolFaultError, ToolTimeout
from windtunnel.chaos.llm_payload import (
    completion_text,
    cut_stream,
    read_chunks,
    read_completion,
    rewrite_chunks,
    rewrite_completion,
    said,
    stream_text,
    wrap_value,
)
from windtunnel.chaos.plan import FaultPlan, LlmDecision, ToolDecision, current_plan, error_status

WRAPPED = "__windtunnel_wrapped__"
SEAM = "callable"
"""The key of a wrapped model callable's answers in :mod:`~windtunnel.chaos.llm_memory`."""


def signature_of(name: str, payload: Any) -> str:
    """A stable short id of a call (name + canonical JSON of its arguments)."""
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=repr)
    return f"{name}:{hashlib.blake2b(text.encode(), digest_size=8).hexdigest()}"


def _bind(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The call's arguments by parameter name, as the tool's signature binds them (so ``f(1)`` and ``f(x=1)`` log and
    sign alike); a callable without a usable signature keeps positional ones under ``args``.
    """
    try:
        bound = inspect.signature(fn).bind_partial(*args, **kwargs)
        return dict(bound.arguments)
    except (TypeError, ValueError):
        return {"args": list(args), **kwargs}


def tool_result(plan: FaultPlan, dec: ToolDecision, reply: ToolReply, args: dict[str, Any], started: float) -> Any:
    """What the agent gets for a tool call the plan decided: the body, or the fault raised; logged either way (shared by
    the python tool wrappers and the framework tool seams).

    A timed-out reply raises :class:`ToolTimeout` (status 504); a status of 400 or more raises :class:`ToolFaultError`
    with the status and ``Retry-After`` seconds; anything else returns the body. The call log records the error or the
    response, the modes that acted, the latency since ``started`` and the raw body.
    """
    call = dec.call
    if reply.timeout:
        plan.log_call(
            "tool",
            call.name,
            args,
            error=f"timeout: {reply.message}",
            faults=dec.modes,
            started=started,
            status=504,
        )
        raise ToolTimeout(reply.message or f"tool {call.name!r} timed out", status=504)
    if reply.status >= 400:
        retry = reply.headers.get("Retry-After")
        message = reply.message or f"tool {call.name!r} failed with status {reply.status}"
        plan.log_call(
            "tool",
            call.name,
            args,
            error=f"{reply.status}: {message}",
            faults=dec.modes,
            started=started,
            raw=reply.body,
            status=reply.status,
        )
        raise ToolFaultError(
            f"{reply.status} {message}", status=reply.status, retry_after=float(retry) if retry else None
        )
    plan.log_call(
        "tool",
        call.name,
        args,
        response=reply.body,
        faults=dec.modes,
        started=started,
        raw=reply.body,
        status=reply.status,
    )
    return reply.body


def log_raised(plan: FaultPlan, dec: ToolDecision, args: dict[str, Any], started: float, err: Exception) -> None:
    """Log a call whose real tool raised (the exception then goes on to the agent or its framework)."""
    plan.log_call(
        "tool",
        dec.call.name,
        args,
        error=repr(err),
        faults=dec.modes,
        started=started,
        raw=_raised(err),
        status=error_status(err),
    )


def _raised(err: BaseException) -> dict[str, Any]:
    """What the call log keeps of an exception a real tool raised (for recordings)."""
    return {
        "exception": type(err).__name__,
        "message": str(err),
        "timeout": isinstance(err, TimeoutError) or getattr(err, "code", None) == "timeout",
    }


def wrap_tool(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """A drop-in replacement for the tool ``fn`` (sync or async) that obeys the current cell's plan.

    The wrapper has ``fn``'s name, signature metadata and sync/async kind (``functools.wraps``), so the agent and its
    framework cannot tell it apart. Outside a cell it calls ``fn`` straight through. Inside one it decides the call's
    faults, sleeps the delay (``asyncio.sleep`` in an async tool, so the event loop keeps running), answers a
    replacement instead of calling ``fn``, or calls ``fn`` and applies the corruptions to its result; every call is
    logged, including one whose real tool raised (that exception goes on to the agent unchanged). The original is kept
    under :data:`WRAPPED`, so a tool is never wrapped twice.
    """

    def prepare(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[FaultPlan, ToolDecision, dict[str, Any]]:
        """The current plan, its decision for this call and the bound arguments; only called inside a cell."""
        plan = current_plan()
        assert plan is not None
        bound = _bind(fn, args, kwargs)
        call = ToolCall(name=name, args=bound, signature=signature_of(name, bound))
        return plan, plan.decide_tool(call, target="tool"), bound

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_tool(*args: Any, **kwargs: Any) -> Any:
            """The tool under the cell's plan: delay, then a replacement or the real call with its corruptions."""
            if current_plan() is None:
                return await fn(*args, **kwargs)
            plan, dec, bound = prepare(args, kwargs)
            started = time.perf_counter()
            if dec.delay_ms:
                await asyncio.sleep(dec.delay_ms / 1000)
            if dec.replacement is not None:
                return tool_result(plan, dec, dec.replacement, bound, started)
            try:
                value = await fn(*args, **kwargs)
            except Exception as err:
                log_raised(plan, dec, bound, started, err)
                raise
            return tool_result(plan, dec, dec.finish(ToolReply(body=value)), bound, started)

        setattr(async_tool, WRAPPED, fn)
        return async_tool

    @functools.wraps(fn)
    def sync_tool(*args: Any, **kwargs: Any) -> Any:
        """As ``async_tool``, for a sync tool: the delay blocks this thread (the agent's own call would too)."""
        if current_plan() is None:
            return fn(*args, **kwargs)
        plan, dec, bound = prepare(args, kwargs)
        started = time.perf_counter()
        if dec.delay_ms:
            time.sleep(dec.delay_ms / 1000)
        if dec.replacement is not None:
            return tool_result(plan, dec, dec.replacement, bound, started)
        try:
            value = fn(*args, **kwargs)
        except Exception as err:
            log_raised(plan, dec, bound, started, err)
            raise
        return tool_result(plan, dec, dec.finish(ToolReply(body=value)), bound, started)

    setattr(sync_tool, WRAPPED, fn)
    return sync_tool


# -- LLM -----------------------------------------------------------------------------------------


def _is_answer(reply: LlmReply) -> bool:
    """A replacement that delivers a whole answer (a responder's) rather than an error."""
    return reply.status < 400 and not reply.timeout and reply.body is not None


def _llm_error(reply: LlmReply) -> Exception:
    """The exception the agent meets for a replaced model call: :class:`LlmTimeout` for a timeout, else
    :class:`LlmFaultError` carrying the status and ``Retry-After`` (seconds) like an SDK error would.
    """
    if reply.timeout:
        return LlmTimeout(reply.message or "model call timed out", status=504)
    retry = reply.headers.get("Retry-After")
    return LlmFaultError(
        f"{reply.status} {reply.message or 'model call failed'}",
        status=reply.status,
        retry_after=float(retry) if retry else None,
    )


class _LlmCallRun:
    """One wrapped model call: decision, logging, and the rewrite of its result.

    Shared by the sync and async paths of :func:`wrap_llm_call` and by the stream wrappers, so a call is decided once
    and logged once whichever way it ends (a replacement, a real result, a stream read to its end, or an error).
    """

    def __init__(
        self, plan: FaultPlan, name: str, request: dict[str, Any], stream: bool, api: str | None = None
    ) -> None:
        """Decide the call's faults at once (the plan's counters advance here); the logged name is the request's
        ``model`` when it has one, else the wrapped callable's. ``api``: ``chat`` for a wrapped
        ``chat.completions.create`` (its answers are completions), ``None`` for a plain callable.
        """
        self.plan = plan
        model = request.get("model")
        self.name = model if isinstance(model, str) and model else name
        self.request = request
        self.started = time.perf_counter()
        previous = llm_memory.previous(plan, SEAM)
        call = LlmCall(request, signature_of(name, request), stream=stream, name=self.name, api=api, previous=previous)
        self.dec: LlmDecision = plan.decide_llm(call)

    def fail(self, reply: LlmReply) -> Exception:
        """Log ``reply`` (an error or timeout replacement) as the call's outcome and return the exception to raise.

        The exception is :class:`LlmTimeout` or :class:`LlmFaultError` (status and ``Retry-After``), what the
        caller of a wrapped ``create`` or plain callable can catch; SDK clients are faulted at their transport
        instead, where the SDK raises its own.
        """
        err = _llm_error(reply)
        self.plan.log_call(
            "llm",
            self.name,
            self.request,
            error=str(err),
            faults=self.dec.modes,
            started=self.started,
            status=504 if reply.timeout else reply.status,
        )
        return err

    def answered(self, reply: LlmReply, stream: bool, is_async: bool) -> Any:
        """A responder's whole answer, delivered as the client would have (value or stream).

        The recorded body is logged as the call's response and handed over as a completion readable as a dict or through
        attributes, or as a sync or async stream of chunks when the call asked to stream.
        """
        if reply.cut_after is not None:
            return self._cut_answer(reply, stream, is_async)
        self.plan.log_call(
            "llm",
            self.name,
            self.request,
            response=completion_text(reply.body)[0],
            faults=self.dec.modes,
            started=self.started,
            raw=reply.body,
            status=reply.status,
        )
        if not stream:
            return answer_value(reply.body)
        return answer_astream(reply.body) if is_async else answer_stream(reply.body)

    def error(self, err: BaseException) -> None:
        """Log an exception the real model call raised; the caller re-raises it to the agent unchanged."""
        self.plan.log_call(
            "llm",
            self.name,
            self.request,
            error=repr(err),
            faults=self.dec.modes,
            started=self.started,
            status=error_status(err),
        )

    def complete(self, res: Any) -> Any:
        """Deliver a non-streamed result: remember it for faults that replay an older answer, then apply the firing
        transforms and log what the agent gets. Unchanged answers are returned as the same object; a cut or malformed
        reply raises what the client would (:class:`StreamCutOff`, :class:`LlmFaultError` 502).
        """
        data, before = read_completion(res)
        if before.text is not None or before.tool_calls:
            llm_memory.remember(self.plan, SEAM, data if data is not None else res)
        if not self.dec.corrupts:
            self.plan.log_call(
                "llm",
                self.name,
                self.request,
                response=said(before) if before.tool_calls else completion_text(res)[0],
                started=self.started,
                raw=res,
                status=200,
            )
            return res
        reply = self.dec.finish(before)
        if reply.cut_after is not None:
            raise self._cut()
        if reply.malformed:
            raise self.fail(LlmReply(status=502, message="the model's answer could not be parsed (malformed)"))
        out = res if reply == before else rewrite_completion(res, data, reply)
        self.plan.log_call(
            "llm",
            self.name,
            self.request,
            response=said(reply),
            faults=self.dec.modes,
            started=self.started,
            raw=out,
            status=200,
        )
        return out

    def _cut_answer(self, reply: LlmReply, stream: bool, is_async: bool) -> Any:
        """A responder's answer cut before its end (a replayed cut), as a ``stream_cutoff`` cuts the model's: a whole
        answer raises :class:`StreamCutOff` (as :meth:`complete` does), a stream delivers the chunks
        :func:`cut_stream` keeps of it and then raises it (as :meth:`chunks` and the stream wrappers do)."""
        if not stream:
            raise self._cut()
        chunks = [wrap_value(c) for c in cut_stream(completion_chunks(reply.body), reply.cut_after or 0.0)]
        return _cut_off_astream(chunks, self) if is_async else _cut_off_stream(chunks, self)

    def _cut(self) -> StreamCutOff:
        """Log the dropped connection and return the :class:`StreamCutOff` to raise."""
        err = StreamCutOff("connection dropped before the end of the model's answer")
        self.plan.log_call("llm", self.name, self.request, error=str(err), faults=self.dec.modes, started=self.started)
        return err

    def chunks(self, chunks: list[Any]) -> tuple[list[Any], bool]:
        """The chunks to deliver, and whether the stream must then break off."""
        data, before = read_chunks(chunks)
        llm_memory.remember(self.plan, SEAM, data if data is not None else before.text)
        reply = self.dec.finish(before)
        if reply.cut_after is not None:
            return cut_stream(chunks, reply.cut_after), True
        out = chunks if reply == before else rewrite_chunks(chunks, data, before, reply)
        self.plan.log_call(
            "llm", self.name, self.request, response=said(reply), faults=self.dec.modes, started=self.started
        )
        return out, False

    def passthrough_stream_done(self, chunks: list[Any]) -> None:
        """Log a stream no fault touched once the agent has read it all (remembering it when a fault wants the previous
        answer).
        """
        if llm_memory.wanted(self.plan):
            data, reply = read_chunks(chunks)
            llm_memory.remember(self.plan, SEAM, data if data is not None else reply.text)
        self.plan.log_call("llm", self.name, self.request, response=stream_text(chunks)[0], started=self.started)


def _cut_off_stream(chunks: list[Any], run: _LlmCallRun) -> Iterator[Any]:
    """``chunks``, then the cut (:class:`StreamCutOff`, logged on the call)."""
    yield from chunks
    raise run._cut()


async def _cut_off_astream(chunks: list[Any], run: _LlmCallRun) -> AsyncIterator[Any]:
    """The async twin of :func:`_cut_off_stream`."""
    for c in chunks:
        yield c
    raise run._cut()


class _SyncStream:
    """An iterator over (possibly rewritten) chunks that also works as a context manager.

    An untouched stream is passed through chunk by chunk; a stream a fault corrupts is read whole first, then its edited
    chunks are yielded (and the cut raised where the fault drops the connection).
    """

    def __init__(self, source: Any, run: _LlmCallRun) -> None:
        self._source = source
        self._run = run
        self._it = self._iterate()

    def _iterate(self) -> Iterator[Any]:
        """The chunks the agent sees: passed through as they arrive, or, when a fault may edit the answer, read whole
        first (an edit needs the whole text to decide where to cut or what to change), then the edited chunks and the
        cut, if any. The call is logged once the stream ends.
        """
        if not self._run.dec.corrupts:
            seen = []
            for c in self._source:
                seen.append(c)
                yield c
            self._run.passthrough_stream_done(seen)
            return
        chunks, cut = self._run.chunks(list(self._source))
        yield from chunks
        if cut:
            raise self._run._cut()

    def __iter__(self) -> Iterator[Any]:
        return self._it

    def __next__(self) -> Any:
        return next(self._it)

    def __enter__(self) -> _SyncStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the SDK's own stream, which holds the HTTP response open."""
        close = getattr(self._source, "close", None)
        if callable(close):
            close()

    def __getattr__(self, name: str) -> Any:
        """Everything else (``response``, ``get_final_completion`` ...) is the SDK stream's own."""
        return getattr(self._source, name)


class _AsyncStream:
    """The async twin of :class:`_SyncStream`: an async iterator over (possibly rewritten) chunks that also works as an
    async context manager. A corrupted stream is read whole before the first chunk is delivered.
    """

    def __init__(self, source: Any, run: _LlmCallRun) -> None:
        self._source = source
        self._run = run
        self._it = self._iterate()

    async def _iterate(self) -> AsyncIterator[Any]:
        """As :meth:`_SyncStream._iterate`, reading the SDK's async stream."""
        if not self._run.dec.corrupts:
            seen = []
            async for c in self._source:
                seen.append(c)
                yield c
            self._run.passthrough_stream_done(seen)
            return
        chunks, cut = self._run.chunks([c async for c in self._source])
        for c in chunks:
            yield c
        if cut:
            raise self._run._cut()

    def __aiter__(self) -> AsyncIterator[Any]:
        return self._it

    async def __anext__(self) -> Any:
        return await self._it.__anext__()

    async def __aenter__(self) -> _AsyncStream:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the SDK's own stream (``close`` or ``aclose``, awaited when it returns an awaitable)."""
        close = getattr(self._source, "close", None) or getattr(self._source, "aclose", None)
        if callable(close):
            res = close()
            if inspect.isawaitable(res):
                await res

    def __getattr__(self, name: str) -> Any:
        """Everything else is the SDK stream's own."""
        return getattr(self._source, name)


def _is_sentinel(value: Any) -> bool:
    """An SDK's "argument not given" marker (openai / anthropic ``NOT_GIVEN``, ``Omit``)."""
    return type(value).__name__ in {"NotGiven", "Omit", "NotGivenOr", "_NotGiven"}


def _request_of(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """What the call sent: its arguments without SDK sentinels (identical runs record identically)."""
    request = kwargs if not args else _bind(fn, args, kwargs)
    return {k: v for k, v in request.items() if not _is_sentinel(v)}


def _is_stream(res: Any, kwargs: dict[str, Any]) -> bool:
    """Whether a model result is a stream to wrap: the call asked for one (``stream=True``), or the callable returned a
    generator.
    """
    if kwargs.get("stream"):
        return True
    return not isinstance(res, (str, bytes, dict, list)) and (inspect.isgenerator(res) or inspect.isasyncgen(res))


def _deliver(res: Any, kwargs: dict[str, Any], run: _LlmCallRun) -> Any:
    """Hand the agent a model result through the seam: an async or sync stream wrapper, or the completed answer."""
    if hasattr(res, "__aiter__") and not isinstance(res, (str, dict)):
        return _AsyncStream(res, run)
    if _is_stream(res, kwargs):
        return _SyncStream(res, run)
    return run.complete(res)


def _seems_async(fn: Callable[..., Any]) -> bool:
    """Before a wrapped callable has returned once: does it look like it returns an awaitable?

    Only consulted for calls a fault answers without calling the model; once the callable has
    returned, what it returned decides.
    """
    target = inspect.unwrap(fn)
    call = type(target).__dict__.get("__call__")
    return inspect.iscoroutinefunction(target) or (call is not None and inspect.iscoroutinefunction(call))


def wrap_llm_call(name: str, fn: Callable[..., Any], *, api: str | None = None) -> Callable[..., Any]:
    """Wrap a model call (``create`` method or a plain callable), sync or async, streaming or not; ``api`` is
    ``chat`` for a ``chat.completions.create`` method (its answers are Chat Completions), ``None`` for a callable.

    Whether the call is async is read from what it returns (an awaitable), never from how the
    function is declared: SDKs decorate their ``create`` methods. Delays in async calls never block
    the event loop.
    """
    returns_awaitable: list[bool] = []

    def is_async() -> bool:
        """Whether this callable's calls are async: what it returned last time, else a guess from its declaration."""
        return returns_awaitable[-1] if returns_awaitable else _seems_async(fn)

    async def finish_async(run: _LlmCallRun, pending: Any, stream: bool, kwargs: dict[str, Any]) -> Any:
        """Await a real async call (after the fault's delay, without blocking the event loop) and deliver its result."""
        if run.dec.delay_ms:
            await asyncio.sleep(run.dec.delay_ms / 1000)
        try:
            res = await pending
        except Exception as err:
            run.error(err)
            raise
        return _deliver(res, kwargs, run)

    async def replaced_async(run: _LlmCallRun, stream: bool) -> Any:
        """Deliver a replacement to an async caller: a coroutine, since the caller will await what the call returns."""
        if run.dec.delay_ms:
            await asyncio.sleep(run.dec.delay_ms / 1000)
        assert run.dec.replacement is not None
        if _is_answer(run.dec.replacement):
            return run.answered(run.dec.replacement, stream, is_async=True)
        raise run.fail(run.dec.replacement)

    @functools.wraps(fn)
    def llm_call(*args: Any, **kwargs: Any) -> Any:
        """The wrapper itself: straight through outside a cell; inside one, decide the call, answer a replacement (as a
        coroutine when the callable is async, so the caller's ``await`` works), or call the model, remember whether it
        returned an awaitable, and deliver its result through the faults.
        """
        plan = current_plan()
        if plan is None:
            return fn(*args, **kwargs)
        request = _request_of(fn, args, kwargs)
        stream = bool(kwargs.get("stream"))
        run = _LlmCallRun(plan, name, request, stream, api)
        if run.dec.replacement is not None:
            if is_async():
                return replaced_async(run, stream)
            if run.dec.delay_ms:
                time.sleep(run.dec.delay_ms / 1000)
            if _is_answer(run.dec.replacement):
                return run.answered(run.dec.replacement, stream, is_async=False)
            raise run.fail(run.dec.replacement)
        try:
            pending = fn(*args, **kwargs)
        except Exception as err:
            run.error(err)
            raise
        returns_awaitable.append(inspect.isawaitable(pending))
        del returns_awaitable[:-1]
        if inspect.isawaitable(pending):
            return finish_async(run, pending, stream, kwargs)
        if run.dec.delay_ms:
            time.sleep(run.dec.delay_ms / 1000)
        return _deliver(pending, kwargs, run)

    setattr(llm_call, WRAPPED, fn)
    if not inspect.iscoroutinefunction(fn):
        return llm_call

    # Declared ``async def``: keep the wrapper one too, for frameworks that check before awaiting.
    @functools.wraps(fn)
    async def async_llm_call(*args: Any, **kwargs: Any) -> Any:
        """``llm_call``, awaited: the same faults, under the ``async def`` the framework checked for."""
        out = llm_call(*args, **kwargs)
        return await out if inspect.isawaitable(out) else out

    setattr(async_llm_call, WRAPPED, fn)
    return async_llm_call
