"""A count of the task's input is the input's: a relation restating it explains nothing new.

Review 43: the task counts this week's withdrawals (a list, the input) and bands the count; the stock object outside
the input holds the count on Monday and on Friday, which differ by that count. The difference rode with the band and
was found on every clean record (180 of 180). The number of members of a list the owner names is a value of the
input, so the difference is explained by it; a step that is not the input's count is still found.
"""

from __future__ import annotations

import random

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.model import LeakItem

LABELS = ["low", "medium", "high"]


def _items(*, restates: bool, n: int = 180, seed: int = 1) -> tuple[list[LeakItem], set[str]]:
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        used = rng.randint(0, 11)
        label = "low" if used <= 3 else "medium" if used <= 7 else "high"
        before = rng.randint(40, 120)
        step = used if restates else {"low": 1, "medium": 5, "high": 9}[label]  # a reorder set from the band
        projection = {
            "usage": {"withdrawals": [{"qty": 1, "by": f"W{rng.randint(1, 9)}"} for _ in range(used)]},
            "stock": {"on_hand_monday": before, "on_hand_friday": before - step, "bin": f"B-{rng.randint(1, 40)}"},
        }
        items.append(
            LeakItem.from_mapping({"id": f"s{i}", "expected": label, "label_set": LABELS, "projection": projection})
        )
        if not restates:
            leaking.add(f"s{i}")
    return items, leaking


def test_a_difference_restating_how_many_the_input_lists_is_the_inputs() -> None:
    items, _ = _items(restates=True)
    assert mined_flags(items, ["/usage/withdrawals"], "/stock") == set()


def test_a_difference_set_from_the_band_is_still_found() -> None:
    items, leaking = _items(restates=False)
    assert mined_flags(items, ["/usage/withdrawals"], "/stock") == leaking
