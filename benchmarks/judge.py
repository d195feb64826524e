"""What an ``llm_judge`` costs a run: judge calls overlapped across cells, and a rerun answered by the cache.

    .venv/bin/python -m benchmarks.judge [--prompts 40] [--latency-ms 100] [--concurrency 10]

A python agent that answers at once, ``--prompts`` golden prompts, one ``llm_judge`` graded by the judge
stub of the tests (``tests/stubs/judge_stub.py``) answering each request after ``--latency-ms``. Three runs
side by side, each into a fresh store: ``advanced.concurrency: 1`` (one judge request at a time), then
``--concurrency`` (judge requests in worker threads, overlapping), then the same run again on the second
one's cache. Prints wall time and judge requests of each. Exits 1 when the rerun asked the judge anything
or a verdict was missing.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

RUBRIC = "The answer mentions 'order'"


def agent(prompt: str) -> str:
    """The benchmark's agent: answers at once."""
    return f"Your order for {prompt!r} is on its way."


def _config(url: str, prompts: int, concurrency: int, store: Path) -> dict[str, Any]:
    return {
        "version": "2.0",
        "agent": {"type": "python", "endpoint": "benchmarks.judge:agent"},
        "golden_prompts": [f"Where is order ORD-{10000 + i}?" for i in range(prompts)],
        "judge": {"base_url": url, "model": "bench-judge"},
        "invariants": [{"type": "llm_judge", "id": "mentions-order", "rubric": RUBRIC}],
        "advanced": {"concurrency": concurrency, "seed": 1, "store": str(store)},
    }


def main() -> int:
    from tests.stubs.judge_stub import JudgeStub

    import windtunnel
    from windtunnel.config.load import config_from_mapping

    ap = argparse.ArgumentParser()
    ap.add_argument("--prompts", type=int, default=40)
    ap.add_argument("--latency-ms", type=float, default=100.0)
    ap.add_argument("--concurrency", type=int, default=10)
    args = ap.parse_args()

    def slow(answer: str) -> bool:
        time.sleep(args.latency_ms / 1000)
        return "order" in answer

    ok = True
    with JudgeStub({RUBRIC: slow}) as stub, tempfile.TemporaryDirectory() as tmp:
        rows = []
        for label, conc, store in (
            ("concurrency 1", 1, Path(tmp, "serial", "runs.db")),
            (f"concurrency {args.concurrency}", args.concurrency, Path(tmp, "parallel", "runs.db")),
            (f"rerun (cache), concurrency {args.concurrency}", args.concurrency, Path(tmp, "parallel", "runs.db")),
        ):
            before = len(stub.judged)
            start = time.perf_counter()
            out = windtunnel.run(
                config_from_mapping(_config(stub.openai_url, args.prompts, conc, store)), mutations=False
            )
            wall = time.perf_counter() - start
            asked = len(stub.judged) - before
            verdicts = [c["judge"]["verdict"] for cell in out.report["cells"] for c in cell["checks"]]
            ok = ok and verdicts == ["pass"] * args.prompts
            rows.append((label, wall, asked))
        for label, wall, asked in rows:
            print(f"{label:<34} {wall:7.2f} s  {asked:4d} judge requests  ({args.prompts} cells)")
        print(f"overlap: {rows[0][1] / rows[1][1]:.1f}x faster than one judge request at a time")
        ok = ok and rows[2][2] == 0
    print("OK" if ok else "FAILED: the rerun asked the judge, or a verdict was missing")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
