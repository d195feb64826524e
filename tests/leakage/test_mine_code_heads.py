"""The leading part of a hierarchical code is mined as a class of its own, both ways.

A ledger export: an upstream coder writes a four-digit sub-account on some records, every value unique or nearly so,
whose first two digits are the account group the label names (``44K7`` for group ``44``). No whole value reaches any
floor; the heads ``44…``, ``52…`` each ride with one label, and the field is found through them. The same codes drawn
apart from the label, a quantity whose values come in several lengths, and a four-digit field whose heads are spread
over the labels (a year) give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import code_heads, mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["44", "52", "61", "73"]
DERIVE = ["/memo"]
WORDS = ["invoice", "freight", "rent", "travel", "licence", "repair", "fee", "refund"]


def _dataset(seed: int, *, leak: bool, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        projection: dict[str, Any] = {
            "memo": " ".join(rng.sample(WORDS, 3)),
            "amount": str(rng.randint(1, 99999)),
            "year": str(rng.choice([2019, 2020, 2021, 2022, 2023])),
        }
        if rng.random() < 0.25:
            group = label if leak else rng.choice(LABELS)
            code = f"{group}{rng.choice('ABCDEFGHJK')}{rng.randrange(10)}"  # not a number: no range of numbers holds it
            projection["coder"] = {"sub_account": code, "score": f"0.{rng.randint(50, 99)}"}
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_code_whose_head_rides_with_the_label_is_mined_through_its_head() -> None:
    items = _dataset(3, leak=True)
    result = mine(items, derive_from=DERIVE)
    heads = [s for s in result.suggestions if s.pointer == "/coder/sub_account"]
    assert heads and all(s.kind == "field" and s.value.endswith("…") and s.purity == 1.0 for s in heads)
    # one head per label, the shortest that holds its codes (``4…`` and ``44…`` hold the same ones: one is kept)
    assert sorted(s.label for s in heads) == sorted({s.label for s in heads})
    assert all(s.label.startswith(s.value[:-1]) for s in heads)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    coded = {it.id for it in items if "coder" in it.projection}
    assert flagged and set(flagged) <= coded  # found through the codes' whole values, on the records holding them
    assert not any(s.pointer in ("/amount", "/year", "/coder/score") for s in result.suggestions)


def test_codes_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(4):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not result.suggestions, seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_only_codes_of_one_length_give_heads() -> None:
    codes = {"2681": {1}, "2642": {2}, "3215": {3}}
    heads = code_heads(codes, 2)
    assert heads is not None
    assert heads[0] == {"26": {1, 2}, "32": {3}} and heads[1] == {"26": ["2681", "2642"], "32": ["3215"]}
    assert code_heads({"7": {1}, "12": {2}, "1234": {3}}, 1) is None  # a quantity: its leading digit is magnitude
    assert code_heads({"0.72": {1}, "0.68": {2}, "1.05": {3}}, 1) is None  # a measure
    assert code_heads({"open": {1}, "hold": {2}}, 1) is None  # words, not codes
    assert code_heads({"2681": {1}}, 2) is None  # one value: nothing to compare
    assert code_heads({"26": {1}, "32": {2}}, 2) is None  # the head would be the whole value
    # a head stops at the code's first separator: 36-12-06 is read as 36, not 36-
    assert code_heads({"36-12-06": {1}, "21-30-01": {2}}, 3) is None
    assert code_heads({"36-12-06": {1}, "21-30-01": {2}}, 2) == (
        {"36": {1}, "21": {2}},
        {"36": ["36-12-06"], "21": ["21-30-01"]},
    )
