"""Upstream HTTP/1.1 exchanges on asyncio protocols, for the proxies' synchronous lane.

:class:`~windtunnel._util.http1client.UpstreamPool` reads answers through asyncio streams: a request there
costs a task's wake-ups, several ``readuntil`` / ``readexactly`` coroutines and an async generator per body.
Here a pooled connection is an :class:`asyncio.Protocol` that parses the answer as its bytes arrive and hands
the head, each body piece and the end to an :class:`AnswerSink` from the event loop's own callback: a proxy
that already has a whole request forwards it and relays the answer without a coroutine on the way, when an
idle connection and the host's request limit allow it at once (:meth:`LanePool.take`), else after
:meth:`LanePool.connect`.

The rules are those of the stream pool: the host's :class:`~windtunnel._util.hostgate.HostGate` (shared with
the stream pool of the same proxy) counts requests and opens connections gradually; a pooled connection that
the server closed before answering is retried once on a new one; an answer's framing (a length, chunked, or
to the end of the connection; none for HEAD, 204 and 304) decides whether the connection is reused; an
upstream silent for the pool's timeout is given up on.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, Protocol, cast

from windtunnel._util.chunked import Dechunker
from windtunnel._util.hostgate import HostGate
from windtunnel._util.http1 import HOP_BY_HOP, MAX_HEADERS, MAX_LINE, BadRequest, _header, bodiless
from windtunnel._util.http1client import (
    UpstreamCut,
    UpstreamError,
    UpstreamPool,
    UpstreamProtocolError,
    _status_line,
)

Addr = tuple[str, int]


class AnswerSink(Protocol):
    """Where an upstream answer goes, piece by piece, from the event loop's callbacks."""

    conn: UpstreamConnection | None
    """The connection the request went out on (set by :meth:`UpstreamConnection.send`)."""

    def on_head(
        self,
        status: int,
        headers: list[tuple[str, str]],
        length: int | None,
        content_type: str | None,
        content_encoding: str | None,
        kept: list[str],
        chunked: bool,
        empty: bool,
    ) -> None:
        """The answer's status and headers (interim 1xx skipped); ``length``: its declared length, ``None`` when
        it is chunked or runs to the end of the connection; the first ``Content-Type`` and ``Content-Encoding`` values
        and ``kept``, the header lines a proxy passes on (``Name: value``, hop-by-hop ones left out), all read in
        the pass that finds the framing. ``chunked``: the body comes with its chunk framing, as the upstream sent it;
        ``empty``: the answer has no body (to HEAD, a 204, a 304)."""

    def on_body(self, data: bytes) -> None:
        """Body bytes as they arrive (a chunked body's chunks as they came, framing included: a proxy passes them
        on unchanged, and whoever needs the payload decodes it)."""

    def on_end(self, tail: bytes) -> None:
        """The body is complete (the connection is back in the pool, or closed); ``tail``: its last bytes when they
        came with its end (not given to :meth:`on_body`, so a proxy can log the answer before the client has all of
        it)."""

    def on_error(self, err: UpstreamError, after_head: bool) -> None:
        """The exchange failed: before the head (nothing was relayed yet) or after it (a cut answer)."""


_HEAD, _BODY, _IDLE = 0, 1, 2


class UpstreamConnection(asyncio.Protocol):
    """One keep-alive connection to an upstream: :meth:`send` a request, the answer goes to its sink."""

    def __init__(self, pool: LanePool, addr: Addr, gate: HostGate) -> None:
        """A connection of ``pool`` to ``addr`` (established by :meth:`LanePool.connect`)."""
        self.pool, self.addr, self.gate = pool, addr, gate
        self.transport: asyncio.Transport | None = None
        self.sink: AnswerSink | None = None
        self.reused = False
        self.closed = False
        self._state = _IDLE
        self._buf = b""
        self._method = "GET"
        self._request = b""
        self._keep = True
        self._left = 0
        self._framing = 0  # 0: empty, 1: a length, 2: chunked, 3: to the end of the connection
        self._dechunk: Dechunker | None = None
        self._status: int | None = None
        self._last = 0.0
        self._since = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._time = pool.loop.time

    # -- asyncio.Protocol ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Keep the transport (asyncio and uvloop set ``TCP_NODELAY`` on TCP connections)."""
        self.transport = transport = cast(asyncio.Transport, transport)  # uvloop's are not subclasses

    def data_received(self, data: bytes) -> None:
        """Parse the answer as it arrives: its head, then its body by its framing."""
        sink = self.sink
        if sink is None:  # bytes nobody asked for: the connection cannot be trusted any more
            self._close()
            return
        self._last = self._time()
        if self._framing == 2 and self._state == _BODY:  # a stream's next chunks, straight to them (no dispatch)
            self._chunks(data, sink)
            return
        if self._state == _HEAD:
            self._buf += data
            try:
                done = self._head()
            except (ValueError, BadRequest) as err:
                self._fail(UpstreamProtocolError(f"{self._where} answered something that is not HTTP: {err}"), False)
                return
            if not done:
                return
            data, self._buf = self._buf, b""
            if self.sink is None:
                return
        self._body(data)

    def eof_received(self) -> bool | None:
        """The upstream closed its side: an answer running to the end of the connection is complete."""
        if self.sink is not None and self._state == _BODY and self._framing == 3:
            self._keep = False
            self._finish()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection ended: an exchange in progress fails (or is retried on a new connection when a pooled one
        was closed by the server before any byte of the answer)."""
        self.closed = True
        self.pool.forget(self)
        if self.sink is None:
            return
        if self._state == _BODY and self._framing == 3:
            self._keep = False
            self._finish()
            return
        if self._state == _HEAD and not self._buf and self.reused and self._last == 0.0:
            sink, request, method = self.sink, self._request, self._method
            self.sink = None
            self._stop_timer()
            self.pool.retry(self.addr, self.gate, request, method, sink)
            return
        if self._state == _HEAD:
            self._fail(UpstreamError(f"{self._where}: connection closed before the answer ({exc!r})"), False)
        else:
            self._fail(UpstreamCut(f"upstream connection dropped mid-body: {exc!r}"), True)

    def pause_writing(self) -> None:
        """Writes to the upstream back up (a request body larger than the socket's buffer): nothing to do, the
        transport buffers it."""

    def resume_writing(self) -> None:
        """See :meth:`pause_writing`."""

    # -- exchanges ------------------------------------------------------------------------------

    @property
    def _where(self) -> str:
        return f"{self.addr[0]}:{self.addr[1]}"

    def send(self, request: bytes, method: str, sink: AnswerSink) -> None:
        """Send ``request`` (head and body) and hand the answer to ``sink``. The host gate's request slot is
        already taken (:meth:`LanePool.take` / :meth:`LanePool.connect`) and given back when the answer ends."""
        assert self.transport is not None
        self.sink = sink
        sink.conn = self
        self._request, self._method = request, method
        self._state, self._buf, self._keep, self._status = _HEAD, b"", True, None
        self._last = 0.0
        if self._timer is None:
            self._timer = self.pool.loop.call_later(self.pool.timeout, self._check_silence)
        self._since = self.pool.loop.time()
        self.transport.write(request)

    def abandon(self) -> None:
        """The caller no longer wants the answer (its client left): drop the connection and the request slot."""
        if self.sink is not None:
            self.sink = None
            self.gate.leave(self._status)
        self._close()

    def pause_reading(self) -> None:
        """Stop reading the answer while the caller's client cannot take more (back-pressure)."""
        if self.transport is not None:
            self.transport.pause_reading()

    def resume_reading(self) -> None:
        """Read the answer again (see :meth:`pause_reading`)."""
        if self.transport is not None:
            self.transport.resume_reading()

    def _head(self) -> bool:
        """Parse the answer's head from the buffer (skipping interim 1xx answers); whether it is complete."""
        while True:
            buf = self._buf
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                lf = buf.find(b"\n\n")  # a head framed by bare LFs (tolerated, as the stream pool does)
                if lf < 0 or buf.find(b"\r\n", 0, lf) >= 0:
                    if len(buf) > MAX_LINE:
                        raise ValueError("answer head too long")
                    return False
                end, skip = lf, 2
            else:
                skip = 4
            line, nl, rest = buf[:end].partition(b"\n")
            version, status = _status_line(line.rstrip(b"\r"))
            self._buf = buf[end + skip :]
            if 100 <= status < 200 and status != 101:
                continue
            break
        # One pass over the header lines: parsed as http1._parse_headers does (tidied, as an answer's), the framing
        # (a repeated framing header: the last one counts; Connection and the content's: the first), and the lines a
        # proxy passes on (not hop-by-hop) written once.
        headers: list[tuple[str, str]] = []
        kept: list[str] = []
        encoding = length = conn_header = ctype = cenc = None
        if nl and rest:
            lines = rest.decode("latin-1").split("\n")
            if len(lines) > MAX_HEADERS:
                raise BadRequest("too many headers")
            for text in lines:
                k, sep, v = text.partition(":")
                if not sep:
                    _header(text, False)  # raises BadRequest naming the line
                k, v = k.strip(), v.strip()
                headers.append((k, v))
                name = k.lower()
                if name not in HOP_BY_HOP:
                    kept.append(f"{k}: {v}")
                    if name == "content-type":
                        ctype = v if ctype is None else ctype
                    elif name == "content-encoding":
                        cenc = v if cenc is None else cenc
                elif name == "transfer-encoding":
                    encoding = v
                elif name == "content-length":
                    length = v
                elif name == "connection":
                    conn_header = v.lower() if conn_header is None else conn_header
        conn_header = conn_header or ""
        self._keep = "close" not in conn_header and (version != "HTTP/1.0" or "keep-alive" in conn_header)
        declared: int | None = None
        if bodiless(self._method, status):
            self._framing = 0
            if length is not None and length.isdigit():
                declared = int(length)
        elif encoding is not None and "chunked" in encoding.lower():
            self._framing, self._dechunk = 2, Dechunker()  # walked for its end; passed on as it came
        elif length is not None:
            if not length.isdigit():
                raise ValueError(f"bad Content-Length {length[:40]!r}")
            declared = self._left = int(length)
            self._framing = 1
        else:
            self._framing, self._keep = 3, False
        self._status = status
        self._state = _BODY
        sink = self.sink
        assert sink is not None
        sink.on_head(status, headers, declared, ctype, cenc, kept, self._framing == 2, self._framing == 0)
        return True

    def _body(self, data: bytes) -> None:
        """Body bytes by the answer's framing; the end hands the connection back and tells the sink."""
        framing = self._framing
        sink = self.sink
        assert sink is not None
        if framing == 1:
            if len(data) > self._left:
                data, self._keep = data[: self._left], False  # bytes after the body: not reused
            self._left -= len(data)
            if not self._left:
                self._finish(data)
            elif data:
                sink.on_body(data)
        elif framing == 2:
            self._chunks(data, sink)
        elif framing == 3:
            if data:
                sink.on_body(data)
        else:
            if data:
                self._keep = False
            self._finish()

    def _chunks(self, data: bytes, sink: AnswerSink) -> None:
        """A chunked body's next bytes: walked for the end and passed on as they came; bytes after the last chunk
        mean the connection is not reused; a broken framing drops the answer as cut mid-body."""
        dechunk = self._dechunk
        assert dechunk is not None
        try:
            framed = dechunk.through(data)
        except ValueError as err:
            self._fail(UpstreamCut(f"upstream connection dropped mid-body: {err!r}"), True)
            return
        if dechunk.extra:
            self._keep = False
        if dechunk.done:
            self._finish(framed)
        elif framed:
            sink.on_body(framed)

    def _finish(self, tail: bytes = b"") -> None:
        """The answer is complete: back to the pool (or closed), the gate's slot given back, the sink told (with
        ``tail``, the body's last bytes)."""
        sink = self.sink
        assert sink is not None
        self.sink = None
        self._state = _IDLE
        self._request = b""
        self.gate.leave(self._status)
        if self._keep and not self.closed:
            self.pool.release(self)
        else:
            self._close()
        sink.on_end(tail)

    def _fail(self, err: UpstreamError, after_head: bool) -> None:
        """The exchange failed: the connection is dropped and the sink told."""
        sink = self.sink
        if sink is None:
            return
        self.sink = None
        self.gate.leave(self._status)
        if not self.reused and not after_head:
            self.gate.lost()
        self._close()
        sink.on_error(err, after_head)

    def _close(self) -> None:
        self._stop_timer()
        if self.transport is not None and not self.closed:
            self.closed = True
            self.transport.close()
            self.pool.forget(self)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _check_silence(self) -> None:
        """The silence timer came due: give up on an upstream silent for the timeout, else re-arm (one timer per
        connection, re-armed only when due, not one per request)."""
        self._timer = None
        if self.sink is None:
            return
        loop = self.pool.loop
        since = max(self._last, self._since)
        if loop.time() - since >= self.pool.timeout:
            self._fail(UpstreamError(f"upstream sent nothing for {self.pool.timeout:g}s"), self._state == _BODY)
            return
        self._timer = loop.call_at(since + self.pool.timeout, self._check_silence)


class LanePool:
    """Idle :class:`UpstreamConnection` s per plain-HTTP host, behind the hosts' gates of a stream pool."""

    def __init__(self, streams: UpstreamPool, max_idle: int = 256) -> None:
        """A pool sharing ``streams``' host gates and timeout (so both paths of a proxy count against one limit)."""
        self.streams = streams
        self.timeout = streams.timeout
        self.max_idle = max_idle
        self.loop = asyncio.get_running_loop()
        self._idle: dict[Addr, list[UpstreamConnection]] = {}
        self._open: set[UpstreamConnection] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def take(self, addr: Addr) -> UpstreamConnection | None:
        """An idle connection with the host's request slot taken, when both are free now; else ``None`` (then
        :meth:`exchange` waits for them)."""
        idle = self._idle.get(addr)
        if not idle:
            return None
        gate = idle[-1].gate  # the host's gate (every connection of a host keeps it)
        if gate.inflight >= gate.limit:
            return None
        while idle:
            conn = idle.pop()
            if not conn.closed:
                gate.inflight += 1
                return conn
        return None

    def exchange(self, addr: Addr, request: bytes, method: str, sink: AnswerSink) -> UpstreamConnection | None:
        """Send ``request`` to ``addr``: at once on an idle connection (returned), else from a task that waits for the
        gate and a connection (``None``; the sink hears of failures)."""
        conn = self.take(addr)
        if conn is not None:
            conn.reused = True
            conn.send(request, method, sink)
            return conn
        self._spawn(self._exchange(addr, request, method, sink, fresh=False))
        return None

    def retry(self, addr: Addr, gate: HostGate, request: bytes, method: str, sink: AnswerSink) -> None:
        """A pooled connection closed before answering: the request goes again on a new connection (its slot kept)."""
        gate.leave(None)
        self._spawn(self._exchange(addr, request, method, sink, fresh=True))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = self.loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _exchange(self, addr: Addr, request: bytes, method: str, sink: AnswerSink, *, fresh: bool) -> None:
        """Wait for the host's gate and a connection, then send (failures go to the sink)."""
        gate = self.streams.gate(addr)
        try:
            await gate.enter()
        except asyncio.CancelledError:
            return
        try:
            conn = None if fresh else self._pop(addr)
            if conn is None:
                conn = await self._open_new(addr, gate)
            else:
                conn.reused = True
        except asyncio.CancelledError:
            gate.leave(None)
            return
        except UpstreamError as err:
            gate.leave(None)
            sink.on_error(err, False)
            return
        conn.send(request, method, sink)

    def _pop(self, addr: Addr) -> UpstreamConnection | None:
        idle = self._idle.get(addr)
        while idle:
            conn = idle.pop()
            if not conn.closed:
                return conn
        return None

    async def _open_new(self, addr: Addr, gate: HostGate) -> UpstreamConnection:
        """A new connection when the gate lets one open (gradually, as the stream pool opens them)."""
        while not gate.may_open():
            await gate.wait_for_connection()
            conn = self._pop(addr)
            if conn is not None:
                conn.reused = True
                return conn
        delay = gate.open_delay(self.loop.time())
        if delay:
            await asyncio.sleep(delay)
        gate.opening()
        t0 = self.loop.time()
        try:
            opening = self.loop.create_connection(lambda: UpstreamConnection(self, addr, gate), addr[0], addr[1])
            _, made = await asyncio.wait_for(opening, 30)
        except (OSError, asyncio.TimeoutError) as err:
            gate.failed()
            raise UpstreamError(f"cannot connect to {addr[0]}:{addr[1]}: {err}") from None
        except BaseException:
            gate.failed()
            raise
        gate.connected(self.loop.time() - t0)
        self._open.add(made)
        return made

    def release(self, conn: UpstreamConnection) -> None:
        """A connection whose answer ended goes back to the idle list (closed when the list is full)."""
        idle = self._idle.get(conn.addr)
        if idle is None:
            idle = self._idle[conn.addr] = []
        if len(idle) < self.max_idle:
            idle.append(conn)
            conn.gate.released()
        else:
            conn._close()

    def forget(self, conn: UpstreamConnection) -> None:
        """A connection closed: no longer counted as open."""
        self._open.discard(conn)

    async def aclose(self) -> None:
        """Close every connection and stop the tasks waiting for one."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        for conn in list(self._open):
            conn.abandon()
        self._idle.clear()
