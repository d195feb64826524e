"""Principle 4: a text ruling out every label but one states the one left (both ways)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.elimination import elimination_findings

LABELS = ["Hardware", "Software", "Network", "Access"]


def _audit(projection: Any, expected: str = "Network", labels: list[str] = LABELS) -> list[str]:
    audit = audit_item({"id": "t", "expected": expected, "label_set": labels, "projection": projection})
    return [f.rule for f in audit.findings if f.blocking]


@pytest.mark.parametrize(
    "text",
    [
        "Checked against the rubric: definitely not Hardware, Software or Access.",
        "Reviewer 2: it is none of Hardware, Software or Access - only one option remains.",
        "QA pass: ruled out Hardware, Access and Software. What's left is the answer.",
        "Not Hardware. Not Software either, and we excluded Access after the call.",
        "neither hardware nor software, and not access",
    ],
)
def test_ruling_out_every_other_label_states_the_answer(text: str) -> None:
    assert _audit({"comment": text}) == ["freetext.elimination"]


@pytest.mark.parametrize(
    "text",
    [
        "definitely not Hardware or Software.",  # Access still stands
        "Is it not Hardware, Software or Access?",  # a question rules nothing out
        "not Hardware, Software or Access, and not Network either",  # the answer ruled out too
        "Hardware, Software, Network or Access: pick one.",  # a listing, no negation
    ],
)
def test_leaving_more_than_one_label_or_asking_is_not_a_leak(text: str) -> None:
    assert _audit({"comment": text}) == []


def test_a_no_answer_to_a_label_rules_it_out() -> None:
    mail = "Received: from mx1\r\nX-Spam-Flag: NO\r\nSubject: Lease addendum\r\n\r\nHi Tom"
    found = elimination_findings("t", {"raw": mail}, ["Ham"], ["Spam", "Ham"])
    assert [(f.pointer, f.rule) for f in found] == [("/raw", "freetext.elimination")]
    span = found[0].span
    assert span is not None and mail[span[0] : span[1]] == "Spam-Flag: NO"
    assert _audit({"raw": mail.replace("NO", "YES")}, "Ham", ["Spam", "Ham"]) == []
    assert _audit({"q": "Spam? no idea, have a look"}, "Ham", ["Spam", "Ham"]) == []


def test_false_flags_on_every_other_label() -> None:
    assert _audit({"flags": {"is_urgent": False}}, "Normal", ["Urgent", "Normal"]) == ["freetext.elimination"]
    assert _audit({"flags": {"is_urgent": True}}, "Normal", ["Urgent", "Normal"]) == []


def test_a_table_of_words_is_not_a_flag() -> None:
    assert _audit({"ui_strings": {"yes": "Yes", "no": "No", "cancel": "Cancel"}}, "yes", ["yes", "no"]) == []
