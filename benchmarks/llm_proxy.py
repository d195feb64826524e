"""Throughput of ``proxy llm`` against the same load sent straight to the model API, side by side.

    .venv/bin/python -m benchmarks.llm_proxy [--seconds 4] [--concurrency 1 50]

A minimal OpenAI-compatible upstream (keep-alive HTTP/1.1, one fixed chat completion) runs in its own
process, the LLM proxy in another (with an active plan whose fault never fires, so every request takes
the faulted path: decision, forwarding, call log), and the client — one keep-alive connection per
concurrent caller, each sending ``POST /v1/chat/completions`` back to back — in this one. For each
concurrency, the same load runs direct then through the proxy, and the requests per second of both are
printed with their ratio. Exits 1 when the proxy at the highest concurrency is below 0.5x direct or
lost a request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import time
from typing import Any

ANSWER = json.dumps(
    {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": "bench",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok " * 40}, "finish_reason": "stop"}],
    }
).encode()
REQUEST = json.dumps({"model": "bench", "messages": [{"role": "user", "content": "hi"}]}).encode()


def _upstream_process(port_q: Any, counter: Any) -> None:
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(ANSWER)

    async def conn(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                headers = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in headers.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                await reader.readexactly(length)
                with counter.get_lock():
                    counter.value += 1
                writer.write(head + ANSWER)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def run() -> None:
        server = await asyncio.start_server(conn, "127.0.0.1", 0, backlog=1024)
        port_q.put(server.sockets[0].getsockname()[1])
        await asyncio.Event().wait()

    asyncio.run(run())


def _proxy_process(port_q: Any, upstream: str, logged: Any) -> None:
    from windtunnel.chaos.llm_faults import LlmRateLimitFault
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.proxy import LlmProxy
    from windtunnel.chaos.spec import ChaosSpec

    async def run() -> None:
        spec = ChaosSpec("bench", llm_faults=(LlmRateLimitFault(probability=0.0),))
        plan = FaultPlan(spec, seed=1, key="bench")

        def on_call(entry: dict[str, Any]) -> None:
            with logged.get_lock():
                logged.value += 1
            plan.calls.clear()  # a long benchmark must not grow the log without bound

        plan.on_call = on_call
        proxy = LlmProxy(lambda: plan, upstream=upstream)
        await proxy.start()
        port_q.put(proxy.port)
        await proxy.serve_forever()

    asyncio.run(run())


async def _caller(port: int, deadline: float, counts: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Authorization: Bearer sk-bench\r\nContent-Length: %d\r\n\r\n" % len(REQUEST)
    )
    try:
        while time.perf_counter() < deadline:
            writer.write(head + REQUEST)
            await writer.drain()
            headers = await reader.readuntil(b"\r\n\r\n")
            status = int(headers.split(b" ", 2)[1])
            length = next(
                int(line.split(b":", 1)[1])
                for line in headers.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            )
            body = await reader.readexactly(length)
            counts[0 if status == 200 and body == ANSWER else 1] += 1
    finally:
        writer.close()


async def _load(port: int, concurrency: int, seconds: float) -> tuple[float, int]:
    counts = [0, 0]
    deadline = time.perf_counter() + seconds
    t0 = time.perf_counter()
    await asyncio.gather(*(_caller(port, deadline, counts) for _ in range(concurrency)))
    return counts[0] / (time.perf_counter() - t0), counts[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 50])
    a = parser.parse_args()
    ctx = multiprocessing.get_context("spawn")
    port_q = ctx.Queue()
    counter, logged = ctx.Value("i", 0), ctx.Value("i", 0)
    up = ctx.Process(target=_upstream_process, args=(port_q, counter), daemon=True)
    up.start()
    up_port = port_q.get(timeout=60)
    px = ctx.Process(target=_proxy_process, args=(port_q, f"http://127.0.0.1:{up_port}/v1", logged), daemon=True)
    px.start()
    px_port = port_q.get(timeout=60)
    ratio = 0.0
    bad = 0
    try:
        asyncio.run(_load(px_port, 4, 0.5))  # warm-up
        print(f"POST /v1/chat/completions, {a.seconds:g} s per measurement (upstream, proxy, client: 3 processes)")
        print(f"{'connections':>11}  {'direct req/s':>12}  {'via proxy req/s':>15}  {'proxy/direct':>12}")
        for n in a.concurrency:
            direct, d_bad = asyncio.run(_load(up_port, n, a.seconds))
            via, p_bad = asyncio.run(_load(px_port, n, a.seconds))
            ratio, bad = via / direct, d_bad + p_bad
            print(f"{n:>11}  {direct:>12.0f}  {via:>15.0f}  {ratio:>11.2f}x" + (f"   {bad} bad answers" if bad else ""))
        print(f"calls recorded in the proxy's call log: {logged.value}")
    finally:
        for p in (px, up):
            p.terminate()
            p.join(10)
    if bad or ratio < 0.5:
        raise SystemExit(
            f"proxy llm below 0.5x direct at {a.concurrency[-1]} connections ({ratio:.2f}x) or lost answers"
        )


if __name__ == "__main__":
    main()
