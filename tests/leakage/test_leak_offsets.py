"""Principle 6 for character offsets (leakage/offsets.py): a span of this record's annotation that selects a
label in a text of the record states it; a null span, or one selecting a name, states nothing."""

from __future__ import annotations

from typing import Any

from windtunnel.leakage import audit_item
from windtunnel.leakage.offsets import may_offset

LMH = ["Low", "Medium", "High"]
FORM = "Request form v4\nPriority (pick one): Medium  /  Low  /  High\nSubmitted by: Hana Novak\n"


def _audit(annotation: dict[str, Any], expected: str) -> tuple[bool, list[str]]:
    projection = {"record": {"id": "TCK-1", "form_text": FORM}, "annotations": [annotation]}
    rec = {"id": "o", "expected": expected, "label_set": LMH, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked, [f.rule for f in fast.findings if f.blocking]


def _span(word: str) -> tuple[int, int]:
    a = FORM.index(word)
    return a, a + len(word)


def test_offsets_selecting_the_label_in_a_text_of_the_record_state_it() -> None:
    a, b = _span("High")
    for ann in (
        {"field": "priority", "source": "form_text", "answer_start": a, "answer_end": b},
        {"field": "priority", "start": a, "end": b},
    ):
        leaked, rules = _audit(ann, "High")
        assert leaked and "direct.selection" in rules, rules
        assert not _audit(ann, "Low")[0]


def test_a_null_span_or_one_selecting_no_label_states_nothing() -> None:
    a, b = _span("Hana Novak")
    assert not _audit({"field": "requester", "answer_start": a, "answer_end": b}, "High")[0]
    assert not _audit({"field": "priority", "answer_start": None, "answer_end": None}, "High")[0]
    a, b = _span("Hig")  # not a whole word
    assert not _audit({"field": "priority", "answer_start": a, "answer_end": b}, "High")[0]
    assert may_offset(b'{"answer_start": 1, "answer_end": 2}') and not may_offset(b'{"x": 1}')
