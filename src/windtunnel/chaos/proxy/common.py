"""Shared pieces of the two proxies: server lifecycle, upstream client, body (de)coding."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from windtunnel._util.http1 import (
    MAX_REQUEST_BODY,
    NO_FORWARD,
    BadRequest,
    BodyStalled,
    BodyTooLarge,
    ClientGone,
    Request,
    cannot_listen,
    listen,
    read_body,
    read_request_head,
    response_head,
    write_response,
)
from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.chaos.plan import FaultPlan

if TYPE_CHECKING:
    from windtunnel.chaos.proxy.lane import Lane

_log = logging.getLogger("windtunnel.proxy")
PlanSource = Callable[[], "FaultPlan | None"]
HEALTH_PATH = "/__windtunnel/health"
MAX_CONNECTIONS = 4096
"""Client connections a proxy keeps open at once (the default of :attr:`ProxyServer.max_connections`); the
next one is answered ``503`` with ``Retry-After`` and closed: refused out loud, never dropped silently."""
MAX_ACTIVE_REQUESTS = 256
"""Requests a proxy serves at once (the default of :attr:`ProxyServer.max_active`): body read, forwarded,
answered, a stream to its end. The requests of further connections wait, in arrival order, with their
bodies still unread in the clients' sockets (back-pressure: a burst of 500 callers is answered as slots
free up, and the proxy's memory and upstream connections stay bounded)."""
RETRY_AFTER_S = 1
IDLE_TIMEOUT_S = 30.0
"""How long a client connection may go without starting a request, after it opens or after its last answer
(the default of :attr:`ProxyServer.idle_timeout`); then the proxy closes it, as any HTTP server closes an idle
keep-alive connection. Without it, 4,096 silent sockets would hold every connection slot."""
BODY_TIMEOUT_S = 30.0
"""How long a request's body may go without a byte once its head is in (the default of
:attr:`ProxyServer.body_timeout`); then ``408 Request Timeout`` and the connection is closed, its request
slot freed. A body that keeps arriving, however slowly, is never cut."""
HEADER_TIMEOUT_S = 20.0
"""How long the rest of a request's head may take once its request line is in (the default of
:attr:`ProxyServer.header_timeout`); then ``408 Request Timeout`` and the connection is closed. A request whose
body is being read, or whose answer is being sent, is never cut by either timeout."""
STOP_GRACE_S = 2.0
"""How long requests being served get to finish when a proxy stops (:meth:`ProxyServer.aclose`)."""


def forward_headers(req: Request) -> list[tuple[str, str]]:
    """The request's headers to send upstream: all but the hop-by-hop ones and ``Host``."""
    return [(k, v) for k, v in req.headers if k.lower() not in NO_FORWARD]


def decode_body(content: bytes, content_type: str) -> Any:
    """JSON bodies become values, text bodies strings, anything else stays bytes."""
    ct = content_type.lower()
    if "json" in ct:
        try:
            return json_loads(content)
        except ValueError:
            return content.decode("utf-8", "replace")
    if ct.startswith("text/") or any(t in ct for t in ("xml", "javascript", "x-www-form-urlencoded")) or not ct:
        try:
            return content.decode("utf-8")
        except UnicodeDecodeError:
            return content
    return content


def encode_body(body: Any, original_ct: str | None) -> tuple[bytes, str]:
    """Bytes and content type for a body a fault rewrote: bytes as they are, text as text, values as JSON."""
    if isinstance(body, bytes):
        return body, original_ct or "application/octet-stream"
    if isinstance(body, str):
        ct = original_ct if original_ct and "json" not in original_ct.lower() else "text/plain; charset=utf-8"
        return body.encode("utf-8", "surrogatepass"), ct
    return json.dumps(body, ensure_ascii=False).encode("utf-8"), "application/json"


def json_response(data: Any) -> bytes:
    """``data`` as UTF-8 JSON (non-ASCII kept as it is)."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def busy_config_port_hint(key: str) -> str:
    """What to change when the fixed port ``agent.<key>`` of a ``proxy_env: honoured`` agent is busy: the
    agent was started pointing at that port, so it must be restarted pointing at the new one."""
    var = "HTTP_PROXY" if key == "proxy_port" else "OPENAI_BASE_URL"
    return f"set agent.{key} to a free port in the config and restart the agent with the new {var}"


def check_fixed_ports(agent: Any, host: str = "127.0.0.1") -> None:
    """Before anything runs: fail (exit 3, as the proxy itself would) when a fixed proxy port of a
    ``proxy_env: honoured`` agent (``agent.llm_proxy_port``, ``agent.proxy_port``) is taken. The port is only
    probed: the proxies open later, in each phase that runs."""
    ports = agent.proxied_ports() if hasattr(agent, "proxied_ports") else None
    if ports is None:
        return
    tool, llm = ports
    for port, what, key in ((llm, "LLM proxy", "llm_proxy_port"), (tool, "tool proxy", "proxy_port")):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's server: TIME_WAIT is free
            try:
                probe.bind((host, port))
            except OSError as err:
                raise cannot_listen(err, what, host, port, busy_config_port_hint(key)) from None


async def _refuse(
    writer: asyncio.StreamWriter, status: int, message: str, headers: tuple[tuple[str, str], ...] = ()
) -> None:
    """Answer ``status`` with ``message`` and close (best effort: the client may be gone already)."""
    with contextlib.suppress(Exception):
        body = (message + "\n").encode("utf-8", "replace")
        await write_response(writer, status, [("Content-Type", "text/plain"), *headers], body, keep_alive=False)


async def _refuse_busy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, what: str, limit: int) -> None:
    """A connection over the limit: ``503`` with ``Retry-After`` (see :func:`_refuse_unread`)."""
    await _refuse_unread(
        reader,
        writer,
        503,
        f"windtunnel {what}: {limit:,} connections are open, the most it keeps (ProxyServer.max_connections): "
        f"retry in {RETRY_AFTER_S} s",
        (("Retry-After", str(RETRY_AFTER_S)),),
    )


async def _refuse_unread(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    status: int,
    message: str,
    headers: tuple[tuple[str, str], ...] = (),
) -> None:
    """Answer a request whose body was not read, then read and drop what the client sends until it closes (1 s at
    most), so closing does not reset the connection before the client reads the answer (a socket closed with
    unread bytes sends a reset, and the client's kernel may discard the answer)."""
    await _refuse(writer, status, message, headers)

    async def drain() -> None:
        """Read and drop what the client sends until it closes."""
        while await reader.read(65536):
            pass

    with contextlib.suppress(Exception):
        writer.write_eof()
        await asyncio.wait_for(drain(), 1)


def _closing_answer(status: int, what: str, text: str) -> bytes:
    """A whole plain-text answer that closes the connection: ``windtunnel <what>: <text>``."""
    message = f"windtunnel {what}: {text}\n".encode()
    return response_head(status, [("Content-Type", "text/plain")], length=len(message), keep_alive=False) + message


def not_forwarded(what: str) -> bytes:
    """The 503 for a request that was arriving when the proxy stopped: never forwarded, safe to send again."""
    return _closing_answer(
        503, what, "the proxy is stopping; this request was not forwarded, send it again once the proxy is back"
    )


def head_timed_out(what: str, seconds: float) -> bytes:
    """The 408 for a request whose head did not arrive within ``seconds`` of its request line."""
    return _closing_answer(
        408,
        what,
        f"the request head did not arrive within {seconds:g} s of its request line (ProxyServer.header_timeout)",
    )


def body_stalled(what: str, seconds: float) -> bytes:
    """The 408 for a request whose body stopped arriving for ``seconds``."""
    return _closing_answer(
        408, what, f"the request body stopped arriving: nothing for {seconds:g} s (ProxyServer.body_timeout)"
    )


def _not_forwarded(writer: asyncio.StreamWriter, what: str) -> None:
    """Write :func:`not_forwarded` without waiting (the connection is closed next, which sends it)."""
    with contextlib.suppress(Exception):
        writer.write(not_forwarded(what))


class Slots:
    """The request slots of a proxy (:attr:`ProxyServer.max_active`): a semaphore whose :meth:`try_acquire`
    takes a free slot without a coroutine (the synchronous lane), waiters served in arrival order."""

    __slots__ = ("_free", "_n", "_waiters")

    def __init__(self, n: int) -> None:
        """``n`` free slots."""
        self._n = n
        self._free = n
        self._waiters: deque[asyncio.Future[None]] = deque()

    @property
    def in_use(self) -> int:
        """Slots taken now."""
        return self._n - self._free

    def try_acquire(self) -> bool:
        """Take a slot when one is free and nobody waits for one; whether it was taken."""
        if self._free > 0 and not self._waiters:
            self._free -= 1
            return True
        return False

    async def acquire(self) -> None:
        """Take a slot, waiting in line for one (a waiter cancelled just after it was handed one passes it on)."""
        if self.try_acquire():
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
        except BaseException:
            if fut.done() and not fut.cancelled():
                self.release()
            else:
                fut.cancel()
            raise

    def release(self) -> None:
        """Give a slot back: to the first waiter, else to the free ones."""
        while self._waiters:
            fut = self._waiters.popleft()
            if not fut.done():
                fut.set_result(None)
                return
        self._free += 1


class _Closer(Protocol):
    """What a head timer needs of a connection: write an answer, close (a stream writer or a transport)."""

    def write(self, data: bytes) -> None: ...

    def close(self) -> None: ...


class _HeadTimer:
    """The deadline for one connection's next request head: ``idle`` seconds for its request line, then
    ``header`` seconds for the rest (``None``: no limit). A deadline that passes closes the connection from the
    event loop (a 408 first when a request had begun), so the reader waiting for the head sees it end; nothing
    is cancelled, and :attr:`fired` tells that end from a client's own."""

    __slots__ = ("_handle", "_header", "_idle", "_loop", "_what", "_writer", "begun", "fired")

    def __init__(self, writer: _Closer, idle: float | None, header: float | None, what: str) -> None:
        """A timer for the connection written through ``writer`` (disarmed until :meth:`arm`)."""
        self._loop = asyncio.get_running_loop()
        self._writer = writer
        self._idle = idle
        self._header = header
        self._what = what
        self._handle: asyncio.TimerHandle | None = None
        self.fired = False
        self.begun = False
        """A request has begun arriving and has not been handed to the server's handler yet (so, at a stop, it
        was never forwarded: answered 503)."""

    def arm(self) -> None:
        """Start waiting for a request line."""
        self.begun = False
        if self._idle is not None:
            self._handle = self._loop.call_later(self._idle, self._expire, False)

    def started(self) -> None:
        """The request line is in: the rest of the head gets :attr:`_header` seconds."""
        self.begun = True
        self.disarm()
        if self._header is not None:
            self._handle = self._loop.call_later(self._header, self._expire, True)

    def disarm(self) -> None:
        """The head is in (or the connection is ending): no deadline."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _expire(self, begun: bool) -> None:
        """Close the connection; a request that had begun is told why (408) first."""
        self.fired = True
        self._handle = None
        if begun and self._header is not None:
            with contextlib.suppress(Exception):
                self._writer.write(head_timed_out(self._what, self._header))
        self._writer.close()


class ProxyServer:
    """An asyncio TCP server with keep-alive connections and a shared upstream client."""

    what = "proxy"

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0, upstream_timeout: float = 300.0) -> None:
        """A server for ``host:port`` (0: a free port, known after :meth:`start`); an upstream silent for
        ``upstream_timeout`` seconds is given up on."""
        self.host = host
        self.port = port
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._busy: set[asyncio.Task[Any]] = set()
        """Connections in the middle of a request: given a moment to finish (and log it) when closing."""
        self._timeout = upstream_timeout
        self.max_request_body = MAX_REQUEST_BODY
        """The longest request body read (bytes); a longer one is answered 413 without being read."""
        self.busy_hint: str | None = None
        """What to change when ``port`` is busy (default: ``--port``, the option of ``windtunnel proxy``)."""
        self.max_connections = MAX_CONNECTIONS
        """Client connections kept open at once; one more is answered 503 with Retry-After (see the constant)."""
        self.max_active = MAX_ACTIVE_REQUESTS
        """Requests served at once; the rest wait unread, in arrival order (see :data:`MAX_ACTIVE_REQUESTS`)."""
        self._slots: Slots | None = None
        self.waiting = 0
        """Requests whose head has arrived, waiting for a slot (a test and a summary can read it)."""
        self.idle_timeout: float | None = IDLE_TIMEOUT_S
        """Seconds a connection may go without a request line before it is closed (``None``: no limit)."""
        self.body_timeout: float | None = BODY_TIMEOUT_S
        """Seconds a request body may go without a byte, then 408 (``None``: no limit)."""
        self.header_timeout: float | None = HEADER_TIMEOUT_S
        """Seconds for the rest of a request's head after its request line, then 408 (``None``: no limit)."""
        self._queued: set[asyncio.Task[Any]] = set()
        """Connections whose request waits for a slot: answered 503 when the proxy stops."""
        self._closing = False
        self.lanes: set[Lane] = set()
        """Connections on the synchronous lane (they count against :attr:`max_connections` too)."""

    @property
    def url(self) -> str:
        """``http://host:port`` of the listening proxy."""
        return f"http://{self.host}:{self.port}"

    async def start(self) -> None:
        """Listen (a busy port is a ``HarnessError`` naming it); :attr:`port` is then the real port."""
        self._slots = Slots(self.max_active)
        self._server = await self._listen()
        self.port = self._server.sockets[0].getsockname()[1]

    async def aclose(self, grace: float = STOP_GRACE_S) -> None:
        """Stop: no new connection is accepted; idle keep-alive connections are closed at once; a request
        still waiting for a slot is answered ``503`` with ``Connection: close`` and a reason (it never reached
        the upstream, so the client may send it again); a request being answered gets ``grace`` seconds to
        finish, so the call it made is logged (and counted in a summary) rather than cut half-way."""
        self._closing = True
        if self._server is not None:
            self._server.close()
        busy_lanes = [done for lane in list(self.lanes) if (done := lane.stop()) is not None]
        queued = set(self._queued)
        for task in list(self._tasks - self._busy):
            task.cancel()  # idle ones end; queued ones answer 503 (see _wait_for_slot)
        if queued:  # their 503s first: each is bounded (an answer, then at most 1 s reading what the client sent)
            await asyncio.wait(list(queued), timeout=grace + 1)
        if self._busy or busy_lanes:
            waits = [*self._busy, *busy_lanes]
            await asyncio.wait(waits, timeout=grace)
        for lane in list(self.lanes):
            lane.abort()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
            self._server = None

    async def __aenter__(self) -> ProxyServer:
        """Start listening; :meth:`aclose` at the end of the block."""
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Stop, giving requests being answered a moment to finish (see :meth:`aclose`)."""
        await self.aclose()

    async def serve_forever(self) -> None:
        """Serve until cancelled (``windtunnel proxy`` cancels it on Ctrl-C or SIGTERM)."""
        assert self._server is not None
        await self._server.serve_forever()

    async def _connection(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        first: tuple[Request, Any] | None = None,
        *,
        counted: bool = False,
    ) -> None:
        """One client connection: past :attr:`max_connections` a 503; else its requests one after another,
        each read to its head, then given a slot (:attr:`max_active`) before its body is read and it is served.

        A connection handed over by the synchronous lane is already ``counted``, and may come with its ``first``
        request read and holding a slot, with what the lane decided about it (see :meth:`resume`)."""
        task = asyncio.current_task()
        assert task is not None and self._slots is not None
        slots = self._slots
        if first is not None:
            self._tasks.add(task)
        elif self._closing:  # accepted just before the listener closed
            writer.close()
            return
        elif not counted and self.open_connections() >= self.max_connections:
            await _refuse_busy(reader, writer, self.what, self.max_connections)
            writer.close()
            return
        else:
            self._tasks.add(task)
        timer = _HeadTimer(writer, self.idle_timeout, self.header_timeout, self.what)
        try:
            if first is not None:
                try:
                    keep = await self._serve(first[0], reader, writer, task, first[1])
                finally:
                    slots.release()
                if not keep or self._closing:
                    return
            while True:
                timer.arm()
                try:
                    req = await read_request_head(reader, started=timer.started)
                except (BadRequest, ClientGone):
                    if timer.fired:  # the timer closed the connection (and answered 408 if a request had begun)
                        break
                    raise
                finally:
                    timer.disarm()
                if req is None:
                    break
                if self._closing:
                    _not_forwarded(writer, self.what)
                    break
                if req.method == "CONNECT":  # a tunnel is a pipe, open as long as its client wants: no slot
                    timer.begun = False
                    keep = await self._serve(req, reader, writer, task)
                else:
                    if not await self._wait_for_slot(slots, reader, writer, task, timer):
                        break
                    try:
                        req.body = await read_body(
                            reader, req.headers, max_bytes=self.max_request_body, silence=self.body_timeout
                        )
                        timer.begun = False
                        keep = await self._serve(req, reader, writer, task)
                    finally:
                        slots.release()
                if not keep or self._closing:
                    break
        except BadRequest as err:  # answered, not logged: a client's mistake is the client's to read
            await _refuse(writer, 400, f"windtunnel {self.what}: bad request: {err}")
        except BodyTooLarge as err:
            await _refuse(writer, 413, f"windtunnel {self.what}: request body too large: {err}")
        except BodyStalled as err:
            with contextlib.suppress(Exception):
                writer.write(body_stalled(self.what, err.seconds))
        except asyncio.CancelledError:
            if self._closing and timer.begun:  # read in part, never forwarded: the client may send it again
                _not_forwarded(writer, self.what)
        except (ClientGone, EOFError, ConnectionError, asyncio.IncompleteReadError):
            pass  # the client left: nobody to answer, nothing worth a line in the log
        except Exception as err:  # a defect here must cost one connection and one log line, not a traceback
            _log.warning("windtunnel %s: dropped a connection after %s: %s", self.what, type(err).__name__, err)
        finally:
            self._tasks.discard(task)
            with contextlib.suppress(Exception):
                writer.close()

    async def _wait_for_slot(
        self,
        slots: Slots,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        task: asyncio.Task[Any],
        timer: _HeadTimer,
    ) -> bool:
        """Wait for a slot to serve a request in (``True``), or, when the proxy stops meanwhile, answer the
        request 503 and ``Connection: close`` (``False``): it never reached the upstream, so it is safe to
        send again, and the client learns that at once rather than from a dropped connection."""
        self.waiting += 1
        self._queued.add(task)
        try:
            await slots.acquire()
            return True
        except asyncio.CancelledError:
            if not self._closing:
                raise
            uncancel = getattr(task, "uncancel", None)  # Python 3.11+: this cancellation is handled here
            if uncancel is not None:
                uncancel()
        finally:
            self.waiting -= 1
            self._queued.discard(task)
        timer.begun = False  # answered here
        await _refuse_unread(
            reader,
            writer,
            503,
            f"windtunnel {self.what}: the proxy is stopping; this request was not forwarded, send it again once "
            "the proxy is back",
        )
        return False

    async def _serve(
        self,
        req: Request,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        task: asyncio.Task[Any],
        decided: Any = None,
    ) -> bool:
        """Serve ``req`` with the connection marked busy (:meth:`aclose` lets it finish); whether it stays open.
        ``decided``: what the synchronous lane decided about it before handing it over (see :meth:`resume`)."""
        self._busy.add(task)
        try:
            if decided is not None:
                return await self.resume(req, decided, reader, writer)
            return await self.handle(req, reader, writer)
        finally:
            self._busy.discard(task)

    async def _listen(self) -> asyncio.Server:
        """The listening server: every connection on streams (:meth:`_connection`). A proxy that serves plain
        requests on the synchronous lane (:mod:`windtunnel.chaos.proxy.lane`) overrides it, and implements
        :meth:`lane_request` and :meth:`resume`."""
        return await listen(self._connection, self.host, self.port, what=self.what, busy_hint=self.busy_hint)

    @property
    def active(self) -> int:
        """Requests holding a slot now: their body being read, forwarded, or answered (a test can read it)."""
        return self._slots.in_use if self._slots is not None else 0

    def open_connections(self) -> int:
        """Client connections open now, on streams and on the synchronous lane."""
        return len(self._tasks) + len(self.lanes)

    def lane_request(self, lane: Lane, req: Request, keep: bool, forward: list[str]) -> None:
        """Serve a whole request on the synchronous lane (``lane`` holds a slot for it; ``keep``: its
        :attr:`~windtunnel._util.http1.Request.keep_alive`, read with its framing; ``forward``: its header lines a
        proxy passes on, ``Name: value``, read in the same pass): answer it through the lane's methods, or
        :meth:`Lane.hand_over` it to :meth:`resume` (see :meth:`_listen`)."""
        raise NotImplementedError

    async def resume(
        self, req: Request, decided: Any, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """Serve a request the synchronous lane read and handed over with what it had ``decided`` (see :meth:`_listen`);
        whether the connection stays open."""
        raise NotImplementedError

    async def handle(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Serve one request; return whether the connection stays open."""
        raise NotImplementedError
