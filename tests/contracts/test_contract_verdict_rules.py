"""The contract verdict rules at their edges, with exact verdicts: a flaky critical cell, --min-score with
nothing scorable, a score exactly at --min-score, pass^k bounds (issue 18, mutation testing)."""

from __future__ import annotations

import pytest
from test_contract_scoring import make_plan, results

from windtunnel._util.stats import mean_pass_hat_k, pass_hat_k, wilson_interval
from windtunnel.contracts.scoring import (
    SEVERITY_WEIGHTS,
    CellStats,
    check_passed,
    score_contract,
    task_key,
    weighted_score,
)
from windtunnel.engine.cells import Cell, CellResult, CheckOutcome


def test_a_flaky_critical_cell_fails_the_contract_whatever_the_score() -> None:
    plan = make_plan({"c": "critical"} | {f"m{i}": "medium" for i in range(30)}, scenarios=1, prompts=1, repeat=2)
    v = score_contract(plan, results(plan, fail_units={("calm/g0.r1", "c")}), min_score=0)
    assert v.stats("calm", "c").status == "flaky"
    assert v.passed is False and v.critical_failed is True
    assert v.reasons == ["critical invariant 'c' is flaky in scenario 'calm'"]


def test_a_flaky_non_critical_cell_is_not_a_critical_failure() -> None:
    plan = make_plan({"h": "high", "m": "medium"}, scenarios=1, prompts=1, repeat=2)
    v = score_contract(plan, results(plan, fail_units={("calm/g0.r1", "m")}))
    assert v.critical_failed is False and v.passed is False
    assert v.reasons == ["1 cell(s) failed, errored or are flaky (pass --min-score to accept a score)"]


def test_min_score_with_nothing_scorable_fails_without_error() -> None:
    plan = make_plan({"m": "medium"})
    v = score_contract(plan, [], min_score=50)
    assert v.score is None and v.passed is False
    assert v.reasons[0] == "no matrix cell could be scored"


@pytest.mark.parametrize(("min_score", "passed"), [(75.0, True), (75.0001, False), (74.9, True)])
def test_score_exactly_at_min_score_passes(min_score: float, passed: bool) -> None:
    # four medium cells, one failing: exactly 75.0
    plan = make_plan({"a": "medium", "b": "medium"}, scenarios=2)
    v = score_contract(plan, results(plan, fail={("s1", "b")}), min_score=min_score)
    assert v.score == 75.0
    assert v.passed is passed
    assert (v.reasons == []) is passed
    if not passed:
        assert v.reasons == [f"score 75.0 is below --min-score {min_score:g}"]


def test_every_cell_passing_needs_no_min_score() -> None:
    plan = make_plan({"a": "high"}, scenarios=2)
    v = score_contract(plan, results(plan))
    assert v.passed is True and v.reasons == [] and v.critical_failed is False


def test_severity_weights() -> None:
    assert SEVERITY_WEIGHTS == {"critical": 3, "high": 2, "medium": 1, "low": 1}
    cells = [
        CellStats("s", "c", "critical", "fail"),
        CellStats("s", "h", "high", "pass"),
        CellStats("s", "l", "low", "pass"),
        CellStats("s", "n", "medium", "n/a"),
        CellStats("s", "r", "medium", "not run"),
        CellStats("s", "x", "critical", "not exercised"),
    ]
    assert weighted_score(cells) == pytest.approx(100 * 3 / 6)
    assert weighted_score([CellStats("s", "n", "medium", "n/a")]) is None


def test_aggregates_count_each_status() -> None:
    plan = make_plan({"a": "medium", "b": "critical"}, scenarios=2, when={"b": "tool_faults_active"})
    v = score_contract(plan, results(plan, fail={("s1", "a")}))
    assert v.by_scenario["calm"] == {
        "score": 100.0, "pass": 1, "fail": 0, "error": 0, "flaky": 0, "na": 1, "not_run": 0, "not_exercised": 0,
    }  # fmt: skip
    assert v.by_scenario["s1"]["score"] == 75.0 and v.by_scenario["s1"]["fail"] == 1
    assert v.by_invariant["b"]["severity"] == "critical" and v.by_invariant["b"]["when"] == "tool_faults_active"
    assert v.by_invariant["a"]["score"] == 50.0


def test_cell_stats_as_dict_rounds_and_omits_missing_numbers() -> None:
    plan = make_plan({"m": "medium"}, scenarios=1, prompts=1, repeat=3)
    v = score_contract(plan, results(plan, fail_units={("calm/g0.r1", "m")}))
    d = v.stats("calm", "m").as_dict()
    assert d["status"] == "flaky" and d["checks"] == 3 and d["passed"] == 2 and d["errored"] == 0
    assert d["pass_rate"] == 0.6667 and d["pass_k"] == 0.0
    lo, hi = wilson_interval(2, 3)
    assert d["wilson_95"] == [round(lo, 4), round(hi, 4)]
    assert set(CellStats("s", "i", "low", "n/a").as_dict()) == {
        "scenario", "invariant", "severity", "status", "checks", "passed", "errored",
    }  # fmt: skip


def test_task_key_strips_only_a_numeric_repeat_suffix() -> None:
    assert task_key("calm/g0.r3") == "calm/g0"
    assert task_key("calm/g0.r12") == "calm/g0"
    assert task_key("calm/g0.rx") == "calm/g0.rx"
    assert task_key("calm/g0") == "calm/g0"


def test_check_passed_needs_a_check_and_no_error() -> None:
    cell = Cell(id="u", kind="contract", input="p")
    ok = CheckOutcome(type="t", id="a", passed=True)
    bad = CheckOutcome(type="t", id="a", passed=False)
    assert check_passed(CellResult(cell=cell, status="passed", checks=[ok]), "a") is True
    assert check_passed(CellResult(cell=cell, status="passed", checks=[ok]), "b") is False
    assert check_passed(CellResult(cell=cell, status="failed", checks=[ok, bad]), "a") is False
    assert check_passed(CellResult(cell=cell, status="error", checks=[ok]), "a") is False


def test_errored_units_are_counted() -> None:
    plan = make_plan({"m": "medium"}, scenarios=1, prompts=2)
    s = score_contract(plan, results(plan, errors={"calm/g0.r0"})).stats("calm", "m")
    assert (s.status, s.errored, s.checks, s.passed, s.failing_tasks) == ("error", 1, 2, 1, 1)


@pytest.mark.parametrize(("passed", "total", "k"), [(4, 3, 1), (-1, 3, 1), (2, 3, 0), (2, 3, 4), (0, 0, 1)], ids=str)
def test_pass_hat_k_rejects_impossible_arguments(passed: int, total: int, k: int) -> None:
    with pytest.raises(ValueError, match=r"need \d"):
        pass_hat_k(passed, total, k)


def test_pass_hat_k_values() -> None:
    assert pass_hat_k(2, 4, 2) == pytest.approx(1 / 6)
    assert pass_hat_k(3, 3, 3) == 1.0 and pass_hat_k(2, 3, 3) == 0.0
    assert mean_pass_hat_k([(1, 2), (2, 2)], 1) == 0.75


@pytest.mark.parametrize(("passed", "total"), [(-1, 3), (4, 3), (0, -1)])
def test_wilson_rejects_impossible_counts(passed: int, total: int) -> None:
    with pytest.raises(ValueError, match="need 0 <= successes <= trials"):
        wilson_interval(passed, total)


def test_wilson_edges() -> None:
    lo, hi = wilson_interval(0, 5)
    assert lo == 0.0 and 0.4 < hi < 0.5
    lo, hi = wilson_interval(5, 5)
    assert hi == 1.0 and 0.5 < lo < 0.6
    lo, hi = wilson_interval(1, 2, z=1.0)
    assert (round(lo, 4), round(hi, 4)) == (0.2113, 0.7887)


def test_task_key_uses_the_last_repeat_suffix() -> None:
    assert task_key("a.r1/g0.r2") == "a.r1/g0"


def test_stats_finds_the_cell_of_that_scenario_and_invariant() -> None:
    plan = make_plan({"a": "medium", "b": "critical"}, scenarios=2)
    v = score_contract(plan, results(plan, fail={("s1", "b")}))
    s = v.stats("s1", "b")
    assert (s.scenario, s.invariant, s.severity, s.status) == ("s1", "b", "critical", "fail")
    assert v.stats("calm", "b").status == "pass"
    with pytest.raises(KeyError) as info:
        v.stats("nowhere", "b")
    assert info.value.args == (("nowhere", "b"),)


def test_every_judged_status_of_an_unexercised_scenario_becomes_not_exercised() -> None:
    plan = make_plan({"a": "medium", "b": "high", "c": "low"}, scenarios=2, prompts=1, repeat=2)
    res = results(plan, unfired={"s1"}, fail={("s1", "a")}, fail_units={("s1/g0.r1", "b")})
    v = score_contract(plan, res)
    assert {v.stats("s1", i).status for i in "abc"} == {"not exercised"}
    assert v.critical_failed is False


def test_each_unexercised_scenario_counts_its_own_cells() -> None:
    plan = make_plan({"a": "medium", "b": "medium"}, scenarios=3)
    v = score_contract(plan, results(plan, unfired={"s1", "s2"}))
    assert v.not_exercised == {"s1": 2, "s2": 2}
    assert v.reasons == [
        f"scenario {name!r} was not exercised: none of its faults fired in its 2 unit(s), so its 2 cell(s) are "
        "out of the score (check the tool names, match_url patterns and agent.tools / agent.llm against the "
        "calls the agent makes)"
        for name in ("s1", "s2")
    ]


def test_units_cut_by_the_agent_exit_do_not_make_a_scenario_unexercised() -> None:
    plan = make_plan({"a": "medium"}, scenarios=2)
    res = results(plan, unfired={"s1"})
    for r in res:
        if r.cell.scenario == "s1":
            r.status, r.error_kind = "error", "agent_exited"
    v = score_contract(plan, res)
    assert v.not_exercised == {}


def test_aggregates_flaky_tasks_and_pass_k_in_detail() -> None:
    plan = make_plan({"p": "medium", "f": "medium", "x": "medium", "n": "medium"}, scenarios=2, prompts=3, repeat=2,
                     when={"n": "tool_faults_active"})  # fmt: skip
    fails = {("calm/g1.r1", "f"), ("calm/g2.r0", "f")}  # f: two flaky prompts of three
    res = results(plan, fail={("calm", "x")}, fail_units=fails)
    v = score_contract(plan, res)
    f = v.stats("calm", "f")
    assert (f.status, f.flaky_tasks, f.failing_tasks, f.checks, f.passed) == ("flaky", 2, 0, 6, 4)
    assert f.as_dict()["pass_k"] == 0.3333  # one prompt of three passed both repeats
    x = v.stats("calm", "x")
    assert (x.status, x.flaky_tasks, x.failing_tasks) == ("fail", 0, 3)
    assert v.by_scenario["calm"] == {
        "score": 33.33, "pass": 1, "fail": 1, "error": 0, "flaky": 1, "na": 1, "not_run": 0, "not_exercised": 0,
    }  # fmt: skip
    one = score_contract(make_plan({"m": "low"}, scenarios=1), results(make_plan({"m": "low"}, scenarios=1)))
    assert one.stats("calm", "m").pass_k == 1.0  # k = 1 repeat: pass^1 is the pass rate


def test_not_run_and_na_cells_keep_their_identity() -> None:
    plan = make_plan({"a": "high", "b": "critical"}, scenarios=2, when={"b": "tool_faults_active"})
    v = score_contract(plan, [r for r in results(plan) if r.cell.scenario == "calm"])
    assert v.stats("s1", "a").as_dict() == {
        "scenario": "s1", "invariant": "a", "severity": "high", "status": "not run", "checks": 0, "passed": 0,
        "errored": 0,
    }  # fmt: skip
    assert v.stats("calm", "b").as_dict()["severity"] == "critical" and v.by_scenario["s1"]["not_run"] == 2


def test_a_cell_judged_from_the_units_that_ran() -> None:
    plan = make_plan({"m": "medium"}, scenarios=1, prompts=3)
    res = results(plan, fail_units={("calm/g2.r0", "m")})
    v = score_contract(plan, res[1:])  # the first unit's result is missing
    s = v.stats("calm", "m")
    assert (s.status, s.checks, s.passed) == ("fail", 2, 1)


def test_a_cut_unit_does_not_hide_the_units_after_it() -> None:
    plan = make_plan({"a": "medium"}, scenarios=3)
    res = results(plan, unfired={"s2"})
    first = next(i for i, r in enumerate(res) if r.cell.scenario == "s1")
    res[first].status, res[first].error_kind = "error", "agent_exited"
    res.append(res.pop(first))
    res.insert(0, res.pop())  # the cut unit first, the unexercised scenario's units after it
    assert score_contract(plan, res).not_exercised == {"s2": 2}
