"""Principle 6 for a layout (leakage/containment.py): this record's element placed inside one label's region
(by a reference to the region's id, or by its box) states that label; regions alone, or an element outside
every region, or another record's element, state nothing."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.containment import containment_findings, may_contain

LMH = ["Low", "Medium", "High"]


def _board(card: dict[str, Any], others: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    frames = [
        {"type": "frame", "id": f"fr{i}", "name": name, "x": 640 * i, "y": 0, "width": 600, "height": 900}
        for i, name in enumerate(LMH)
    ]
    text = {"type": "text", "id": "t0", "text": "Drag each card into its priority column.", "x": 0, "y": -80}
    elements = [text, *frames, *(others or []), {"type": "text", "id": "c1", **card}]
    return {"ticket": {"id": "SUP-35238", "priority": None}, "board": {"elements": elements}}


def _audit(projection: Any, expected: str) -> tuple[bool, list[str]]:
    rec = {"id": "b", "expected": expected, "label_set": LMH, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked, [f.rule for f in fast.findings if f.blocking]


CARD = {"text": "SUP-35238\nSSO login loop", "width": 180, "height": 90}


@pytest.mark.parametrize(
    "card",
    [
        {**CARD, "x": 700, "y": 300, "frameId": None},  # inside Medium's box
        {**CARD, "x": 5000, "y": 5000, "frameId": "fr1"},  # Medium's id, wherever it is drawn
    ],
)
def test_this_records_card_in_one_region_states_its_label(card: dict[str, Any]) -> None:
    leaked, rules = _audit(_board(card), "Medium")
    assert leaked and "direct.selection" in rules, rules
    assert not _audit(_board(card), "High")[0]
    assert containment_findings("b", _board(card), ["Medium"], LMH)


def test_a_card_outside_every_region_or_another_records_card_states_nothing() -> None:
    assert not _audit(_board({**CARD, "x": 100, "y": 1200}), "Low")[0]  # the unsorted area
    other = {
        "type": "text",
        "id": "c9",
        "text": "SUP-99999\nPrinter jam",
        "x": 20,
        "y": 300,
        "width": 180,
        "height": 90,
    }
    projection = _board({**CARD, "x": 100, "y": 1200}, [other])
    assert not _audit(projection, "Low")[0]  # another ticket's card in Low's frame
    assert may_contain(b'{"width": 1, "height": 2}') and not may_contain(b'{"x": 1}')
