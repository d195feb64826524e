"""The proxies' synchronous lane: plain requests served from the event loop's callbacks, no coroutine.

A request on asyncio streams costs a task's wake-ups and a chain of ``readuntil`` / ``readexactly`` /
``drain`` coroutines on both sides of the proxy; at one connection against a fast model server that is most
of what the proxy adds. A :class:`Lane` is the protocol of one client connection: it parses a request when
its bytes arrive and, while the request is plain (a CRLF head, framing by ``Content-Length`` within the body
cap, a free request slot), hands it whole to :meth:`ProxyServer.lane_request
<windtunnel.chaos.proxy.common.ProxyServer.lane_request>`, which answers it at once or forwards it through
:class:`~windtunnel._util.http1proto.LanePool` and relays the answer as it arrives.

Anything else is handed over, never handled twice: the connection's bytes go to an asyncio stream and
:meth:`ProxyServer._connection <windtunnel.chaos.proxy.common.ProxyServer._connection>` serves it from there
on, with every limit and answer of the stream path (400 for bad framing, 413, waiting for a slot, 503 past
the connection limit, the timeouts). A request the lane has read and decided about (a fault that delays or
replaces the answer, say) goes with it, so the plan decides each call exactly once.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

from windtunnel._util.http1 import (
    MAX_HEADERS,
    MAX_LINE,
    NO_FORWARD,
    Request,
    cannot_listen,
    keeps_alive,
)
from windtunnel.chaos.proxy.common import body_stalled, head_timed_out, not_forwarded

if TYPE_CHECKING:
    from windtunnel.chaos.proxy.common import ProxyServer


_HANDED: set[asyncio.Task[None]] = set()
_SERVING, _IDLE, _HEAD, _BODY = 0, 1, 2, 3
"""What a lane waits for: nothing with a deadline (an answer being sent), a request line, the rest of a head,
the next bytes of a body."""


async def lane_listen(server: ProxyServer) -> asyncio.Server:
    """Listen for ``server`` with every connection starting on the lane (a busy port: ``HarnessError``)."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.create_server(lambda: Lane(server), server.host, server.port, backlog=1024)
    except OSError as err:
        raise cannot_listen(err, server.what, server.host, server.port, server.busy_hint) from None


class Lane(asyncio.Protocol):
    """One client connection on the synchronous lane (see the module docstring).

    One request at a time: bytes of a next request (pipelined) wait in the buffer until the answer ends. The
    server answers through :meth:`write`, then :meth:`finish`; or cuts with :meth:`abort`; or :meth:`hand_over`.
    """

    def __init__(self, server: ProxyServer) -> None:
        """A connection of ``server`` (counted in its :attr:`~ProxyServer.lanes` once made)."""
        self.server = server
        self._loop = asyncio.get_running_loop()
        """Kept: on Python 3.11 every ``asyncio.get_running_loop()`` is a ``getpid`` system call, and each request
        re-arms the connection's wait."""
        self.transport: asyncio.Transport | None = None
        self._buf: bytes | bytearray = b""
        """Bytes not served yet: the segment as it came when it is alone (no copy), else a growing bytearray."""
        self.busy = False
        """A request is being served (it holds a slot)."""
        self._slot = False
        self._eof = False
        self._gone = False
        self._paused = False
        self._done: asyncio.Future[None] | None = None
        self.upstream: Any = None
        """The upstream exchange relaying the answer (told when the client leaves or stops reading)."""
        self.relay: Any = None
        """The server's relay object of this connection, made for its first forwarded request and reused."""
        self._phase = _SERVING
        self._since = 0.0
        self._handle: asyncio.TimerHandle | None = None
        self._due_at = 0.0
        self._stopping = False

    # -- asyncio.Protocol ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Count the connection, or hand it to the stream path at once when the proxy is at its connection limit
        (which answers 503) or stopping."""
        self.transport = transport = cast(asyncio.Transport, transport)  # uvloop's are not subclasses
        server = self.server
        if server._closing:
            transport.close()
            return
        if server.open_connections() >= server.max_connections:
            self.hand_over(counted=False)
            return
        server.lanes.add(self)
        self._wait(_IDLE)

    def data_received(self, data: bytes) -> None:
        """Buffer the bytes; serve the request they complete unless one is being served."""
        if not self._buf:
            self._buf = data
        else:
            if isinstance(self._buf, bytes):
                self._buf = bytearray(self._buf)
            self._buf += data
        if not self.busy:
            self._next()

    def eof_received(self) -> bool | None:
        """The client closed its side: an answer being sent still goes out; then the connection closes."""
        self._eof = True
        if not self.busy:
            self._close()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection ended: the upstream exchange (if any) is dropped, the slot freed."""
        self._gone = True
        self.server.lanes.discard(self)
        self._no_deadline()
        upstream, self.upstream = self.upstream, None
        if upstream is not None:
            upstream.client_gone()
        self._release()
        self._resolve()

    def pause_writing(self) -> None:
        """The client reads slower than the answer arrives: stop reading the upstream (back-pressure)."""
        self._paused = True
        if self.upstream is not None:
            self.upstream.pause()

    def resume_writing(self) -> None:
        """The client caught up: read the upstream again."""
        self._paused = False
        if self.upstream is not None:
            self.upstream.resume()

    # -- requests -------------------------------------------------------------------------------

    def _next(self) -> None:
        """Serve the request at the start of the buffer when it is whole and plain; wait for more bytes when it is
        not whole yet; hand the connection over otherwise."""
        buf = self._buf
        while buf.startswith(b"\r\n"):  # stray CRLFs between requests
            self._buf = buf = buf[2:]
        if not buf:
            if self._eof:
                self._close()
            return
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            if len(buf) > MAX_LINE or self._eof or (b"\n" in buf and b"\r\n" not in buf):
                self.hand_over()  # too long, cut short, or LF-framed: the stream path reads and answers it
                return
            if self._phase == _IDLE and b"\n" in buf:
                self._wait(_HEAD)  # the request line is in: the rest of the head gets header_timeout
            return
        if end > MAX_LINE:
            self.hand_over()
            return
        head = bytes(buf[:end])
        line, _, rest = head.partition(b"\r\n")
        parts = line.decode("latin-1").split()
        if b"\n" in line or len(parts) != 3 or not parts[2].startswith("HTTP/1.") or not parts[0].isalpha():
            self.hand_over()
            return
        # One pass over the header lines: parsed as http1._parse_headers does (strict, as a request's), the framing
        # (one plain Content-Length or none; anything else goes to streams), what keep-alive reads, and the lines a
        # proxy passes on (not hop-by-hop, not Host) written once.
        headers: list[tuple[str, str]] = []
        forward: list[str] = []
        declared: str | None = None
        conn = proxy_conn = None
        if rest:
            lines = rest.decode("latin-1").split("\n")
            if len(lines) > MAX_HEADERS:
                self.hand_over()
                return
            for text in lines:
                name, sep, value = text.partition(":")
                if not sep or not name or name.strip() != name:
                    self.hand_over()  # the stream path answers 400 naming the line
                    return
                value = value.strip()
                headers.append((name, value))
                low = name.lower()
                if low not in NO_FORWARD:
                    forward.append(f"{name}: {value}")
                elif low == "content-length":
                    if (declared is not None and value != declared) or not value.isascii() or not value.isdigit():
                        self.hand_over()
                        return
                    declared = value
                elif low == "transfer-encoding":
                    self.hand_over()
                    return
                elif low == "connection":
                    conn = value if conn is None else conn
                elif low == "proxy-connection":
                    proxy_conn = value if proxy_conn is None else proxy_conn
        length = int(declared) if declared is not None else 0
        server = self.server
        if length > server.max_request_body or server._closing or parts[0].upper() == "CONNECT":
            self.hand_over()
            return
        if not self._slot:
            slots = server._slots
            if slots is None or not slots.try_acquire():
                self.hand_over()  # the stream path waits for a slot with the body unread
                return
            self._slot = True
        whole = end + 4 + length
        if len(buf) < whole:
            self._wait(_BODY)  # still arriving (the slot bounds what is buffered); silence counted from now
            return
        self._phase = _SERVING  # an answer being sent is never timed out
        body = bytes(buf[end + 4 : whole])
        self._buf = buf[whole:]
        self.busy = True
        req = Request(parts[0].upper(), parts[1], parts[2], headers, body)
        server.lane_request(self, req, keeps_alive(parts[2], conn, proxy_conn), forward)

    def write(self, data: bytes) -> None:
        """Send bytes of the answer (ignored once the client is gone)."""
        if not self._gone and self.transport is not None:
            self.transport.write(data)

    @property
    def paused(self) -> bool:
        """Whether the client's socket is full (an upstream just taken on should not read yet)."""
        return self._paused

    def finish(self, keep: bool) -> None:
        """The answer is complete: the slot is freed; the connection waits for the next request, or closes."""
        self.busy = False
        self.upstream = None
        if self._slot:  # self._release(), flat
            self._slot = False
            slots = self.server._slots
            if slots is not None:
                slots.release()
        if self._gone:
            return
        server = self.server
        if not keep or server._closing or self._stopping:
            self._close()
            self._resolve()
            return
        if self._done is not None:
            self._resolve()
        # self._wait(_IDLE), flat: the connection's one timer stays armed when it comes due first (it re-arms then)
        self._phase = _IDLE
        self._since = now = self._loop.time()
        timeout = server.idle_timeout
        if timeout is not None and (self._handle is None or self._due_at > now + timeout):
            self._wait(_IDLE)
        if self._buf or self._eof:
            self._next()

    def abort(self) -> None:
        """Drop the connection at once (a cut answer, or the proxy stopping past its grace)."""
        self.upstream = None
        self.busy = False
        self._release()
        if self.transport is not None:
            self.transport.abort()
        self._resolve()

    def hand_over(self, decided: tuple[Request, Any] | None = None, *, counted: bool = True) -> None:
        """Continue this connection on asyncio streams (:meth:`ProxyServer._connection`), with the bytes not yet
        served and, when given, a request already read and ``decided`` about (it keeps its slot)."""
        transport = self.transport
        assert transport is not None
        server = self.server
        loop = asyncio.get_running_loop()
        self._no_deadline()
        server.lanes.discard(self)
        if decided is None:
            self._release()
        else:
            self._slot = False  # the stream path releases it after serving the request
        reader = asyncio.StreamReader(limit=MAX_LINE, loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        transport.set_protocol(protocol)
        protocol.connection_made(transport)
        if self._buf:
            reader.feed_data(bytes(self._buf))
            self._buf = b""
        if self._eof:
            reader.feed_eof()
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        self.busy = False
        task = loop.create_task(server._connection(reader, writer, decided, counted=counted))
        _HANDED.add(task)  # a reference until it ends (the server tracks it from its first step on)
        task.add_done_callback(_HANDED.discard)

    def stop(self) -> asyncio.Future[None] | None:
        """The proxy is stopping: an idle connection closes now (one whose request head has begun is answered
        503, as it was not forwarded: the client may send it again); one being answered gets a future that is done
        when its answer ends (the proxy then closes it)."""
        self._stopping = True
        if self.busy:
            if self._done is None:
                self._done = self._loop.create_future()
            return self._done
        if self._buf.strip(b"\r\n") and self.transport is not None and not self._gone:
            self.transport.write(not_forwarded(self.server.what))
        self._close()
        return None

    def _close(self) -> None:
        self._no_deadline()
        self._release()
        if self.transport is not None:
            self.transport.close()
        self.server.lanes.discard(self)

    # -- the idle and header timeouts: one timer per connection, re-armed only when it comes due ----------------

    def _wait(self, phase: int) -> None:
        """Start waiting for a request line (``_IDLE``) or for the rest of a head (``_HEAD``): the deadline is
        ``idle_timeout`` / ``header_timeout`` from now. A request costs no timer of its own: the one timer of the
        connection, when it comes due, checks the wait in progress and re-arms for its deadline."""
        self._phase = phase
        loop = self._loop
        self._since = now = loop.time()
        timeout = self._timeout(phase)
        if timeout is None:
            return
        due = now + timeout
        if self._handle is not None and self._due_at <= due:
            return  # it comes due first, and re-arms then
        if self._handle is not None:
            self._handle.cancel()
        self._handle, self._due_at = loop.call_at(due, self._came_due), due

    def _came_due(self) -> None:
        """The timer came due: close the connection when its wait has lasted the timeout (a 408 first when a
        request head had begun), else re-arm for the wait's deadline."""
        self._handle = None
        phase = self._phase
        if phase == _SERVING or self.transport is None or self._gone:
            return
        server = self.server
        timeout = self._timeout(phase)
        if timeout is None:
            return
        loop = self._loop
        due = self._since + timeout
        if loop.time() < due:
            self._handle, self._due_at = loop.call_at(due, self._came_due), due
            return
        if phase == _HEAD:
            self.transport.write(head_timed_out(server.what, timeout))
        elif phase == _BODY:
            self.transport.write(body_stalled(server.what, timeout))
        self._release()
        self.transport.close()
        server.lanes.discard(self)

    def _timeout(self, phase: int) -> float | None:
        server = self.server
        if phase == _IDLE:
            return server.idle_timeout
        return server.header_timeout if phase == _HEAD else server.body_timeout

    def _no_deadline(self) -> None:
        self._phase = _SERVING
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _release(self) -> None:
        if self._slot:
            self._slot = False
            slots = self.server._slots
            if slots is not None:
                slots.release()

    def _resolve(self) -> None:
        done, self._done = self._done, None
        if done is not None and not done.done():
            done.set_result(None)
