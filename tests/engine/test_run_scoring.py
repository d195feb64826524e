"""Run-mode scoring (engine/scoring.py): weights, the --min-score boundary, unexercised chaos, exact verdicts."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.engine.scoring import Tally, summarize, unexercised
from windtunnel.mutations.scoring import type_weights


def row(status: str, *, kind: str = "golden", mutation: str | None = None, **extra: Any) -> dict[str, Any]:
    r: dict[str, Any] = {"status": status, "kind": kind, "faults": [], **extra}
    if mutation:
        r["mutation"] = {"type": mutation, "args": {}}
        r["kind"] = "mutation"
    return r


FIRED = [{"target": "tool", "name": "t", "mode": "timeout"}]


def test_per_type_weights_change_the_score() -> None:
    rows = [row("passed", mutation="noise"), row("failed", mutation="prompt_injection")]
    assert summarize(rows).score == pytest.approx(50.0)
    s = summarize(rows, weights={"noise": 1.0, "prompt_injection": 3.0})
    assert s.score == pytest.approx(25.0)
    assert s.by_type["prompt_injection"] == {"passed": 0, "total": 1, "weight": 3.0, "pass_rate": 0.0}
    assert s.by_type["noise"]["weight"] == 1.0


def test_golden_cells_weigh_one_whatever_the_weights() -> None:
    rows = [row("passed"), row("failed", mutation="noise")]
    assert summarize(rows, weights={"golden": 9.0, "noise": 3.0}).score == pytest.approx(25.0)


def test_type_weights_override_only_the_named_types() -> None:
    w = type_weights({"noise": 5.0})
    assert w["noise"] == 5.0 and w["prompt_injection"] != 5.0 and len(w) > 2


@pytest.mark.parametrize(("min_score", "passed"), [(75.0, True), (75.01, False), (74.99, True)])
def test_score_exactly_at_min_score_passes(min_score: float, passed: bool) -> None:
    rows = [row("passed"), row("passed"), row("passed"), row("failed")]
    s = summarize(rows, min_score=min_score)
    assert s.score == 75.0
    assert s.passed is passed


def test_verdicts_are_booleans() -> None:
    assert summarize([row("passed")]).passed is True
    assert summarize([row("failed")]).passed is False
    assert summarize([row("skipped")]).passed is False  # nothing scored


def test_skipped_cells_are_not_scored_but_counted() -> None:
    s = summarize([row("passed"), row("skipped")])
    assert s.score == 100.0 and s.passed is True and s.cells_total == 2 and s.cells_skipped == 1


def test_agent_exited_cells_are_not_run() -> None:
    s = summarize([row("passed"), row("error", error_kind="agent_exited")])
    assert s.cells_not_run == 1 and s.cells_total == 1 and s.cells_errored == 0 and s.passed is True


def test_chaos_scenario_whose_faults_never_fired_is_not_exercised() -> None:
    rows = [
        row("passed"),
        row("passed", kind="chaos", scenario="down"),
        row("passed", kind="chaos", scenario="down"),
    ]
    s = summarize(rows)
    assert s.not_exercised == {"down": 2}
    assert s.cells_total == 1 and s.score == 100.0 and s.passed is False
    d = s.as_dict()
    assert d["cells_not_exercised"] == 2 and d["not_exercised"] == {"down": 2}


def test_a_fault_in_any_cell_of_the_scenario_exercises_it() -> None:
    rows = [
        row("passed", kind="chaos", scenario="down"),
        row("failed", mutation="noise", scenario="down", faults=FIRED),
    ]
    assert unexercised(rows) == {}
    s = summarize(rows)
    assert s.cells_total == 2 and "cells_not_exercised" not in s.as_dict()


def test_summary_dict_is_complete_and_exact() -> None:
    rows = [
        row("passed"),
        row("failed", mutation="noise"),
        row("failed", mutation="noise"),
        row("error", mutation="paraphrase"),
        row("skipped"),
        row("skipped"),
        row("error", error_kind="agent_exited"),
        row("error", error_kind="agent_exited"),
    ]
    s = summarize(rows, weights={"noise": 1.0, "paraphrase": 1.0}, min_score=10)
    assert s.as_dict() == {
        "score": 25.0,
        "passed": True,
        "critical_failed": False,
        "cells_total": 6,
        "cells_passed": 1,
        "cells_failed": 2,
        "cells_errored": 1,
        "cells_skipped": 2,
        "cells_not_run": 2,
        "by_type": {
            "golden": {"passed": 1, "total": 1, "weight": 1.0, "pass_rate": 1.0},
            "noise": {"passed": 0, "total": 2, "weight": 1.0, "pass_rate": 0.0},
            "paraphrase": {"passed": 0, "total": 1, "weight": 1.0, "pass_rate": 0.0},
        },
    }


def test_score_is_rounded_to_two_places() -> None:
    s = summarize([row("passed"), row("passed"), row("failed")])
    assert s.score == pytest.approx(200 / 3) and s.as_dict()["score"] == 66.67
    assert summarize([]).as_dict()["score"] is None


def test_an_unweighted_mutation_type_weighs_one() -> None:
    rows = [row("passed", mutation="noise"), row("failed", mutation="tone_shift")]
    assert summarize(rows, weights={"noise": 3.0}).score == pytest.approx(75.0)


def test_a_scenario_of_only_cut_cells_is_not_unexercised() -> None:
    rows = [row("error", kind="chaos", scenario="down", error_kind="agent_exited")] * 2
    assert unexercised(rows) == {}
    assert "not_exercised" not in summarize(rows).as_dict()


def test_counts_and_rates_in_any_order() -> None:
    rows = [
        row("passed", kind="chaos", scenario="idle"),  # never fired: out of every count, but does not stop them
        row("error"),
        row("passed"),
        row("failed"),
        row("passed", mutation="noise"),
        row("failed", mutation="noise"),
        row("passed", mutation="noise"),
        row("passed"),
    ]
    s = summarize(rows)
    assert (s.cells_total, s.cells_passed, s.cells_failed, s.cells_errored) == (7, 4, 2, 1)
    assert s.by_type["noise"] == {"passed": 2, "total": 3, "weight": 1.0, "pass_rate": 0.6667}
    assert s.by_type["golden"]["passed"] == 2 and s.by_type["golden"]["pass_rate"] == 0.5
    assert s.not_exercised == {"idle": 1}


def test_incremental_tally_settles_a_scenario_when_its_fault_fires_later() -> None:
    """The Tally (one row at a time, nothing kept per cell) gives what the rows in memory give: a
    scenario's chaos cells are held apart until a fault fires in it, and the types keep one order."""
    rows = [
        row("passed", kind="chaos", scenario="down"),
        row("failed", mutation="noise"),
        row("passed", kind="chaos", scenario="slow"),
        row("passed"),
        row("failed", mutation="noise", scenario="down", faults=FIRED),
    ]
    tally = Tally(weights={"noise": 0.5})
    for r in rows[:4]:
        tally.add(r)
    early = tally.summary()
    assert early.not_exercised == {"down": 1, "slow": 1} and early.passed is False
    assert list(early.by_type) == ["golden", "noise"] and early.cells_total == 2
    tally.add(rows[4])
    s = tally.summary()
    assert s.not_exercised == {"slow": 1}
    assert list(s.by_type) == ["golden", "noise", "chaos"]
    assert s.by_type["chaos"]["total"] == 1 and s.cells_total == 4
    assert s.score == pytest.approx(100 * 2 / 3)


def test_by_type_order_does_not_depend_on_the_order_cells_complete_in() -> None:
    """QA-6 F-14: a fresh run and the same run resumed (stored cells first) list the types alike."""
    rows = [
        row("passed", mutation="prompt_injection"),
        row("passed"),
        row("failed", mutation="encoding_attacks"),
        row("passed", mutation="paraphrase"),
        row("passed", mutation="noise"),
    ]
    orders = {tuple(summarize(order).by_type) for order in (rows, rows[::-1], rows[2:] + rows[:2])}
    assert orders == {("golden", "encoding_attacks", "noise", "paraphrase", "prompt_injection")}
