"""A lean keep-alive HTTP/1.1 client for hops that must cost as little as possible.

Used by the proxies for their upstream calls and, as an httpx transport, by the HTTP agent adapter:
pooled connections per (host, port), bodies passed through byte for byte (compressed bodies stay
compressed until someone reads them). :meth:`UpstreamPool.request` reads the whole answer;
:meth:`UpstreamPool.stream` hands its body over piece by piece as it arrives (SSE, chunked) and says
when the upstream cut it short. ``stream`` also speaks HTTPS.

Both go through the host's :class:`~windtunnel._util.hostgate.HostGate`: connections opened gradually
and reused, requests limited on overload (``429`` / ``503``). A streamed answer holds its request slot
until :meth:`StreamedResponse.aclose`.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import ssl
import sys
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar
from urllib.parse import unquote, urlsplit

from windtunnel._util.chunked import Dechunker
from windtunnel._util.hostgate import HostGate
from windtunnel._util.http1 import (
    NO_FORWARD,
    BadRequest,
    _parse_headers,
    bodiless,
    check_size,
    find_header,
    read_body,
    read_head,
)


class UpstreamError(Exception):
    """The upstream could not be reached or answered something that is not HTTP."""


class UpstreamProtocolError(UpstreamError):
    """The upstream answered, but not in HTTP/1.x: a bad status line, header, chunk size or length."""


class UpstreamClosed(UpstreamError):
    """The upstream accepted the connection and the request, then closed or reset it before a complete answer: it is
    there, but broke this answer (not a connection that could not be opened)."""


class _NotHttp(ValueError):
    """An answer's status line is not HTTP."""


_PROTOCOL_ERRORS = (ValueError, BadRequest, asyncio.LimitOverrunError)
"""What reading a malformed answer raises (``_NotHttp`` and ``int()`` are ValueErrors): the connection is
dropped and the call fails as :class:`UpstreamProtocolError`, never retried (the same server would answer
the same)."""


_STALE = (ConnectionError, asyncio.IncompleteReadError, EOFError)
"""What a pooled connection the server closed meanwhile raises: the call is tried once on a new one."""


def _failure(addr: Addr, err: BaseException) -> UpstreamError | None:
    """The error an exchange that raised ``err`` fails with; ``None``: ``err`` goes on as it is (a
    cancellation, a body over the cap)."""
    where = f"{addr[0]}:{addr[1]}"
    if isinstance(err, _PROTOCOL_ERRORS):
        return UpstreamProtocolError(f"{where} answered something that is not HTTP: {err}")
    if isinstance(err, asyncio.IncompleteReadError):
        got = f" ({len(err.partial)} bytes of it read)" if err.partial else ""
        return UpstreamClosed(f"{where} closed the connection before a complete answer{got}")
    if isinstance(err, _STALE):
        return UpstreamClosed(f"{where} dropped the connection before a complete answer ({type(err).__name__}: {err})")
    if isinstance(err, (OSError, asyncio.TimeoutError)):
        return UpstreamError(f"{where}: {err!r}")
    return None


class UpstreamCut(UpstreamError):
    """The upstream closed the connection before the end of the body it announced."""


@dataclass
class UpstreamResponse:
    """A whole upstream answer: status, headers as received (order and repeats kept, so a proxy forwards them
    faithfully) and the body as it came on the wire (still compressed when it was)."""

    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        """The last value of header ``name`` (case-insensitive), or ``None``."""
        return find_header(self.headers, name)

    def decoded(self) -> bytes:
        """The body with gzip / deflate content-encoding undone (others are left as they are).

        Only readers that inspect a body (an LLM fault reading a completion) decode it; forwarding keeps the bytes
        as they came. A body that does not decompress is returned as it is rather than failing the call."""
        enc = (self.header("content-encoding") or "").lower().strip()
        try:
            if enc in ("gzip", "x-gzip"):
                return zlib.decompress(self.body, 16 + zlib.MAX_WBITS)
            if enc == "deflate":
                try:
                    return zlib.decompress(self.body)
                except zlib.error:
                    return zlib.decompress(self.body, -zlib.MAX_WBITS)
        except zlib.error:
            return self.body
        return self.body


Conn = tuple[asyncio.StreamReader, asyncio.StreamWriter]
Addr = tuple[str, int] | tuple[str, int, str]
"""(host, port) for plain HTTP, (host, port, "https") for HTTPS: each has its own gate and idle connections."""

T = TypeVar("T")


def _status_line(line: bytes) -> tuple[str, int]:
    """``(version, status)`` of an answer's status line; :class:`_NotHttp` for anything else."""
    prefix = line[:9]
    if (prefix == b"HTTP/1.1 " or prefix == b"HTTP/1.0 ") and line[9:12].isdigit() and line[12:13] in (b" ", b""):
        return prefix[:8].decode(), int(line[9:12])  # what every server sends, read without decoding and splitting
    parts = line.decode("latin-1").split(None, 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit() or len(parts[1]) != 3:
        raise _NotHttp(f"not an HTTP response: {line[:80]!r}")
    return parts[0], int(parts[1])


def _parse_answer_head(block: bytes) -> tuple[str, int, list[tuple[str, str]]]:
    """An answer's version, status and headers from its head (without the blank line that ends it)."""
    line, nl, rest = block.partition(b"\n")
    version, status = _status_line(line.rstrip(b"\r"))
    return version, status, _parse_headers(rest, False) if nl and rest else []


async def _answer_head(reader: asyncio.StreamReader) -> tuple[str, int, list[tuple[str, str]]]:
    """An answer's version, status and headers; a connection closed before it is ``IncompleteReadError``
    (a pooled connection the server closed meanwhile: retried once on a new one)."""
    head = await read_head(reader)
    if head is None:
        raise asyncio.IncompleteReadError(b"", None)
    version, status = _status_line(head[0])
    return version, status, head[1]


@dataclass(frozen=True)
class _Url:
    """What a request needs of its URL, parsed once per URL (the proxies send to a handful of URLs)."""

    scheme: str
    hostname: str | None
    port: int
    target: str
    host: str
    basic: str | None
    """``Authorization: Basic`` for credentials in the URL (``http://user:pw@host``), as httpx sends them."""


@functools.lru_cache(maxsize=512)
def _url(url: str) -> _Url:
    """A URL parsed into what a request needs (cached: the proxies send to a handful of URLs, thousands of times):
    the request target, the ``Host`` value without userinfo, the port (scheme default when absent) and the
    credentials as a Basic header."""
    parts = urlsplit(url)
    basic = None
    if parts.username is not None:
        pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}".encode()
        basic = "Basic " + base64.b64encode(pair).decode("ascii")
    return _Url(
        scheme=parts.scheme,
        hostname=parts.hostname,
        port=parts.port or (443 if parts.scheme == "https" else 80),
        target=(parts.path or "/") + (f"?{parts.query}" if parts.query else ""),
        host=parts.netloc.rpartition("@")[2],
        basic=basic,
    )


def _head_lines(method: str, url: _Url, headers: list[tuple[str, str]], forward: list[str] | None = None) -> list[str]:
    """A request's head lines: the target, ``Host`` without userinfo, the headers to forward (``forward``: those
    lines already written, ``Name: value`` for each header not in ``NO_FORWARD``), and the URL's credentials as
    ``Authorization: Basic`` unless one is given."""
    lines = [f"{method} {url.target} HTTP/1.1", f"Host: {url.host}"]
    if forward is None:
        lines += [f"{k}: {v}" for k, v in headers if k.lower() not in NO_FORWARD]
    else:
        lines += forward
    if url.basic is not None and not any(k.lower() == "authorization" for k, _ in headers):
        lines.append("Authorization: " + url.basic)
    return lines


def request_bytes(
    method: str, url: _Url, headers: list[tuple[str, str]], body: bytes, forward: list[str] | None = None
) -> bytes:
    """A whole request to send upstream: its head (see :func:`_head_lines`), ``Content-Length`` when there is a
    body or the method carries one, and the body."""
    lines = _head_lines(method, url, headers, forward)
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace") + body


async def _within(seconds: float, coro: Awaitable[T]) -> T:
    """``await coro`` with a deadline; on 3.11+ without the extra task ``asyncio.wait_for`` makes."""
    if sys.version_info >= (3, 11):
        async with asyncio.timeout(seconds):
            return await coro
    return await asyncio.wait_for(coro, seconds)  # pragma: no cover - Python 3.10


class _SilenceWatch:
    """Calls ``give_up`` once the upstream has been silent for ``timeout`` seconds while a read waits.

    One timer for the whole body, re-armed only when it comes due (not one per piece): a piece costs
    two assignments, and the time the consumer spends with a piece is not counted as silence."""

    def __init__(self, loop: asyncio.AbstractEventLoop, timeout: float, give_up: Callable[[], object]) -> None:
        """Arm the watch: ``give_up`` is called once the upstream has been silent for ``timeout`` seconds while a
        read waits."""
        self._loop = loop
        self._timeout = timeout
        self._give_up = give_up
        self._since = loop.time()
        self._waiting = True
        self.fired = False
        self._timer = loop.call_later(timeout, self._check)

    def pause(self) -> None:
        """The consumer has a piece: time from now on is not the upstream's silence."""
        self._waiting = False

    def resume(self) -> None:
        """A read waits again: silence is counted from now."""
        self._since = self._loop.time()
        self._waiting = True

    def _check(self) -> None:
        """The timer came due: give up when a read has waited ``timeout`` seconds, else re-arm for when it could next
        be due."""
        now = self._loop.time()
        if self._waiting and now - self._since >= self._timeout:
            self.fired = True
            self._give_up()
            return
        due = self._since + self._timeout if self._waiting else now + self._timeout
        self._timer = self._loop.call_at(due, self._check)

    def stop(self) -> None:
        """Cancel the timer (the body ended or the read was abandoned)."""
        self._timer.cancel()


class StreamedResponse:
    """An upstream answer whose body is read piece by piece (:meth:`pieces`), then :meth:`aclose`.

    What a proxy uses to pass a streamed answer (SSE, chunked) on as it arrives; the connection goes back to the
    pool only when the body was read to its end."""

    def __init__(
        self,
        pool: UpstreamPool,
        gate: HostGate,
        conn: Conn,
        status: int,
        headers: list[tuple[str, str]],
        method: str,
        keep: bool,
    ) -> None:
        """An answer whose head has arrived on ``conn``: its framing (chunked, a length, or to the end of the
        connection; none for HEAD, 204 and 304) is read from the headers, the last of a repeated header counting.
        It holds the host gate's request slot until :meth:`aclose`."""
        self.status = status
        self.headers = headers
        self._pool, self._gate, self._conn, self._keep = pool, gate, conn, keep
        self._closed = False
        encoding = length = None
        for k, v in headers:  # a repeated header: the last one counts
            name = k.lower()
            if name == "transfer-encoding":
                encoding = v
            elif name == "content-length":
                length = v
        self.chunked = encoding is not None and "chunked" in encoding.lower()
        self.length = int(length) if length and length.isdigit() and not self.chunked else None
        self.empty = bodiless(method, status)
        """No body whatever the headers say (the answer to HEAD, a 204, a 304): relay the head alone."""
        self._complete = False
        self.ended = False
        """The body's last bytes have been read: set before :meth:`pieces` hands on the piece that ends a chunked
        body (a proxy logs the answer before its client can have all of it)."""

    def header(self, name: str) -> str | None:
        """The last value of header ``name`` (case-insensitive), or ``None``."""
        return find_header(self.headers, name)

    async def pieces(self, size: int = 65536, *, framed: bool = False) -> AsyncIterator[bytes]:
        """Body bytes as they arrive (chunked framing removed); :class:`UpstreamCut` if the body stops short.

        ``framed``: a chunked body's chunks as they came, framing, extensions and trailers included (for a proxy that
        passes them on unchanged; the same strict walk finds the end). An upstream silent for the pool's timeout is
        dropped (a timer, not a task per read).
        """
        reader, writer = self._conn
        timeout = self._pool.timeout
        watch = _SilenceWatch(asyncio.get_running_loop(), timeout, writer.transport.abort)
        try:
            if self.empty:
                pass
            elif self.chunked:
                # Every chunk that has arrived goes on as one piece: a burst of SSE events is one write.
                dechunk = Dechunker()
                read = dechunk.through if framed else dechunk.feed
                while not dechunk.done:
                    data = await reader.read(size)
                    if not data:
                        raise asyncio.IncompleteReadError(b"", None)
                    payload = read(data)
                    self.ended = dechunk.done
                    if dechunk.extra:
                        self._keep = False  # bytes after the body's end: the connection is not reused
                    if payload:
                        watch.pause()
                        yield payload
                        watch.resume()
            elif self.length is not None:
                left = self.length
                while left > 0:
                    data = await reader.read(min(size, left))
                    if not data:
                        raise UpstreamCut(f"upstream closed after {self.length - left} of {self.length} bytes")
                    left -= len(data)
                    watch.pause()
                    yield data
                    watch.resume()
            else:
                self._keep = False
                while data := await reader.read(size):
                    watch.pause()
                    yield data
                    watch.resume()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, ValueError) as err:
            if watch.fired:
                raise UpstreamError(f"upstream sent nothing for {timeout:g}s") from None
            raise UpstreamCut(f"upstream connection dropped mid-body: {err!r}") from None
        finally:
            watch.stop()
        if watch.fired:
            raise UpstreamError(f"upstream sent nothing for {timeout:g}s")
        self._complete = True

    async def aclose(self) -> None:
        """Give the connection back (or close it, if the body was not read to its end) and the request slot."""
        if self._closed:
            return
        self._closed = True
        if self._complete and self._keep:
            self._pool._release(self._gate, self._conn)
        else:
            self._conn[1].close()
        self._gate.leave(self.status)


async def _read_to_eof(reader: asyncio.StreamReader, max_bytes: int | None) -> bytes:
    """A body without framing, read until the upstream closes the connection, within ``max_bytes``
    (:class:`BodyTooLarge` beyond it)."""
    parts: list[bytes] = []
    total = 0
    while data := await reader.read(65536):
        total += len(data)
        check_size(max_bytes, total)
        parts.append(data)
    return b"".join(parts)


Prepared = tuple[str, tuple[str, int], bytes]
"""(method, (host, port), the request head without its ``Content-Length`` line and final blank line)."""


def prepare(method: str, url: str, headers: list[tuple[str, str]]) -> Prepared:
    """A plain-HTTP request's head, built once (see :meth:`UpstreamPool.send_prepared`)."""
    parts = _url(url)
    if parts.scheme != "http" or not parts.hostname:
        raise UpstreamError(f"not a plain-HTTP URL: {url!r}")
    lines = _head_lines(method, parts, headers)
    return method, (parts.hostname, parts.port), "\r\n".join(lines).encode("latin-1", "replace")


class UpstreamPool:
    """Pooled keep-alive connections; :meth:`request` and :meth:`stream` retry once on a stale pooled connection.

    Connections to a host are opened gradually and reused, and requests are limited on overload
    (``429`` / ``503``): see :class:`~windtunnel._util.hostgate.HostGate`.
    """

    def __init__(self, timeout: float = 300.0, max_idle: int = 64) -> None:
        """A pool whose exchanges time out after ``timeout`` seconds of upstream silence and which keeps at most
        ``max_idle`` idle connections per host."""
        self.timeout = timeout
        self.max_idle = max_idle
        self._hosts: dict[Addr, HostGate] = {}

    def gate(self, addr: Addr) -> HostGate:
        """The host gate of ``addr`` (created on first use): its idle connections and its limits."""
        gate = self._hosts.get(addr)
        if gate is None:
            gate = self._hosts[addr] = HostGate()
        return gate

    async def request(
        self, method: str, url: str, headers: list[tuple[str, str]], body: bytes, *, max_body: int | None = None
    ) -> UpstreamResponse:
        """One exchange; an answer longer than ``max_body`` bytes raises :class:`BodyTooLarge` (connection dropped)."""
        return await self.send_prepared(prepare(method, url, headers), body, max_body=max_body)

    async def send_prepared(
        self, req: Prepared, body: bytes, *, max_body: int | None = None, timeout: float | None = None
    ) -> UpstreamResponse:
        """:meth:`request` for a request head prepared once (:func:`prepare`) and sent with many bodies.

        ``timeout``: a deadline in seconds on the whole call (waiting for the host's gate, connecting,
        the exchange), raised as ``TimeoutError``; it is the only timer armed when it is within the
        pool's own exchange timeout."""
        method, addr, head = req
        if body or method in ("POST", "PUT", "PATCH"):
            head += b"\r\nContent-Length: %d" % len(body)
        call = self._gated(
            addr, head + b"\r\n\r\n" + body, method, max_body, inner=timeout is None or timeout > self.timeout
        )
        return await (call if timeout is None else _within(timeout, call))

    async def _gated(
        self, addr: tuple[str, int], request: bytes, method: str, max_body: int | None, *, inner: bool
    ) -> UpstreamResponse:
        """One exchange inside the host gate: entering may wait (overload, connections being opened), and leaving
        reports the status, which is how the gate learns of 429 / 503 answers."""
        gate = self.gate(addr)
        await gate.enter()
        status: int | None = None
        try:
            resp = await self._send(addr, gate, request, method, max_body, inner=inner)
            status = resp.status
            return resp
        finally:
            gate.leave(status)

    async def _send(
        self, addr: Addr, gate: HostGate, request: bytes, method: str, max_body: int | None, *, inner: bool = True
    ) -> UpstreamResponse:
        """``inner=False``: the caller's deadline is within the pool's timeout, so the exchange arms none of its own.

        A pooled connection that turns out to be closed by the server is retried once on a new one (the request
        never reached it); any other failure drops the connection and is mapped to an :class:`UpstreamError`."""
        for attempt in (0, 1):
            conn, pooled = await self._connect(addr, gate, fresh=attempt == 1)
            try:
                exchange = self._exchange(conn, request, method, max_body)
                resp, reusable = await (_within(self.timeout, exchange) if inner else exchange)
            except BaseException as err:  # the connection is unusable whatever went wrong
                self._lost(gate, conn, pooled)
                if pooled and attempt == 0 and isinstance(err, _STALE):
                    continue
                mapped = _failure(addr, err)
                if mapped is None:  # cancelled mid-exchange (a caller's timeout), a body over the cap
                    raise
                raise mapped from None
            if reusable:
                self._release(gate, conn)
            else:
                conn[1].close()
            return resp
        raise UpstreamError(f"{addr[0]}:{addr[1]}: connection failed")

    async def stream(self, method: str, url: str, headers: list[tuple[str, str]], body: bytes) -> StreamedResponse:
        """Send a request and return as soon as the answer's head arrives (http or https).

        The host's request slot is held by the returned :class:`StreamedResponse` until it is closed; a failure
        before the head arrives gives the slot back at once."""
        parts = _url(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise UpstreamError(f"not an HTTP URL: {url!r}")
        port = parts.port
        addr: Addr = (parts.hostname, port) if parts.scheme == "http" else (parts.hostname, port, "https")
        request = request_bytes(method, parts, headers, body)
        gate = self.gate(addr)
        await gate.enter()
        try:
            return await self._stream(addr, gate, request, method)
        except BaseException:
            gate.leave(None)  # no answer (a StreamedResponse leaves the gate when it is closed)
            raise

    async def _stream(self, addr: Addr, gate: HostGate, request: bytes, method: str) -> StreamedResponse:
        """Open (or reuse) a connection, send the request and wait for the answer's head under the pool's timeout;
        retried once on a fresh connection when a pooled one turns out to be closed. The body is left on the
        connection for :class:`StreamedResponse` to read."""
        loop = asyncio.get_running_loop()
        for attempt in (0, 1):
            conn, pooled = await self._connect(addr, gate, fresh=attempt == 1)
            silent: list[bool] = []

            def give_up(conn: Conn = conn, silent: list[bool] = silent) -> None:
                silent.append(True)
                conn[1].transport.abort()

            timer = loop.call_later(self.timeout, give_up)  # a timer, not a task per request
            try:
                status, head, keep = await self._head(conn, request)
            except BaseException as err:
                self._lost(gate, conn, pooled)
                if silent and isinstance(err, _STALE):  # our own timer cut it
                    raise UpstreamError(f"{addr[0]}:{addr[1]}: no answer within {self.timeout:g}s") from None
                if pooled and attempt == 0 and isinstance(err, _STALE):
                    continue
                mapped = _failure(addr, err)
                if mapped is None:
                    raise
                raise mapped from None
            finally:
                timer.cancel()
            return StreamedResponse(self, gate, conn, status, head, method, keep)
        raise UpstreamError(f"{addr[0]}:{addr[1]}: connection failed")

    async def _head(self, conn: Conn, request: bytes) -> tuple[int, list[tuple[str, str]], bool]:
        """Send the request and read the answer's status and headers, skipping interim 1xx answers; whether the
        connection may be reused afterwards (HTTP/1.1 unless ``Connection: close``, HTTP/1.0 only with
        keep-alive)."""
        reader, writer = conn
        writer.write(request)
        await writer.drain()
        while True:
            version, status, headers = await _answer_head(reader)
            if 100 <= status < 200 and status != 101:
                continue
            conn_header = (find_header(headers, "connection") or "").lower()
            keep = "close" not in conn_header and (version != "HTTP/1.0" or "keep-alive" in conn_header)
            return status, headers, keep

    async def _connect(self, addr: Addr, gate: HostGate, *, fresh: bool) -> tuple[Conn, bool]:
        """An idle connection (``pooled``), else a new one when the gate lets one open (the gate is told how long
        opening it took), else wait.

        ``fresh`` skips the idle list (the retry after a stale pooled connection). A connection found closed while
        idle is discarded; HTTPS addresses get a TLS connection verified against the host name."""
        while True:
            while gate.idle and not fresh:
                reader, writer = gate.idle.pop()
                if not writer.is_closing() and not reader.at_eof():
                    return (reader, writer), True
                writer.close()
            if gate.may_open():
                delay = gate.open_delay(asyncio.get_running_loop().time())
                if delay == 0:
                    break
                with contextlib.suppress(asyncio.TimeoutError):  # a released connection may come first
                    await asyncio.wait_for(gate.wait_for_connection(), delay)
                continue
            await gate.wait_for_connection()
        gate.opening()
        t0 = asyncio.get_running_loop().time()
        try:
            tls = ssl.create_default_context() if len(addr) == 3 else None
            opening = asyncio.open_connection(
                addr[0], addr[1], limit=2**20, ssl=tls, server_hostname=addr[0] if tls else None
            )
            conn = await asyncio.wait_for(opening, 30)
        except (OSError, asyncio.TimeoutError) as err:
            gate.failed()
            raise UpstreamError(f"cannot connect to {addr[0]}:{addr[1]}: {err}") from None
        except BaseException:
            gate.failed()
            raise
        gate.connected(asyncio.get_running_loop().time() - t0)
        return conn, False

    def _lost(self, gate: HostGate, conn: Conn, pooled: bool) -> None:
        """Close a connection that failed mid-exchange; a new one that failed also tells the gate, which slows down
        opening connections to a struggling host."""
        conn[1].close()
        if not pooled:
            gate.lost()

    def _release(self, gate: HostGate, conn: Conn) -> None:
        """Return a connection whose exchange completed to the idle list (or close it when the list is full)."""
        if len(gate.idle) < self.max_idle:
            gate.idle.append(conn)
            gate.released()
        else:
            conn[1].close()

    async def _exchange(
        self, conn: Conn, request: bytes, method: str, max_body: int | None
    ) -> tuple[UpstreamResponse, bool]:
        """One request and its whole answer on ``conn``: the body read by its framing (chunked, a length, or to the
        end of the connection, which then cannot be reused), within ``max_body``. Returns the response and whether
        the connection may be reused."""
        reader, writer = conn
        writer.write(request)
        await writer.drain()
        while True:
            version, status, headers = await _answer_head(reader)
            if 100 <= status < 200 and status != 101:
                continue  # 100 Continue and friends precede the real response
            break
        lower = {k.lower(): v.lower() for k, v in headers}
        keep = "close" not in lower.get("connection", "") and (
            version != "HTTP/1.0" or "keep-alive" in lower.get("connection", "")
        )
        if method == "HEAD" or status in (204, 304):
            body = b""
        elif "chunked" in lower.get("transfer-encoding", "") or "content-length" in lower:
            body = await read_body(reader, headers, max_bytes=max_body)
        else:
            body = await _read_to_eof(reader, max_body)
            keep = False
        return UpstreamResponse(status, headers, body), keep

    async def aclose(self) -> None:
        """Close every idle connection and forget the hosts (connections in use close with their exchange)."""
        for gate in self._hosts.values():
            for _, writer in gate.idle:
                with contextlib.suppress(Exception):
                    writer.close()
            gate.idle.clear()
        self._hosts.clear()
