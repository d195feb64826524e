"""``contract.isolation: per_cell``: every (invariant × scenario) cell is its own agent invocation."""

from __future__ import annotations

import anyio
from benchmarks.contracts import CALLS, config

from windtunnel.contracts import ContractRun, plan_contract, score_contract


def run(isolation: str) -> tuple[int, int, float | None]:
    """``(units, applicable cells, score)``: the agent calls made are the units plus state detection."""
    cfg = config(False, isolation)
    cfg.golden_prompts = cfg.golden_prompts[:2]
    plan = plan_contract(cfg)
    CALLS.update(agent=0, tool=0)
    contract = ContractRun(cfg, plan, seed=1)
    anyio.run(contract.run)
    assert CALLS["agent"] == contract.planned_calls >= len(plan.units)
    return len(plan.units), len(plan.applicable_cells), score_contract(plan, contract.results).score


def test_per_cell_calls_the_agent_once_per_applicable_cell_and_prompt() -> None:
    unit_calls, cells, unit_score = run("per_unit")
    cell_calls, same_cells, cell_score = run("per_cell")
    assert same_cells == cells
    assert unit_calls == 10 * 2  # one unit per (scenario, prompt)
    assert cell_calls == cells * 2  # one unit per (invariant × scenario) cell and prompt
    assert cell_score == unit_score  # a stateless agent: the same verdicts either way


def test_per_cell_units_each_judge_one_invariant() -> None:
    plan = plan_contract(config(False, "per_cell"))
    golden = [u for u in plan.units if u.golden_prompt is not None]
    assert golden and all(len(u.invariants or []) == 1 for u in golden)
    assert len({u.id for u in plan.units}) == len(plan.units)
    for mc in plan.applicable_cells:
        assert mc.units and all(mc.invariant in (plan_unit.invariants or []) for plan_unit in golden
                                if plan_unit.id in mc.units)  # fmt: skip
