"""The per-call work of a model call through the LLM seams (``WireCall``: decision, pass-through editor, call log),
without sockets, in this tree and optionally in another one side by side.

    .venv/bin/python -m benchmarks.llm_call_log [--calls 20000] [--baseline OLD_CHECKOUT/src]

For the benchmark's JSON answer and its 13-event stream (``benchmarks.llm_proxy``), it builds a ``WireCall`` for the
request, passes the answer through the editor and ends it, ``--calls`` times, and prints the CPU time per call (best
of five). Then it reads the plan's call log and prints what building the entries cost per call: the call log is built
when it is read (at the end of a cell). A ``--baseline`` tree is measured the same way in a child process
(interleaved with this tree's, three times each); a tree that logs at once reports no build cost.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def _measure(calls: int) -> dict[str, tuple[float, float]]:
    """``{mode: (µs per call, µs per call to build its entry when the log is read)}`` in this process."""
    from benchmarks.llm_proxy import ANSWER, REQUEST, STREAM_REQUEST, _sse_answer
    from windtunnel.chaos.llm_faults import LlmRateLimitFault
    from windtunnel.chaos.llm_wire import WireCall
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.spec import ChaosSpec

    sse = b"".join(_sse_answer().split(b"\r\n")[1::2])  # the chunks' data, as the editor gets it
    plan = FaultPlan(ChaosSpec("bench", llm_faults=(LlmRateLimitFault(probability=0.0),)), seed=1, key="bench")
    out: dict[str, tuple[float, float]] = {}
    for mode, request, answer, ctype in (
        ("json", REQUEST, ANSWER, "application/json"),
        ("stream", STREAM_REQUEST, sse, "text/event-stream"),
    ):
        best, build = float("inf"), float("inf")
        for _ in range(5):
            clear = getattr(plan, "clear_calls", None) or plan.calls.clear
            clear()
            start = time.process_time()
            for _ in range(calls):
                wire = WireCall(plan, "chat", request)
                editor = wire.editor(200, ctype)
                editor.feed(answer)
                editor.end()
            mid = time.process_time()
            if len(plan.calls) != calls:
                raise SystemExit(f"{len(plan.calls)} calls logged, {calls} made")
            end = time.process_time()
            best, build = min(best, (mid - start) / calls * 1e6), min(build, (end - mid) / calls * 1e6)
        out[mode] = (best, build)
    return out


def main() -> dict[str, tuple[float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--baseline", help="another checkout's src directory, measured side by side")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # a child's output
    args = parser.parse_args()
    if args.json:
        print(json.dumps(_measure(args.calls)))
        return {}
    root = Path(__file__).resolve().parents[1]
    trees = [("this tree", str(root / "src"))] + ([("baseline", args.baseline)] if args.baseline else [])
    runs: dict[str, list[dict[str, list[float]]]] = {name: [] for name, _ in trees}
    for _ in range(3):
        for name, src in trees:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, str(root)])}
            cmd = [sys.executable, "-m", "benchmarks.llm_call_log", "--json", "--calls", str(args.calls)]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=root)
            runs[name].append(json.loads(done.stdout))
    print(f"per model call, no sockets, best of 3 runs (load {os.getloadavg()[0]:.1f})")
    print(f"{'tree':>10} {'mode':>7} {'µs per call':>12} {'µs to build when read':>22}")
    result: dict[str, tuple[float, float]] = {}
    for name, _ in trees:
        for mode in ("json", "stream"):
            call = min(r[mode][0] for r in runs[name])
            build = min(r[mode][1] for r in runs[name])
            print(f"{name:>10} {mode:>7} {call:12.1f} {build:22.1f}")
            result[f"{name} {mode}"] = (call, build)
    return result


if __name__ == "__main__":
    main()
