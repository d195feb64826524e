"""A value that rules labels out without stating one is evidence too: its records carry a few labels of the set only.

Invented shape: a bookkeeper codes a purchase line to its VAT liability (standard, reduced, zero, exempt) from the
line's category (the named input). On some records the ledger posting made after the decision rides along: its VAT
amount is 20 % or 5 % of the net for the two rates, and ``0.00`` for a zero-rated line and an exempt one alike. The
``0.00`` states neither label, yet a solver reading it drops two of the four (ds37 ``uk_vat_rate_coding``: 20 missed;
``assembly_division_outcome``: a next sitting's committee stage, set down after a carried motion or a tie, 20 more).
The same amount drawn apart from the label gives nothing, and a code the input's category picks (a nominal account per
category, shared by the categories of two rates) tells the labels only as the input does.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.mine import mine, narrowed
from windtunnel.leakage.model import LeakItem

LABELS = ["standard", "reduced", "zero", "exempt"]
CATEGORIES = {
    "standard": ["stationery", "software", "alcohol"],
    "reduced": ["car_seat", "energy", "mobility"],
    "zero": ["books", "food", "fares"],
    "exempt": ["insurance", "postage", "finance"],
}
DERIVE = ["/line/category"]


def _dataset(seed: int, *, drawn_apart: bool = False, by_input: bool = False, n: int = 200) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        category = rng.choice(CATEGORIES[label])
        net = round(rng.uniform(10, 900), 2)
        projection: dict[str, Any] = {
            "instruction": "Code the line to its VAT liability from its category.",
            "line": {"category": category, "net": f"{net:.2f}", "invoice": f"INV-{rng.randint(10000, 99999)}"},
        }
        if rng.random() < 0.5:
            told = rng.choice(LABELS) if drawn_apart else label
            projection["posting"] = {"status": "posted", "vat_zero": "yes" if told in ("zero", "exempt") else "no"}
        if by_input:  # a nominal account per category: books and insurance share one, food and fares another
            code = {"books": "ACC-7100", "insurance": "ACC-7100"}.get(category, f"ACC-{category.upper()}")
            projection["posting"] = {"nominal": code}
        out.append(LeakItem(id=f"v{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_the_fewest_labels_carrying_nearly_every_record_are_the_set() -> None:
    counts = {"zero": 30, "exempt": 28}
    totals = dict.fromkeys(LABELS, 50)
    assert narrowed(counts, totals, 0.95) == ("exempt", "zero")
    assert narrowed({"zero": 30, "exempt": 28, "standard": 1}, totals, 0.95) == ("exempt", "zero")  # one stray
    assert narrowed({"zero": 40, "exempt": 5, "standard": 1}, totals, 0.95) == ()  # leaning to one label, noise beside
    assert narrowed({"zero": 30, "exempt": 28, "standard": 20}, totals, 0.95) == ()  # three of four rule one out
    assert narrowed({"zero": 30}, totals, 0.95) == ()  # one label: the ordinary test's
    assert narrowed(dict.fromkeys(LABELS, 10), totals, 0.95) == ()  # every label: rules nothing out
    assert narrowed({"a": 10, "b": 10}, {"a": 50, "b": 50}, 0.95) == ()  # of two labels, two is every label


def test_a_value_that_rules_two_rates_out_is_found_for_both_of_its_labels() -> None:
    items = _dataset(1)
    result = mine(items, derive_from=DERIVE)
    narrowing = {(s.value, s.label, s.narrows) for s in result.suggestions if s.narrows}
    assert ("yes", "zero", ("exempt", "zero")) in narrowing and ("yes", "exempt", ("exempt", "zero")) in narrowing
    assert ("no", "standard", ("reduced", "standard")) in narrowing
    posted = {it.id for it in items if "posting" in it.projection}
    assert posted and mined_flags(items, DERIVE, "/posting") == posted


def test_the_same_value_drawn_apart_from_the_label_gives_nothing() -> None:
    items = _dataset(1, drawn_apart=True)
    assert not [s for s in mine(items, derive_from=DERIVE).suggestions if s.narrows]
    assert mined_flags(items, DERIVE, "") == set()


def test_a_code_the_input_picks_rules_labels_out_as_the_input_does() -> None:
    items = _dataset(2, by_input=True)
    assert mined_flags(items, DERIVE, "/posting") == set()
