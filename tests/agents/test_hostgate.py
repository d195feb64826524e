"""Connections to an agent are opened gradually and reused; 429/503 lower the requests in flight (AIMD)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import socket
from typing import Any

import anyio
import pytest

from windtunnel._util import hostgate
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


def test_connections_open_gradually_and_are_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    # On a busy machine the event loop itself can take longer than STALL_S to see a local connect finish, which the
    # gate rightly reads as a stall (tested below with a real full backlog); here only the pacing and reuse matter.
    monkeypatch.setattr(hostgate, "STALL_S", 60.0)
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
    assert gate.stalls == 0 and gate.connecting == 0


def test_first_round_is_bounded_by_the_start_cap() -> None:
    """A host whose connects hang (a full listen backlog that is never accepted from: SYNs dropped): before
    anything is known, at most the start cap are connecting, and no hanging connect ever raises the cap."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(8):  # fill the accept queue; connects past it hang in SYN retries
        filler = socket.socket()
        filler.setblocking(False)
        filler.connect_ex(("127.0.0.1", port))
        fillers.append(filler)

    async def main() -> tuple[int, float]:
        pool = UpstreamPool(timeout=30)
        gate = pool.gate(("127.0.0.1", port))
        calls = [
            asyncio.ensure_future(pool.request("POST", f"http://127.0.0.1:{port}/x", [], b"{}")) for _ in range(30)
        ]
        most = 0
        with anyio.fail_after(10):  # a bound on a hang, not a timing assertion
            while most < START_CAP:
                await asyncio.sleep(0.005)
                most = max(most, gate.connecting)
        for _ in range(40):  # and it stays there while the connects hang
            await asyncio.sleep(0.005)
            most = max(most, gate.connecting)
        cap = gate.cap
        for call in calls:
            call.cancel()
        await asyncio.gather(*calls, return_exceptions=True)
        await pool.aclose()
        return most, cap

    try:
        most, cap = asyncio.run(main())
    finally:
        for sock in (*fillers, listener):
            sock.close()
    assert most == START_CAP and cap == START_CAP


def test_a_slow_answer_does_not_hold_new_connections_back() -> None:
    """50 callers against an upstream that holds every answer: all 50 connect and are waiting for their answer
    at once (the cap grows on each established connect, not on an answer), so a 3 s upstream answers them all
    in about 3 s, not 4 at a time."""
    held = asyncio.Event()

    async def main() -> tuple[int, list[int]]:
        connections = 0
        handlers: list[asyncio.Task[None] | None] = []

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal connections
            connections += 1
            handlers.append(asyncio.current_task())
            with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
                while True:
                    await reader.readuntil(b"\r\n\r\n{}")
                    await held.wait()
                    writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok")
                    await writer.drain()
            writer.close()

        server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=128)
        url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/x"
        pool = UpstreamPool()
        calls = [asyncio.ensure_future(pool.request("POST", url, [], b"{}")) for _ in range(50)]
        with anyio.fail_after(20):  # a bound on a hang: 4 at a time, the other 46 never connect while held
            while connections < 50:
                await asyncio.sleep(0.01)
        seen = connections
        held.set()
        with anyio.fail_after(20):
            statuses = [r.status for r in await asyncio.gather(*calls)]
        await pool.aclose()
        server.close()
        with anyio.fail_after(20):  # each handler ends as the pool closes its connection
            await asyncio.gather(*(t for t in handlers if t is not None))
        return seen, statuses

    seen, statuses = asyncio.run(main())
    assert seen == 50 and statuses == [200] * 50


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
    assert not gate.may_open()  # bounded before anything is known
    for _ in range(4):
        gate.connected(0.001)
    assert gate.cap == START_CAP + 4  # slow start: one more per connection established at once
    gate.opening()
    gate.connected(1.2)  # a SYN retry
    assert gate.stalls == 1 and gate.cap == (START_CAP + 4) / 2 and gate.gap_s > 0.001
    gate.opening()
    gate.connected(0.001)
    assert gate.cap == pytest.approx(4 + 1 / 4)  # past a stall: one per round
    gate.opening()
    gate.failed()  # refused: no growth
    assert gate.cap == pytest.approx(4 + 1 / 4) and gate.connecting == 0
    gate.cap = gate.ssthresh = 20.0
    gate.lost()  # a new connection reset before its first answer: halved
    assert gate.cap == 10.0
    gate.lost()
    gate.lost()
    assert gate.cap == START_CAP  # never below the start
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
            assert gate.inflight == 0 and gate.connecting == 0  # every slot given back by aclose()
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
