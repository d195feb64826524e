"""The arithmetic of ``benchmarks/leak_scan.py --floor`` (the lead states the floor from it)."""

from __future__ import annotations

import pytest
from benchmarks import leak_scan


def test_floor_sums_the_needed_passes_less_the_loop() -> None:
    passes = {name: 1.0 for name in leak_scan._NEEDED_PASSES}
    passes |= {"empty loop": 0.1, "plan_blob (whole pre-check after serialising)": 50.0}
    need, shown = leak_scan.floor_line(passes)
    assert need == pytest.approx(0.9 * len(leak_scan._NEEDED_PASSES))
    assert f"{need:.1f}" in shown


def test_floor_ratio_counts_clean_items_at_their_passes_and_walked_items_as_measured() -> None:
    st = {"audit, walked": 70.0, "audit, clean": 18.0, "clean items": 4, "walked items": 1}
    # parse 3 µs; per item 3 + (4 * 10 + 70) / 5 = 25
    assert leak_scan.floor_ratio(3.0, 10.0, st) == pytest.approx(3.0 / 25.0)
    assert leak_scan.floor_ratio(3.0, 10.0, st | {"clean items": 0}) == pytest.approx(3.0 / 73.0)


def test_the_walked_budget_reaches_the_target_exactly() -> None:
    st = {"audit, walked": 70.0, "audit, clean": 18.0, "clean items": 4, "walked items": 1}
    budget = leak_scan.walked_budget(3.0, 10.0, st, 0.1)
    assert leak_scan.floor_ratio(3.0, 10.0, st | {"audit, walked": budget}) == pytest.approx(0.1)
    assert leak_scan.walked_budget(3.0, 10.0, st, 0.5) < 0  # clean items alone exceed what 0.5 allows


def test_the_glue_line_is_the_whole_pre_check_less_its_passes() -> None:
    passes = {name: 2.0 for name in leak_scan._PLAN_PASSES} | {"empty loop": 0.5}
    passes["plan_blob (whole pre-check after serialising)"] = 30.5
    n = len(leak_scan._PLAN_PASSES)
    want = f"passes timed alone {1.5 * n:.1f} µs of plan_blob's 30.0 (rest {30.0 - 1.5 * n:.1f})"
    assert leak_scan.glue_line(passes) == want
    del passes["definitions"]
    assert leak_scan.glue_line(passes) == ""  # a build without that pass: nothing claimed
