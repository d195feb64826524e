"""The per-prompt work the text generators cache and prefilter finds exactly what a full search finds."""

from __future__ import annotations

import pytest

from windtunnel.mutations.text import _CONTRACTION_RES, _contractions

PROMPTS = [
    "I do not know what is here",
    "DO NOT cancel; I AM sure it IS NOT late",
    "don't won't can't isn't aren't I'm I've I'd it's you're what's let's there's",
    "ſo I do not know what iſ here",  # long s: Unicode case folding matches "s"
    "what \u212aind of order",  # Kelvin sign
    "cannot, can not, canNOT",
    "",
]


@pytest.mark.parametrize("prompt", PROMPTS)
def test_contraction_rules_found_are_every_rule_that_matches(prompt: str) -> None:
    assert _contractions(prompt) == [(rx, a, b) for rx, a, b in _CONTRACTION_RES if rx.search(prompt)]
