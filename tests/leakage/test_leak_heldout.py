"""The held-out benchmark's checks on a sample: every tenth record, all three splits, every family.

The full benchmark (benchmarks/leak_heldout.py, ~15,000 items) checks its targets itself and is run by
``python -m benchmarks leak_heldout``, not as a timed test (issue #29 item 14: on a loaded machine it
took longer than the suite's per-test timeout)."""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks import leak_heldout

EVERY = 10
"""Every tenth record: ~1,400 items, about 300 leaks per held-out split, a second on a quiet core."""

Results = dict[str, dict[tuple[str, bool], leak_heldout.Tally]]


@pytest.fixture(scope="module")
def sample() -> tuple[Results, list[Any]]:
    """The sample's tallies per split and family (``evaluate(every=EVERY)``) and the default audit of each case,
    audited once for the tests below."""
    audits: list[Any] = []
    return leak_heldout.evaluate(every=EVERY, keep=audits), audits


@pytest.fixture(scope="module")
def sample_results(sample: tuple[Results, list[Any]]) -> Results:
    return sample[0]


@pytest.fixture(scope="module")
def residual() -> dict[str, int]:
    """``sanitizer_residual(every=EVERY)``, computed once for the tests below."""
    return leak_heldout.sanitizer_residual(every=EVERY)


@pytest.fixture(scope="module")
def mismatches(sample: tuple[Results, list[Any]]) -> list[str]:
    """``shortcut_mismatches(every=EVERY)``: the shared default audits against the audits without shortcuts."""
    return leak_heldout.shortcut_mismatches(every=EVERY, defaults=sample[1])


def test_the_sample_meets_the_targets_on_every_split(sample_results: Results) -> None:
    summary = leak_heldout.summarize(sample_results)
    assert set(summary) == {"dev", "heldout", "fresh"}
    for split, s in summary.items():
        assert s["n_leaks"] >= 150 and s["n_controls"] >= s["n_leaks"], (split, s)
        assert s["recall"] >= 0.98, (split, s)
        assert s["false_alarms"] <= 0.01, (split, s)
        # The reference whole-token rule misses the obfuscated families and flags the traps.
        assert s["ref_recall"] < s["recall"] and s["ref_false_alarms"] > 0.5, (split, s)


def test_the_sample_meets_the_targets_with_the_learned_decision_on() -> None:
    # The learned decision (leak scan --learned) adds blocking findings only where the audit does not block:
    # on the team's benchmark it must add no false alarm (its traps are listings and other senses of a label).
    summary = leak_heldout.summarize(leak_heldout.evaluate(every=EVERY, learned=True))
    for split, s in summary.items():
        assert s["recall"] >= 0.98 and s["false_alarms"] == 0.0 and s["n_controls"] >= 150, (split, s)


@pytest.fixture(scope="module")
def every_case() -> list[leak_heldout.Case]:
    """Every case of the benchmark (``cases()``, seeded: the same list each time), made once for the tests below."""
    return list(leak_heldout.cases())


def test_families_and_splits_are_built_from_the_records(every_case: list[leak_heldout.Case]) -> None:
    fams = {(c.split, c.family, c.leak) for c in every_case}
    leak_fams = {f for _s, f, leak in fams if leak}
    control_fams = {f for _s, f, leak in fams if not leak}
    assert len(leak_fams) >= 20 and len(control_fams) >= len(leak_fams)
    assert {s for s, _f, _l in fams} == {"dev", "heldout", "fresh"}
    by_record: dict[str, set[str]] = {}
    for c in every_case:
        by_record.setdefault(c.item["id"].split("|")[0], set()).add(c.split)
    # A record is in dev or in held-out (and its fresh twin), never both.
    assert all(splits in ({"dev"}, {"heldout", "fresh"}) for splits in by_record.values())


def test_the_sample_covers_every_family(every_case: list[leak_heldout.Case]) -> None:
    every = {(c.family, c.leak) for c in every_case}
    sampled = {(c.family, c.leak) for c in leak_heldout.cases(every=EVERY)}
    assert sampled == every


def test_sanitizer_clears_every_planted_family_of_the_sample_keeping_the_schema(residual: dict[str, int]) -> None:
    assert residual == {}


def test_every_sampled_item_gives_the_reference_audit(mismatches: list[str]) -> None:
    # The scan's shortcuts on real records in every representation, leak family and trap: the
    # default audit is the one that walks and searches everything.
    assert mismatches == []


def test_the_benchmark_reports_a_missed_target(
    sample_results: Results, residual: dict[str, int], mismatches: list[str]
) -> None:
    """The dev split's tallies of the sample are ``evaluate(split="dev", every=EVERY)``'s (``evaluate`` tallies
    each case under its own split), and the sanitizer's and the shortcuts' figures are the sample's, all read
    from the shared audits."""
    summary = leak_heldout.summarize({"dev": sample_results["dev"]})
    summary["heldout"] = {**summary["dev"], "recall": 0.5}
    figures = leak_heldout.targets(summary, every=EVERY, residual=residual, differ=mismatches)
    found = {figure: met for figure, _m, _t, met in figures}
    assert found["leak_heldout heldout recall"] is False
    assert found["leak_heldout sanitizer residual"] and found["leak_heldout audit shortcuts"]
