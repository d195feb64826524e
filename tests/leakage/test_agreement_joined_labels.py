"""A mention is listed with the labels joined to it, not with every label near it, both ways.

An emergency department's handover note reads ``B: bed 12, triage category 3, pain 2/10.`` for a qSOFA task whose
labels are ``0`` to ``3``: the triage category and the pain score are numbers of scales of their own, drawn apart from
the score. The category's ``3`` stands two words from the pain's ``2``: read as a listing of labels, its records were
counted apart and the slot's evidence — the category's number at chance over the dataset — did not clear the item-level
reading of ``category`` as the task's word (ds28 ``qsofa_ed``: 8 false alarms). Labels joined by a comma, a slash or
``or`` are still a listing (``Answer 0, 1, 2 or 3``), and a category that is the record's score is still found.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.audited import agreed_flags
from windtunnel.leakage.mentions import item_mentions
from windtunnel.leakage.model import LeakItem

LABELS = ["0", "1", "2", "3"]


def _raw(n: int, *, follows: bool, seed: int = 4) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        category = label if follows else str(rng.randint(1, 5))
        note = (
            f"S: {rng.choice(['fall at home', 'productive cough', 'fever and rigors'])}. B: bed {rng.randint(4, 24)},"
            f" triage category {category}, pain {rng.randint(0, 9)}/10. R: bloods sent, review by registrar."
        )
        projection = {"instruction": "Give the qSOFA score. Answer 0, 1, 2 or 3.", "obs": {"rr": 20 + i % 7}}
        projection["handover_note"] = note
        out.append({"id": f"q{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return out


def _flagged(raw: list[dict[str, Any]]) -> set[str]:
    return agreed_flags(raw, ["/obs/rr"], "/handover_note")


def _listed(text: str, expected: str) -> dict[str, bool]:
    item = LeakItem.from_mapping({"id": "a", "expected": expected, "label_set": LABELS, "projection": {"t": text}})
    return {m.label: m.listed for m in item_mentions(item)}


def test_labels_joined_by_listing_marks_are_listed_and_labels_of_two_fields_are_not() -> None:
    assert _listed("Answer 0, 1, 2 or 3.", "2") == {"0": True, "1": True, "2": True, "3": True}
    assert _listed("bed 12, triage category 3, pain 2/10", "3") == {"3": False, "2": False}


def test_a_category_drawn_apart_from_the_score_is_cleared_by_the_dataset() -> None:
    assert _flagged(_raw(160, follows=False)) == set()


def test_a_category_that_is_the_score_is_still_found() -> None:
    raw = _raw(160, follows=True)
    flagged = _flagged(raw)
    assert len(flagged) >= 150
