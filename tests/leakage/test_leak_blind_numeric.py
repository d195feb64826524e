"""The ``blind`` agent's weighing of a numeric field's ranges.

A numeric field's ranges weigh each label by its share among the records holding the field: a grade whose records
are all scored must not outweigh the one whose interval the score lies in because the other's records are often left
unscored. The datasets are invented.
"""

from __future__ import annotations

import random
from collections import Counter

from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_with_drivers

GRADES = ["A", "B", "C", "D", "F"]
BANDS = {"A": (90, 99), "B": (80, 89), "C": (70, 79), "D": (60, 69), "F": (30, 59)}
SHARE = {"A": 0.3, "B": 0.3, "C": 0.3, "D": 0.3, "F": 1.0}
"""The share of each grade's records that hold a score (the rest are ungraded); every failing record is scored."""


def _gradebook(n: int, seed: int) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        grade = rng.choices(GRADES, [0.2, 0.35, 0.25, 0.12, 0.08])[0]
        proj: dict[str, object] = {"student": f"S{rng.randrange(10**6):06d}", "status": "ungraded"}
        if rng.random() < SHARE[grade]:
            proj["status"] = "graded"
            proj["points"] = rng.randint(*BANDS[grade])
        out.append(LeakItem(id=f"s{i}", expected=[grade], label_set=GRADES, projection=proj))
    return out


def test_a_score_held_by_part_of_the_records_answers_the_scored_ones_by_its_interval() -> None:
    items = _gradebook(300, 8)
    preds, _drivers = blind_with_drivers(items, derive_from=(), folds=5, seed=0)
    right: Counter[bool] = Counter(
        p == it.expected[0] for p, it in zip(preds, items, strict=True) if "points" in it.projection
    )
    assert right[True] >= 0.75 * right.total(), right  # 0.86; main before the fix: 0.53
