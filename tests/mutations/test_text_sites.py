"""The per-prompt work the text generators cache and prefilter finds exactly what a full search finds."""

from __future__ import annotations

import pytest

from windtunnel.mutations._common import WORD_RE
from windtunnel.mutations.text import _CONTRACTION_RES, _TXT_SPEAK, _contractions, _letters, _slang_spans, _words

PROMPTS = [
    "I do not know what is here",
    "DO NOT cancel; I AM sure it IS NOT late",
    "don't won't can't isn't aren't I'm I've I'd it's you're what's let's there's",
    "ſo I do not know what iſ here",  # long s: Unicode case folding matches "s"
    "what \u212aind of order",  # Kelvin sign
    "cannot, can not, canNOT",
    "",
    "İstanbul: YOU are great, please see straße and you're ok",  # lower-casing "İ" adds a character
    "Where is my order number 42, and when will it ship? Thanks!",
]


@pytest.mark.parametrize("prompt", PROMPTS)
def test_contraction_rules_found_are_every_rule_that_matches(prompt: str) -> None:
    assert _contractions(prompt) == [(rx, a, b) for rx, a, b in _CONTRACTION_RES if rx.search(prompt)]


def _spans(matches: list) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in matches]


@pytest.mark.parametrize("prompt", PROMPTS)
def test_letters_and_words_found_are_what_a_character_by_character_search_finds(prompt: str) -> None:
    assert _letters(prompt) == [i for i, c in enumerate(prompt) if c.isalpha()]
    assert [(m.span(), low) for m, low in _words(prompt)] == [
        (m.span(), m.group().lower()) for m in WORD_RE.finditer(prompt)
    ]
    assert _spans(_slang_spans(prompt)) == _spans(
        [
            m
            for m in WORD_RE.finditer(prompt)
            if _TXT_SPEAK.get(m.group().lower(), m.group().lower()) != m.group().lower()
        ]
    )
