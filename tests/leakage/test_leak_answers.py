"""Principle 2 for a question and its reply (leakage/answers.py): a yes to a question naming one label states
that label, a no on a set of two labels states the other; a question naming no label, two labels, or a label
word in another sense states nothing, and a label phrase asked about is not stated by the question itself."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.answers import confirmed_findings, may_confirm

LMH = ["Low", "Medium", "High"]


def _audit(projection: Any, expected: str = "High", labels: list[str] = LMH) -> tuple[bool, list[str]]:
    rec = {"id": "q", "expected": expected, "label_set": labels, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked, [f.rule for f in fast.findings if f.blocking]


def _probe(question: str, reply: str) -> dict[str, Any]:
    return {
        "ticket": {"id": "T-1", "text": "SSO fails for every user since 9:00. Can you look?"},
        "calls": [{"request": {"role": "user", "content": question}, "response": {"content": reply}}],
    }


@pytest.mark.parametrize(
    ("projection", "expected", "labels"),
    [
        (_probe("Answer Yes or No. Is the correct priority for this ticket 'High'?", "Yes"), "High", LMH),
        ({"thread": ["new one: T-9", "Tier 3?", "yep"]}, "Tier 3", ["Tier 1", "Tier 2", "Tier 3"]),
        (_probe("Is the correct verdict 'Spam'?", "No"), "Not Spam", ["Spam", "Not Spam"]),
    ],
)
def test_a_reply_affirming_a_question_that_names_the_label_states_it(
    projection: Any, expected: str, labels: list[str]
) -> None:
    leaked, rules = _audit(projection, expected, labels)
    assert leaked and "freetext.statement" in rules, rules
    found = confirmed_findings("q", projection, [expected], labels)
    assert [f.pointer.rsplit("/", 1)[-1] for f in found] in (["content"], ["2"])


@pytest.mark.parametrize(
    ("projection", "expected"),
    [
        (_probe("Is the correct priority for this ticket 'High'?", ""), "High"),  # no reply
        (_probe("Does the message contain a phone number?", "No"), "High"),  # names no label
        (_probe("Is it High or Low?", "Yes"), "High"),  # a choice: a yes picks nothing
        (_probe("Is this a high-value customer?", "Yes"), "High"),  # the word in another sense
        (_probe("Is the correct priority for this ticket 'Low'?", "No"), "High"),  # a no on three labels
        (_probe("Is the correct priority for this ticket 'Low'?", "Yes"), "High"),  # another label affirmed
    ],
)
def test_a_question_without_one_label_or_an_affirmation_of_it_states_nothing(projection: Any, expected: str) -> None:
    leaked, rules = _audit(projection, expected)
    assert not leaked, rules


def test_a_label_phrase_asked_about_is_not_stated_by_the_question() -> None:
    tiers = ["Tier 1", "Tier 2", "Tier 3"]
    assert not _audit(_probe("Is the correct tier for this ticket 'Tier 3'?", ""), "Tier 3", tiers)[0]
    assert not _audit({"note": "not Tier 3, the vendor said; waiting"}, "Tier 3", tiers)[0]
    assert _audit({"note": "Tier 3, the vendor said; waiting"}, "Tier 3", tiers)[0]


def test_the_gate_passes_every_projection_the_principle_reads() -> None:
    assert may_confirm(b'{"q": "Is it \'High\'?", "a": "Yes"}')
    assert may_confirm(b'{"q": "Tier 3?", "a": "\\"yep\\""}')
    assert not may_confirm(b'{"q": "Is it High?", "a": "maybe"}')
    assert may_confirm(b'{"chat": "Small or Large?\\nAiko: the latter"}')
    assert not may_confirm(b'{"a": "Yes"}')


@pytest.mark.parametrize(
    ("chat", "expected", "labels"),
    [
        (
            "Kwame: REQ-8 — Small or Large, for effort_size?\nAiko: the second one. I'll update it",
            "Large",
            ["Small", "Medium", "Large"],
        ),
        (
            "Jonas: SUP-5 — Not Spam or Spam, for spam_verdict?\nSofia: the former. later",
            "Not Spam",
            ["Spam", "Not Spam"],
        ),
        ("[09:12] Dev: Low, Medium or High?\n[09:13] Mei: last one, sadly", "High", LMH),
    ],
)
def test_a_reply_picking_an_option_by_its_place_states_it(chat: str, expected: str, labels: list[str]) -> None:
    leaked, rules = _audit({"chat": chat}, expected, labels)
    assert leaked and "freetext.statement" in rules, rules
    other = next(x for x in labels if x != expected)
    assert not _audit({"chat": chat}, other, labels)[0]


def test_the_former_of_a_question_naming_no_label_picks_nothing() -> None:
    chat = "Omar: INC-4 — should we reply in English or Spanish?\nDev: the former. priority still untriaged"
    assert not _audit({"chat": chat}, "High")[0]
