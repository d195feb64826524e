from __future__ import annotations

from pathlib import Path

from windtunnel.reports.sample import make_cell, make_report
from windtunnel.store import RunStore, diff_reports


def _cells(fixed: bool) -> list[dict[str, object]]:
    """A contract matrix where the unfixed agent leaks PII under tool timeouts."""
    cells = []
    for scenario in ("baseline", "tool_timeouts"):
        for invariant, severity in (("no_pii", "critical"), ("valid_json", "low")):
            for rep in range(2):
                leaks = not fixed and scenario == "tool_timeouts" and invariant == "no_pii"
                cells.append(
                    make_cell(
                        f"{scenario}/{invariant}/r{rep}",
                        kind="contract",
                        scenario=scenario,
                        invariant=invariant,
                        severity=severity,
                        repeat=rep,
                        status="failed" if leaks else "passed",
                        output="ssn 123-45-6789" if leaks else "ok",
                    )
                )
    return cells


def test_diff_lists_fixed_and_regressed_cells(tmp_path: Path) -> None:
    unfixed = _cells(fixed=False)
    fixed = _cells(fixed=True)
    # the fix broke something else: valid_json under baseline now fails on one repeat
    fixed[2] = dict(
        fixed[2],
        status="failed",
        passed=False,
        checks=[{"type": "valid_json", "passed": False, "detail": "not JSON at 0"}],
    )
    with RunStore(tmp_path / "runs.db") as store:
        a = store.start_run({"mode": "contract", "seed": 1})
        store.add_cells(a, unfixed)
        store.finish_run(a, make_report(unfixed)["summary"], "failed")
        b = store.start_run({"mode": "contract", "seed": 1})
        store.add_cells(b, fixed)
        store.finish_run(b, make_report(fixed)["summary"], "failed")
        diff = store.diff(a, b)
    assert [c.label for c in diff.fixed] == ["no_pii: What is the refund policy?"]
    assert diff.fixed[0].cell_ids == ("tool_timeouts/no_pii/r0", "tool_timeouts/no_pii/r1")
    assert diff.fixed[0].before == "failed" and diff.fixed[0].after == "passed"
    assert [c.cell_ids for c in diff.regressed] == [("baseline/valid_json/r0", "baseline/valid_json/r1")]
    assert diff.regressed[0].detail == "valid_json: not JSON at 0"
    assert diff.unchanged_passing == 2 and diff.still_failing == 0 and diff.added == diff.removed == 0
    assert diff.score.before == 75.0 and diff.score.after == 87.5 and diff.score.delta == 12.5
    assert [(p.phase, p.before, p.after, p.delta) for p in diff.phases] == [("contract", 75.0, 87.5, 12.5)]


def test_phase_deltas_from_summary_and_added_removed() -> None:
    a = make_report(
        [make_cell("x", prompt="only in a"), make_cell("y", kind="chaos", status="failed")],
        mode="ci",
        phases={
            "mutation": {"score": 90.0, "passed": True, "weight": 0.5},
            "chaos": {"score": 10.0, "passed": False, "weight": 0.5},
        },
    )
    b = make_report(
        [make_cell("z", prompt="only in b"), make_cell("y", kind="chaos", status="failed")],
        mode="ci",
        phases={
            "mutation": {"score": 80.0, "passed": True, "weight": 0.5},
            "replay": {"score": None, "passed": False, "weight": 0.0},
        },
    )
    diff = diff_reports(a, b)
    assert [(p.phase, p.before, p.after, p.delta) for p in diff.phases] == [
        ("mutation", 90.0, 80.0, -10.0),
        ("chaos", 10.0, None, None),
        ("replay", None, None, None),
    ]
    assert diff.added == 1 and diff.removed == 1 and diff.still_failing == 1
    data = diff.to_dict()
    assert data["added"] == 1 and data["phases"][0]["delta"] == -10.0


def test_contract_phase_compares_resilience_scores_not_raw_pass_rates() -> None:
    # The unfixed run fails a critical invariant on 2 of 8 cells: a raw pass rate of 75.0, but the
    # severity-weighted resilience score the contract run reported is lower.
    unfixed, fixed = _cells(fixed=False), _cells(fixed=True)
    a = make_report(unfixed, mode="contract", run_id="a", score=62.5)
    b = make_report(fixed, mode="contract", run_id="b", score=100.0)
    assert make_report(unfixed)["summary"]["score"] == 75.0
    diff = diff_reports(a, b)
    assert (diff.score.before, diff.score.after) == (62.5, 100.0)
    [contract] = diff.phases
    assert (contract.phase, contract.measure, contract.before, contract.after) == (
        "contract",
        "resilience",
        62.5,
        100.0,
    )
    assert diff.to_dict()["phases"][0]["measure"] == "resilience"


def test_rows_of_a_scenario_not_exercised_are_neither_passed_nor_failed() -> None:
    # review 28: B's unexercised rows read 'fixed failed → passed' and 'still passing', and the gate passed
    a_cells = _cells(fixed=False)
    b_cells = [
        dict(c, not_exercised=True) if c["scenario"] == "tool_timeouts" else c  # its faults never fired in B
        for c in _cells(fixed=True)
    ]
    a = make_report(a_cells, mode="contract", run_id="a")  # type: ignore[arg-type]
    why = "scenario tool_timeouts not exercised: none of its faults fired"
    b = make_report(b_cells, mode="contract", run_id="b", passed=False, reasons=[why])  # type: ignore[arg-type]
    diff = diff_reports(a, b)
    assert diff.fixed == [] and diff.regressed == []
    assert diff.unchanged_passing == 2 and diff.skipped == 2  # baseline's two cells; tool_timeouts' two uncounted
    assert diff.unseen_b == why
