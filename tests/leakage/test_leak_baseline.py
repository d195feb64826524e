"""Blind-baseline statistics: exact against brute force, Wilson, McNemar, power, and the naive rule."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel._util.rng import cell_rng
from windtunnel.leakage.baseline import (
    binom_cdf,
    binom_sf,
    blind_predictions,
    critical_passes,
    mcnemar_exact,
    n_needed,
    power,
    summarize_blind_baseline,
    wilson_interval,
)


def exact_sf(k: int, n: int, p: Fraction) -> Fraction:
    return sum((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(1, 120),
    data=st.data(),
    num=st.integers(1, 19),
)
def test_binomial_tail_matches_exact_rational(n: int, data: st.DataObject, num: int) -> None:
    k = data.draw(st.integers(0, n + 1))
    p = Fraction(num, 20)
    exact = float(exact_sf(k, n, p))
    got = binom_sf(k, n, float(p))
    assert got == pytest.approx(exact, rel=1e-9, abs=1e-300)
    assert binom_cdf(k - 1, n, float(p)) == pytest.approx(1 - exact, rel=1e-9, abs=1e-12)


def test_ref_f_three_of_four_blind_passes() -> None:
    # The reference flags 3/4 passes as suspicious (pass rate 0.75 > 0.5). With 4 labels chance is
    # 0.25 and P(X >= 3) = 13/256 = 0.0508: not significant at alpha 0.01, and 4 items cannot rule out
    # a real excess either, so windtunnel says "inconclusive" and says how many items it would need.
    s = summarize_blind_baseline([True, True, False, True], n_labels=4)
    assert s.pass_rate == 0.75 and s.chance == 0.25 and s.chance_model == "uniform"
    assert s.p_value == pytest.approx(13 / 256)
    assert s.verdict == "inconclusive" and not s.suspicious
    assert s.n_needed is not None and s.n_needed > 100
    # the same rate on 40 items is a clear leak
    assert summarize_blind_baseline([True, True, False, True] * 10, n_labels=4).verdict == "leak"


def test_wilson_known_values() -> None:
    lo, hi = wilson_interval(3, 4, 0.95)
    assert lo == pytest.approx(0.3006, abs=1e-4) and hi == pytest.approx(0.9544, abs=1e-4)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_chance_floors_from_labels() -> None:
    rows = [{"prediction": "a", "label": lab} for lab in "aaaaaabbbc"]
    s = summarize_blind_baseline(rows)
    assert s.chance_floors == pytest.approx({"uniform": 1 / 3, "majority": 0.6, "prior": 0.36 + 0.09 + 0.01})
    assert s.chance_model == "majority" and s.passes == 6
    assert summarize_blind_baseline(rows, chance_model="prior").chance == pytest.approx(0.46)


def test_at_chance_verdict_needs_enough_items() -> None:
    rng = cell_rng(7, "at-chance")
    flags = [rng.random() < 0.25 for _ in range(3000)]
    s = summarize_blind_baseline(flags, chance=0.25)
    assert s.verdict == "at-chance"


def test_no_results_or_no_chance_is_an_error() -> None:
    with pytest.raises(ValueError, match="zero items"):
        summarize_blind_baseline([], chance=0.5)
    with pytest.raises(ValueError, match="chance rate"):
        summarize_blind_baseline([True, False])


def test_power_and_n_needed_are_consistent() -> None:
    n = n_needed(0.25, 0.1, alpha=0.01, target_power=0.8)
    assert n is not None
    assert power(n, 0.25, 0.35, 0.01) >= 0.8
    assert power(n // 2, 0.25, 0.35, 0.01) < 0.8
    k = critical_passes(n, 0.25, 0.01)
    assert binom_sf(k, n, 0.25) <= 0.01 < binom_sf(k - 1, n, 0.25)
    assert n_needed(0.95, 0.1) is None


def test_mcnemar_exact() -> None:
    raw = [True] * 20 + [False] * 5
    san = [False] * 15 + [True] * 10
    m = mcnemar_exact(raw, san)
    assert (m.raw_only, m.sanitized_only, m.both_pass, m.both_fail) == (15, 5, 5, 0)
    assert m.p_two_sided == pytest.approx(2 * float(exact_sf(15, 20, Fraction(1, 2))))
    assert m.p_drop == pytest.approx(float(exact_sf(15, 20, Fraction(1, 2))))
    assert mcnemar_exact([True] * 30, [False] * 30).significant_drop
    with pytest.raises(ValueError, match="differ in length"):
        mcnemar_exact([True], [True, False])


def test_blind_agents() -> None:
    labels = ["High"] * 6 + ["Low"] * 3 + ["Medium"]
    assert blind_predictions(labels, "majority") == ["High"] * 10
    a = blind_predictions(labels, "prior", seed=3)
    assert a == blind_predictions(labels, "prior", seed=3) and set(a) <= set(labels)


@pytest.mark.parametrize("n", [10, 20, 40])
def test_naive_threshold_rule_false_flags_a_chance_baseline(n: int) -> None:
    """Simulate a baseline at exactly chance (4 labels): how often does each rule cry 'leak'?

    The naive rule (pass rate > 1/N) flags it a third to a half of the time; the exact test at
    alpha = 0.01 flags it at most 1 % of the time, by construction.
    """
    p0, trials = 0.25, 2000
    rng = cell_rng(2024, "naive", n)
    naive = exact_flags = 0
    for _ in range(trials):
        flags = [rng.random() < p0 for _ in range(n)]
        naive += sum(flags) / n > p0
        exact_flags += summarize_blind_baseline(flags, chance=p0).verdict == "leak"
    assert 0.30 <= naive / trials <= 0.55
    assert exact_flags / trials <= 0.02


def test_passed_flags_are_strict() -> None:
    from windtunnel.leakage.baseline import ResultError, parse_passed

    assert [parse_passed(v) for v in (True, False, 1, 0, "true", "FALSE", "True")] == [
        True, False, True, False, True, False, True,
    ]  # fmt: skip
    for bad in ("no", "yes", "0", " true", 0.0, 2, None, [True]):
        with pytest.raises(ValueError, match="'passed' must be true or false"):
            parse_passed(bad)
    with pytest.raises(ResultError, match=r"line 7 \(id 'q'\): 'passed' must be true or false, got 'no'"):
        summarize_blind_baseline([{"id": "q", "passed": "no"}], n_labels=2, lines=[7])
    with pytest.raises(ResultError, match=r"result 2: a str"):
        summarize_blind_baseline([True, "maybe"], n_labels=2)
