"""Throughput of ``proxy llm`` against the same load sent straight to the model API, side by side.

    .venv/bin/python -m benchmarks.llm_proxy [--seconds 4] [--concurrency 1 50] [--upstream stub lean]

Two upstreams, each in its own process: ``stub`` is the OpenAI/Anthropic-compatible stub server of the
conformance tests (``tests/stubs/llm_stub.py``, a threaded ``http.server``, like most local model
servers); ``lean`` is a minimal asyncio server answering one fixed completion, the harshest case (the
proxy then does as much work per request as client and upstream together). The LLM proxy runs in
another process with an active plan whose fault never fires, so every request takes the faulted path
(decision, forwarding, call log), and the client — one keep-alive connection per concurrent caller,
each sending ``POST /v1/chat/completions`` back to back — in this one. For each upstream and
concurrency, the same load runs direct and through the proxy in four interleaved rounds (so load from
elsewhere on the machine hits both alike); mean requests per second of both are printed with their
ratio. Exits 1 when, against the stub at the highest concurrency, the proxy is below 0.5x
direct, or when any answer was lost or wrong.
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


def _stub_process(port_q: Any, counter: Any) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.stubs.llm_stub import LlmStub

    stub = LlmStub().start()
    port_q.put(stub.port)
    threading_event = __import__("threading").Event()
    threading_event.wait()


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
            counts[0 if status == 200 and body.startswith(b'{"id": "chatcmpl-') else 1] += 1
    finally:
        writer.close()


async def _load(port: int, concurrency: int, seconds: float) -> tuple[float, int]:
    counts = [0, 0]
    deadline = time.perf_counter() + seconds
    t0 = time.perf_counter()
    await asyncio.gather(*(_caller(port, deadline, counts) for _ in range(concurrency)))
    return counts[0] / (time.perf_counter() - t0), counts[1]


def _compare(port_q: Any, upstream_port: int, concurrency: list[int], seconds: float) -> tuple[float, int]:
    """Direct vs proxied load against one upstream; returns (ratio at the last concurrency, bad answers)."""
    ctx = multiprocessing.get_context("spawn")
    logged = ctx.Value("i", 0)
    url = f"http://127.0.0.1:{upstream_port}/v1"
    px = ctx.Process(target=_proxy_process, args=(port_q, url, logged), daemon=True)
    px.start()
    px_port = port_q.get(timeout=60)
    ratio, bad = 0.0, 0
    try:
        asyncio.run(_load(px_port, 4, 0.5))  # warm-up
        for n in concurrency:
            # Interleaved rounds, so load from elsewhere on the machine hits both sides alike.
            rounds = [
                (asyncio.run(_load(upstream_port, n, seconds / 4)), asyncio.run(_load(px_port, n, seconds / 4)))
                for _ in range(4)
            ]
            direct = sum(d for (d, _), _ in rounds) / len(rounds)
            via = sum(v for _, (v, _) in rounds) / len(rounds)
            d_bad = sum(b for (_, b), _ in rounds)
            p_bad = sum(b for _, (_, b) in rounds)
            ratio, bad = via / direct, bad + d_bad + p_bad
            extra = f"   {d_bad + p_bad} bad answers" if d_bad + p_bad else ""
            print(f"{n:>11}  {direct:>12.0f}  {via:>15.0f}  {ratio:>11.2f}x{extra}", flush=True)
        print(f"  calls recorded in the proxy's call log: {logged.value}")
    finally:
        px.terminate()
        px.join(10)
    return ratio, bad


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 50])
    parser.add_argument("--upstream", nargs="+", choices=["stub", "lean"], default=["stub", "lean"])
    a = parser.parse_args()
    ctx = multiprocessing.get_context("spawn")
    port_q = ctx.Queue()
    counter = ctx.Value("i", 0)
    results: dict[str, tuple[float, int]] = {}
    print(f"POST /v1/chat/completions, {a.seconds:g} s per measurement (upstream, proxy, client: 3 processes)")
    for kind in a.upstream:
        target = _stub_process if kind == "stub" else _upstream_process
        up = ctx.Process(target=target, args=(port_q, counter), daemon=True)
        up.start()
        try:
            port = port_q.get(timeout=60)
            print(f"upstream: {kind}")
            print(f"{'connections':>11}  {'direct req/s':>12}  {'via proxy req/s':>15}  {'proxy/direct':>12}")
            results[kind] = _compare(port_q, port, a.concurrency, a.seconds)
        finally:
            up.terminate()
            up.join(10)
    if any(bad for _, bad in results.values()):
        raise SystemExit("answers were lost or wrong")
    if "stub" in results and results["stub"][0] < 0.5:
        raise SystemExit(f"proxy llm below 0.5x direct against the stub at {a.concurrency[-1]} connections")


if __name__ == "__main__":
    main()
