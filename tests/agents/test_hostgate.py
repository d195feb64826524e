"""Connections to an agent are opened gradually and reused; 429/503 lower the requests in flight (AIMD)."""

from __future__ import annotations

import asyncio
import math
from typing import Any

import pytest

from windtunnel._util.hostgate import START_CAP, HostGate
from windtunnel._util.http1client import UpstreamPool


class CountingServer:
    """An HTTP/1.1 keep-alive server that records how connections and requests arrive."""

    def __init__(self, *, capacity: int | None = None, delay: float = 0.02) -> None:
        self.capacity = capacity
        self.delay = delay
        self.connections = 0
        self.unanswered = 0  # connections that have not had their first answer yet
        self.max_unanswered = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.overloaded = 0
        self.server: Any = None

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.unanswered += 1
        self.max_unanswered = max(self.max_unanswered, self.unanswered)
        first = True
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.lower().split(b"\r\n")
                lengths = [int(h.split(b":")[1]) for h in lines if h.startswith(b"content-length")]
                length = lengths[0] if lengths else 0
                await reader.readexactly(length)
                self.in_flight += 1
                self.max_in_flight = max(self.max_in_flight, self.in_flight)
                status = b"200 OK"
                if self.capacity is not None and self.in_flight > self.capacity:
                    status = b"429 Too Many Requests"
                    self.overloaded += 1
                else:
                    await asyncio.sleep(self.delay)
                self.in_flight -= 1
                writer.write(b"HTTP/1.1 " + status + b"\r\ncontent-length: 2\r\n\r\nok")
                await writer.drain()
                if first:
                    first = False
                    self.unanswered -= 1
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            if first:
                self.unanswered -= 1
            writer.close()

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/chat"

    async def __aexit__(self, *exc: object) -> None:
        self.server.close()


async def _drive(url: str, pool: UpstreamPool, calls: int, concurrency: int) -> list[int]:
    pending = iter(range(calls))
    statuses: list[int] = []

    async def worker() -> None:
        for _ in pending:
            while True:
                resp = await pool.request("POST", url, [], b"{}")
                statuses.append(resp.status)
                if resp.status != 429:
                    break
                await asyncio.sleep(0.005)  # the caller's retry

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return statuses


def test_connections_open_gradually_and_are_reused() -> None:
    server = CountingServer()

    async def main() -> HostGate:
        async with server as url:
            pool = UpstreamPool()
            await _drive(url, pool, calls=600, concurrency=60)
            gate = next(iter(pool._hosts.values()))
            await pool.aclose()
            return gate

    gate = asyncio.run(main())
    # never more unanswered new connections at once than the first round allows, then what was proven
    assert server.max_unanswered <= 60
    assert server.connections <= 60  # reused: one per worker at most, never one per call
    assert gate.stalls == 0 and gate.unproven == 0


def test_first_round_is_bounded_by_the_start_cap() -> None:
    """With answers that never come fast, the cap never grows: unanswered connections stay ≤ the start cap."""
    server = CountingServer(delay=0.05)

    async def main() -> None:
        async with server as url:
            pool = UpstreamPool()
            gate = pool.gate(("127.0.0.1", int(url.split(":")[2].split("/")[0])))
            gate.fastest_s = 0.0  # every first answer looks late: the server "accepts late"
            await _drive(url, pool, calls=60, concurrency=30)
            await pool.aclose()

    asyncio.run(main())
    assert server.max_unanswered <= START_CAP
    assert server.connections <= 30


def test_overload_answers_lower_the_requests_in_flight() -> None:
    server = CountingServer(capacity=5, delay=0.01)

    async def main() -> tuple[list[int], HostGate]:
        async with server as url:
            pool = UpstreamPool()
            statuses = await _drive(url, pool, calls=400, concurrency=40)
            gate = next(iter(pool._hosts.values()))
            await pool.aclose()
            return statuses, gate

    statuses, gate = asyncio.run(main())
    ok = statuses.count(200)
    assert ok == 400
    assert math.isfinite(gate.limit) and gate.limit < 40
    # without the limit, 35 of every 40 requests in flight would be refused, again and again
    assert statuses.count(429) < ok


def test_gate_arithmetic() -> None:
    gate = HostGate()
    assert gate.cap == START_CAP and gate.limit == math.inf
    for _ in range(4):
        gate.opening()
    for _ in range(4):
        gate.proven(0.001, 0.05)
    assert gate.cap == START_CAP + 4  # slow start: one more per connection accepted at once
    gate.opening()
    gate.proven(1.2, 0.05)  # a SYN retry
    assert gate.stalls == 1 and gate.cap == (START_CAP + 4) / 2 and gate.gap_s > 0.001
    gate.opening()
    gate.proven(0.001, 0.05)
    assert gate.cap == pytest.approx(4 + 1 / 4)  # past a stall: one per round

    gate.inflight = 10
    gate.leave(429)
    assert gate.limit == 5
    gate.leave(200)
    assert gate.limit == pytest.approx(5.2)
    gate.leave(503)
    assert gate.limit == pytest.approx(2.6)


async def _drive_streams(url: str, pool: UpstreamPool, calls: int, concurrency: int) -> list[int]:
    pending = iter(range(calls))
    statuses: list[int] = []

    async def worker() -> None:
        for _ in pending:
            while True:
                resp = await pool.stream("POST", url, [], b"{}")
                try:
                    body = b"".join([piece async for piece in resp.pieces()])
                finally:
                    await resp.aclose()
                assert body == b"ok"
                statuses.append(resp.status)
                if resp.status != 429:
                    break
                await asyncio.sleep(0.005)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return statuses


def test_streamed_requests_go_through_the_gate_too() -> None:
    """stream() opens connections gradually, reuses them, and holds its request slot until aclose()."""
    server = CountingServer()

    async def main() -> HostGate:
        async with server as url:
            pool = UpstreamPool()
            await _drive_streams(url, pool, calls=300, concurrency=30)
            gate = next(iter(pool._hosts.values()))
            assert gate.inflight == 0 and gate.unproven == 0  # every slot given back by aclose()
            await pool.aclose()
            return gate

    gate = asyncio.run(main())
    assert server.connections <= 30
    assert gate.stalls == 0


def test_streamed_overload_answers_lower_the_requests_in_flight() -> None:
    server = CountingServer(capacity=5, delay=0.01)

    async def main() -> tuple[list[int], HostGate]:
        async with server as url:
            pool = UpstreamPool()
            statuses = await _drive_streams(url, pool, calls=200, concurrency=30)
            gate = next(iter(pool._hosts.values()))
            await pool.aclose()
            return statuses, gate

    statuses, gate = asyncio.run(main())
    assert statuses.count(200) == 200
    assert math.isfinite(gate.limit) and gate.limit < 30


def test_a_streamed_response_closed_twice_leaves_the_gate_once() -> None:
    server = CountingServer(delay=0.0)

    async def main() -> HostGate:
        async with server as url:
            pool = UpstreamPool()
            resp = await pool.stream("GET", url, [], b"")
            gate = next(iter(pool._hosts.values()))
            assert gate.inflight == 1
            async for _ in resp.pieces():
                pass
            await resp.aclose()
            await resp.aclose()
            assert gate.inflight == 0 and len(gate.idle) == 1  # reused next time
            await pool.aclose()
            return gate

    asyncio.run(main())
