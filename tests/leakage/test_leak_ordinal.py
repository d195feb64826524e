"""Principle 5: a phrase of position on an ordered label set names the label there (both ways)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.ordinal import scale_order

ORDER = ["Low", "Medium", "High", "Critical"]


def _rules(note: str, expected: str, labels: list[str] = ORDER, **extra: Any) -> list[str]:
    projection = {"summary": "Checkout button unresponsive on Safari.", "priority": None, "note": note, **extra}
    item = {"id": "t", "expected": expected, "label_set": labels, "projection": projection}
    return [f.rule for f in audit_item(item).findings if f.blocking]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Bumped it one notch below the top of our scale.", "High"),
        ("Put it at the lowest level on the scale.", "Low"),
        ("Second-highest priority, not an outage.", "High"),
        ("One level above the lowest option.", "Medium"),
        ("Moved up two steps from Low this morning.", "High"),
    ],
)
def test_a_position_on_the_scale_names_the_answer(note: str, expected: str) -> None:
    assert _rules(note, expected) == ["freetext.position"]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Bumped it one notch below the top of our scale.", "Critical"),  # names another label
        ("The office is on the top floor, second door.", "Critical"),  # no scale in sight
    ],
)
def test_another_position_or_no_scale_is_not_a_leak(note: str, expected: str) -> None:
    assert _rules(note, expected) == []


def test_scale_order_prefers_a_stated_order_then_numbers_then_codes() -> None:
    assert scale_order(["A", "B", "C"], ["ordered scale: C < A < B"]) == ["c", "a", "b"]
    assert scale_order(["3 stars", "1 star", "2 stars"], []) == ["1 star", "2 stars", "3 stars"]
    assert scale_order(["Sev1", "Sev2", "Sev3"], []) == ["sev3", "sev2", "sev1"]  # Sev1 is the top
    assert _rules("the second-least severe level on the scale", "Sev3", ["Sev1", "Sev2", "Sev3", "Sev4"]) == [
        "freetext.position"
    ]
