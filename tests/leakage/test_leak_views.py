"""Normalisation views, tokenisation, canonical numbers and dates, decoders: spans land on the original."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.text import Mapped, canonical_view, full_text, full_view, tokens


def hits(text: str, *expected: str) -> list[tuple[str, str, str]]:
    """``(needle, original substring, view)`` per hit."""
    ns = NeedleSet.build(list(expected))
    return [(h.needle.text, text[h.span[0] : h.span[1]], h.view) for h in ns.search(text)]


def test_devanagari_and_accented_words_are_not_split() -> None:
    assert tokens("डिलीवरी बहुत देर से हुई") == ["डिलीवरी", "बहुत", "देर", "से", "हुई"]
    assert tokens("naïve café résiliation") == ["naïve", "café", "résiliation"]
    # a decomposed accent stays inside its word
    assert tokens("cafe\u0301 ok") == ["cafe\u0301", "ok"]


def test_devanagari_label_matches_whole_word_only() -> None:
    assert hits("समीक्षा: नकारात्मक है", "नकारात्मक") == [("नकारात्मक", "नकारात्मक", "raw")]
    # the label is a prefix of a longer word: no match
    assert hits("नकारात्मकता बढ़ी", "नकारात्मक") == []


@pytest.mark.parametrize(
    ("text", "view", "found"),
    [
        ("Priority: High", "raw", "High"),
        ("PRIORITY: HIGH", "casefold", "HIGH"),
        ("ｈｉｇｈ", "casefold", "ｈｉｇｈ"),
        ("Hi\u200bgh", "invisible", "Hi\u200bgh"),
        ("Hi\u00adgh", "invisible", "Hi\u00adgh"),
        ("H\U000e0041igh", "invisible", "H\U000e0041igh"),
        ("Ηigh", "confusable", "Ηigh"),  # Greek capital eta
        ("НIGН", "confusable", "НIGН"),  # Cyrillic en
    ],
)
def test_each_view_finds_and_is_named(text: str, view: str, found: str) -> None:
    assert hits(text, "High") == [("High", found, view)]


def test_accent_insensitive_view() -> None:
    assert hits("motif : resiliation", "résiliation") == [("résiliation", "resiliation", "accent")]
    assert hits("motif : RÉSILIATION", "résiliation") == [("résiliation", "RÉSILIATION", "casefold")]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("h&#105;gh", "h&#105;gh"),
        ("&lt;b&gt;High&lt;/b&gt;", "High"),
        ("q=hi%67h&x=1", "hi%67h"),
        ("\\u0048igh", "\\u0048igh"),
    ],
)
def test_decoded_views_point_at_encoded_characters(text: str, found: str) -> None:
    got = hits(text, "High")
    assert got and got[0][1] == found


def test_base64_blob_is_the_span() -> None:
    blob = base64.b64encode(b"Billing issue").decode()
    text = f"trace {blob} end"
    assert hits(text, "Billing issue") == [("Billing issue", blob, "decoded:base64")]
    # short answers pad their base64: "M" -> "TQ=="
    assert hits("x TQ== y", "M") == [("M", "TQ==", "decoded:base64")]


def test_base64_does_not_fire_on_ordinary_words() -> None:
    assert hits("This text mentions nothing special here", "High") == []


def test_numbers_and_dates_are_canonical() -> None:
    assert canonical_view(full_view(Mapped("paid 1,000.50 on March 5, 2024"))).text == "paid 1000.5 on 2024-03-05"
    assert hits("paid 1,000 dollars", "1000") == [("1000", "1,000", "canonical")]
    assert hits("due 5 March 2024", "2024-03-05") == [("2024-03-05", "5 March 2024", "canonical")]
    assert hits("due 2024-03-05T10:00Z", "March 5, 2024") == [("March 5, 2024", "2024-03-05T10:00Z", "canonical")]


def test_numbers_do_not_match_inside_longer_numbers() -> None:
    assert hits("version 1000.5 and 21000 and 1.1000", "1000") == []
    assert hits("order 3 of 12", "3") == [("3", "3", "raw")]


def test_single_token_is_whole_token_and_phrase_is_bounded() -> None:
    assert hits("The Medium article explains management and format.", "M") == []
    assert hits("Highway to the highlands", "High") == []
    assert hits("billing issues everywhere", "Billing issue") == []
    assert hits("a billing\n   issue, clearly", "Billing issue") == [("Billing issue", "billing\n   issue", "casefold")]
    assert hits("Billing / High", "Billing/High") == [("Billing/High", "Billing / High", "raw")]


def test_aho_corasick_path_agrees_with_plain_search() -> None:
    many = [f"label{i}" for i in range(40)] + ["High"]
    text = "x label7 y High z label39"
    ns_many = NeedleSet.build(many)
    got = sorted((h.needle.text, h.span) for h in ns_many.search(text))
    plain = sorted((h.needle.text, h.span) for n in many for h in NeedleSet.build([n]).search(text))
    assert got == plain
    assert len(got) == 3


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=20))
def test_full_text_is_the_full_views_text(text: str) -> None:
    # The pre-check folds decoded base64 with full_text: the same text as the scanner's view.
    assert full_text(text) == full_view(Mapped(text)).text
