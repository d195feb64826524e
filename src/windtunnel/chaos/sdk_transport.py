"""The in-process LLM seam below an SDK client: a wrapper around the client's httpx transport.

The OpenAI and Anthropic SDKs send every request through an httpx (or httpx2) client; its transport
is the documented place to stand between the SDK and the network. windtunnel swaps that transport for
one that asks :class:`~windtunnel.chaos.llm_wire.WireCall` what to do with each model request, so
what the agent sees is the SDK's own reaction to a wire event: its exception classes, its retries and
``Retry-After`` handling, its streaming parser and tool-call assembly. Outside a cell, or for requests
that are not model calls, the original transport is called and its response returned as it is.

Why the transport and not the SDK's methods: patching ``create`` would hand the agent python values and skip the SDK
code that production failures go through (status-to-exception mapping, retries with their back-off, the streaming
parser, tool-call assembly). Below the SDK, a ``429`` is a real ``429`` response that the SDK retries and then raises
as its own ``RateLimitError``, and a dropped stream is a real ``RemoteProtocolError`` in the middle of its iterator.
The decisions and the byte editing are :mod:`windtunnel.chaos.llm_wire`'s, shared with the LLM proxy; this module
only adapts them to httpx's sync and async transport interfaces. Finding the clients behind ``agent.llm`` is
:mod:`windtunnel.chaos.sdk_clients`' job, so ``validate`` can ask it without importing this module.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import time
from collections.abc import AsyncIterator, Callable, Iterator
from types import ModuleType
from typing import Any

import anyio

from windtunnel._util.errors import ConfigError
from windtunnel.chaos import lm15_transport
from windtunnel.chaos.llm_wire import Editor, Instead, WireCall, log_other
from windtunnel.chaos.plan import current_plan
from windtunnel.chaos.sdk_clients import SDK_BASES, http_client, httpx_module, installed_sdks
from windtunnel.chaos.sdk_clients import sdk_clients_of as sdk_clients_of  # agents/_llmclients.py imports it from here
from windtunnel.chaos.wire_apis import api_of

Restore = Callable[[], None]
MARK = "__windtunnel_transport__"
CUT_MESSAGE = "peer closed connection without sending complete message body (windtunnel fault)"
_classes: dict[str, dict[str, type]] = {}


def _read_timeout(request: Any) -> float | None:
    """The read timeout (seconds) the SDK set on ``request`` through httpx's ``timeout`` extension, or ``None``."""
    timeout = request.extensions.get("timeout") or {}
    value = timeout.get("read")
    return float(value) if isinstance(value, (int, float)) else None


def _timeout_wait(wire: WireCall, request: Any) -> float:
    """How long a ``timeout`` fault hangs the call: the fault's delay, but no longer than the client's own read timeout,
    after which the real client would have given up anyway.
    """
    limit = _read_timeout(request)
    return wire.delay_s if limit is None else min(wire.delay_s, limit)


def _out_headers(resp: Any, editor: Editor) -> list[tuple[str, str]]:
    """The real response's headers for the edited response: ``Content-Length`` and ``Content-Encoding`` go when the
    editor changes the body, since the edited (decoded) bytes no longer match them.
    """
    drop = {"content-length", "content-encoding"} if editor.edits else set()
    return [(k, v) for k, v in resp.headers.multi_items() if k.lower() not in drop]


def _fed(ed: Editor, piece: bytes) -> tuple[bytes, bool]:
    """One upstream piece through the editor: the bytes to pass on, and whether to stop reading."""
    return ed.feed(piece), bool(ed.cut or getattr(ed, "broken", False))


def _ended(ed: Editor, mod: ModuleType, request: Any) -> Iterator[bytes]:
    """The editor's tail once the upstream body ends, then the connection error a cut stream raises."""
    tail = ed.end()
    if tail:
        yield tail
    if ed.cut:
        raise mod.RemoteProtocolError(CUT_MESSAGE, request=request)


def _classes_for(mod: ModuleType) -> dict[str, type]:
    """The transport and stream classes for one httpx flavour (``httpx`` or ``httpx2``).

    They subclass that flavour's own base transport and byte streams, so a client of either flavour gets a transport and
    streams of its own kind; they are built once per flavour and cached in :data:`_classes`.
    """
    if mod.__name__ in _classes:
        return _classes[mod.__name__]

    class SyncEdited(mod.SyncByteStream):  # type: ignore[name-defined]
        """A sync httpx byte stream passing the upstream body through the call's editor as it arrives."""

        def __init__(self, source: Iterator[bytes], close: Callable[[], None], editor: Editor, request: Any):
            """``source``: the upstream body's pieces; ``close``: closes the upstream response (the connection goes
            back to the pool); ``request``: for the exceptions raised on a cut.
            """
            self.source, self._close, self.editor, self.request = source, close, editor, request

        def __iter__(self) -> Iterator[bytes]:
            """Yield the edited pieces; stop reading when the editor cuts or breaks the stream, then yield its tail
            (raising ``RemoteProtocolError`` for a cut). An upstream error is logged on the call before it propagates.
            """
            ed = self.editor
            try:
                for piece in self.source:
                    out, stop = _fed(ed, piece)
                    if out:
                        yield out
                    if stop:
                        break
            except Exception as err:
                ed.fail(err)
                raise
            yield from _ended(ed, mod, self.request)

        def close(self) -> None:
            """Close the upstream response and end the editor, which logs the call once even if the body was not read to
            the end.
            """
            self._close()
            self.editor.end()

    class AsyncEdited(mod.AsyncByteStream):  # type: ignore[name-defined]
        """The async twin of ``SyncEdited``."""

        def __init__(self, source: AsyncIterator[bytes], close: Any, editor: Editor, request: Any):
            self.source, self._close, self.editor, self.request = source, close, editor, request

        async def __aiter__(self) -> AsyncIterator[bytes]:
            """Yield the edited pieces as ``SyncEdited.__iter__`` does, reading the upstream body asynchronously."""
            ed = self.editor
            try:
                async for piece in self.source:
                    out, stop = _fed(ed, piece)
                    if out:
                        yield out
                    if stop:
                        break
            except Exception as err:
                ed.fail(err)
                raise
            for tail in _ended(ed, mod, self.request):
                yield tail

        async def aclose(self) -> None:
            """Close the upstream response and end the editor."""
            await self._close()
            self.editor.end()

    class SyncCut(mod.SyncByteStream):  # type: ignore[name-defined]
        """A reply's bytes, then the error of a dropped connection (a replayed cut: :class:`Instead` ``cut``)."""

        def __init__(self, body: bytes, request: Any) -> None:
            self.body, self.request = body, request

        def __iter__(self) -> Iterator[bytes]:
            """The bytes sent before the cut, then ``RemoteProtocolError``, as a cut model answer raises."""
            if self.body:
                yield self.body
            raise mod.RemoteProtocolError(CUT_MESSAGE, request=self.request)

    class AsyncCut(mod.AsyncByteStream):  # type: ignore[name-defined]
        """The async twin of ``SyncCut``."""

        def __init__(self, body: bytes, request: Any) -> None:
            self.body, self.request = body, request

        async def __aiter__(self) -> AsyncIterator[bytes]:
            """As ``SyncCut.__iter__``."""
            if self.body:
                yield self.body
            raise mod.RemoteProtocolError(CUT_MESSAGE, request=self.request)

    def answered(instead: Instead, request: Any, *, sync: bool) -> Any:
        """The response a reply given instead of the model's makes: whole, or, cut, its bytes and then the dropped
        connection (in the body's stream, where the SDK meets a model's cut answer)."""
        if not instead.cut:
            return mod.Response(instead.status, headers=instead.headers, content=instead.body, request=request)
        stream = SyncCut(instead.body, request) if sync else AsyncCut(instead.body, request)
        return mod.Response(instead.status, headers=instead.headers, stream=stream, request=request)

    def edited(resp: Any, wire: WireCall, request: Any, *, sync: bool) -> Any:
        """The real answer, its body passed through the call's editor as it streams (decoded first when the
        editor changes it, so the edit acts on the text; else the bytes go on as they came)."""
        editor = wire.editor(resp.status_code, resp.headers.get("content-type"))
        editor.status = resp.status_code
        decoded = mod.Response(resp.status_code, headers=resp.headers, stream=resp.stream) if editor.edits else None
        if decoded is None:
            editor.encoded = resp.headers.get("content-encoding", "identity") != "identity"
        stream: Any
        if sync:
            source: Iterator[bytes] = decoded.iter_bytes() if decoded is not None else iter(resp.stream)
            stream = SyncEdited(source, resp.stream.close, editor, request)
        else:
            asource: AsyncIterator[bytes] = decoded.aiter_bytes() if decoded is not None else resp.stream.__aiter__()
            stream = AsyncEdited(asource, resp.stream.aclose, editor, request)
        return mod.Response(
            resp.status_code, headers=_out_headers(resp, editor), stream=stream, extensions=resp.extensions
        )

    class FaultTransport(mod.BaseTransport):  # type: ignore[name-defined]
        """The sync transport put in place of the SDK client's own; it keeps the original as ``inner`` (and under
        :data:`MARK`, so a client is never wrapped twice).
        """

        def __init__(self, inner: Any) -> None:
            """Wrap ``inner``, the transport the client had (its connection pool, proxies and TLS settings stay)."""
            self.inner = inner
            setattr(self, MARK, inner)

        def handle_request(self, request: Any) -> Any:
            """Send one request through the current cell's plan. Outside a cell, or for a request that is not a model
            call, the inner transport answers (other calls are logged). A model call may time out after the client's
            read timeout (``ReadTimeout``), be delayed, be answered instead of the model, or get the real answer
            edited as it streams.
            """
            plan = current_plan()
            api = api_of(request.method, request.url.path) if plan is not None else None
            if api is None or plan is None:
                if plan is not None:
                    log_other(plan, request.method, request.url.path)
                return self.inner.handle_request(request)
            wire = WireCall(plan, api, request.read())
            instead = wire.instead()
            if instead is not None and instead.timeout:
                time.sleep(_timeout_wait(wire, request))
                wire.timed_out()
                raise mod.ReadTimeout("timed out (windtunnel timeout fault)", request=request)
            if wire.delay_s:
                time.sleep(wire.delay_s)
            if instead is not None:
                return answered(instead, request, sync=True)
            try:
                resp = self.inner.handle_request(request)
            except Exception as err:
                wire.log(error=f"{type(err).__name__}: {err}")
                raise
            return edited(resp, wire, request, sync=True)

        def close(self) -> None:
            """Close the wrapped original transport."""
            self.inner.close()

    class AsyncFaultTransport(mod.AsyncBaseTransport):  # type: ignore[name-defined]
        """The async transport put in place of the SDK client's own (see ``FaultTransport``).

        Waits with ``anyio.sleep``, so a delayed or hanging model call holds only its own task, never the event loop
        the agent's other calls (and other cells) run on.
        """

        def __init__(self, inner: Any) -> None:
            """Wrap ``inner``, the async transport the client had."""
            self.inner = inner
            setattr(self, MARK, inner)

        async def handle_async_request(self, request: Any) -> Any:
            """As ``FaultTransport.handle_request``, with delays that never block the event loop."""
            plan = current_plan()
            api = api_of(request.method, request.url.path) if plan is not None else None
            if api is None or plan is None:
                if plan is not None:
                    log_other(plan, request.method, request.url.path)
                return await self.inner.handle_async_request(request)
            wire = WireCall(plan, api, await request.aread())
            instead = wire.instead()
            if instead is not None and instead.timeout:
                await anyio.sleep(_timeout_wait(wire, request))
                wire.timed_out()
                raise mod.ReadTimeout("timed out (windtunnel timeout fault)", request=request)
            if wire.delay_s:
                await anyio.sleep(wire.delay_s)
            if instead is not None:
                return answered(instead, request, sync=False)
            try:
                resp = await self.inner.handle_async_request(request)
            except Exception as err:
                wire.log(error=f"{type(err).__name__}: {err}")
                raise
            return edited(resp, wire, request, sync=False)

        async def aclose(self) -> None:
            """Close the wrapped original transport."""
            await self.inner.aclose()

    _classes[mod.__name__] = {"sync": FaultTransport, "async": AsyncFaultTransport}
    return _classes[mod.__name__]


# -- finding and wrapping a client's transport -------------------------------------------------------


def install_transport(client: Any, where: str) -> list[Restore]:
    """Swap the transports of ``client``'s httpx client (and of its proxy mounts) for fault transports; for a DSPy
    LM, the transport of DSPy's lm15 engine (:mod:`windtunnel.chaos.lm15_transport`).

    The SDK keeps its own client object, retries and parsers; only the layer that sends bytes changes. A transport
    already wrapped is left alone, so installing twice is harmless. Raises ConfigError naming ``where`` when the client
    holds no httpx client windtunnel can reach (the hint: use ``windtunnel proxy llm`` instead). Returns one restore
    callback per transport replaced.
    """
    if lm15_transport.is_lm15_model(client):
        return lm15_transport.install(client, where)
    http = http_client(client)
    if http is None or not hasattr(http, "_transport"):
        raise ConfigError(
            f"{where}: the {type(client).__name__} client's HTTP transport cannot be reached (it does not hold "
            "an httpx client windtunnel can wrap), so LLM faults cannot be injected below the SDK",
            hint="run `windtunnel proxy llm` and point the client's base_url at it instead",
        )
    mod = httpx_module(http)
    assert mod is not None
    cls = _classes_for(mod)["async" if isinstance(http, mod.AsyncClient) else "sync"]
    restores: list[Restore] = []
    transport = http._transport
    if getattr(transport, MARK, None) is None:
        http._transport = cls(transport)

        def restore_main() -> None:
            """Put the client's original transport back."""
            http._transport = transport

        restores.append(restore_main)
    mounts = getattr(http, "_mounts", {})
    for pattern, mounted in list(mounts.items()):
        if mounted is None or getattr(mounted, MARK, None) is not None:
            continue
        mounts[pattern] = cls(mounted)

        def restore_mount(pattern: Any = pattern, mounted: Any = mounted) -> None:
            """Put the original transport of one proxy mount back."""
            mounts[pattern] = mounted

        restores.append(restore_mount)
    return restores


def install_on_new_clients(where: str) -> list[Restore]:
    """Put the fault transport on every OpenAI / Anthropic SDK client created from now until the restore: for an
    agent that builds its client inside the call (a LangGraph node that makes its ``ChatOpenAI`` on every call), which
    no object windtunnel can look into holds before the run.

    The SDKs' client base classes get an ``__init__`` that wraps the new client's transport once built (as
    :func:`install_transport` wraps a client found before the run, so the agent sees the same SDK exceptions and
    retries); the restore puts the classes' ``__init__`` back and the transports of the clients made meanwhile. A
    client made outside any cell passes every call through (no plan, nothing to do), and one whose transport cannot be
    reached is left alone: its faults never fire, and the run says so (``never fired``)."""
    restores: list[Restore] = []
    wrapped: list[Restore] = []
    for package in installed_sdks():
        module = importlib.import_module(SDK_BASES[package])
        for name in ("SyncAPIClient", "AsyncAPIClient"):
            cls: Any = getattr(module, name, None)
            original = getattr(cls, "__dict__", {}).get("__init__")
            if original is None:
                continue

            @functools.wraps(original)
            def init(self: Any, *args: Any, __original: Any = original, **kwargs: Any) -> None:
                __original(self, *args, **kwargs)
                with contextlib.suppress(ConfigError):  # no httpx client to wrap: its faults never fire (said)
                    wrapped.extend(install_transport(self, where))

            cls.__init__ = init

            def restore(cls: Any = cls, original: Any = original) -> None:
                """Put the SDK class's own ``__init__`` back."""
                cls.__init__ = original

            restores.append(restore)

    def unwrap() -> None:
        """Put back the transports of the clients created while the hook was in place."""
        for undo in reversed(wrapped):
            undo()
        wrapped.clear()

    return [unwrap, *restores]
