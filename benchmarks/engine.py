"""Spine performance: HTTP concurrency, a short-backlog agent, CLI start-up. Ratios measured in one run.

Targets (issue #16):

* a 50 ms HTTP agent driven at ≥ 0.8 of the ideal call rate (concurrency ÷ 50 ms) at concurrency 100,
  and ≥ 0.9 at concurrency 10 (harness CPU per call printed beside it);
* against an agent served by Python's ``http.server`` (listen backlog 5), no SYN-retry stall: no
  connect that the kernel had to retry (counted by the client) and no listen-queue overflow (the
  kernel's counter, where readable);
The start-up figures are in ``benchmarks/startup.py``; the per-cell harness overhead and memory are in
``benchmarks/scale.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Literal

import anyio

from windtunnel.agents.http import HttpAgent
from windtunnel.config.agent import HttpAgentConfig
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


_REPLY = b'{"reply": "ok"}'
_ANSWER = (
    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
    + str(len(_REPLY)).encode()
    + b"\r\n\r\n"
    + _REPLY
)


class _SlowAgent:
    """A 50 ms HTTP/1.1 keep-alive agent as an asyncio protocol: each request answered 50 ms after it
    arrived (a timer, no task or stream objects per request), so that the agent side of the benchmark
    costs what a lean real server costs (its CPU per call is printed beside the harness's)."""

    def __init__(self) -> None:
        self.buf = b""
        self.transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        import asyncio

        self.buf += data
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            length = 0
            for line in self.buf[:end].split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            if len(self.buf) < end + 4 + length:
                return  # the body is still on its way
            self.buf = self.buf[end + 4 + length :]
            asyncio.get_running_loop().call_later(0.05, self._answer)

    def _answer(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(_ANSWER)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None

    def eof_received(self) -> bool:
        return False


def serve_slow_agent() -> None:
    """Child process: a 50 ms HTTP agent, in its own process so it does not share our event loop or GIL."""
    import asyncio

    async def main() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(_SlowAgent, "127.0.0.1", 0, backlog=1024)
        print(server.sockets[0].getsockname()[1], flush=True)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


Result = tuple[str, str, str, bool]
"""(figure, measured, target, met)."""


def _agent_process(code: str) -> tuple[subprocess.Popen[str], str]:
    root = str(Path(__file__).resolve().parents[1])
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=root)
    assert proc.stdout is not None
    port = int(proc.stdout.readline())
    return proc, f"http://127.0.0.1:{port}/chat"


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) a process has used so far (Linux ``/proc``; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def http_concurrency() -> list[Result]:
    proc, url = _agent_process("from benchmarks.engine import serve_slow_agent; serve_slow_agent()")
    out: list[Result] = []
    try:
        anyio.run(http_run, url, 200, 100)  # warm up: imports and first connections, both sides
        for c, n, target in ((100, 4000, 0.8), (10, 400, 0.9)):
            ideal = n / c * 0.05
            cpu0, agent0 = os.times(), process_cpu(proc.pid)
            dt = anyio.run(http_run, url, n, c)
            cpu1, agent1 = os.times(), process_cpu(proc.pid)
            user, system = (cpu1.user - cpu0.user) / n * 1e6, (cpu1.system - cpu0.system) / n * 1e6
            agent = "" if agent0 is None or agent1 is None else f", agent CPU {(agent1 - agent0) / n * 1e6:.0f} µs"
            rate = ideal / dt
            print(
                f"http concurrency {c}: {n} calls to a 50 ms agent in {dt:.2f} s (ideal {ideal:.2f} s): "
                f"{rate:.2f} of the ideal call rate (target ≥ {target}); per call: harness CPU {user + system:.0f} µs "
                f"({user:.0f} user + {system:.0f} system){agent} (the agent is a lean asyncio server in its own "
                f"process, on the same cores)"
            )
            figure = f"50 ms HTTP agent, concurrency {c}"
            measured = f"{rate:.2f} of ideal rate ({user + system:.0f} µs harness CPU per call)"
            out.append((figure, measured, f"≥ {target}", rate >= target))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return out


def serve_backlog5_agent() -> None:
    """Child process: Python's threading ``http.server`` with its default listen backlog of 5, 50 ms per call."""
    import http.server

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length") or 0))
            time.sleep(0.05)
            body = b'{"reply": "ok"}'
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST

        def log_message(self, *args: Any) -> None:
            pass

    class Server(http.server.ThreadingHTTPServer):
        request_queue_size = 5
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


def listen_overflows() -> int | None:
    """The kernel's count of listen-queue overflows (Linux), or None where it cannot be read."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return None
    for head, values in zip(lines[::2], lines[1::2], strict=False):
        if head.startswith("TcpExt:"):
            row = dict(zip(head.split()[1:], values.split()[1:], strict=False))
            return int(row.get("ListenOverflows", 0))
    return None


async def backlog_run(url: str, n: int, concurrency: int) -> tuple[float, int]:
    agent = HttpAgent(HttpAgentConfig(endpoint=url, response_path="$.reply", timeout=60_000), concurrency=concurrency)
    out: list[CellResult] = []
    async with agent:
        runner = CellRunner(agent=agent, invariants=[_NotEmpty()])
        t0 = time.perf_counter()
        await LocalExecutor(concurrency).run(cells(n), runner, out.append)
        dt = time.perf_counter() - t0
        gate = next(iter(agent.client._lean_transport.pool._hosts.values()))
    assert sum(r.status == "passed" for r in out) == n
    return dt, gate.stalls


def backlog() -> list[Result]:
    proc, url = _agent_process("from benchmarks.engine import serve_backlog5_agent; serve_backlog5_agent()")
    try:
        before = listen_overflows()
        dt, stalls = anyio.run(backlog_run, url, 1000, 100)
        after = listen_overflows()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    overflows = None if before is None or after is None else after - before
    seen = f"{stalls} SYN retries" + ("" if overflows is None else f", {overflows} listen-queue overflows")
    print(f"backlog-5 agent (http.server): 1000 calls at concurrency 100 in {dt:.2f} s; {seen} (target 0)")
    return [("backlog-5 agent, SYN-retry stalls", seen, "0", stalls == 0 and not overflows)]


def main() -> list[Result]:
    return [*http_concurrency(), *backlog()]


if __name__ == "__main__":
    main()
