"""The blind agent reads a value made of the record's own input words as the input (leakage/simulate.py via
leakage/input_explained.py), as mining does with ``--derive-from``; a planted code beside the copied words stays.

Invented newsroom stories: the desk is told by the headline (a pool of headlines per desk), and the CMS slug is the
headline's first words and a number. A third of the sports slugs carry a planted ``spo`` prefix.
"""

from __future__ import annotations

from collections import Counter

from tests.leakage.newsroom_items import stories
from windtunnel.leakage.input_explained import copied_from_input
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_predictions_cv, selected_features

DESKS = {
    "sports": ["Hawks trade veteran guard", "Marathon organisers extend course", "Rowing club wins regatta"],
    "science": ["Coral bleaching event spreads", "Comet visible after sunset", "Bird flu found in herd"],
    "metro": ["Library branch reopens downtown", "Bus route cut back", "Water main breaks overnight"],
}
HEADLINE = ["/story/headline"]


def _stories(seed: int, *, planted: bool, n: int = 180) -> list[LeakItem]:
    return stories(DESKS, seed, planted=planted, n=n)


def _texts(features: dict[tuple[str, str, str], Counter[str]]) -> set[str]:
    return {text for kind, _t, text in features if kind in ("token", "ngram", "value")}


def test_the_agent_reads_a_slug_of_the_headlines_words_as_the_input_and_keeps_a_planted_prefix() -> None:
    items = _stories(3, planted=True)
    kept = _texts(selected_features(items, derive_from=HEADLINE))
    assert "spo" in kept
    assert all("spo" in text for text in kept)  # the prefix alone, or beside copied words
    # without the input named, the slug's words ride with the desk as any value does
    assert {"coral", "hawks", "library"} <= _texts(selected_features(items))


def test_a_slug_of_copied_words_alone_leaves_the_agent_at_chance() -> None:
    items = _stories(4, planted=False)
    answers = [it.expected[0] for it in items]

    def right(preds: list[str]) -> int:
        return sum(p == a for p, a in zip(preds, answers, strict=True))

    assert right(blind_predictions_cv(items, derive_from=HEADLINE)) <= len(items) // 3 + 12
    assert right(blind_predictions_cv(items)) > len(items) * 2 // 3  # the words read as any value


def test_copied_from_input_needs_every_holders_input_and_the_place_to_tell_the_label() -> None:
    # 40 sci records, 20 of them with 'coral' in their input; 40 metro records with 'bus'; one metro with both
    words = [frozenset({"coral"})] * 20 + [frozenset({"comet"})] * 20 + [frozenset({"bus"})] * 40
    labels = ["sci"] * 40 + ["metro"] * 40
    holders = {"coral": set(range(10)), "spo": set(range(10)), "coral bus": {0, 1, 2}, "comet": {0, 21, 22}}
    # 'spo' is in no input; 'coral bus' and 'comet' are not in every holder's input
    assert copied_from_input(holders, str, words, labels) == {"coral"}
    assert copied_from_input(holders, str, words, labels, min_support=11) == set()
    words[79] = frozenset({"coral", "bus"})  # the place of 'coral' now holds a metro record: it is not pure
    assert copied_from_input(holders, str, words, labels) == set()
