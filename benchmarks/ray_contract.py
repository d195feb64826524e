"""A contract on the Ray executor vs the local executor, side by side in one run (issue #15).

    .venv/bin/python -m benchmarks ray_contract            # 5 scenarios × 80 prompts, 20 ms CPU a call, 2 actors
    .venv/bin/python -m benchmarks.ray_contract --prompts 80 --scenarios 5 --cpu-ms 20 --actors 2

The agent is the GIL-bound python agent of ``benchmarks/ray_executor.py`` (``--cpu-ms`` of pure-Python
CPU per call). Both runs detect state afresh (no verdict cache): on Ray its calls go through the first
actor while the others wait. Timed from the contract run's start (actors created, the agent imported on
each, state detection) to its last unit; the Ray runtime itself is started once before (printed).
Run from the repository root (the agent is imported as ``benchmarks.ray_executor:cpu_agent`` on the actors).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import anyio


def contract_config(prompts: int, scenarios: int, executor: str, actors: int) -> Any:
    from windtunnel.config.model import Config

    return Config.model_validate(
        {
            "agent": {"type": "python", "endpoint": "benchmarks.ray_executor:cpu_agent"},
            "golden_prompts": [f"prompt {i}" for i in range(prompts)],
            "advanced": {"concurrency": 10, "seed": 1, "executor": executor, "ray": {"num_actors": actors}},
            "contract": {
                "name": "bench",
                "invariants": [
                    {"type": "output_not_empty", "id": "answers"},
                    {"type": "contains", "value": "ok", "id": "ok"},
                ],
                "chaos_matrix": [{"name": f"s{i}"} for i in range(scenarios)],
            },
        }
    )


def timed(cfg: Any) -> tuple[float, float, Any]:
    """Seconds from the start to the last unit, ms per unit after the first result (the steady state,
    without start-up and state detection), the verdict."""
    from windtunnel.contracts import ContractRun, plan_contract, score_contract

    plan = plan_contract(cfg)
    runner = ContractRun(cfg, plan, seed=1)
    stamps: list[float] = []
    runner.listeners.append(lambda result: stamps.append(time.perf_counter()))
    t0 = time.perf_counter()
    anyio.run(runner.run)
    dt = time.perf_counter() - t0
    assert len(runner.results) == len(plan.units) and all(r.status == "passed" for r in runner.results)
    assert runner.state is not None and runner.state.calls > 0  # state detection ran, not a cached verdict
    steady = (stamps[-1] - stamps[0]) / max(1, len(stamps) - 1) * 1000
    return dt, steady, score_contract(plan, runner.results)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompts", type=int, default=80)
    ap.add_argument("--scenarios", type=int, default=5)
    ap.add_argument("--cpu-ms", type=float, default=20.0)
    ap.add_argument("--actors", type=int, default=2)
    args = ap.parse_args()
    os.environ["WT_BENCH_CPU_MS"] = str(args.cpu_ms)  # read by benchmarks.ray_executor, here and on the actors
    os.environ["WINDTUNNEL_STATE_CACHE"] = "0"
    sys.path.insert(0, os.getcwd())
    import ray
    from benchmarks import ray_executor

    ray_executor.CPU_MS = args.cpu_ms
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}; two CPU-bound processes get "
          f"{ray_executor.machine_parallelism():.2f}× one right now (the ceiling for any speed-up here)")  # fmt: skip
    t0 = time.perf_counter()
    ray.init(num_cpus=os.cpu_count() or 2, include_dashboard=False, log_to_driver=False)
    print(f"ray.init: {time.perf_counter() - t0:.1f} s (once, not in the times below)")
    try:
        local, local_unit, lv = timed(contract_config(args.prompts, args.scenarios, "local", args.actors))
        on_ray, ray_unit, rv = timed(contract_config(args.prompts, args.scenarios, "ray", args.actors))
        fixed, _, _ = timed(contract_config(3, 1, "ray", args.actors))  # start-up + state detection, 3 units
        units = args.prompts * args.scenarios
        print(f"contract: {args.scenarios} scenarios × {args.prompts} prompts = {units} units × {args.cpu_ms:g} ms "
              f"CPU (GIL-bound python agent), state detection included:")  # fmt: skip
        print(f"  local executor (concurrency 10): {local:6.2f} s   {local_unit:5.1f} ms/unit   score {lv.score:.1f}")
        print(f"  ray executor ({args.actors} actors):        {on_ray:6.2f} s   {ray_unit:5.1f} ms/unit   score "
              f"{rv.score:.1f}   ray vs local {local / on_ray:.2f}× "
              f"(after start-up {local_unit / ray_unit:.2f}×)")  # fmt: skip
        print(f"  (a 3-unit contract on Ray: {fixed:.2f} s — actor start-up, agent import and state detection)")
        assert lv.score == rv.score
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
