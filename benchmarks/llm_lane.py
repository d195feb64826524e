"""The LLM proxy's own Python per plain request, without sockets, in this tree and optionally in another side by side.

    .venv/bin/python -m benchmarks.llm_lane [--requests 5000] [--baseline OLD_CHECKOUT/src] [--no-plan | --pending]

``benchmarks.llm_proxy`` measures the proxy between real sockets, where the figure moves with the machine's load
(the scheduler's wake-ups of three processes). This one calls the proxy's synchronous lane the way the event loop
does — the client's request into :meth:`Lane.data_received <windtunnel.chaos.proxy.lane.Lane.data_received>`, the
upstream's answer into the pooled upstream connection's ``data_received`` — with transports that only keep what is
written, so it measures what the proxy's Python costs per request (HTTP heads, the fault decision, the call log, the
pool and the timers) and nothing else: the benchmark's JSON answer and its 13-event SSE stream, arriving whole
(``stream``) or one event per read as a model streams it (``events``), the
plan's fault never firing, the call log cleared by a listener as ``llm_proxy`` does, on uvloop when it is installed
(as ``windtunnel proxy llm`` serves). CPU time per request, best of five, in a child process per tree; a
``--baseline`` tree is measured the same way, interleaved, three times each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


class _Sink:
    """A transport that keeps nothing: what the proxy writes is counted and dropped."""

    def __init__(self) -> None:
        self.writes = 0

    def write(self, data: bytes) -> None:
        self.writes += 1

    def is_closing(self) -> bool:
        return False

    def close(self) -> None: ...

    def abort(self) -> None: ...

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default


async def _measure(requests: int, no_plan: bool = False, pending: bool = False) -> dict[str, float]:
    """``{mode: µs per request}`` in this process (``pending``: the plan's fault waits for a far later call, so every
    request is counted toward it; ``no_plan``: no fault plan, so no fault decision and no call log:
    the HTTP side alone)."""
    from benchmarks.llm_proxy import ANSWER, REQUEST, STREAM_ANSWER, STREAM_REQUEST
    from windtunnel._util.http1proto import UpstreamConnection
    from windtunnel.chaos.llm_faults import LlmRateLimitFault
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.proxy import LlmProxy
    from windtunnel.chaos.proxy.lane import Lane
    from windtunnel.chaos.spec import ChaosSpec

    fault = LlmRateLimitFault(on_call=10**9) if pending else LlmRateLimitFault(probability=0.0)
    plan = FaultPlan(ChaosSpec("bench", llm_faults=(fault,)), seed=1, key="bench")
    clear = getattr(plan, "clear_calls", None) or plan.calls.clear
    plan.on_call = lambda entry: clear()
    proxy = LlmProxy((lambda: None) if no_plan else (lambda: plan), upstream="http://127.0.0.1:9/v1")
    await proxy.start()
    try:
        pool = proxy.lane_pool
        assert pool is not None
        addr = ("127.0.0.1", 9)
        conn = UpstreamConnection(pool, addr, pool.streams.gate(addr))
        upstream = _Sink()
        conn.connection_made(upstream)  # type: ignore[arg-type]
        pool._open.add(conn)
        pool.release(conn)
        lane = Lane(proxy)
        client = _Sink()
        lane.connection_made(client)  # type: ignore[arg-type]
        out: dict[str, float] = {}
        json_head = b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(ANSWER)
        stream_head = b"Content-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
        events = [b"HTTP/1.1 200 OK\r\n" + stream_head]  # the stream as a model sends it: one chunk per read
        rest = STREAM_ANSWER
        while rest:  # the last chunk (size 0) goes with the end of the body
            line = rest.index(b"\r\n")
            size = int(rest[:line], 16)
            end = line + 2 + size + 2 if size else len(rest)
            events.append(rest[:end])
            rest = rest[end:]
        for mode, body, replies in (
            ("json", REQUEST, [b"HTTP/1.1 200 OK\r\n" + json_head + ANSWER]),
            ("stream", STREAM_REQUEST, [b"HTTP/1.1 200 OK\r\n" + stream_head + STREAM_ANSWER]),
            ("events", STREAM_REQUEST, events),
        ):
            request = (
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Authorization: Bearer sk-bench\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
            )

            def one(request: bytes = request, replies: list[bytes] = replies) -> None:
                lane.data_received(request)
                conn = lane.upstream.conn
                for reply in replies:
                    conn.data_received(reply)

            for _ in range(300):
                one()
            assert not lane.busy and client.writes and upstream.writes, "the lane did not serve the request"
            best = float("inf")
            for _ in range(5):
                t0 = time.process_time()
                for _ in range(requests):
                    one()
                best = min(best, (time.process_time() - t0) / requests)
            out[mode] = best * 1e6
        return out
    finally:
        await proxy.aclose(0)


def main() -> dict[str, float]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--baseline", help="another checkout's src directory, measured side by side")
    parser.add_argument(
        "--no-plan", action="store_true", help="no fault plan: the HTTP side alone (no fault decision, no call log)"
    )
    parser.add_argument(
        "--pending", action="store_true", help="the plan's fault fires on a far later call (on_call: 10**9): counted"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # a child's output
    args = parser.parse_args()
    if args.json:
        try:  # the loop `windtunnel proxy llm` serves on (the `fast` extra), as in benchmarks.llm_proxy
            import uvloop
        except ImportError:
            print(json.dumps(asyncio.run(_measure(args.requests, args.no_plan, args.pending))))
        else:
            print(json.dumps(uvloop.run(_measure(args.requests, args.no_plan, args.pending))))
        return {}
    root = Path(__file__).resolve().parents[1]
    trees = [("this tree", str(root / "src"))] + ([("baseline", args.baseline)] if args.baseline else [])
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in trees}
    for _ in range(3):
        for name, src in trees:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, str(root)])}
            cmd = [sys.executable, "-m", "benchmarks.llm_lane", "--json", "--requests", str(args.requests)]
            cmd += ["--no-plan"] if args.no_plan else []
            cmd += ["--pending"] if args.pending else []
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=root)
            runs[name].append(json.loads(done.stdout))
    what = "no fault plan" if args.no_plan else "with a fault pending" if args.pending else "with a fault plan"
    print(f"proxy llm's lane per plain request, no sockets, {what}, best of 3 runs (load {os.getloadavg()[0]:.1f})")
    print(f"{'tree':>10} {'mode':>7} {'µs per request':>15}")
    result: dict[str, float] = {}
    for name, _ in trees:
        for mode in ("json", "stream", "events"):
            result[f"{name} {mode}"] = best = min(r[mode] for r in runs[name])
            print(f"{name:>10} {mode:>7} {best:15.1f}")
    return result


if __name__ == "__main__":
    main()
