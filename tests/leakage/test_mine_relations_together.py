"""Counts a later stage updated: their difference is a relation, and two relations held together leave one label.

A climbing gym's rope inspection decides keep, inspect or retire from the rope's age, its logged falls and its sheath
(the named input). On some records the inventory a later stage updated is filled in: the ropes in service and in
quarantine, before and after. A kept rope leaves both counts as they were; one set aside for inspection moves from
service to quarantine (-1, +1); a retired one leaves service only (-1, 0). The ratio of a count to the one before
changes with the count; the difference does not: ``active_after - active_before`` is -1 on inspected and retired
ropes, ``quarantine_after - quarantine_before`` 0 on kept and retired ones — each rules a label out, together they
leave the retired ones (ds28 ``climbing_rope_retirement``: 15 missed). The same counts moved at random give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.relations import derived

LABELS = ["keep", "inspect", "retire"]
STEP = {"keep": (0, 0), "inspect": (-1, 1), "retire": (-1, 0)}
DERIVE = ["/rope/months", "/inspection/falls", "/inspection/sheath"]


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 150, extra: int = 0) -> list[LeakItem]:
    """``extra`` more counts in the inventory, drawn apart from the label (zero on half the records)."""
    rng, noise = random.Random(seed), random.Random(9)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        active, quarantine = rng.randint(30, 45), rng.randint(0, 5)
        filled = rng.random() < 0.5
        moved = STEP[rng.choice(LABELS)] if drawn_apart else STEP[label]
        inventory: dict[str, Any] = {
            "active_before": active,
            "active_after": active + moved[0] if filled else None,
            "quarantine_before": quarantine,
            "quarantine_after": quarantine + moved[1] if filled else None,
        }
        for j in range(extra):
            inventory[f"misc{j}"] = 0 if noise.random() < 0.5 else noise.randint(1, 9)
        projection = {
            "rope": {"id": f"R-{100 + i}", "months": rng.randint(1, 80)},
            "inspection": {"falls": rng.randint(0, 2500), "sheath": rng.choice(["ok", "glazed"])},
            "inventory": inventory,
        }
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _flagged(items: list[LeakItem]) -> set[str]:
    return mined_flags(items, DERIVE, "/inventory")


def test_the_difference_of_two_whole_numbers_of_one_object_is_derived() -> None:
    got = {(d.relation, d.value) for d in derived({"inv": {"a_after": 40, "a_before": 41, "q": 2.5}})}
    assert (("difference", "/inv/a_after", "/inv/a_before"), "-1") in got
    assert not any(rel[0] == "difference" and "/inv/q" in rel for rel, _v in got)  # not of a fraction
    apart = derived({"a": {"n": 40}, "b": {"n": 41}})  # two objects: no difference
    assert not any(d.relation[0] == "difference" for d in apart)


def test_counts_updated_after_the_decision_are_found_for_every_label() -> None:
    items = _dataset(7)
    filled = {it.id for it in items if it.projection["inventory"]["active_after"] is not None}
    retired = {it.id for it in items if it.id in filled and it.expected == ["retire"]}
    flagged = _flagged(items)
    assert retired and retired <= flagged  # the two relations together
    assert flagged == filled


def test_counts_moved_at_random_give_nothing() -> None:
    assert _flagged(_dataset(7, drawn_apart=True)) == set()
