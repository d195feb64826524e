"""The in-process LLM seam of DSPy: a wrapper around the transport of DSPy's bundled lm15 engine.

``dspy.LM`` sends its model calls through lm15 (vendored in DSPy as ``dspy._vendor.lm15``): a router builds
one provider LM per provider and hands every one of them the router's one shared HTTP transport
(``StdlibTransport`` / ``StdlibAsyncTransport``, whose ``stream(TransportRequest)`` is the whole interface
between the provider and the network). DSPy builds its engines, and so their routers, lazily (one per event
loop, per copy of the LM), so the seam is the routers' ``_shared_transport``: while a run is on, the
transport it hands out is wrapped in one that asks :class:`~windtunnel.chaos.llm_wire.WireCall` what to do
with each model request, exactly as :mod:`windtunnel.chaos.sdk_transport` does below the OpenAI SDK. What
the program sees is then lm15's and DSPy's own reaction to a wire event: their error mapping, DSPy's own
retries and back-off, their parsers. Outside a cell, or for requests that are not model calls, the real
transport is called and its response returned as it is.

An LM built with ``engine="litellm"`` (or a custom engine) does not use lm15: validate refuses LLM faults
for it (:func:`unreachable`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import anyio

from windtunnel._util.errors import ConfigError
from windtunnel.chaos.llm_wire import Editor, Instead, WireCall, log_other
from windtunnel.chaos.plan import current_plan
from windtunnel.chaos.wire_apis import api_of

Restore = Callable[[], None]
MARK = "__windtunnel_lm15__"
VENDOR = "dspy._vendor.lm15"
CUT_MESSAGE = "peer closed connection without sending complete message body (windtunnel fault)"


def _lm15(name: str) -> Any:
    """A module of DSPy's vendored lm15 (imported by DSPy already when an LM exists)."""
    return sys.modules.get(f"{VENDOR}.{name}") or __import__(f"{VENDOR}.{name}", fromlist=["_"])


def _decide(request: Any) -> WireCall | None:
    """The cell's decision for one lm15 request, or ``None`` to send it as it is: outside a cell, or for a request
    that is not a model call (logged on the cell as another call, as the SDK seam does)."""
    plan = current_plan()
    if plan is None:
        return None
    path = urlsplit(request.url).path
    api = api_of(request.method, path)
    if api is None:
        log_other(plan, request.method, path)
        return None
    return WireCall(plan, api, bytes(request.body or b""))


def _wait(wire: WireCall, request: Any, default: float | None) -> float:
    """How long a ``timeout`` fault holds the call: the fault's delay, but no longer than the read timeout the
    request (else the transport) sets, after which the real transport would have given up."""
    limit = request.read_timeout if request.read_timeout is not None else default
    return wire.delay_s if limit is None else min(wire.delay_s, float(limit))


def _headers(headers: list[tuple[str, str]], editor: Editor) -> list[tuple[str, str]]:
    """The real answer's headers, without the length and encoding ones when the editor changes the body."""
    drop = {"content-length", "content-encoding", "transfer-encoding"} if editor.edits else set()
    return [(k, v) for k, v in headers if k.lower() not in drop]


def _piece(ed: Editor, piece: bytes) -> tuple[bytes, bool]:
    """One piece of the real body through the call's editor: what to pass on, and whether the stream ends here
    (the editor cut it or sent a broken event)."""
    return ed.feed(piece), ed.cut or getattr(ed, "broken", False)


def _cut_error(ed: Editor) -> Exception | None:
    """lm15's ``ReadError`` for a stream the editor cut, else ``None``."""
    return _lm15("transports").ReadError(CUT_MESSAGE) if ed.cut else None


def _instead_body(instead: Instead) -> Iterator[bytes]:
    """A reply given instead of the model's as one chunk; a cut one (a replayed cut) then ends with lm15's own
    ``ReadError``, as a cut model answer does (:func:`_edited`)."""
    if instead.body:
        yield instead.body
    if instead.cut:
        raise _lm15("transports").ReadError(CUT_MESSAGE)


def _edited(ed: Editor, pieces: Iterator[bytes]) -> Iterator[bytes]:
    """The real body through the call's editor as it arrives; a cut stream ends with lm15's own ``ReadError``,
    what lm15 raises when a server closes the connection mid-body. An upstream error is logged on the call."""
    try:
        for piece in pieces:
            out, stop = _piece(ed, piece)
            if out:
                yield out
            if stop:
                break
    except Exception as err:
        ed.fail(err)
        raise
    if tail := ed.end():
        yield tail
    if (cut := _cut_error(ed)) is not None:
        raise cut


async def _aedited(ed: Editor, pieces: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """The async twin of :func:`_edited` (the steps are shared: :func:`_piece`, :func:`_cut_error`)."""
    try:
        async for piece in pieces:
            out, stop = _piece(ed, piece)
            if out:
                yield out
            if stop:
                break
    except Exception as err:
        ed.fail(err)
        raise
    if tail := ed.end():
        yield tail
    if (cut := _cut_error(ed)) is not None:
        raise cut


class _Wrapped:
    """What both wrappers share: the real transport, and everything else of it passed through."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        setattr(self, MARK, inner)

    def __getattr__(self, name: str) -> Any:
        """Everything but ``stream`` and ``copy`` is the real transport's (``close``, ``pool_stats`` ...)."""
        return getattr(self.inner, name)

    def copy(self) -> Any:
        """A provider that copies its transport (lm15 does, to change its settings) keeps the seam on the copy."""
        return type(self)(self.inner.copy())


class FaultTransport(_Wrapped):
    """An lm15 sync transport whose model requests are decided by the cell's fault plan."""

    def stream(self, request: Any) -> Any:
        """Send one request through the cell's plan: passed through, timed out (lm15's ``ReadTimeout``), delayed,
        answered instead of the model, or the model's answer edited as it streams."""
        wire = _decide(request)
        if wire is None:
            return self.inner.stream(request)
        types = _lm15("transports")
        instead = wire.instead()
        if instead is not None and instead.timeout:
            time.sleep(_wait(wire, request, getattr(self.inner, "_read_timeout", None)))
            wire.timed_out()
            raise types.ReadTimeout("timed out (windtunnel timeout fault)")
        if wire.delay_s:
            time.sleep(wire.delay_s)
        if instead is not None:
            return types.TransportResponse(
                status=instead.status, reason="", headers=list(instead.headers), http_version="HTTP/1.1",
                chunks=_instead_body(instead), release=lambda consumed: None,
            )  # fmt: skip
        try:
            resp = self.inner.stream(request)
        except Exception as err:
            wire.log(error=f"{type(err).__name__}: {err}")
            raise
        editor = wire.editor(resp.status, resp.header("content-type"))
        editor.status = resp.status
        return types.TransportResponse(
            status=resp.status, reason=resp.reason, headers=_headers(resp.headers, editor),
            http_version=resp.http_version, chunks=_edited(editor, iter(resp)), release=lambda consumed: resp.close(),
        )  # fmt: skip


class _AsyncStream:
    """``async with transport.stream(request) as response``, as lm15's async providers use it."""

    def __init__(self, owner: AsyncFaultTransport, request: Any) -> None:
        self.owner, self.request = owner, request
        self._inner_cm: Any = None

    async def __aenter__(self) -> Any:
        """The response, decided as :meth:`FaultTransport.stream` decides it, with delays that never block the
        event loop."""
        inner, request = self.owner.inner, self.request
        wire = _decide(request)
        if wire is None:
            self._inner_cm = inner.stream(request)
            return await self._inner_cm.__aenter__()
        types = _lm15("transports")
        instead = wire.instead()
        if instead is not None and instead.timeout:
            await anyio.sleep(_wait(wire, request, getattr(inner, "_read_timeout", None)))
            wire.timed_out()
            raise types.ReadTimeout("timed out (windtunnel timeout fault)")
        if wire.delay_s:
            await anyio.sleep(wire.delay_s)
        if instead is not None:

            async def body() -> AsyncIterator[bytes]:
                """The whole reply, as one chunk (a cut one: the bytes sent before the cut, then lm15's ReadError)."""
                for piece in _instead_body(instead):
                    yield piece

            async def nothing(consumed: bool) -> None:
                """No connection to release: the model was never called."""
                return None

            return types.AsyncTransportResponse(
                status=instead.status, reason="", headers=list(instead.headers), http_version="HTTP/1.1",
                chunks=body(), release=nothing,
            )  # fmt: skip
        self._inner_cm = inner.stream(request)
        try:
            resp = await self._inner_cm.__aenter__()
        except Exception as err:
            wire.log(error=f"{type(err).__name__}: {err}")
            raise
        editor = wire.editor(resp.status, resp.header("content-type"))
        editor.status = resp.status

        async def release(consumed: bool) -> None:
            """Release the real response once the edited one is done with."""
            await resp.aclose()

        return types.AsyncTransportResponse(
            status=resp.status, reason=resp.reason, headers=_headers(resp.headers, editor),
            http_version=resp.http_version, chunks=_aedited(editor, resp.__aiter__()), release=release,
        )  # fmt: skip

    async def __aexit__(self, *exc: Any) -> None:
        """Release the real response (its connection goes back to lm15's pool), if one was opened."""
        if self._inner_cm is not None:
            await self._inner_cm.__aexit__(*exc)


class AsyncFaultTransport(_Wrapped):
    """An lm15 async transport whose model requests are decided by the cell's fault plan."""

    def stream(self, request: Any) -> _AsyncStream:
        """``async with transport.stream(request) as response``: see :class:`_AsyncStream`."""
        return _AsyncStream(self, request)


def _wrap(transport: Any, cls: type[_Wrapped]) -> Any:
    """``transport`` in a ``cls`` wrapper, unless it is one already (a transport is never wrapped twice)."""
    return transport if transport is None or getattr(transport, MARK, None) is not None else cls(transport)


def is_lm15_model(obj: Any) -> bool:
    """A DSPy LM (``dspy.clients.lm.LM``), whose calls go through lm15 unless another engine was chosen."""
    cls = getattr(sys.modules.get("dspy.clients.lm"), "LM", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def unreachable(lm: Any) -> str | None:
    """Why faults cannot reach this DSPy LM's calls in process, or ``None`` (its engine is lm15's)."""
    spec = getattr(lm, "_engine_spec", "auto")
    if spec in ("auto", "lm15"):
        return None
    what = "engine='litellm'" if spec == "litellm" else f"a custom engine ({type(spec).__name__})"
    return (
        f"it is built with {what}, which does not send its calls through DSPy's lm15 transport, where windtunnel "
        "injects LLM faults; build it with dspy.LM(..., engine='lm15') (or the default, 'auto')"
    )


def install(lm: Any, where: str) -> list[Restore]:
    """Wrap the transport of every lm15 router for the run (those built later too), and of those ``lm`` holds.

    DSPy builds an engine (and so a router) per event loop and per copy of an LM, on its first call; the seam is
    therefore the router classes' ``_shared_transport``, swapped for the run and restored after it, so every
    engine built during the run hands its providers the wrapped transport. Engines ``lm`` built before the run
    are wrapped where they are. Outside a cell the wrapper passes every request through unchanged. Raises
    ConfigError naming ``where`` when ``lm`` does not call through lm15 (:func:`unreachable`).
    """
    problem = unreachable(lm)
    if problem is not None:
        raise ConfigError(f"{where}: {problem}")
    router = _lm15("router")
    restores: list[Restore] = []
    for cls_name, wrapper in (("LMRouter", FaultTransport), ("AsyncLMRouter", AsyncFaultTransport)):
        cls = getattr(router, cls_name)
        original = cls.__dict__["_shared_transport"]
        if getattr(original, MARK, None) is not None:
            continue

        def shared(self: Any, _original: Any = original, _wrapper: type[_Wrapped] = wrapper) -> Any:
            """The router's shared transport as lm15 builds it, wrapped (and kept wrapped on the router)."""
            with self._lock:
                self._transport = _wrap(_original(self), _wrapper)
                return self._transport

        setattr(shared, MARK, original)
        cls._shared_transport = shared

        def restore(cls: Any = cls, original: Any = original) -> None:
            """Give the router class its own ``_shared_transport`` back."""
            cls._shared_transport = original

        restores.append(restore)
    restores += _wrap_built(lm)
    return restores


def _wrap_built(lm: Any) -> list[Restore]:
    """The engines ``lm`` built before the run: their routers' transport, and the provider LMs holding it."""
    restores: list[Restore] = []
    for engine in list(getattr(lm, "_engine_store", {}).values()):
        router = getattr(engine, "router", None)
        if router is None or getattr(router, "_transport", None) is None:
            continue
        wrapper = AsyncFaultTransport if type(router).__name__.startswith("Async") else FaultTransport
        for holder, attr in [(router, "_transport"), *((p, "transport") for p in router._lms.values())]:
            before = getattr(holder, attr, None)
            if before is None or getattr(before, MARK, None) is not None:
                continue
            setattr(holder, attr, wrapper(before))

            def restore(holder: Any = holder, attr: str = attr, before: Any = before) -> None:
                """Give the router or provider its own transport back."""
                setattr(holder, attr, before)

            restores.append(restore)
    return restores
