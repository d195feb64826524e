"""``windtunnel explore`` against random schedules on planted agents (issue #26's targets).

    .venv/bin/python -m benchmarks explore [--seeds 10]

Three planted agents (benchmarks/explore_agents.py) break only under one combination of two or three
faults in a given order at given calls: on the python seam (tool registry), on the real openai SDK against a
local stub model server, and on the LangGraph framework seam; a fourth retries a failing tool without end, so
only a tool that stays down (a sustained fault) breaks it. For each, and for seeds 0..N-1, the guided
search and random schedules from the same fault space get the same budget of agent calls (and random five
times that, for scale); printed side by side: how many seeds found the defect, how many shrank it to exactly
the planted schedule, and the median calls spent to find it. Then the
robust twins are explored with the same budgets (no failure may be reported).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

AGENTS: dict[str, dict[str, Any]] = {
    "python tools (2 faults)": {
        "agent": "type: python\n  endpoint: benchmarks.explore_agents:tools_agent\n"
        "  tool_registry: benchmarks.explore_agents:TOOLS\n  llm: benchmarks.explore_agents:model",
        "budget": 60,
        "planted": ["tool:lookup call 1 timeout", "tool:lookup call 2 empty"],
    },
    "python tools (stays down)": {
        "agent": "type: python\n  endpoint: benchmarks.explore_agents:stubborn_agent\n"
        "  tool_registry: benchmarks.explore_agents:TOOLS\n  llm: benchmarks.explore_agents:model",
        "budget": 60,
        "planted": ["tool:lookup calls 1+ error"],
        "also": [["tool:lookup calls 1+ rate_limit"]],  # as mild as error: the shrinker keeps the one it found
        "random_target": None,  # one sustained fault: random schedules draw it too, no combination to guess
    },
    "openai SDK (3 faults)": {
        "agent": "type: python\n  endpoint: benchmarks.explore_agents:openai_agent\n"
        "  tool_registry: benchmarks.explore_agents:CACHE\n  llm: benchmarks.explore_agents:client",
        "budget": 80,
        "planted": ["llm call 1 rate_limit", "llm call 2 timeout", "tool:cache call 2 empty"],
    },
    "langgraph (2 faults)": {
        "agent": "type: langgraph\n  endpoint: benchmarks.explore_agents:graph",
        "budget": 60,
        "planted": ["tool:get_order call 1 rate_limit", "tool:get_order call 2 error"],
    },
}


def _config(folder: Path, agent: str) -> Path:
    path = folder / "windtunnel.yaml"
    path.write_text(
        f'version: "2.0"\nagent:\n  {agent}\ngolden_prompts:\n  - "Where is my order A-1?"\n'
        "mutations:\n  count: 2\n  types: [noise]\n",
        encoding="utf-8",
    )
    return path


def _explore(config: Path, budget: int, seed: int, strategy: str) -> Any:
    from windtunnel.flows.explore import ExploreRequest, explore_flow

    req = ExploreRequest(
        config=config,
        budget=budget,
        seed=seed,
        strategy=strategy,  # type: ignore[arg-type]
        save=False,
        persist=False,
        reruns=3 if strategy == "guided" else 1,
        shrink_budget=200 if strategy == "guided" else 0,
    )
    return explore_flow(req).detail


def main() -> list[tuple[str, str, str, bool]]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    sys.path.insert(0, str(REPO / "tests"))
    from benchmarks import explore_agents
    from stubs.llm_stub import LlmStub  # the tests' local OpenAI-compatible server

    results: list[tuple[str, str, str, bool]] = []
    seeds = range(args.seeds)
    with tempfile.TemporaryDirectory() as tmp, LlmStub(text="Your order A-1 shipped yesterday.") as stub:
        os.environ["WINDTUNNEL_STORE"] = str(Path(tmp) / "runs.db")
        explore_agents.client.base_url = stub.openai_url  # type: ignore[assignment]
        print(
            f"{'agent':<26} {'strategy':<9} {'budget':>6} {'found':>6} {'shrunk = planted':>17} {'calls to find':>14}"
        )
        for name, spec in AGENTS.items():
            config = _config(Path(tmp), spec["agent"])
            row: dict[str, tuple[int, int, list[int]]] = {}
            for strategy in ("guided", "random", "random x5"):
                found = exact = 0
                at: list[int] = []
                budget = spec["budget"] * (5 if strategy == "random x5" else 1)
                for seed in seeds:
                    detail = _explore(config, budget, seed, strategy.split()[0])
                    if detail.failures:
                        found += 1
                        failure = detail.failures[0]
                        at.append(failure.found_at)
                        shrunk_to = failure.schedule.labels()
                        exact += failure.status == "minimal" and shrunk_to in [spec["planted"], *spec.get("also", [])]
                row[strategy] = (found, exact, at)
                median = f"{statistics.median(at):.0f}" if at else "-"
                shrunk = f"{exact}/{args.seeds}" if strategy == "guided" else "n/a"
                print(
                    f"{name:<26} {strategy:<9} {budget:>6} {found:>3}/{args.seeds:<2} {shrunk:>17} {median:>14}",
                    flush=True,
                )
            g_found, g_exact, _ = row["guided"]
            r_found = row["random"][0]
            results += [
                (f"explore finds: {name}", f"{g_found}/{args.seeds} seeds", ">= 9/10", g_found * 10 >= 9 * args.seeds),
                (
                    f"random finds: {name}",
                    f"{r_found}/{args.seeds} seeds",
                    "<= 3/10" if spec.get("random_target", True) else "(no target)",
                    r_found * 10 <= 3 * args.seeds or not spec.get("random_target", True),
                ),
                (
                    f"shrunk = planted: {name}",
                    f"{g_exact}/{args.seeds} seeds",
                    ">= 9/10",
                    g_exact * 10 >= 9 * args.seeds,
                ),
            ]
        explore_agents.ROBUST["on"] = True
        try:
            false = 0
            start = time.perf_counter()
            for spec in AGENTS.values():
                config = _config(Path(tmp), spec["agent"])
                for seed in seeds:
                    false += bool(_explore(config, spec["budget"], seed, "guided").failures)
            print(
                f"robust twins: {false} failures reported in {len(AGENTS) * args.seeds} explore runs "
                f"({time.perf_counter() - start:.1f} s)"
            )
        finally:
            explore_agents.ROBUST["on"] = False
        results.append(("robust agents: failures reported", f"{false}", "0", false == 0))
    return results


if __name__ == "__main__":
    for figure, measured, target, met in main():
        print(f"{figure}: {measured} (target {target}) {'met' if met else 'MISSED'}")
