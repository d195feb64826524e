from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from windtunnel.reports.sample import make_cell
from windtunnel.reports.stats import compute_stats, pass_hat_k, stats_lines, wilson_interval


def test_wilson_known_values() -> None:
    low, high = wilson_interval(0, 10)  # type: ignore[misc]
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(8, 10)  # type: ignore[misc]
    assert (low, high) == (pytest.approx(0.4902, abs=1e-4), pytest.approx(0.9433, abs=1e-4))
    assert wilson_interval(0, 0) is None


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(5, 3)


@given(st.integers(0, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_observed_rate(counts: tuple[int, int]) -> None:
    k, n = counts
    interval = wilson_interval(k, n)
    if n == 0:
        assert interval is None
        return
    assert interval is not None
    low, high = interval
    assert 0.0 <= low <= k / n + 1e-12 and k / n - 1e-12 <= high <= 1.0


@given(st.integers(1, 12).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n), st.integers(1, n))))
def test_pass_hat_k_is_a_probability_and_decreases_with_k(args: tuple[int, int, int]) -> None:
    c, n, k = args
    value = pass_hat_k(c, n, k)
    assert 0.0 <= value <= 1.0
    if k > 1:
        assert value <= pass_hat_k(c, n, k - 1) + 1e-12
    assert pass_hat_k(c, n, 1) == pytest.approx(c / n)


def test_pass_hat_k_exact() -> None:
    assert pass_hat_k(2, 3, 2) == pytest.approx(1 / 3)  # C(2,2)/C(3,2)
    assert pass_hat_k(3, 3, 3) == 1.0
    assert pass_hat_k(2, 3, 3) == 0.0
    with pytest.raises(ValueError):
        pass_hat_k(1, 3, 4)


def _repeats(base: str, results: list[str], **fields: object) -> list[dict[str, object]]:
    return [
        make_cell(f"{base}-r{i}", status=s, repeat=i, prompt=f"prompt {base}", **fields) for i, s in enumerate(results)
    ]


def test_flaky_cells_are_grouped_by_identity_ignoring_repeat() -> None:
    cells = (
        _repeats("a", ["passed", "passed", "passed"])
        + _repeats("b", ["passed", "failed", "passed"])
        + _repeats("c", ["failed", "error", "failed"])
        + [make_cell("s", status="skipped", prompt="skipped one")]
    )
    stats = compute_stats(cells)
    assert stats.scored == 9 and stats.passed == 5
    assert stats.groups == 3 and stats.max_tries == 3
    assert [f.cell_ids for f in stats.flaky] == [("b-r0", "b-r1", "b-r2")]
    assert stats.flaky[0].passed == 2
    # pass^1 = mean(1, 2/3, 0); pass^3 = mean(1, 0, 0)
    assert stats.pass_hat[1] == pytest.approx((1 + 2 / 3 + 0) / 3)
    assert stats.pass_hat[3] == pytest.approx(1 / 3)
    labels = dict(stats_lines(stats))
    assert labels["flaky cells"] == "1"
    assert "pass^3" in labels


def test_no_repeats_means_no_pass_hat_and_no_flaky() -> None:
    cells = [make_cell(f"c{i}", prompt=f"p{i}", status="failed" if i % 2 else "passed") for i in range(6)]
    stats = compute_stats(cells)
    assert not stats.has_repeats and stats.pass_hat == {} and stats.flaky == []
    assert [k for k, _ in stats_lines(stats)] == ["pass rate", "95% Wilson interval"]
    assert stats.pass_rate == 0.5


def test_different_mutations_of_one_prompt_are_not_repeats() -> None:
    cells = [
        make_cell("m1", kind="mutation", mutation={"type": "noise", "args": {}}, status="passed"),
        make_cell("m2", kind="mutation", mutation={"type": "paraphrase", "args": {}}, status="failed"),
    ]
    stats = compute_stats(cells)
    assert stats.groups == 2 and stats.flaky == []


def test_empty_run_has_no_rate() -> None:
    stats = compute_stats([])
    assert stats.pass_rate is None and stats.interval is None
    assert dict(stats_lines(stats))["pass rate"] == "n/a (0/0)"


def test_distinct_replay_sessions_with_the_same_input_are_distinct_cells() -> None:
    """Issue 18 item 13: two recorded sessions with one input were counted as repeats (flaky, pass^2 = 0)."""

    def session(sid: str, passed: bool, repeat: int = 0) -> dict[str, object]:
        return {
            "id": f"replay:{sid}.r{repeat}",
            "kind": "replay",
            "prompt": "Where is my order?",
            "status": "passed" if passed else "failed",
            "passed": passed,
            "repeat": repeat,
            "session": {"id": sid, "name": sid},
        }

    stats = compute_stats([session("incident-1", True), session("incident-2", False)])
    assert stats.groups == 2 and stats.max_tries == 1 and stats.flaky == [] and stats.pass_hat == {}
    again = compute_stats([session("incident-1", True), session("incident-1", False, repeat=1)])
    assert again.groups == 1 and len(again.flaky) == 1  # a real repeat of one session still is one


def _row(cid: str, kind: str, scenario: str | None, passed: bool, faults: bool = False, **extra: object) -> dict:
    return {
        "id": cid,
        "kind": kind,
        "scenario": scenario,
        "status": "passed" if passed else "failed",
        "passed": passed,
        "golden_index": int(cid[1]),
        "repeat": 0,
        "faults": [{"mode": "error"}] if faults else [],
        **extra,
    }


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["golden", "mutation", "chaos"]),
            st.sampled_from([None, "s1", "s2"]),
            st.booleans(),
            st.booleans(),
            st.booleans(),
        ),
        max_size=12,
    )
)
def test_statistics_count_the_cells_the_summary_counts(rows: list[tuple[str, str | None, bool, bool, bool]]) -> None:
    """QA-4 m4: the statistics table must not say 1/1 beside a summary of 0 cells. Not-exercised chaos cells
    and cells cut by the agent process dying are out of both, in whatever order the rows come."""
    from windtunnel.engine.scoring import summarize

    cells = [
        _row(
            f"g{i % 10}.{kind}.{i}",
            kind,
            scenario if kind == "chaos" else None,
            ok,
            fired,
            error_kind=exited and "agent_exited",
        )
        for i, (kind, scenario, ok, fired, exited) in enumerate(rows)
    ]
    summary = summarize(cells)
    stats = compute_stats(cells)
    assert stats.scored == summary.cells_total - summary.cells_skipped
    assert stats.passed == summary.cells_passed


def test_a_not_exercised_chaos_cell_is_not_in_the_statistics() -> None:
    cells = [_row("g0.r0", "chaos", "chaos", True)]
    assert compute_stats(cells).scored == 0
    cells.append(_row("g1.r0", "chaos", "chaos", False, faults=True))
    assert (compute_stats(cells).scored, compute_stats(cells).passed) == (2, 1)
