"""The learned decision's training script (benchmarks/leak_learn.py): its units are the product's hits, with the
product's features (imported, so the table and the product agree), and those come from the item alone."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")  # the training script's only extra; not a dependency of the product

from benchmarks import leak_learn  # noqa: E402
from benchmarks.leak_heldout import reference_leaks  # noqa: E402

from windtunnel.leakage import learned  # noqa: E402
from windtunnel.leakage.model import LeakItem  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"


def _items(batch: str) -> list[dict]:
    lines = (DATA / batch / "items.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("batch", ["blind7", "blind9"])
def test_answer_and_correlated_hits_flag_exactly_the_items_the_naive_scan_flags(batch: str) -> None:
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
        hits = learned.naive_hits(LeakItem.from_mapping(item), list(learned.parts(item["projection"])))
        assert any(h.kind != "alias" for h in hits) == ref, item["id"]
        flagged += ref
        for h in hits:  # each hit points at the needle's characters in its string
            assert h.part.text.casefold()[h.start : h.end].split() == h.needle.casefold().split()
    assert flagged > 50


def test_the_script_scores_the_products_features() -> None:
    raws = _items("blind9")[:40]
    names: dict[int, set[str]] = defaultdict(set)
    batch = leak_learn.load_batch("blind9", raws, names=names)
    assert batch.units
    want = set()
    for raw in raws:
        it = LeakItem.from_mapping({k: v for k, v in raw.items() if k != "truth"})
        for _h, feats in learned.item_hit_features(it, []):
            want |= set(feats)
    got = {x for ns in names.values() for x in ns}
    assert {x for x in want if not x.startswith("a:")} <= got


def test_features_do_not_depend_on_the_id() -> None:
    raw = next(r for r in _items("blind9") if r["truth"]["leak"] and "correlated_values" in r)
    item = {k: v for k, v in raw.items() if k != "truth"}
    a = learned.item_hit_features(LeakItem.from_mapping(item), [])
    b = learned.item_hit_features(LeakItem.from_mapping({**item, "id": "renamed-0001"}), [])
    assert [f for _h, f in a] == [f for _h, f in b] and a


def test_the_model_learns_a_separable_rule_and_scores_an_item_by_its_best_hit() -> None:
    units = [leak_learn.Unit(i, np.array([0, 1 + i % 2]), i % 2, False) for i in range(40)]
    w = leak_learn.fit(units, l2=1e-3)
    assert w[2] > 0 > w[1]
    batch = leak_learn.Batch("t", [False, True], [False, False], [True, True], [])
    batch.units = [
        leak_learn.Unit(0, np.array([0, 1]), 0, False),
        leak_learn.Unit(1, np.array([0, 1]), 0, False),
        leak_learn.Unit(1, np.array([0, 2]), 1, False),
    ]
    s = leak_learn.item_scores(batch, w)
    assert s[1] > s[0]
