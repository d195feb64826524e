"""Overhead of windtunnel's tool proxy on loopback.

    .venv/bin/python -m benchmarks.proxy [--requests 2000] [--calls 1000] [--concurrency 50]

1. Median latency of one request, direct vs through the forward proxy (keep-alive clients, the proxy
   holding an active fault plan whose fault matches nothing, so every request takes the faulted path:
   decision, forwarding, call log). Prints the median added latency. The tool service, the proxy and
   the client each run their own event loop in their own thread, as the agent, windtunnel and the tool
   service would in their own processes.
2. ``--calls`` tool calls at ``--concurrency`` through the proxy and direct: every request must come
   back 200 and reach the upstream exactly once; prints the wall-time ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time
from typing import Any

import anyio
import httpx

from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy import ToolProxy
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.chaos.tool_faults import ErrorFault

BODY = b'{"order_id": "A1", "status": "shipped", "eta_days": 2}'


class Upstream:
    """A minimal keep-alive HTTP/1.1 tool service that counts requests."""

    def __init__(self, counter: Any) -> None:
        self.counter = counter
        self.server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._conn, "127.0.0.1", 0, backlog=1024)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _conn(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = (
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + str(len(BODY)).encode()
            + b"\r\n\r\n"
        )
        try:
            while True:
                data = await reader.readuntil(b"\r\n\r\n")
                if not data:
                    break
                with self.counter.get_lock():
                    self.counter.value += 1
                writer.write(head + BODY)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    def close(self) -> None:
        assert self.server is not None
        self.server.close()


def _upstream_process(port_q: Any, counter: Any) -> None:
    async def run() -> None:
        up = Upstream(counter)
        await up.start()
        port_q.put(up.port)
        await asyncio.Event().wait()

    asyncio.run(run())


def _proxy_process(port_q: Any, logged: Any) -> None:
    async def run() -> None:
        spec = ChaosSpec("bench", tool_faults=(ErrorFault(tool="never_called"),))
        plan = FaultPlan(spec, seed=1, key="bench")

        def on_call(entry: dict[str, Any]) -> None:
            with logged.get_lock():
                logged.value += 1

        plan.on_call = on_call
        proxy = ToolProxy(lambda: plan)
        await proxy.start()
        port_q.put(proxy.port)
        await proxy.serve_forever()

    asyncio.run(run())


async def sequential(client: httpx.AsyncClient, url: str, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        r = await client.get(url)
        out.append(time.perf_counter() - t0)
        assert r.status_code == 200
    return out


async def burst(client: httpx.AsyncClient, url: str, calls: int, concurrency: int) -> tuple[float, int]:
    limiter = anyio.CapacityLimiter(concurrency)
    ok = 0

    async def one(i: int) -> None:
        nonlocal ok
        async with limiter:
            r = await client.get(f"{url}?call={i}")
            if r.status_code == 200 and r.content == BODY:
                ok += 1

    t0 = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for i in range(calls):
            tg.start_soon(one, i)
    return time.perf_counter() - t0, ok


async def measure(requests: int, calls: int, concurrency: int) -> None:
    ctx = multiprocessing.get_context("spawn")
    port_q = ctx.Queue()
    upstream_count, logged = ctx.Value("i", 0), ctx.Value("i", 0)
    procs = [
        ctx.Process(target=_upstream_process, args=(port_q, upstream_count), daemon=True),
        ctx.Process(target=_proxy_process, args=(port_q, logged), daemon=True),
    ]
    procs[0].start()
    url = f"http://127.0.0.1:{port_q.get(timeout=60)}/lookup"
    procs[1].start()
    proxy_url = f"http://127.0.0.1:{port_q.get(timeout=60)}"
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    try:
        async with (
            httpx.AsyncClient(trust_env=False, limits=limits) as direct,
            httpx.AsyncClient(trust_env=False, proxy=proxy_url, limits=limits) as via,
        ):
            await sequential(direct, url, 100)  # warm-up
            await sequential(via, url, 100)
            d_times, p_times = [], []
            for _ in range(10):  # interleave to cancel drift
                d_times += await sequential(direct, url, requests // 10)
                p_times += await sequential(via, url, requests // 10)
            d_med, p_med = statistics.median(d_times), statistics.median(p_times)
            d90, p90 = (statistics.quantiles(t, n=10)[-1] for t in (d_times, p_times))
            print(f"sequential, {requests} requests each (keep-alive; client, proxy, service: 3 processes):")
            print(f"  direct      median {d_med * 1e3:.3f} ms   p90 {d90 * 1e3:.3f} ms")
            print(f"  via proxy   median {p_med * 1e3:.3f} ms   p90 {p90 * 1e3:.3f} ms")
            print(f"  added latency per request (median): {(p_med - d_med) * 1e3:.3f} ms")

            before = upstream_count.value
            d_wall, d_ok = await burst(direct, url, calls, concurrency)
            mid = upstream_count.value
            p_wall, p_ok = await burst(via, url, calls, concurrency)
            reached = upstream_count.value - mid
    finally:
        for p in procs:
            p.terminate()
            p.join(10)
    print(f"{calls} calls at concurrency {concurrency}:")
    print(f"  direct      {d_wall:.3f} s   ok {d_ok}/{calls}   tool service saw {mid - before}")
    print(f"  via proxy   {p_wall:.3f} s   ok {p_ok}/{calls}   tool service saw {reached}")
    print(f"  lost through the proxy: {calls - p_ok}   wall-time ratio proxy/direct: {p_wall / d_wall:.2f}x")
    print(f"  calls recorded in the proxy's call log: {logged.value}")
    if p_ok != calls or reached != calls:
        raise SystemExit("requests were lost through the proxy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    a = parser.parse_args()
    asyncio.run(measure(a.requests, a.calls, a.concurrency))


if __name__ == "__main__":
    main()
