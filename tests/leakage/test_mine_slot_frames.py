"""A note filled in per record with a date, a time or a name in one slot is mined as a book of its frames, both ways.

A payroll exception's comment thread: beside comments any exception gets, a supervisor's note states the cause in a
fixed wording filled in with the day, the time or a manager's name (``Se le olvidó marcar la salida el Feb 07; salió a
las 6:05 pm.``, ``OT of 2.50 h wasn't pre-authorized, Javier needs to approve``). Hardly two notes are the
same text, so no value counts; read with their numbers masked and one token left free, each wording is one frame,
and the field's frames each ride with one exception type. The same wordings drawn apart from the exception give
nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.codebook import MIN_VALUE, slot_frames
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["missing_punch", "unapproved_overtime", "rate_mismatch", "duplicate_entry"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MANAGERS = ["Javier", "Owen", "Beatriz", "Daniel", "Rosa", "Tariq"]
GENERIC = ["can someone look at this one before the cutoff?", "adding to the batch for this period", ""]
DERIVE = ["/timecard"]


def _note(label: str, rng: random.Random) -> str:
    day, month, hours = rng.randint(1, 28), rng.choice(MONTHS), rng.uniform(1, 12)
    return {
        "missing_punch": f"Se le olvidó marcar la salida el {month} {day:02d}; salió a las {rng.randint(3, 7)}:05 pm.",
        "unapproved_overtime": f"OT of {hours:.2f} h wasn't pre-authorized, {rng.choice(MANAGERS)} needs to approve",
        "rate_mismatch": f"La tarifa en nómina no coincide con la del aumento de {month} {day:02d}.",
        "duplicate_entry": f"same shift keyed twice for {month} {day:02d}, one of them should go",
    }[label]


def _dataset(seed: int, *, leak: bool, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        comments = [rng.choice(GENERIC)]
        if i % 9 == 0:
            comments.append(_note(label if leak else rng.choice(LABELS), rng))
        projection: dict[str, Any] = {
            "timecard": {"hours": round(rng.uniform(20, 55), 2), "punches": rng.randint(3, 10)},
            "comments": [{"text": c} for c in comments],
        }
        out.append(LeakItem(id=f"p{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_notes_filled_in_per_record_are_mined_through_their_frames() -> None:
    items = _dataset(3, leak=True)
    noted = {it.id for it in items if len(it.projection["comments"]) == 2}
    texts = [it.projection["comments"][1]["text"] for it in items if it.id in noted]
    assert max(Counter(texts).values()) < MIN_VALUE  # no note text is held by enough records to count as a value
    result = mine(items, derive_from=DERIVE)
    books = [s for s in result.suggestions if s.kind == "field" and s.pointer == "/comments/*/text"]
    assert {s.label for s in books} == {it.expected[0] for it in items if it.id in noted}
    assert any("OT of #.# h wasn't pre-authorized, … needs to approve" in s.value for s in books)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert set(flagged) == noted
    assert all(f.pointer.endswith("/text") for fs in flagged.values() for f in fs)


def test_the_same_notes_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(4):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.pointer == "/comments/*/text"], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_slot_frames_part_the_texts() -> None:
    by_text = {
        "OT wasn't approved, Javier to sign": {1},
        "OT wasn't approved, Owen to sign": {2},
        "payroll used the old rate on Jan 04": {3},
        "payroll used the old rate on Feb 19": {4},
        "payroll used the old rate on Feb 21": {5},
        "short note": {6},
        "a one-off remark nobody repeats here": {7},
    }
    frames = slot_frames(by_text)
    assert frames is not None
    records, wholes = frames
    assert records["OT wasn't approved, … to sign"] == {1, 2}
    assert records["payroll used the old rate on … #"] == {3, 4, 5}
    assert records["short note"] == {6} and records["a one-off remark nobody repeats here"] == {7}
    assert sorted(wholes["payroll used the old rate on … #"]) == sorted(t for t in by_text if "old rate" in t)
    assert slot_frames({"a b c d": {1}, "e f g h": {2}}) is None  # nothing merges: the values are the frames


TITLES = {
    "missing_punch": ["Forgot to clock out", "No out punch Friday"],
    "unapproved_overtime": ["Overtime without approval", "Extra hours not approved"],
    "rate_mismatch": ["Wrong pay rate applied", "Rate change not keyed"],
    "duplicate_entry": ["Shift entered twice", "Double clock in"],
}


def test_a_link_built_from_the_input_title_is_the_input_signal() -> None:
    # the case page's URL is the title's slug and a case number: with the numbers masked, a title's URLs share one
    # frame, which rides with the label only because the title (the named input) does
    rng = random.Random(7)
    items = []
    for i in range(160):
        label = rng.choice(LABELS)
        title = rng.choice(TITLES[label])
        slug = "-".join(title.lower().split())
        projection = {
            "case": {"title": title},
            "links": {"page": f"https://payroll.example/cases/{slug}-{rng.randint(10000, 99999)}"},
        }
        items.append(LeakItem(id=f"u{i}", expected=[label], projection=projection, label_set=LABELS))
    result = mine(items, derive_from=["/case"])
    assert not [s for s in result.suggestions if s.pointer == "/links/page"]
    assert not dict(mined_findings(items, result, derive_from=["/case"]))


def test_without_derive_from_a_note_s_frames_are_not_mined() -> None:
    """Without ``--derive-from`` nothing tells an upstream note filled in per record from the content the record is
    answered from (a commit message on the records that have no ticket title, its wording following the change type):
    the same notes give no frame book, in either shape."""
    items = _dataset(3, leak=True)
    result = mine(items)
    assert not [s for s in result.suggestions if s.kind == "field" and s.pointer == "/comments/*/text"]
    with_input = mine(items, derive_from=DERIVE)
    assert [s for s in with_input.suggestions if s.kind == "field" and s.pointer == "/comments/*/text"]
