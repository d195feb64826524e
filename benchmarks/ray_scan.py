"""Leak scan of a large JSONL dataset: serial vs ``--jobs 2`` vs ``--executor ray`` (issue #15).

    .venv/bin/python -m benchmarks ray_scan                    # 50 MB, quick
    .venv/bin/python -m benchmarks.ray_scan --size-mb 200      # the issue's size

The dataset is benchmarks/leak_scan.py's (ticket-like items, a fifth with a planted leak). Each path
yields every audit in file order; the counts must agree. Ray is started once before (printed), then
``iter_audits_ray`` runs on it as ``leak scan --executor ray`` does (the driver reads each byte range and
ships it to a task).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from benchmarks.leak_scan import generate


def _count(audits: object) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    n = leaked = 0
    for a in audits:  # type: ignore[attr-defined]
        n += 1
        leaked += a.leaked
    return time.perf_counter() - t0, n, leaked


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size-mb", type=float, default=50)
    args = ap.parse_args()
    import ray
    from windtunnel.leakage.parallel import iter_audits
    from windtunnel.leakage.ray_scan import iter_audits_ray

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "items.jsonl"
        items = generate(path, args.size_mb)
        mb = path.stat().st_size / 2**20
        print(f"{mb:.0f} MB, {items} items; cores {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
        serial = _count(iter_audits(path, jobs=1))
        jobs2 = _count(iter_audits(path, jobs=2))
        t0 = time.perf_counter()
        ray.init(num_cpus=os.cpu_count() or 2, include_dashboard=False, log_to_driver=False)
        print(f"ray.init: {time.perf_counter() - t0:.1f} s (once, not in the times below)")
        try:
            on_ray = _count(iter_audits_ray(path))
        finally:
            ray.shutdown()
        assert serial[1:] == jobs2[1:] == on_ray[1:], (serial, jobs2, on_ray)
        for name, (dt, _, _) in (("serial", serial), ("--jobs 2", jobs2), ("--executor ray", on_ray)):
            print(f"  {name:15s} {dt:7.2f} s  {mb / dt:6.1f} MB/s  ({serial[0] / dt:.2f}× serial)")
        print(f"  {serial[1]} items, {serial[2]} leaked: the same in all three")


if __name__ == "__main__":
    main()
