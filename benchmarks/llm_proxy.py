"""Throughput of ``proxy llm`` against the same load sent straight to the model API, side by side.

    .venv/bin/python -m benchmarks.llm_proxy [--seconds 4] [--concurrency 1 50] [--upstream stub lean]
        [--mode json stream] [--baseline OLD_CHECKOUT/src] [--floor] [--asyncio] [--threads]

Two upstreams, each in its own process: ``stub`` is the OpenAI/Anthropic-compatible stub server of the
conformance tests (``tests/stubs/llm_stub.py``, a threaded ``http.server``, like most local model
servers); ``lean`` is a minimal asyncio server answering one fixed completion, the harshest case (the
proxy then does as much work per request as client and upstream together). The LLM proxy runs in
another process with an active plan whose fault never fires, so every request takes the faulted path
(decision, forwarding, call log), and the client — one keep-alive connection per concurrent caller,
each sending ``POST /v1/chat/completions`` back to back — in this one; ``json`` asks for a whole
answer, ``stream`` for an SSE stream (``"stream": true``, chunked, read to its ``[DONE]``). The proxy runs
on the event loop ``windtunnel proxy llm`` uses (uvloop when the ``fast`` extra is installed). For each
upstream, mode and concurrency, the same load runs direct and through the proxy in four interleaved rounds (so load from
elsewhere on the machine hits both alike); mean requests per second of both are printed with their
ratio, the proxy's own CPU time per request (user + system, from ``/proc``: the figure a busy machine
disturbs least), and the machine's load average beside them (``os.getloadavg``). ``--floor`` adds, interleaved, a
bare TCP pass-through in the proxy's place (no HTTP parsing, no fault logic): the ratio of a proxy that only moves
bytes, i.e. what the two extra socket hops and a third process to schedule cost on this machine. ``--asyncio`` runs the
proxies on the standard event loop instead, the loop a proxy started by ``windtunnel run`` for an HTTP agent shares with
the harness. ``--threads`` adds, interleaved, three instruments (``benchmarks/llm_thread_lane.py``): a sketch of the
lane's per-request work without its guarantees on blocking sockets in a thread (``sketch``) and from the event loop's
callbacks (``lsketch``), and the bare pass-through on blocking sockets (``tfloor``). Beside each throughput ratio,
``p50 ×`` is the ratio of the median round trips (direct's over the side's): at one connection the mean is moved by
the rare stalls of milliseconds a shared machine inflicts on every side, the median much less. Run as a script, exits
1 when, against the stub, the proxy is below 0.5x direct in any row, or when any answer was lost or wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import time
from typing import Any

from benchmarks.llm_thread_lane import loop_sketch_process, make_plan, thread_floor_process, thread_sketch_process

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
STREAM_REQUEST = json.dumps(
    {"model": "bench", "messages": [{"role": "user", "content": "hi"}], "stream": True}
).encode()


def _sse_answer() -> bytes:
    """A chunked SSE answer of twelve content events and ``[DONE]``, as a model API streams it."""
    out = b""
    for i in range(12):
        event = {
            "id": "chatcmpl-bench",
            "object": "chat.completion.chunk",
            "created": 1_700_000_000,
            "model": "bench",
            "choices": [{"index": 0, "delta": {"content": "ok "}, "finish_reason": "stop" if i == 11 else None}],
        }
        piece = b"data: " + json.dumps(event).encode() + b"\n\n"
        out += b"%x\r\n%s\r\n" % (len(piece), piece)
    done = b"data: [DONE]\n\n"
    return out + b"%x\r\n%s\r\n0\r\n\r\n" % (len(done), done)


STREAM_ANSWER = _sse_answer()


def _upstream_process(port_q: Any, counter: Any) -> None:
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(ANSWER)
    stream_head = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"

    async def conn(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                headers = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in headers.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = await reader.readexactly(length)
                with counter.get_lock():
                    counter.value += 1
                writer.write(stream_head + STREAM_ANSWER if b'"stream": true' in body else head + ANSWER)
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


class _Pass(asyncio.Protocol):
    """The floor's pass-through (see :func:`_floor_process`): bytes from one side written to the other, untouched."""

    def __init__(self, loop: asyncio.AbstractEventLoop, port: int, peer: Any = None) -> None:
        self.loop, self.port, self.peer = loop, port, peer
        self.transport: Any = None
        self.early: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        if self.peer is None:  # a client connection: open its own upstream connection
            self.loop.create_task(self._open())

    async def _open(self) -> None:
        _, up = await self.loop.create_connection(lambda: _Pass(self.loop, self.port, self), "127.0.0.1", self.port)
        self.peer = up
        for data in self.early:
            up.transport.write(data)

    def data_received(self, data: bytes) -> None:
        if self.peer is None or self.peer.transport is None:
            self.early.append(data)
        else:
            self.peer.transport.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.peer is not None and self.peer.transport is not None:
            self.peer.transport.close()


def _floor_process(port_q: Any, upstream: str, logged: Any, std_loop: bool = False) -> None:
    """The floor: a bare TCP pass-through on the proxy's event loop (uvloop when installed), one upstream connection per
    client connection, no HTTP parsing, no fault logic. What it costs against direct is the two extra socket hops and
    the scheduling of a third process: no user-space change to the proxy can remove that share."""
    port = int(upstream.rsplit(":", 1)[1].split("/", 1)[0])

    async def run() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(lambda: _Pass(loop, port), "127.0.0.1", 0, backlog=1024)
        port_q.put(server.sockets[0].getsockname()[1])
        await asyncio.Event().wait()

    try:
        import uvloop
    except ImportError:
        asyncio.run(run())
    else:
        asyncio.run(run()) if std_loop else uvloop.run(run())


def _proxy_process(port_q: Any, upstream: str, logged: Any, src: str | None = None, std_loop: bool = False) -> None:
    if src:  # a baseline: windtunnel imported from another source tree (this process has not imported it yet)
        import sys

        sys.path.insert(0, src)
    import anyio

    from windtunnel.chaos.proxy import LlmProxy

    async def run() -> None:
        plan = make_plan(logged)
        proxy = LlmProxy(lambda: plan, upstream=upstream)
        await proxy.start()
        port_q.put(proxy.port)
        await proxy.serve_forever()

    try:
        from windtunnel._util.aioloop import server_loop_options
    except ImportError:  # a baseline from before the loop choice

        def server_loop_options() -> dict[str, Any]:
            return {}

    anyio.run(run, backend_options={} if std_loop else server_loop_options())


async def _caller(port: int, deadline: float, counts: list[int], stream: bool, times: list[float] | None) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = STREAM_REQUEST if stream else REQUEST
    head = (
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Authorization: Bearer sk-bench\r\nContent-Length: %d\r\n\r\n" % len(body)
    )
    try:
        while (t0 := time.perf_counter()) < deadline:
            writer.write(head + body)
            await writer.drain()
            headers = await reader.readuntil(b"\r\n\r\n")
            status = int(headers.split(b" ", 2)[1])
            if stream:  # chunked: read to the last chunk
                answer = await reader.readuntil(b"\r\n0\r\n\r\n")
                ok = status == 200 and b"data: [DONE]" in answer and b"chat.completion.chunk" in answer
            else:
                length = next(
                    int(line.split(b":", 1)[1])
                    for line in headers.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                )
                answer = await reader.readexactly(length)
                ok = status == 200 and answer.startswith(b'{"id": "chatcmpl-')
            counts[0 if ok else 1] += 1
            if times is not None:
                times.append(time.perf_counter() - t0)
    finally:
        writer.close()


async def _load(
    port: int, concurrency: int, seconds: float, stream: bool = False, times: list[float] | None = None
) -> tuple[float, int]:
    """``concurrency`` callers back to back for ``seconds``: (good answers per second, bad answers); each request's
    round trip appended to ``times`` when given."""
    counts = [0, 0]
    deadline = time.perf_counter() + seconds
    t0 = time.perf_counter()
    await asyncio.gather(*(_caller(port, deadline, counts, stream, times) for _ in range(concurrency)))
    return counts[0] / (time.perf_counter() - t0), counts[1]


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _proxied(pid: int, port: int, n: int, seconds: float, stream: bool, times: list[float]) -> tuple[float, int, float]:
    """One proxied round: (requests/s, bad answers, proxy CPU seconds used); round trips appended to ``times``."""
    cpu0 = _cpu_s(pid)
    rate, bad = asyncio.run(_load(port, n, seconds, stream, times))
    return rate, bad, _cpu_s(pid) - cpu0


def _compare(
    port_q: Any,
    upstream_port: int,
    concurrency: list[int],
    seconds: float,
    modes: list[str],
    baseline: str | None = None,
    floor: bool = False,
    std_loop: bool = False,
    threads: bool = False,
) -> tuple[list[tuple[str, int, float]], int]:
    """Direct vs proxied load against one upstream; returns ``(mode, connections, proxy/direct)`` of
    every measurement, and the number of bad answers."""
    ctx = multiprocessing.get_context("spawn")
    logged = ctx.Value("i", 0)
    url = f"http://127.0.0.1:{upstream_port}/v1"
    px = ctx.Process(target=_proxy_process, args=(port_q, url, logged, None, std_loop), daemon=True)
    px.start()
    px_port = port_q.get(timeout=60)
    base: Any = None
    if baseline:
        base = ctx.Process(target=_proxy_process, args=(port_q, url, logged, baseline, std_loop), daemon=True)
        base.start()
        base_port = port_q.get(timeout=60)
    bare: Any = None
    if floor:
        bare = ctx.Process(target=_floor_process, args=(port_q, url, logged, std_loop), daemon=True)
        bare.start()
        bare_port = port_q.get(timeout=60)
    extras: list[tuple[Any, int]] = []  # --threads: the two sketches and the blocking floor, (process, port)
    if threads:
        for target in (thread_sketch_process, thread_floor_process, loop_sketch_process):
            proc = ctx.Process(target=target, args=(port_q, url, logged), daemon=True)
            proc.start()
            extras.append((proc, port_q.get(timeout=60)))
    ratios: list[tuple[str, int, float]] = []
    bad = 0
    try:
        asyncio.run(_load(px_port, 4, 0.5))  # warm-up
        if base is not None:
            asyncio.run(_load(base_port, 4, 0.5))
        if bare is not None:
            asyncio.run(_load(bare_port, 4, 0.5))
        for _, extra_port in extras:
            asyncio.run(_load(extra_port, 4, 0.5))
        for mode in modes:
            stream = mode == "stream"
            for n in concurrency:
                # Interleaved rounds, so load from elsewhere on the machine hits both sides alike; the proxy and the
                # baseline take turns at going first after the direct round (whichever goes first reads lower at one
                # connection, the same code on both sides included).
                rounds, before, floors = [], [], []
                more: list[list[tuple[float, int, float]]] = [[] for _ in extras]
                # Round trips of each side (direct, proxy, baseline, floor, extras): the ratio of the medians is
                # beside each throughput ratio, as the mean is moved by the rare long stalls of a shared machine.
                times: list[list[float]] = [[] for _ in range(4 + len(extras))]
                for i in range(4):
                    direct_rate = asyncio.run(_load(upstream_port, n, seconds / 4, stream, times[0]))
                    if base is not None and i % 2:
                        before.append(_proxied(base.pid or 0, base_port, n, seconds / 4, stream, times[2]))
                    rounds.append((direct_rate, _proxied(px.pid or 0, px_port, n, seconds / 4, stream, times[1])))
                    if base is not None and not i % 2:
                        before.append(_proxied(base.pid or 0, base_port, n, seconds / 4, stream, times[2]))
                    if bare is not None:
                        floors.append(_proxied(bare.pid or 0, bare_port, n, seconds / 4, stream, times[3]))
                    turn = i % len(extras) if extras else 0  # taking turns at going first, too
                    for j in [*range(turn, len(extras)), *range(turn)]:
                        proc, extra_port = extras[j]
                        more[j].append(_proxied(proc.pid or 0, extra_port, n, seconds / 4, stream, times[4 + j]))
                direct = sum(d for (d, _), _ in rounds) / len(rounds)
                via = sum(v for _, (v, _, _) in rounds) / len(rounds)
                d_bad = sum(b for (_, b), _ in rounds)
                p_bad = sum(b for _, (_, b, _) in rounds)
                served = sum(v * seconds / 4 for _, (v, _, _) in rounds)
                cpu_us = sum(c for _, (_, _, c) in rounds) / max(served, 1) * 1e6
                mid = statistics.median(times[0])
                p50 = [f"  {mid / statistics.median(t):>5.2f}x" if t else "" for t in times]

                then = ""
                if before:
                    b_rate = sum(v for v, _, _ in before) / len(before)
                    b_cpu = sum(c for _, _, c in before) / max(sum(v * seconds / 4 for v, _, _ in before), 1) * 1e6
                    then = f"  {b_rate:>13.0f}  {b_rate / direct:>11.2f}x  {b_cpu:>13.0f}" + p50[2]
                if floors:
                    f_rate = sum(v for v, _, _ in floors) / len(floors)
                    f_cpu = sum(c for _, _, c in floors) / max(sum(v * seconds / 4 for v, _, _ in floors), 1) * 1e6
                    then += f"  {f_rate / direct:>11.2f}x  {f_cpu:>13.0f}" + p50[3]
                    p_bad += sum(b for _, b, _ in floors)
                for j, got in enumerate(more):
                    e_rate = sum(v for v, _, _ in got) / len(got)
                    e_cpu = sum(c for _, _, c in got) / max(sum(v * seconds / 4 for v, _, _ in got), 1) * 1e6
                    then += f"  {e_rate / direct:>11.2f}x  {e_cpu:>13.0f}" + p50[4 + j]
                    p_bad += sum(b for _, b, _ in got)
                ratio, bad = via / direct, bad + d_bad + p_bad
                ratios.append((mode, n, ratio))
                extra = f"   {d_bad + p_bad} bad answers" if d_bad + p_bad else ""
                load = os.getloadavg()[0]
                print(
                    f"{mode:>6}  {n:>11}  {direct:>12.0f}  {via:>15.0f}  {ratio:>11.2f}x  {cpu_us:>13.0f}{p50[1]}  "
                    f"{load:>5.1f}{then}{extra}",
                    flush=True,
                )
        print(f"  calls recorded in the proxy's call log: {logged.value}")
    finally:
        for proc in (px, base, bare, *(p for p, _ in extras)):
            if proc is not None:
                proc.terminate()
                proc.join(10)
    return ratios, bad


Result = tuple[str, str, str, bool]


def main() -> list[Result]:
    """Print the table; return the stub's figures against the ≥ 0.5× target (``python -m benchmarks``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 50])
    parser.add_argument("--upstream", nargs="+", choices=["stub", "lean"], default=["stub", "lean"])
    parser.add_argument("--mode", nargs="+", choices=["json", "stream"], default=["json", "stream"])
    parser.add_argument(
        "--baseline",
        metavar="SRC",
        help="also run the proxy of another source tree (its src/ directory), interleaved: before/after figures",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also run a bare TCP pass-through (no HTTP, no faults), interleaved: the share of the extra hops",
    )
    parser.add_argument(
        "--asyncio",
        action="store_true",
        help="run the proxies on the standard asyncio loop (what a proxy started inside `windtunnel run` serves on; "
        "the default is the loop of `windtunnel proxy llm`: uvloop with the `fast` extra)",
    )
    parser.add_argument(
        "--threads",
        action="store_true",
        help="also run, interleaved, three instruments (benchmarks/llm_thread_lane.py): a sketch of the lane's "
        "per-request work without its guarantees on a thread and on the event loop, and the bare pass-through on "
        "blocking sockets",
    )
    a = parser.parse_args()
    ctx = multiprocessing.get_context("spawn")
    port_q = ctx.Queue()
    counter = ctx.Value("i", 0)
    results: dict[str, tuple[list[tuple[str, int, float]], int]] = {}
    loop = "the standard asyncio loop" if a.asyncio else "the loop of `windtunnel proxy llm`"
    print(f"POST /v1/chat/completions, {a.seconds:g} s per measurement (upstream, proxy, client: 3 processes)")
    print(f"proxies on {loop}; load average before: {os.getloadavg()[0]:.1f}")
    for kind in a.upstream:
        target = _stub_process if kind == "stub" else _upstream_process
        up = ctx.Process(target=target, args=(port_q, counter), daemon=True)
        up.start()
        try:
            port = port_q.get(timeout=60)
            print(f"upstream: {kind}")
            print(
                f"{'mode':>6}  {'connections':>11}  {'direct req/s':>12}  {'via proxy req/s':>15}  "
                f"{'proxy/direct':>12}  {'proxy CPU µs':>13}  {'p50 ×':>6}  {'load':>5}"
                + (
                    f"  {'baseline req/s':>13}  {'base/direct':>11}  {'base CPU µs':>13}  {'p50 ×':>6}"
                    if a.baseline
                    else ""
                )
                + (f"  {'floor/direct':>12}  {'floor CPU µs':>13}  {'p50 ×':>6}" if a.floor else "")
                + (
                    f"  {'sketch/direct':>12}  {'sketch CPU µs':>13}  {'p50 ×':>6}"
                    f"  {'tfloor/direct':>12}  {'tfloor CPU µs':>13}  {'p50 ×':>6}"
                    f"  {'lsketch/direct':>12}  {'lsketch CPU µs':>13}  {'p50 ×':>6}"
                    if a.threads
                    else ""
                )
            )
            results[kind] = _compare(
                port_q, port, a.concurrency, a.seconds, a.mode, a.baseline, a.floor, a.asyncio, a.threads
            )
        finally:
            up.terminate()
            up.join(10)
    bad = sum(b for _, b in results.values())
    return [
        (
            f"proxy llm vs direct (stub, {mode}, {n} conn.)",
            f"{ratio:.2f}×",
            "≥ 0.5×, no bad answer",
            ratio >= 0.5 and not bad,
        )
        for mode, n, ratio in results.get("stub", ([], 0))[0]
    ]


if __name__ == "__main__":
    if not all(met for *_, met in main()):
        raise SystemExit("proxy llm below 0.5x direct against the stub, or answers were lost or wrong")
