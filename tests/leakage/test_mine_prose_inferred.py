"""Without ``--derive-from``: prose outside the inferred input is mined, and the inferred input tells records apart.

A note an upstream step wrote on some records only, in one canned sentence per label (a bot's summary, a nurse's
template), cannot be what every record is answered from; its whole text and the codes among its words (a glyph) ride
with the label and are leaks, as they are once the owner names the input. A text every record holds (a complaint, a
note drawn from a pool of a few phrasings per label) may be the content, so it is not mined. And items sharing such
a canned sentence are different records when what they hold in the fields read as the input differs (the customer,
the complaint): they were one record, and the note's support was one.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["urgent", "routine", "deferred"]
WORDS = ["leak", "noise", "smell", "crack", "stain", "draft", "rattle", "flicker", "drip", "hum", "squeak", "wobble"]
PLACES = ["kitchen", "hallway", "bathroom", "attic", "basement", "garage", "porch", "bedroom"]
NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Max", "Ned", "Oz", "Pia"]
CANNED = {
    "urgent": "Sent the crew straight over, this one cannot wait.",
    "routine": "Booked into the normal weekly rotation for the crew.",
    "deferred": "Parked until the next budget cycle opens in spring.",
}
GLYPH = {"urgent": "🔴", "routine": "🟢", "deferred": "🟡"}
POOL = {  # what every record holds, a few phrasings per label: maybe the content
    "urgent": ["Water is coming through the ceiling right now.", "Sparks came out of the socket this morning."],
    "routine": ["The hinge squeaks a little when it opens.", "A tile in the corner has come a bit loose."],
    "deferred": ["Would like the hallway repainted at some point.", "Maybe replace the old carpet next year or so."],
}


def _record(rng: random.Random, n: int, label: str, *, noted: bool, pooled: bool) -> dict[str, Any]:
    body = (
        f"There is a {rng.choice(WORDS)} near the {rng.choice(PLACES)} and a {rng.choice(WORDS)} by the door"
        f" for {rng.randint(2, 300)} days"
    )
    projection: dict[str, Any] = {
        "task": "Decide how soon the crew goes out.",
        "request": {"tenant": f"{rng.choice(NAMES)} {rng.choice(NAMES)}son", "unit": f"{rng.randint(1, 40)}B"},
        "complaint": body,
    }
    if pooled:
        projection["triage_note"] = rng.choice(POOL[label])
    if noted:
        projection["dispatch"] = {"note": CANNED[label], "chat": f"{GLYPH[label]} crew told about unit {n}, thanks all"}
    return {"id": f"w{n}", "expected": [label], "projection": projection}


def _items(seed: int, *, noted: float = 0.3, pooled: bool = False, n: int = 240) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        r = _record(rng, i, label, noted=rng.random() < noted, pooled=pooled)
        out.append(LeakItem(id=r["id"], expected=r["expected"], projection=r["projection"], label_set=LABELS))
    return out


def _leaks(items: list[LeakItem]) -> dict[str, int]:
    """Pointer (list indices kept) → how many items hold a mined leak (not for review) there."""
    result = mine(items)
    out: dict[str, int] = {}
    for _id, findings in mined_findings(items, result):
        for f in findings:
            if f.blocking:
                out[f.pointer] = out.get(f.pointer, 0) + 1
    return out


def test_a_canned_note_on_some_records_is_a_leak_without_derive_from() -> None:
    items = _items(1)
    leaks = _leaks(items)
    noted = sum("dispatch" in it.projection for it in items)
    assert leaks.get("/dispatch/note") == noted  # the whole canned text, on every record carrying it
    assert leaks.get("/dispatch/chat") == noted  # the glyph among the chat line's words
    assert "/complaint" not in leaks


def test_items_sharing_a_canned_note_are_told_apart_by_their_input() -> None:
    items = _items(2)
    result = mine(items)
    assert result.records == len(items)  # each tenant's request its own record, the note shared or not
    assert "/request/tenant" in result.inputs


def test_renderings_of_one_record_stay_one_record() -> None:
    base = _items(3, n=60)
    twins = [
        LeakItem(id=f"{it.id}-again", expected=it.expected, projection=dict(it.projection), label_set=LABELS)
        for it in base
    ]
    result = mine(base + twins)
    assert result.records == len(base)


def test_a_text_every_record_holds_is_not_mined_as_prose() -> None:
    items = _items(4, noted=0.0, pooled=True)
    assert "/triage_note" not in _leaks(items)  # a few phrasings per label on every record: maybe the content


def test_a_note_some_records_hold_in_varied_words_gives_no_leak() -> None:
    rng = random.Random(5)
    items = _items(5, noted=0.0)
    for it in items[::3]:
        it.projection["aside"] = " ".join(rng.choice(WORDS + PLACES) for _ in range(9))
    assert "/aside" not in _leaks(items)


def test_prose_in_a_field_read_as_the_input_is_not_mined_however_few_items_hold_prose_there() -> None:
    """A log message drawn from a pool per label, short on most records: the field is read as the input (varied
    within a label), so the codes in its longer messages (``v3``, ``30s``) are its own words, not a rider."""
    pool = {
        "urgent": ["disk full", "pager fired twice", "deprecated flag --legacy-auth removed in v3 next week", "oom"],
        "routine": ["cron done", "backup ok", "retry budget reset after 30s of idle time on worker", "sync ok"],
        "deferred": ["cache warm", "gc pause", "config reloaded", "noted"],
    }
    rng = random.Random(6)
    items = _items(6, noted=0.0)
    for it in items:
        it.projection["message"] = rng.choice(pool[it.expected[0]])
    result = mine(items)
    assert "/message" in result.inputs
    assert "/message" not in _leaks(items)
