"""Spine performance: harness overhead, HTTP concurrency, CLI start-up. Prints ratios measured in one run.

Targets (issue #2): overhead ratio ≤ 3 for 10,000 no-op cells at concurrency 100; 1,000 calls to a 50 ms
HTTP agent at concurrency 50 within 1.3× the ideal 1.0 s; ``windtunnel --help`` under 0.3 s.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Literal

import anyio

from windtunnel.agents.http import HttpAgent
from windtunnel.agents.python import PythonAgent
from windtunnel.config.agent import HttpAgentConfig, PythonAgentConfig
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.executor import LocalExecutor
from windtunnel.engine.runner import CellRunner
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec


class _NotEmpty(InvariantSpec):
    """Benchmark check: output is non-empty."""

    type: Literal["bench_not_empty"] = "bench_not_empty"

    def check(self, ctx: CheckContext) -> CheckResult:
        return CheckResult(bool(ctx.output), "empty")


async def noop_agent(prompt: str) -> str:
    return "ok"


sys.modules.setdefault("benchmarks.engine", sys.modules[__name__])


def cells(n: int) -> list[Cell]:
    return [Cell(id=f"c{i}", kind="golden", input=f"p{i}", golden_prompt="p", golden_index=0) for i in range(n)]


async def harness(n: int, concurrency: int) -> float:
    agent = PythonAgent(PythonAgentConfig(endpoint="benchmarks.engine:noop_agent"), concurrency=concurrency)
    out: list[CellResult] = []
    async with agent:
        runner = CellRunner(agent=agent, invariants=[_NotEmpty()])
        plan = cells(n)
        t0 = time.perf_counter()
        await LocalExecutor(concurrency).run(plan, runner, out.append)
        dt = time.perf_counter() - t0
    assert len(out) == n and all(r.status == "passed" for r in out)
    return dt


async def bare(n: int, concurrency: int) -> float:
    limiter = anyio.CapacityLimiter(concurrency)
    done = 0

    async def one(i: int) -> None:
        nonlocal done
        async with limiter:
            await noop_agent(f"p{i}")
        done += 1

    t0 = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for i in range(n):
            tg.start_soon(one, i)
    assert done == n
    return time.perf_counter() - t0


def overhead() -> None:
    n, c = 10_000, 100
    h = min(anyio.run(harness, n, c) for _ in range(3))
    b = min(anyio.run(bare, n, c) for _ in range(3))
    print(
        f"harness overhead: {n} cells at concurrency {c}: windtunnel {h:.3f} s, bare anyio loop {b:.3f} s, "
        f"ratio {h / b:.2f} (target ≤ 3)"
    )


async def http_run(url: str, n: int, concurrency: int) -> float:
    agent = HttpAgent(HttpAgentConfig(endpoint=url, response_path="$.reply"), concurrency=concurrency)
    out: list[CellResult] = []
    async with agent:
        runner = CellRunner(agent=agent, invariants=[_NotEmpty()])
        t0 = time.perf_counter()
        await LocalExecutor(concurrency).run(cells(n), runner, out.append)
        dt = time.perf_counter() - t0
    ok = sum(r.status == "passed" for r in out)
    assert ok == n, f"only {ok}/{n} passed"
    return dt


async def _slow_conn(reader: Any, writer: Any) -> None:
    import asyncio

    body = b'{"reply": "ok"}'
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            if length:
                await reader.readexactly(length)
            await asyncio.sleep(0.05)
            writer.write(
                b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body
            )
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


async def raw_client(port: int, n: int, concurrency: int) -> float:
    """The machine's floor: keep-alive connections written to directly, no HTTP library at all."""
    import asyncio

    async def conn(k: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(k):
            writer.write(b"POST /chat HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\n{}")
            await writer.drain()
            await reader.readuntil(b'"ok"}')
        writer.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(conn(n // concurrency) for _ in range(concurrency)))
    return time.perf_counter() - t0


def serve_slow_agent() -> None:
    """Child process: a 50 ms asyncio HTTP agent, in its own process so it does not share our event loop or GIL."""
    import asyncio

    async def main() -> None:
        server = await asyncio.start_server(_slow_conn, "127.0.0.1", 0, backlog=1024)
        print(server.sockets[0].getsockname()[1], flush=True)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


def http_concurrency() -> None:
    code = "from benchmarks.engine import serve_slow_agent; serve_slow_agent()"
    root = str(Path(__file__).resolve().parents[1])
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=root)
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        url = f"http://127.0.0.1:{port}/chat"
        n, c = 1000, 50
        ideal = n / c * 0.05
        import asyncio

        floor = asyncio.run(raw_client(port, n, c))
        dt = anyio.run(http_run, url, n, c)
        print(
            f"http concurrency: {n} calls, 50 ms latency, concurrency {c}: windtunnel {dt:.3f} s, "
            f"raw-socket client {floor:.3f} s, ideal {ideal:.2f} s; ratio to ideal {dt / ideal:.2f} "
            f"(target ≤ 1.3), to the raw floor {dt / floor:.2f}"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def startup() -> None:
    exe = Path(sys.executable).parent / "windtunnel"
    cmd = [str(exe), "--help"] if exe.exists() else [sys.executable, "-m", "windtunnel", "--help"]

    def timed(c: list[str]) -> float:
        t0 = time.perf_counter()
        subprocess.run(c, check=True, capture_output=True)
        return time.perf_counter() - t0

    help_t = statistics.median(timed(cmd) for _ in range(7))
    py_t = statistics.median(timed([sys.executable, "-c", "pass"]) for _ in range(7))
    print(
        f"startup: `windtunnel --help` {help_t * 1000:.0f} ms (bare python {py_t * 1000:.0f} ms, "
        f"ratio {help_t / py_t:.1f}); target < 300 ms"
    )


def main() -> None:
    overhead()
    http_concurrency()
    startup()


if __name__ == "__main__":
    main()
