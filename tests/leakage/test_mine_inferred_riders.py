"""Without ``--derive-from``: what the inferred input leaves out, so that mining reads it as a rider.

Prose every record holds, read before as the task's possible content and so not mined, whose texts are a pool of
ordinary remarks every label's records share, and on some records one more beside it in a canned sentence of their
label (:func:`~windtunnel.leakage.mine.rides_beside`): an upstream step's words beside filler, mined as prose outside
the input is.

Both ways: a text written record by record, a pool of phrasings per label on every record, one text per record that
is vague on most records and tells the label on some (a customer's message), and shared texts whose label shares
differ (graded) stay the possible content, and a measurement is never asked. (Long strings of codes and tables held in
a string: ``test_mine_inferred_codes.py``.)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.mine import mine, rides_beside

from .inferred_data import items, leaks

FILLER = [
    "Orbit refreshed overnight, nothing else to add here.",
    "Ephemeris sent over, covariance looks realistic to us.",
    "Tracking data updated this morning with the new passes.",
]
CANNED = {
    "reversed": "Prepare the avoidance burn and confirm at the next pass.",
    "kept": "Keep watching the next messages before any decision is made.",
    "deferred": "Nothing to do on our side for this one, closing it now.",
}


def _notes(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    notes = [{"text": rng.choice(FILLER)}]
    if i % 4 == 0:
        notes.append({"text": CANNED[label]})
    return {"notes": notes}


def test_a_canned_note_beside_shared_filler_is_a_leak() -> None:
    found = items(2, _notes)
    assert "/notes/*/text" not in mine(found).inputs
    assert leaks(found)["/notes/*/text"] == sum(1 for it in found if len(it.projection["notes"]) > 1)


def _pool(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    own = [CANNED[label], CANNED[label].replace("the", "our"), CANNED[label].upper()]
    return {"notes": [{"text": rng.choice(FILLER)}, {"text": rng.choice(own)}]}


def test_phrasings_of_each_label_on_every_record_stay_the_possible_content() -> None:
    assert "/notes/*/text" not in leaks(items(3, _pool))


def _written(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    words = ["leak", "noise", "stain", "draft", "rattle", "squeak", "wobble", "damp", "creak", "gap"]
    told = {"reversed": "E41", "kept": "E07", "deferred": "E19"}[label]  # the content's own code of the label
    text = [rng.choice(words) for _ in range(9)]
    text.insert(rng.randrange(10), told)
    return {"notes": [{"text": " ".join(text)}]}


def test_text_written_record_by_record_stays_the_possible_content() -> None:
    # read as a rider, its codes of one label would be leaks on every record
    assert "/notes/*/text" not in leaks(items(4, _written))


VAGUE = [
    "Hello, I have a problem and need some help please.",
    "Something is not working the way it should for me.",
    "Can someone from your team get back to me soon?",
    "I tried a few things already but nothing has helped.",
    "This has been going on for a while, please look into it.",
]
SPECIFIC = {
    "reversed": ["I was charged twice for my subscription this month.", "Please refund the extra fee on my invoice."],
    "kept": ["The app crashes every time I open the settings page.", "I get an error when I upload a large file."],
    "deferred": ["I cannot log in since I changed my email address.", "Please merge my two accounts into one."],
}


def _message(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    message = rng.choice(SPECIFIC[label]) if rng.random() < 0.35 else rng.choice(VAGUE)
    return {"ticket": {"id": f"TK-{10000 + i}", "channel": rng.choice(["email", "chat", "web"])}, "message": message}


def test_one_text_per_record_vague_on_most_and_telling_on_some_stays_the_possible_content() -> None:
    assert "/message" not in leaks(items(5, _message))  # read as a rider, its telling messages would be leaks


def test_riders_beside_filler_in_counts() -> None:
    shared = [Counter({"a": 10, "b": 11, "c": 9}), Counter({"a": 9, "b": 10, "c": 10})]
    riders = [Counter({"a": 5}), Counter({"b": 4}), Counter({"c": 5})]
    assert rides_beside([*shared, *riders], 90)
    assert not rides_beside(riders, 90)  # no shared text: a pool per label, maybe the content
    assert not rides_beside([*shared, *riders, Counter({"a": 40})], 90)  # one label's texts on most records
    graded_shared = [Counter({"a": 25, "b": 5, "c": 1}), Counter({"a": 1, "b": 5, "c": 25})]
    assert not rides_beside([*graded_shared, *riders], 90)  # shared texts shift the odds: the content
    pairs = [Counter({"a": 2}), Counter({"b": 2}), Counter({"c": 2})] + [Counter({"a": 1, "b": 1})] * 9
    assert not rides_beside([*shared, *pairs], 90)  # remarks combined at random: as many one-label texts as chance
    values = [*shared, *riders]
    assert not rides_beside(values, 90, [0, 0, 5, 4, 5])  # each one-label text the record's only one there
    assert rides_beside(values, 90, [30, 29, 0, 1, 0])  # beside another text on nearly every record


def test_a_measurement_that_repeats_is_not_asked() -> None:
    def reading(rng: random.Random, i: int, label: str) -> dict[str, Any]:
        low = {"reversed": 70, "kept": 75, "deferred": 80}[label]
        return {"nadir": rng.randint(low, low + 12)}

    assert "/nadir" not in leaks(items(5, reading))  # its repeated values ride with labels: it is the input
