"""A lean keep-alive HTTP/1.1 client for plain-HTTP hops that must cost as little as possible.

Used by the tool proxy for its upstream calls and, as an httpx transport, by the HTTP agent adapter:
pooled connections per (host, port), bodies passed through byte for byte (compressed bodies stay
compressed until someone reads them).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import zlib
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TypeVar
from urllib.parse import urlsplit

from windtunnel._util.hostgate import HostGate
from windtunnel._util.http1 import NO_FORWARD, find_header, read_body, read_headers


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
T = TypeVar("T")


async def _within(seconds: float, coro: Awaitable[T]) -> T:
    """``await coro`` with a deadline; on 3.11+ without the extra task ``asyncio.wait_for`` makes."""
    if sys.version_info >= (3, 11):
        async with asyncio.timeout(seconds):
            return await coro
    return await asyncio.wait_for(coro, seconds)  # pragma: no cover - Python 3.10


class UpstreamPool:
    """Pooled plain-HTTP connections; :meth:`request` retries once on a stale pooled connection.

    Connections to a host are opened gradually and reused, and requests are limited on overload
    (``429`` / ``503``): see :class:`~windtunnel._util.hostgate.HostGate`.
    """

    def __init__(self, timeout: float = 300.0, max_idle: int = 64) -> None:
        self.timeout = timeout
        self.max_idle = max_idle
        self._hosts: dict[tuple[str, int], HostGate] = {}

    def gate(self, addr: tuple[str, int]) -> HostGate:
        gate = self._hosts.get(addr)
        if gate is None:
            gate = self._hosts[addr] = HostGate()
        return gate

    async def request(self, method: str, url: str, headers: list[tuple[str, str]], body: bytes) -> UpstreamResponse:
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
        gate = self.gate(addr)
        await gate.enter()
        status: int | None = None
        try:
            resp = await self._send(addr, gate, head + body, method)
            status = resp.status
            return resp
        finally:
            gate.leave(status)

    async def _send(self, addr: tuple[str, int], gate: HostGate, request: bytes, method: str) -> UpstreamResponse:
        loop = asyncio.get_running_loop()
        for attempt in (0, 1):
            conn, pooled, connect_s = await self._connect(addr, gate, fresh=attempt == 1)
            t1 = loop.time()
            try:
                resp, reusable = await _within(self.timeout, self._exchange(conn, request, method))
            except (ConnectionError, asyncio.IncompleteReadError, EOFError) as err:
                self._lost(gate, conn, pooled)
                if pooled and attempt == 0:
                    continue
                raise UpstreamError(f"{addr[0]}:{addr[1]}: {err!r}") from None
            except (OSError, asyncio.TimeoutError) as err:
                self._lost(gate, conn, pooled)
                raise UpstreamError(f"{addr[0]}:{addr[1]}: {err!r}") from None
            except BaseException:  # cancelled mid-exchange (a caller's timeout): the connection is unusable
                self._lost(gate, conn, pooled)
                raise
            t2 = loop.time()
            if pooled:
                gate.exchanged(t2 - t1)
            else:
                gate.proven(connect_s, t2 - t1)
            if reusable:
                self._release(gate, conn)
            else:
                conn[1].close()
            return resp
        raise UpstreamError(f"{addr[0]}:{addr[1]}: connection failed")

    async def _connect(self, addr: tuple[str, int], gate: HostGate, *, fresh: bool) -> tuple[Conn, bool, float]:
        """An idle connection (``pooled``), else a new one when the gate lets one open, else wait;
        and how long opening it took."""
        while True:
            while gate.idle and not fresh:
                reader, writer = gate.idle.pop()
                if not writer.is_closing() and not reader.at_eof():
                    return (reader, writer), True, 0.0
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
            conn = await asyncio.wait_for(asyncio.open_connection(*addr, limit=2**20), 30)
        except (OSError, asyncio.TimeoutError) as err:
            gate.failed()
            raise UpstreamError(f"cannot connect to {addr[0]}:{addr[1]}: {err}") from None
        except BaseException:
            gate.failed()
            raise
        return conn, False, asyncio.get_running_loop().time() - t0

    def _lost(self, gate: HostGate, conn: Conn, pooled: bool) -> None:
        conn[1].close()
        if not pooled:
            gate.failed()

    def _release(self, gate: HostGate, conn: Conn) -> None:
        if len(gate.idle) < self.max_idle:
            gate.idle.append(conn)
            gate.released()
        else:
            conn[1].close()

    async def _exchange(self, conn: Conn, request: bytes, method: str) -> tuple[UpstreamResponse, bool]:
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
            body = await read_body(reader, headers)
        else:
            body = await reader.read()
            keep = False
        return UpstreamResponse(status, headers, body), keep

    async def aclose(self) -> None:
        for gate in self._hosts.values():
            for _, writer in gate.idle:
                with contextlib.suppress(Exception):
                    writer.close()
            gate.idle.clear()
        self._hosts.clear()
