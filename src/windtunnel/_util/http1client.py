"""A lean keep-alive HTTP/1.1 client for plain-HTTP hops that must cost as little as possible.

Used by the tool proxy for its upstream calls and, as an httpx transport, by the HTTP agent adapter:
pooled connections per (host, port), bodies passed through byte for byte (compressed bodies stay
compressed until someone reads them).
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from windtunnel._util.http1 import NO_FORWARD, check_size, find_header, read_body, read_headers


class UpstreamError(Exception):
    """The upstream could not be reached or answered something that is not HTTP."""


@dataclass
class UpstreamResponse:
    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        return find_header(self.headers, name)

    def decoded(self) -> bytes:
        """The body with gzip / deflate content-encoding undone (others are left as they are)."""
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


async def _read_to_eof(reader: asyncio.StreamReader, max_bytes: int | None) -> bytes:
    parts: list[bytes] = []
    total = 0
    while data := await reader.read(65536):
        total += len(data)
        check_size(max_bytes, total)
        parts.append(data)
    return b"".join(parts)


class UpstreamPool:
    """Pooled plain-HTTP connections; :meth:`request` retries once on a stale pooled connection."""

    def __init__(self, timeout: float = 300.0, max_idle: int = 64) -> None:
        self.timeout = timeout
        self.max_idle = max_idle
        self._idle: dict[tuple[str, int], list[Conn]] = {}

    async def request(
        self, method: str, url: str, headers: list[tuple[str, str]], body: bytes, *, max_body: int | None = None
    ) -> UpstreamResponse:
        """One exchange; an answer longer than ``max_body`` bytes raises :class:`BodyTooLarge` (connection dropped)."""
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise UpstreamError(f"not a plain-HTTP URL: {url!r}")
        addr = (parts.hostname, parts.port or 80)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        host = parts.netloc.rpartition("@")[2]
        lines = [f"{method} {target} HTTP/1.1", f"Host: {host}"]
        lines += [f"{k}: {v}" for k, v in headers if k.lower() not in NO_FORWARD]
        if body or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(body)}")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace")
        for attempt in (0, 1):
            conn, pooled = await self._connect(addr, fresh=attempt == 1)
            try:
                exchange = self._exchange(conn, head + body, method, max_body)
                resp, reusable = await asyncio.wait_for(exchange, self.timeout)
            except (ConnectionError, asyncio.IncompleteReadError, EOFError) as err:
                conn[1].close()
                if pooled and attempt == 0:
                    continue
                raise UpstreamError(f"{addr[0]}:{addr[1]}: {err!r}") from None
            except (OSError, asyncio.TimeoutError) as err:
                conn[1].close()
                raise UpstreamError(f"{addr[0]}:{addr[1]}: {err!r}") from None
            except BaseException:  # cancelled mid-exchange (a caller's timeout): the connection is unusable
                conn[1].close()
                raise
            if reusable:
                self._release(addr, conn)
            else:
                conn[1].close()
            return resp
        raise UpstreamError(f"{addr[0]}:{addr[1]}: connection failed")

    async def _connect(self, addr: tuple[str, int], *, fresh: bool) -> tuple[Conn, bool]:
        idle = self._idle.get(addr)
        while idle and not fresh:
            reader, writer = idle.pop()
            if not writer.is_closing() and not reader.at_eof():
                return (reader, writer), True
            writer.close()
        try:
            conn = await asyncio.wait_for(asyncio.open_connection(*addr, limit=2**20), 30)
        except (OSError, asyncio.TimeoutError) as err:
            raise UpstreamError(f"cannot connect to {addr[0]}:{addr[1]}: {err}") from None
        return conn, False

    def _release(self, addr: tuple[str, int], conn: Conn) -> None:
        idle = self._idle.setdefault(addr, [])
        if len(idle) < self.max_idle:
            idle.append(conn)
        else:
            conn[1].close()

    async def _exchange(
        self, conn: Conn, request: bytes, method: str, max_body: int | None
    ) -> tuple[UpstreamResponse, bool]:
        reader, writer = conn
        writer.write(request)
        await writer.drain()
        while True:
            line = await reader.readuntil(b"\n")
            parts = line.decode("latin-1").split(None, 2)
            if len(parts) < 2 or not parts[0].startswith("HTTP/"):
                raise ConnectionError(f"not an HTTP response: {line[:80]!r}")
            status = int(parts[1])
            headers = await read_headers(reader)
            if 100 <= status < 200 and status != 101:
                continue  # 100 Continue and friends precede the real response
            break
        lower = {k.lower(): v.lower() for k, v in headers}
        version = parts[0]
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
        for conns in self._idle.values():
            for _, writer in conns:
                with contextlib.suppress(Exception):
                    writer.close()
        self._idle.clear()
