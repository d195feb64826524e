"""A label given to another record's thing in a sentence is about that record (principle 3, via the dataset).

Invented going reports: each record is one racecourse's (its ``course`` field); the press office adds the goings of
other meetings that day (``Other meetings today: Chepstow Good to Soft; Wetherby Good to Firm.``). Where another
course's going happens to be this record's answer, the item-level audit reads the phrase as the answer; the dataset
shows ``course`` holds names other records hold too, and the sentence names one of them, not this record's, beside
the label: about that meeting, for review. A sentence naming this record's own course keeps its finding.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.call_count import calls_made
from windtunnel.leakage import audit_item
from windtunnel.leakage.agreement import _beside_texts, agreement_of, entity_names
from windtunnel.leakage.model import ItemAudit, LeakItem

GOINGS = ["Heavy", "Soft", "Good to Soft", "Good", "Good to Firm", "Firm"]
COURSES = ["Ascot", "Chepstow", "Wetherby", "Haydock Park", "Market Rasen", "Goodwood", "Sandown Park"]


def _reports(n: int, *, own_going: bool = False, seed: int = 3) -> list[LeakItem]:
    """``n`` going reports; one in three carries the other meetings' goings (the second one's as this meeting's on
    about half of them); with ``own_going``, one in four states its own course's going in the bulletin too (the
    leak)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        level = rng.randrange(len(GOINGS))
        readings = [round(4.5 + level + rng.random(), 1) for _ in range(4)]
        course = COURSES[i % len(COURSES)]
        bulletin: list[str] = ["Car parks open at 10:00."]
        if i % 3 == 0:
            a, b = rng.sample([c for c in COURSES if c != course], 2)
            # the same day's weather: the second meeting's going is this one's more often than chance (ds21: 29 of 52),
            # not always (a slot the label follows would be this record's value)
            second = GOINGS[level] if rng.random() < 0.5 else rng.choice(GOINGS)
            bulletin.append(f"Other meetings today: {a} {rng.choice(GOINGS)}; {b} {second}.")
        if own_going and i % 4 == 1:
            bulletin.append(f"Clerk's word for today: {course} {GOINGS[level]} on the round course.")
        projection: dict[str, Any] = {
            "instruction": "Declare the official going for today's turf from the mean GoingStick reading.",
            "clerk_report": {"course": course, "readings": readings},
            "press_office": bulletin,
        }
        out.append(LeakItem(id=f"g{i}", expected=[GOINGS[level]], projection=projection, label_set=GOINGS))
    return out


def _blocking(items: list[LeakItem]) -> dict[str, set[str]]:
    agreement = agreement_of(items, derive_from=("/clerk_report/readings",))
    out = {}
    for it in items:
        audit = audit_item(it)
        adjusted = agreement.adjust(ItemAudit(audit.item, audit.findings, it.line, audit.sources))
        out[it.id] = {f.pointer for f in adjusted.findings if f.blocking}
    return out


def _phrased(it: LeakItem) -> bool:
    """The record's going is a phrase of words (``Good to Firm``): alone, the item-level audit reads it in prose as
    the answer; a one-word going (``Soft``) needs a tie to the task there."""
    return " " in it.expected[0]


def test_another_meetings_going_is_for_review_and_says_why() -> None:
    items = _reports(168)
    other = [
        it
        for it in items
        if len(it.projection["press_office"]) > 1
        and _phrased(it)
        and it.projection["press_office"][1].endswith(f" {it.expected[0]}.")
    ]
    # the premise: alone, the record's own label in another course's slot reads as the answer
    assert len(other) >= 8 and all(any(f.blocking for f in audit_item(it).findings) for it in other)
    assert _blocking(items) == {it.id: set() for it in items}
    agreement = agreement_of(items, derive_from=("/clerk_report/readings",))
    audit = audit_item(other[0])
    adjusted = agreement.adjust(ItemAudit(audit.item, audit.findings, other[0].line, audit.sources))
    (f,) = [f for f in adjusted.findings if f.pointer == "/press_office/1" and "another record holds" in f.detail]
    assert f.severity == "low" and "/clerk_report/course" in f.detail


def test_the_own_courses_going_stays_a_leak() -> None:
    items = _reports(84, own_going=True)
    leaks = _blocking(items)
    stating = [it for it in items if _phrased(it) and any("Clerk's word" in s for s in it.projection["press_office"])]
    assert len(stating) >= 6 and all(leaks[it.id] for it in stating)
    # and no other course's going is a leak beside them
    assert all(
        ps <= {f"/press_office/{len(it.projection['press_office']) - 1}"} for it in items if (ps := leaks[it.id])
    )


def test_a_slot_that_follows_the_label_stays_a_leak_beside_another_courses_name() -> None:
    # review 42: "the course stays Good like Ascot yesterday" in Kempton's report gives Kempton's own going beside
    # another course's name; the slot follows the label over the dataset (a value), so the name does not clear it
    items = _reports(84)
    rng = random.Random(5)
    for i, it in enumerate(items):
        if i % 2:
            other = rng.choice([c for c in COURSES if c != it.projection["clerk_report"]["course"]])
            note = f"Update: the course stays {it.expected[0]} like {other} yesterday. Next inspection at 07:30."
            it.projection["press_office"] = [*it.projection["press_office"], note]
    leaks = _blocking(items)
    # (a going of several words holds one-word goings, whose own slots are at chance: another mechanism's matter)
    stating = [it for i, it in enumerate(items) if i % 2 and not _phrased(it)]
    assert len(stating) >= 20 and all(leaks[it.id] for it in stating)


def test_the_fields_of_names_and_a_name_beside_a_label() -> None:
    rows: list[dict[str, float | str]] = [{"/course": c, "/track": "Round course", "/n": 3.0} for c in COURSES * 2]
    assert entity_names(rows, {"good"}) == {"/course": frozenset(COURSES)}  # "Round course": not a name
    assert entity_names(rows[:4], set()) == {}  # a name held once is no other record's
    s = "Other meetings today: Chepstow Good to Soft; Wetherby was Good to Firm."
    at = s.index("Good to Firm")
    assert "Wetherby" in _beside_texts(s, at, at + 12, 4)  # one word between
    assert "Chepstow" not in _beside_texts(s, at, at + 12, 4)  # another label's name
    s2 = "Good to Firm at Ascot today."
    assert "Ascot" in _beside_texts(s2, 0, 12, 4)
    assert "Newton Abbot" in _beside_texts("Good to Firm at Newton Abbot.", 0, 12, 4)  # a name of two words
    assert "Ascot" not in _beside_texts("Ascot reported heavy rain overnight, Good to Firm by noon.", 38, 50, 4)


def _many_courses(n: int) -> list[LeakItem]:
    """``n`` reports of ``n / 2`` courses, each report's sentence giving its own going without naming its course (QA-42
    review: each mention was checked against every name of the field, a regex built per name)."""
    rng = random.Random(n)
    syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "ve", "so", "di", "pa", "ho", "ze"]
    out = []
    for i in range(n):
        k = i // 2
        name = "".join(syllables[(k // 12**j) % 12] for j in range(4)).capitalize() + " Park"
        going = rng.choice(GOINGS)
        projection = {
            "meeting": {"course": name},
            "readings": {"goingstick": round(rng.uniform(4, 12), 1)},
            "clerk_notes": f"Clerk report for the meeting: the going here is {going} after the morning walk today.",
        }
        out.append(LeakItem(id=f"m{i}", expected=[going], projection=projection, label_set=GOINGS))
    return out


def test_the_work_of_the_other_names_grows_linearly_with_the_records() -> None:
    def work(n: int) -> int:
        items = _many_courses(n)
        audits = [audit_item(it) for it in items]
        agreement_of(items)  # warm the per-label caches

        def run() -> None:
            agreement = agreement_of(items)
            for a in audits:
                agreement.adjust(a)

        return calls_made(run)

    small, large = work(150), work(600)
    assert large <= 4 * small * 1.25, (small, large)  # each mention against every name: 6.7 times
