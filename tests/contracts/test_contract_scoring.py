"""Scoring: seed-003 formula, low weight 1, automatic FAIL on critical, N/A excluded, errors, flakiness."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from windtunnel._util.stats import mean_pass_hat_k, pass_hat_k, wilson_interval
from windtunnel.config.model import Config
from windtunnel.contracts import plan_contract, score_contract
from windtunnel.contracts.matrix import ContractPlan
from windtunnel.engine.cells import CellResult, CheckOutcome, FaultRecord


def make_plan(
    severities: dict[str, str],
    *,
    scenarios: int = 2,
    prompts: int = 2,
    repeat: int = 1,
    when: dict[str, str] | None = None,
) -> ContractPlan:
    when = when or {}
    data: dict[str, Any] = {
        "agent": {"type": "python", "endpoint": "m:f", "tools": ["m:t"]},
        "golden_prompts": [f"p{i}" for i in range(prompts)],
        "contract": {
            "invariants": [
                {"id": k, "type": "output_not_empty", "severity": v, "when": when.get(k, "always")}
                for k, v in severities.items()
            ],
            "chaos_matrix": [{"name": "calm"}]
            + [{"name": f"s{i}", "tool_faults": [{"tool": "*", "mode": "timeout"}]} for i in range(1, scenarios)],
        },
    }
    return plan_contract(Config.model_validate(data), repeat=repeat)


def results(
    plan: ContractPlan,
    fail: set[tuple[str, str]] = frozenset(),
    errors: set[str] = frozenset(),
    fail_units: set[str] = frozenset(),
    unfired: set[str] = frozenset(),
) -> list[CellResult]:
    """Synthetic results: (scenario, invariant) pairs in ``fail`` fail on every unit; the faults of every
    scenario with chaos fire on each of its units, except in the scenarios named in ``unfired``."""
    out = []
    for u in plan.units:
        assert u.scenario is not None
        fired = plan.specs[u.scenario].active and u.scenario not in unfired
        faults = [FaultRecord(target="tool", name="t", mode="timeout")] if fired else []
        labels = u.invariants or []
        checks = [
            CheckOutcome(
                type="output_not_empty",
                id=lab,
                passed=(u.scenario, lab) not in fail and (u.id, lab) not in fail_units,
            )
            for lab in labels
        ]
        status = "error" if u.id in errors else "passed" if all(c.passed for c in checks) else "failed"
        out.append(CellResult(cell=u, status=status, output="x", checks=checks, faults=faults))
    return out


def test_all_pass_scores_100() -> None:
    plan = make_plan({"a": "critical", "b": "high"})
    v = score_contract(plan, results(plan))
    assert v.score == 100.0 and v.passed and not v.critical_failed


def test_formula_weights_and_low_counts_one() -> None:
    plan = make_plan({"c": "critical", "h": "high", "m": "medium", "l": "low"}, scenarios=2)
    # den = 2 scenarios × (3 + 2 + 1 + 1) = 14; fail low in one scenario and high in one
    v = score_contract(plan, results(plan, fail={("calm", "l"), ("s1", "h")}))
    assert v.score == pytest.approx(100 * (14 - 1 - 2) / 14)
    assert not v.passed and not v.critical_failed


def test_failed_critical_fails_whatever_the_score() -> None:
    plan = make_plan({"c": "critical"} | {f"m{i}": "medium" for i in range(20)}, scenarios=2)
    v = score_contract(plan, results(plan, fail={("s1", "c")}), min_score=10)
    assert v.score is not None and v.score > 90
    assert not v.passed and v.critical_failed
    assert any("critical invariant 'c'" in r for r in v.reasons)


def test_min_score_decides_without_critical_failures() -> None:
    plan = make_plan({"h": "high", "m": "medium"}, scenarios=2)
    res = results(plan, fail={("s1", "m")})
    assert not score_contract(plan, res).passed
    assert score_contract(plan, res, min_score=80).passed
    assert not score_contract(plan, res, min_score=90).passed


def test_na_cells_are_not_counted() -> None:
    plan = make_plan({"c": "critical", "m": "medium"}, scenarios=2, when={"c": "tool_faults_active"})
    v = score_contract(plan, results(plan, fail={("calm", "m")}))
    assert v.stats("calm", "c").status == "n/a"
    # counted: c in s1 (3), m in calm (1), m in s1 (1) → 4 / 5
    assert v.score == pytest.approx(80.0)
    assert v.by_scenario["calm"]["na"] == 1


def test_errors_count_as_failures() -> None:
    plan = make_plan({"c": "critical"}, scenarios=1, prompts=2)
    v = score_contract(plan, results(plan, errors={"calm/g1.r0"}))
    s = v.stats("calm", "c")
    assert s.status == "error" and s.errored == 1 and s.passed == 1  # worded as errored, scored as a failure
    assert not v.passed and v.critical_failed and v.score == 0.0


def test_flaky_is_neither_pass_nor_fail_and_not_a_pass() -> None:
    plan = make_plan({"m": "medium"}, scenarios=1, prompts=1, repeat=4)
    v = score_contract(plan, results(plan, fail_units={("calm/g0.r1", "m"), ("calm/g0.r3", "m")}))
    s = v.stats("calm", "m")
    assert s.status == "flaky"
    assert (s.checks, s.passed, s.pass_rate, s.pass_k) == (4, 2, 0.5, 0.0)
    assert s.wilson == pytest.approx(wilson_interval(2, 4))
    assert v.score == 0.0 and not v.passed


def test_a_prompt_failing_every_repeat_makes_the_cell_fail() -> None:
    plan = make_plan({"m": "medium"}, scenarios=1, prompts=2, repeat=2)
    fails = {("calm/g0.r0", "m"), ("calm/g0.r1", "m"), ("calm/g1.r0", "m")}
    assert score_contract(plan, results(plan, fail_units=fails)).stats("calm", "m").status == "fail"


def test_nothing_run_is_not_a_pass() -> None:
    plan = make_plan({"m": "medium"})
    v = score_contract(plan, [])
    assert v.score is None and not v.passed
    assert {s.status for s in v.cells} == {"not run"}


def test_partial_run_fails() -> None:
    plan = make_plan({"m": "medium", "h": "high"}, scenarios=2)
    done = [r for r in results(plan) if r.cell.scenario == "calm"]
    v = score_contract(plan, done)
    assert v.score == 100.0 and not v.passed
    assert any(r.endswith("matrix cells not run") for r in v.reasons)


@given(st.integers(0, 200), st.integers(0, 200))
def test_wilson_bounds(a: int, b: int) -> None:
    passed, total = min(a, b), max(a, b)
    lo, hi = wilson_interval(passed, total)
    assert 0.0 <= lo <= hi <= 1.0
    if total:
        assert lo - 1e-12 <= passed / total <= hi + 1e-12
        assert hi - lo > 0


def test_wilson_known_value() -> None:
    lo, hi = wilson_interval(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


@given(st.integers(1, 30).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n))))
def test_pass_hat_k_properties(args: tuple[int, int, int]) -> None:
    n, c, k = args
    v = pass_hat_k(c, n, k)
    assert 0.0 <= v <= 1.0
    assert math.isclose(pass_hat_k(c, n, 1), c / n)
    assert pass_hat_k(c, n, n) == (1.0 if c == n else 0.0)
    if k > 1:
        assert v <= pass_hat_k(c, n, k - 1) + 1e-12  # needing more passes in a row is never likelier


def test_mean_pass_hat_k() -> None:
    assert mean_pass_hat_k([(3, 3), (2, 3)], 3) == 0.5
    assert mean_pass_hat_k([], 2) is None


# -- scenarios whose faults never fired (issue 18 item 18) ----------------------------------------------


def test_scenario_whose_faults_never_fired_is_not_exercised_and_fails_the_contract() -> None:
    plan = make_plan({"a": "critical", "b": "medium"}, scenarios=3)
    v = score_contract(plan, results(plan, unfired={"s2"}), min_score=0)
    statuses = {(s.scenario, s.invariant): s.status for s in v.cells}
    assert statuses[("s2", "a")] == "not exercised" and statuses[("s2", "b")] == "not exercised"
    assert statuses[("s1", "a")] == "pass" and statuses[("calm", "a")] == "pass"
    assert v.score == 100.0, "the unexercised cells are out of the score"
    assert v.passed is False and v.not_exercised == {"s2": 2}
    assert any("'s2' was not exercised" in r and "2 cell(s)" in r for r in v.reasons)
    assert v.by_scenario["s2"]["not_exercised"] == 2 and v.by_scenario["s2"]["score"] is None


def test_a_scenario_that_fired_in_one_unit_is_exercised() -> None:
    plan = make_plan({"a": "high"}, scenarios=2, prompts=3)
    res = results(plan, unfired={"s1"})
    next(r for r in res if r.cell.scenario == "s1").faults.append(FaultRecord(target="tool", name="t", mode="timeout"))
    v = score_contract(plan, res)
    assert v.passed is True and v.not_exercised == {}


def test_a_scenario_without_faults_is_never_unexercised() -> None:
    plan = make_plan({"a": "high"}, scenarios=1)
    v = score_contract(plan, results(plan))
    assert v.passed is True and v.not_exercised == {}


def test_cells_not_run_keep_their_reason_and_are_counted_in_matrix_cells() -> None:
    from windtunnel.contracts.run import UNREACHABLE
    from windtunnel.contracts.scoring import not_run_line

    plan = make_plan({"m": "medium", "h": "high"}, scenarios=2)
    done = [r for r in results(plan) if r.cell.scenario == "calm"]
    why = "scenario 's1' is not run: add the line"
    done += [
        CellResult(cell=u, status="skipped", error=why, error_kind=UNREACHABLE)
        for u in plan.units
        if u.scenario == "s1"
    ]
    v = score_contract(plan, done)
    assert not v.passed
    assert v.reasons == [f"{why} (2 matrix cells)"]  # cells, not units; said once
    assert {s.reason for s in v.cells if s.scenario == "s1"} == {why}
    assert v.stats("s1", "m").as_dict()["reason"] == why and "reason" not in v.stats("calm", "m").as_dict()
    assert not_run_line(v.cells) == "2 matrix cells not run: scenario 's1'"
    budget = [r for r in results(plan) if r.cell.scenario == "calm"]
    budget += [
        CellResult(cell=u, status="skipped", error="not run: advanced.max_cost reached", error_kind="budget")
        for u in plan.units
        if u.scenario == "s1"
    ]
    v = score_contract(plan, budget)
    assert v.stats("s1", "h").reason == "advanced.max_cost reached"
    assert "2 matrix cells not run" in v.reasons
