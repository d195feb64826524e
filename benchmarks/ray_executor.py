"""Ray executor vs local executor, side by side in one run (issue #15).

    .venv/bin/python -m benchmarks ray_executor            # 400 cells of a 20 ms-CPU agent, 2 actors
    .venv/bin/python -m benchmarks.ray_executor --cells 400 --cpu-ms 20 --noop-cells 2000

1. A python agent that spends ``--cpu-ms`` of CPU per call in pure Python (it holds the GIL): the local
   executor (one process, concurrency 10) vs the Ray executor with 2 actors. Target: Ray ≥ 1.6× faster
   on a 2-core machine. Timed from the session's start (actors created, the agent imported on each) to
   its last result; the Ray runtime itself is started once before (``ray.init``, ~5-10 s, printed).
2. Per-cell overhead with a no-op agent: (Ray wall time − local wall time) / cells, with 1 actor (pure
   overhead: serialisation, batching, the actor hop) and 2 actors. Target ≤ 1 ms per cell.
Run from the repository root (the agents are imported as ``benchmarks.ray_executor:…`` on the actors).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import anyio

CPU_MS = float(os.environ.get("WT_BENCH_CPU_MS", "20"))


def cpu_agent(prompt: str) -> str:
    """Burn CPU_MS of this thread's CPU time in pure Python (holds the GIL), then answer."""
    t0 = time.thread_time()
    x = 0
    while time.thread_time() - t0 < CPU_MS / 1000:
        for i in range(200):
            x += i * i
    return f"ok {prompt} {x % 7}"


def noop_agent(prompt: str) -> str:
    return "ok"


def _session(endpoint: str, n: int, executor: Any) -> tuple[Any, list[Any]]:
    from windtunnel.config.model import Config
    from windtunnel.engine.plan import golden_cells
    from windtunnel.engine.session import RunSession, run_invariants

    cfg = Config.model_validate(
        {
            "agent": {"type": "python", "endpoint": endpoint},
            "golden_prompts": [f"prompt {i}" for i in range(n)],
            "advanced": {"concurrency": 10, "seed": 1},
        }
    )
    invariants, _ = run_invariants(cfg)
    out: list[Any] = []
    return RunSession(cfg, invariants, concurrency=10, listeners=[out.append], executor=executor), [
        golden_cells(cfg, repeat=1),
        out,
    ]


def timed(endpoint: str, n: int, executor: Any = None) -> float:
    session, (cells, out) = _session(endpoint, n, executor)
    t0 = time.perf_counter()
    anyio.run(session.run, cells)
    dt = time.perf_counter() - t0
    assert len(out) == n and all(r.status == "passed" for r in out), "every cell must pass"
    return dt


def _burn(seconds: float) -> None:
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        pass


def machine_parallelism(seconds: float = 1.0) -> float:
    """What two processes get on this machine right now: 2.0 on two idle cores, ~1 when others load it."""
    import multiprocessing as mp

    t0 = time.perf_counter()
    _burn(seconds)
    one = time.perf_counter() - t0
    procs = [mp.get_context("spawn").Process(target=_burn, args=(seconds,)) for _ in range(2)]
    t0 = time.perf_counter()
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return 2 * one / (time.perf_counter() - t0)


def main() -> None:
    global CPU_MS
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", type=int, default=400)
    ap.add_argument("--cpu-ms", type=float, default=20.0)
    ap.add_argument("--noop-cells", type=int, default=2000)
    ap.add_argument("--actors", type=int, default=2)
    args = ap.parse_args()
    CPU_MS = args.cpu_ms
    os.environ["WT_BENCH_CPU_MS"] = str(args.cpu_ms)  # the agent module reads it (here and on the actors)
    sys.modules.setdefault("benchmarks.ray_executor", sys.modules[__name__])
    sys.path.insert(0, os.getcwd())
    import ray
    from windtunnel.config.ray import RayConfig
    from windtunnel.engine.ray_executor import RayExecutor

    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}; two CPU-bound processes get "
          f"{machine_parallelism():.2f}× one right now (the ceiling for any speed-up here)")  # fmt: skip
    t0 = time.perf_counter()
    ray.init(num_cpus=os.cpu_count() or 2, include_dashboard=False, log_to_driver=False)
    print(f"ray.init: {time.perf_counter() - t0:.1f} s (once, not in the times below)")
    try:
        n = args.cells
        cpu = "benchmarks.ray_executor:cpu_agent"
        local = timed(cpu, n)
        on_ray = timed(cpu, n, RayExecutor(RayConfig(num_actors=args.actors)))
        start = timed(cpu, 2 * args.actors, RayExecutor(RayConfig(num_actors=args.actors)))
        print(f"{n} cells × {CPU_MS:g} ms CPU (GIL-bound python agent), ideal on one core {n * CPU_MS / 1000:.1f} s:")
        print(f"  local executor (concurrency 10): {local:6.2f} s")
        print(f"  ray executor ({args.actors} actors):        {on_ray:6.2f} s   speed-up {local / on_ray:.2f}× "
              f"(target ≥ 1.6×); of which actor start-up and agent import ≈ {start:.2f} s")  # fmt: skip
        noop = "benchmarks.ray_executor:noop_agent"
        small, big = args.noop_cells // 4, args.noop_cells
        for actors in (1, 2):
            cfg = RayConfig(num_actors=actors)
            loc = [min(timed(noop, k) for _ in range(2)) for k in (small, big)]
            rem = [min(timed(noop, k, RayExecutor(cfg)) for _ in range(2)) for k in (small, big)]
            per_cell = ((rem[1] - rem[0]) - (loc[1] - loc[0])) / (big - small) * 1000
            print(
                f"no-op agent, ray {actors} actor(s): {big} cells {rem[1]:.2f} s vs local {loc[1]:.2f} s; "
                f"fixed start-up {rem[0] - loc[0] - per_cell * small / 1000:.2f} s, overhead per cell "
                f"{per_cell:+.3f} ms (target ≤ 1 ms)"
            )
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
