"""The learned-decision experiment (benchmarks/leak_learn.py): its units are exactly the naive scan's hits, and
its features come from the item alone (an item's id and truth never change them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")  # the experiment's only extra; not a dependency of the product

from benchmarks import leak_learn  # noqa: E402
from benchmarks.leak_heldout import reference_leaks  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"


def _items(batch: str) -> list[dict]:
    lines = (DATA / batch / "items.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("batch", ["blind7", "blind9"])
def test_naive_hits_flag_exactly_the_items_the_naive_scan_flags(batch: str) -> None:
    flagged = 0
    for raw in _items(batch):
        item = {k: v for k, v in raw.items() if k != "truth"}
        ref = reference_leaks(
            {
                "projection": item["projection"],
                "expected": str(item["expected"]),
                "correlated_values": [str(v) for v in item.get("correlated_values") or []],
            }
        )
        hits = leak_learn.naive_hits(item)
        assert bool(hits) == ref, item["id"]
        flagged += ref
        for h in hits:  # each hit points at the needle's characters in its string
            assert h.part.text.casefold()[h.start : h.end].split() == h.needle.casefold().split()
    assert flagged > 50


def test_features_do_not_depend_on_the_id_or_truth() -> None:
    raw = next(r for r in _items("blind9") if r["truth"]["leak"] and leak_learn.naive_hits(r))
    other = {**raw, "id": "renamed-0001", "truth": {"leak": False, "kind": "trap", "family": "x"}}
    for item in (raw, other):
        hits = leak_learn.naive_hits(item)
        parts = list(leak_learn._parts(item["projection"]))
        item["_f"] = [leak_learn.hit_features(item, h, hits, leak_learn.audit_view(item), parts) for h in hits]
    assert raw["_f"] == other["_f"] and raw["_f"][0]


def test_the_model_learns_a_separable_rule_and_scores_an_item_by_its_best_hit() -> None:
    units = [leak_learn.Unit(i, np.array([0, 1 + i % 2]), i % 2) for i in range(40)]
    w = leak_learn.fit(units, l2=1e-3)
    assert w[2] > 0 > w[1]
    batch = leak_learn.Batch("t", [False, True], [False, False], [True, True], [])
    batch.units = [
        leak_learn.Unit(0, np.array([0, 1]), 0),
        leak_learn.Unit(1, np.array([0, 1]), 0),
        leak_learn.Unit(1, np.array([0, 2]), 1),
    ]
    s = leak_learn.item_scores(batch, w)
    assert s[1] > s[0]
