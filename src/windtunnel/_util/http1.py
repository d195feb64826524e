"""Just enough HTTP/1.1 on asyncio streams for the proxies: read a request, write a response.

The fault proxies sit on every call an agent makes, so they speak HTTP/1.1 directly on asyncio streams rather than
through a web framework: a request costs a few buffer scans. Every limit a hostile or broken client could push on
is bounded (line length, header count, body size), each breach answered with the status that names it (400, 413)
rather than an exception in the proxy."""

from __future__ import annotations

import asyncio
import errno
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from windtunnel._util.errors import HarnessError

T = TypeVar("T")

MAX_LINE = 64 * 1024
"""The longest request line or header line a listener reads (64 KiB); a longer one is a 400."""
MAX_HEADERS = 200
"""The most header lines a request may carry; more is a 400."""
MAX_REQUEST_BODY = 64 * 1024 * 1024
"""The longest request body a proxy reads (64 MiB); a longer one, declared or chunked, is answered 413."""
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "content-length",
}
NO_FORWARD = HOP_BY_HOP | {"host"}
"""Request headers a proxy does not pass on: the hop-by-hop ones, and ``Host`` (rewritten per hop)."""

REASONS = {
    200: "OK",
    201: "Created",
    204: "No Content",
    304: "Not Modified",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    413: "Content Too Large",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


def find_header(headers: list[tuple[str, str]], name: str, default: str | None = None) -> str | None:
    """The first value of header ``name`` (case-insensitive), or ``default``."""
    lname = name.lower()
    size = len(lname)
    for k, v in headers:
        if len(k) == size and k.lower() == lname:  # the length first: most names differ in it, no lower() then
            return v
    return default


class BadRequest(Exception):
    """The client sent something that is not HTTP/1.x (answered 400)."""


class ClientGone(Exception):
    """The client closed the connection before its request was complete: nothing to answer, nothing to log."""


_HEX = re.compile(rb"[0-9A-Fa-f]{1,16}")


class BodyTooLarge(Exception):
    """A message body is longer than the reader's byte cap; ``size`` is the declared or read length so far."""

    def __init__(self, limit: int, size: int | None = None) -> None:
        """``limit``: the cap in bytes; ``size``: the declared length when the body announced it, else ``None`` (a
        chunked body is stopped as soon as it passes the cap, before its full size is known)."""
        self.limit = limit
        self.size = size
        got = f"{size:,} bytes" if size is not None else "a body"
        super().__init__(f"{got} exceeds the limit of {limit:,} bytes")


def check_size(limit: int | None, size: int, *, declared: bool = False) -> None:
    """Raise :class:`BodyTooLarge` when ``size`` is over ``limit`` (``None``: no limit)."""
    if limit is not None and size > limit:
        raise BodyTooLarge(limit, size if declared else None)


@dataclass
class Request:
    """One request as read from a client: method (upper-cased), target as sent (a path, or an absolute URL for a
    forward proxy), version, headers in order, and the whole body."""

    method: str
    target: str
    version: str
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""

    def header(self, name: str, default: str | None = None) -> str | None:
        """The first value of header ``name`` (case-insensitive), or ``default``."""
        return find_header(self.headers, name, default)

    @property
    def keep_alive(self) -> bool:
        """Whether the client wants the connection kept open after this request: HTTP/1.1 unless it says ``close``,
        HTTP/1.0 only when it asks for keep-alive (``Proxy-Connection`` counts, as old clients send it to
        proxies)."""
        conn = proxy_conn = None
        for k, v in self.headers:  # both names in one pass, lengths compared first (see find_header)
            size = len(k)
            if size == 10 and conn is None and k.lower() == "connection":
                conn = v
            elif size == 16 and proxy_conn is None and k.lower() == "proxy-connection":
                proxy_conn = v
        return keeps_alive(self.version, conn, proxy_conn)


def keeps_alive(version: str, connection: str | None, proxy_connection: str | None) -> bool:
    """:attr:`Request.keep_alive` from the request's version and its first ``Connection`` and ``Proxy-Connection``
    values (for a reader that met them already)."""
    said = (connection or proxy_connection or "").lower()
    if version == "HTTP/1.0":
        return "keep-alive" in said
    return "close" not in said


async def _line(reader: asyncio.StreamReader) -> bytes:
    """One line without its line ending; a line over the reader's limit or cut mid-line is :class:`BadRequest`, a
    close between lines ``EOFError``."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.LimitOverrunError:
        raise BadRequest("header line too long") from None
    except asyncio.IncompleteReadError as err:
        if err.partial:
            raise BadRequest("connection closed mid-line") from None
        raise EOFError from None
    return line.rstrip(b"\r\n")


async def read_headers(reader: asyncio.StreamReader, *, strict: bool = False) -> list[tuple[str, str]]:
    """Header lines up to the blank line, as ``(name, value)`` pairs with surrounding spaces stripped; more than
    :data:`MAX_HEADERS` or a line without a colon is :class:`BadRequest` (``strict``: see :func:`_header`)."""
    headers: list[tuple[str, str]] = []
    while True:
        line = await _line(reader)
        if not line:
            return headers
        if len(headers) >= MAX_HEADERS:
            raise BadRequest("too many headers")
        headers.append(_header(line.decode("latin-1"), strict))


def _header(line: str, strict: bool) -> tuple[str, str]:
    """One header line as ``(name, value)``, spaces around both stripped. ``strict`` (a request, RFC 9112 §5.1):
    whitespace between the name and the colon (``Host : x``), an empty name, or a folded continuation line is
    :class:`BadRequest`, as two parsers could read such a header differently (request smuggling); a response's is
    only tidied, as a proxy must."""
    name, sep, value = line.partition(":")
    if not sep:
        raise BadRequest(f"malformed header line {line.rstrip(chr(13))[:80].encode('latin-1')!r}")
    bare = name.strip()
    if strict and (bare != name or not bare):
        raise BadRequest(
            f"header line {line.rstrip(chr(13))[:80].encode('latin-1')!r}: whitespace around a header name "
            "(or an empty one, or a folded line) is refused (RFC 9112 §5.1): write `Name: value`"
        )
    return bare, value.strip()


class BodyStalled(Exception):
    """A request body stopped arriving: nothing for ``seconds`` (answered 408)."""

    def __init__(self, seconds: float) -> None:
        """``seconds``: how long the body went without a byte."""
        self.seconds = seconds
        super().__init__(f"the request body stopped arriving: nothing for {seconds:g} s")


async def _quiet(seconds: float | None, coro: Awaitable[T]) -> T:
    """``await coro``, or :class:`BodyStalled` when it takes more than ``seconds`` (``None``: no limit)."""
    if seconds is None:
        return await coro
    try:
        if sys.version_info >= (3, 11):  # a timer, without the task wait_for makes
            async with asyncio.timeout(seconds):
                return await coro
        return await asyncio.wait_for(coro, seconds)  # pragma: no cover - Python 3.10
    except asyncio.TimeoutError:
        raise BodyStalled(seconds) from None


async def _exactly(reader: asyncio.StreamReader, n: int, silence: float | None) -> bytes:
    """``n`` bytes; with ``silence``, read piece by piece, each within ``silence`` seconds (a slow body goes on
    as long as it keeps arriving)."""
    if silence is None:
        return await reader.readexactly(n)
    parts: list[bytes] = []
    left = n
    while left:
        data = await _quiet(silence, reader.read(min(left, 65536)))
        if not data:
            raise asyncio.IncompleteReadError(b"".join(parts), n)
        parts.append(data)
        left -= len(data)
    return b"".join(parts)


async def read_body(
    reader: asyncio.StreamReader,
    headers: list[tuple[str, str]],
    *,
    max_bytes: int | None = None,
    silence: float | None = None,
) -> bytes:
    """The body framed by ``headers``; more than ``max_bytes`` raises :class:`BodyTooLarge` before reading it all.

    Chunked bodies are counted chunk by chunk and a declared length is checked before a byte is read, so a hostile
    peer cannot make the proxy buffer more than the cap. A malformed chunk size or ``Content-Length`` is
    :class:`BadRequest` (only plain non-negative numbers are accepted, as RFC 9110 requires). ``silence``: a body
    that goes that many seconds without a byte raises :class:`BodyStalled` (``None``: it may wait forever)."""
    lower = {k.lower(): v for k, v in headers}
    if "chunked" in lower.get("transfer-encoding", "").lower():
        parts: list[bytes] = []
        total = 0
        while True:
            size_line = await _quiet(silence, _line(reader))
            digits = size_line.split(b";")[0].strip() or b"0"
            if not _HEX.fullmatch(digits):
                raise BadRequest(f"bad chunk size {digits[:40]!r}")
            size = int(digits, 16)
            if size == 0:
                await _quiet(silence, read_headers(reader))  # trailers
                return b"".join(parts)
            total += size
            check_size(max_bytes, total)
            parts.append(await _exactly(reader, size, silence))
            await _exactly(reader, 2, silence)
    length = lower.get("content-length")
    if length:
        if not length.isascii() or not length.isdigit():  # no sign, no space, no "1_000": RFC 9110 §8.6
            raise BadRequest(f"bad Content-Length {length[:40]!r}: a non-negative decimal number is expected")
        n = int(length)
        check_size(max_bytes, n, declared=True)
        return await _exactly(reader, n, silence)
    return b""


def _parse_headers(block: bytes, strict: bool) -> list[tuple[str, str]]:
    """The header lines of ``block`` (CRLF or LF separated, no blank line), decoded once as a whole."""
    lines = block.decode("latin-1").split("\n")
    if len(lines) > MAX_HEADERS:
        raise BadRequest("too many headers")
    out = []
    for line in lines:  # what _header does, without a call per line (a proxy parses two heads per request)
        name, sep, value = line.partition(":")
        bare = name.strip()
        if not sep or (strict and (bare != name or not bare)):
            _header(line, strict)  # raises BadRequest naming the line
        out.append((bare, value.strip()))
    return out


async def read_head(
    reader: asyncio.StreamReader, *, strict: bool = False, started: Callable[[], None] | None = None
) -> tuple[bytes, list[tuple[str, str]]] | None:
    """The first line (request or status line) and the headers of the next message; ``None`` on a clean EOF
    before it. A close after the first line, between two lines, raises ``EOFError``; in the middle of a
    line, :class:`BadRequest`. ``strict``: a request's header names are checked (see :func:`_header`);
    ``started`` is called once the first line is in (a server's head timeout starts there).

    A CRLF-framed head (every HTTP/1.1 client and server) is read in at most three buffer scans instead
    of one per line (the reader's limit then bounds the whole head); a head whose first line ends in a
    bare LF is read line by line. Stray CRLFs before the first line are skipped."""
    try:
        line = await _line_raw(reader)
        while line in (b"\r\n", b"\n"):  # tolerate stray CRLF between requests
            line = await _line_raw(reader)
    except EOFError:
        return None
    if started is not None:
        started()
    if not line.endswith(b"\r\n"):
        return line.rstrip(b"\r\n"), await read_headers(reader, strict=strict)
    try:
        two = await reader.readexactly(2)
        if two == b"\r\n":
            return line[:-2], []
        # The rest of the head ends with the last header line's LF and the blank line's CRLF.
        rest = two + await reader.readuntil(b"\n\r\n")
    except asyncio.LimitOverrunError:
        raise BadRequest("header section too long") from None
    except asyncio.IncompleteReadError as err:
        if not err.partial or err.partial.endswith(b"\n"):
            raise EOFError from None
        raise BadRequest("connection closed mid-line") from None
    return line[:-2], _parse_headers(rest[:-3], strict)


async def _line_raw(reader: asyncio.StreamReader) -> bytes:
    """One line with its line ending (how :func:`read_head` tells CRLF from bare LF framing)."""
    try:
        return await reader.readuntil(b"\n")
    except asyncio.LimitOverrunError:
        raise BadRequest("header line too long") from None
    except asyncio.IncompleteReadError as err:
        if err.partial.strip(b"\r\n"):
            raise BadRequest("connection closed mid-line") from None
        raise EOFError from None


async def read_request(reader: asyncio.StreamReader, *, max_body: int | None = MAX_REQUEST_BODY) -> Request | None:
    """The next request on the connection, or ``None`` when the client closed it cleanly.

    Raises :class:`BadRequest` (answer 400) for bad framing, :class:`BodyTooLarge` (answer 413) for a body
    over ``max_body``, :class:`ClientGone` when the client left mid-request."""
    req = await read_request_head(reader)
    if req is not None:
        req.body = await read_body(reader, req.headers, max_bytes=max_body)
    return req


async def read_request_head(
    reader: asyncio.StreamReader, *, started: Callable[[], None] | None = None
) -> Request | None:
    """:func:`read_request` up to the body (``body`` empty: read it with :func:`read_body`): a server can
    wait for a free slot between the two, so bodies are read only as fast as requests are served.
    ``started``: called once the request line is in (see :func:`read_head`).

    The framing is checked as RFC 9112 §6 asks of a server, since a proxy and the server behind it must agree on
    where a request ends: ``Content-Length`` together with ``Transfer-Encoding``, or two different
    ``Content-Length`` values, is :class:`BadRequest` (identical duplicates are accepted)."""
    try:
        head = await read_head(reader, strict=True, started=started)
    except EOFError:
        raise ClientGone("the client closed the connection mid-headers") from None
    if head is None:
        return None
    line, headers = head
    parts = line.decode("latin-1").split()
    if len(parts) != 3 or not parts[2].startswith("HTTP/1.") or not parts[0].isalpha():
        raise BadRequest(f"malformed request line {line[:100]!r}")
    _check_framing(headers)
    return Request(parts[0].upper(), parts[1], parts[2], headers)


def _check_framing(headers: list[tuple[str, str]]) -> None:
    """:class:`BadRequest` when ``headers`` frame the body ambiguously (see :func:`read_request_head`)."""
    length: str | None = None
    encoded = False
    for k, v in headers:
        if len(k) == 14 and k.lower() == "content-length":
            if length is not None and v != length:
                raise BadRequest(
                    f"two different Content-Length values ({length[:20]!r}, {v[:20]!r}): send one (RFC 9112 §6.3)"
                )
            length = v
        elif len(k) == 17 and k.lower() == "transfer-encoding":
            encoded = True
    if encoded and length is not None:
        raise BadRequest(
            "both Content-Length and Transfer-Encoding: send one or the other (RFC 9112 §6.1; two parsers could "
            "end the body at different places)"
        )


def bodiless(method: str, status: int) -> bool:
    """Whether an answer has no body whatever its headers say: the answer to HEAD, a 204 or a 304 (RFC 9112 §6.3)."""
    return method == "HEAD" or status == 204 or status == 304


def response_head(
    status: int,
    headers: list[tuple[str, str]],
    *,
    length: int | None,
    keep_alive: bool,
    kept: list[str] | None = None,
    empty: bool = False,
) -> bytes:
    """A response's status line and headers as bytes: hop-by-hop headers dropped, the framing (a length, or chunked
    when ``length`` is ``None``) and the connection's fate stated by the proxy itself. ``kept``: the header lines
    to send already written (``Name: value``, hop-by-hop ones left out), in place of ``headers``. ``empty``: an
    answer without a body (:func:`bodiless`): no chunked framing, and ``length`` (what a GET would get) only when
    given and not on a 204; the caller sends no body and no last chunk."""
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
    if kept is not None:
        lines += kept
    else:
        for k, v in headers:
            if k.lower() not in HOP_BY_HOP:
                lines.append(f"{k}: {v}")
    if length is not None:
        if not (empty and status == 204):
            lines.append(f"Content-Length: {length}")
    elif not empty:
        lines.append("Transfer-Encoding: chunked")
    lines.append("Connection: keep-alive" if keep_alive else "Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace")


async def write_response(
    writer: asyncio.StreamWriter,
    status: int,
    headers: list[tuple[str, str]],
    body: bytes,
    *,
    keep_alive: bool,
) -> None:
    """Write a whole response (head and body in one write, so a keep-alive client never waits on Nagle's algorithm
    for the second half) and wait until it is flushed."""
    writer.write(response_head(status, headers, length=len(body), keep_alive=keep_alive) + body)
    await writer.drain()


def chunk(data: bytes) -> bytes:
    """One chunk of a chunked body: its size in hex, the data, CRLF."""
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def listen(handler: Handler, host: str, port: int, *, what: str, busy_hint: str | None = None) -> asyncio.Server:
    """Start a TCP server; a busy port becomes a HarnessError that names it, with ``busy_hint`` (what to
    change; default: the ``--port`` option of the commands that serve a proxy or stub alone)."""
    try:
        return await asyncio.start_server(handler, host, port, limit=MAX_LINE, backlog=1024)
    except OSError as err:
        raise cannot_listen(err, what, host, port, busy_hint) from None


def cannot_listen(err: OSError, what: str, host: str, port: int, busy_hint: str | None = None) -> HarnessError:
    """The error for a server that cannot listen on ``host:port`` (see :func:`listen`)."""
    if err.errno in (errno.EADDRINUSE, errno.EACCES):
        reason = "port already in use" if err.errno == errno.EADDRINUSE else "permission denied"
        return HarnessError(
            f"cannot start the {what} on {host}:{port}: {reason}",
            hint=f"{busy_hint or 'choose another port (--port)'}, or stop what listens there (`lsof -i :{port}`)",
        )
    return HarnessError(f"cannot start the {what} on {host}:{port}: {err}")
