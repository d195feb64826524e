"""Without ``--derive-from``: prose every record holds whose texts repeat, some of them one label's, stays the possible
content: nothing in the counts tells an upstream step's canned note beside filler from the content itself.

A canned note per label on some records beside a pool of ordinary remarks every label's records share (a rider), a
customer's message vague on most records and telling on some beside the help desk's automatic acknowledgement (the
content), a text written record by record, a pool of phrasings per label: all are read as the possible input, for
review, not mined as leaks. A rider so written is a known miss of mode (a); ``--derive-from`` finds it. A measurement
that repeats is never asked. (Long strings of codes and tables held in a string: ``test_mine_inferred_codes.py``.)
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import mine

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


def test_a_canned_note_beside_shared_filler_stays_the_possible_content() -> None:
    # a known miss of mode (a): its counts are those of the thread below, whose one-label texts are the content
    found = items(2, _notes)
    assert "/notes/*/text" in mine(found).prose  # prose that may be the input: not mined
    assert not leaks(found)["/notes/*/text"]


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


ACK = [
    "Thanks for contacting us, an agent will reply within one business day.",
    "We have received your message and opened a ticket for you.",
    "Your request is in our queue; please do not reply to this automatic message.",
]


def _thread(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    message = _message(rng, i, label)
    thread = [{"from": "customer", "text": message.pop("message")}, {"from": "bot", "text": rng.choice(ACK)}]
    return {**message, "thread": thread}


def test_a_message_beside_an_automatic_acknowledgement_stays_the_possible_content() -> None:
    # the acknowledgement is the shared text beside the message's one-label texts, as filler beside a rider is
    assert "/thread/*/text" not in leaks(items(5, _thread))


def test_a_measurement_that_repeats_is_not_asked() -> None:
    def reading(rng: random.Random, i: int, label: str) -> dict[str, Any]:
        low = {"reversed": 70, "kept": 75, "deferred": 80}[label]
        return {"nadir": rng.randint(low, low + 12)}

    assert "/nadir" not in leaks(items(5, reading))  # its repeated values ride with labels: it is the input
