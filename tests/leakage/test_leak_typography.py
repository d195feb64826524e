"""Typography that hides a quoted label from the decision or the match: the quotation marks of other
languages (``„High“``, ``”High”``, ``»High«``, ``「High」``) quote a label as ASCII quotes do, and a reply's
quote marks (``> ``) that a mail client wrapped between the words of a label are not part of the text.
Each both ways, on forms of our own (docs/leakage.md, principle 2 and the views list)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.sanitize import sanitize_item
from windtunnel.leakage.views.mail import reply_quotes

LMH = ["Low", "Medium", "High"]
SPAM = ["Spam", "Not Spam"]


def _leaks(projection: Any, expected: str = "High", label_set: list[str] = LMH) -> bool:
    rec = {"id": "t", "expected": expected, "label_set": label_set, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


@pytest.mark.parametrize(
    "note",
    [
        "Sätter den till ”High” tills vidare.",  # Swedish / Finnish: the same mark on both sides
        "Oznaczam zgłoszenie jako „High” do odwołania.",  # Polish / Hungarian: „…”
        "Vagten har vurderet den som »High« i nat.",  # Danish / German: »…«
        "Ich setze das auf ‚High‘, bis wir mehr wissen.",  # German single quotes
        "担当者の判断では「High」とのこと。",  # Japanese corner brackets
    ],
)
def test_a_label_alone_in_another_languages_quotation_marks_is_quoted(note: str) -> None:
    assert _leaks({"ticket": {"id": "T-1", "priority": None}, "notes": [{"text": note}]})


@pytest.mark.parametrize(
    "note",
    [
        "Erlaubt sind „Low“, „Medium“ oder „High“.",  # a listing, whatever quotes its members wear
        "Tillåtna värden: ”Low”, ”Medium”, ”High”.",
        "Der Hafen meldet „High tide“ seit dem Morgen.",  # the quotes hold a longer phrase
        "Le slogan « High » est rejeté.",  # French quotes with blanks inside: a word, not glued marks
    ],
)
def test_a_listing_or_a_longer_phrase_in_those_marks_is_not(note: str) -> None:
    assert not _leaks({"ticket": {"id": "T-1", "priority": None}, "notes": [{"text": note}]})


QUOTED = (
    "Hello, any news?\n\nOn Mon, 2 Feb 2026, Desk <desk@example.com> wrote:\n"
    "> > Our filter looked at your message and marked it as Not\n"
    "> > Spam, so it went to the team.\n> >\n> > Regards"
)
PENDING = QUOTED.replace("marked it as Not\n> > Spam, so it went", "will mark it after\n> > a review, then it goes")


def test_a_label_wrapped_inside_a_quoted_reply_reads_as_one_phrase() -> None:
    assert _leaks({"raw_email": QUOTED, "ticket": {"id": "T-2", "verdict": None}}, "Not Spam", SPAM)
    assert not _leaks({"raw_email": PENDING, "ticket": {"id": "T-2", "verdict": None}}, "Not Spam", SPAM)


def test_a_markdown_blockquote_wraps_a_label_too() -> None:
    comment = "> The bot set the category of this issue to Account\n> Access on Monday.\n\nAgreed."
    labels = ["Billing", "Account Access", "Shipping"]
    assert _leaks({"comment": comment, "issue": {"id": "GH-7"}}, "Account Access", labels)
    other = comment.replace("set the category of this issue to Account\n> Access", "asked about Account\n> settings")
    assert not _leaks({"comment": other, "issue": {"id": "GH-7"}}, "Account Access", labels)


def test_only_a_quote_mark_with_a_blank_after_it_is_removed() -> None:
    # a ``>`` glued to a word, or a tag's ``>`` closing a line, is no quote mark
    assert reply_quotes("a\n>b") == []
    assert reply_quotes('<div class="x"\n>High</div>') == []
    text = "intro\n> a\n>> b\n> > c\n>\nend"
    assert [text[a:b] for a, b, _ in reply_quotes(text)] == ["> ", ">> ", "> > ", ">"]


def test_sanitize_cuts_the_quoted_label_and_keeps_a_clean_reply_byte_identical() -> None:
    item = {"id": "s", "expected": "Not Spam", "label_set": SPAM, "projection": {"raw_email": QUOTED}}
    out = sanitize_item(item)
    assert out.residual == []
    assert out.item.projection != item["projection"]
    clean = {"id": "c", "expected": "Not Spam", "label_set": SPAM, "projection": {"raw_email": PENDING}}
    assert sanitize_item(clean).item.projection == clean["projection"]
