"""A text the same in records of every label does not tell the label (leakage/held_texts.py, via agreement.py).

Invented gym placements: a handbook pasted into every record defines every level (`Total 6-8 = advanced`), and
every record has the key `effort_score_1_3` whatever its label. Each form makes a per-item finding on the record
whose label it happens to name; across the dataset the text agrees with the record's label no more than chance, so
the finding is for review. A text that rides with one label (a placement note on the advanced records only, the
same words every time) keeps its findings: the test is what the text predicts, not that it repeats.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage import audit_item
from windtunnel.leakage.agreement import agreement_of
from windtunnel.leakage.held_texts import HeldTexts, texts_of
from windtunnel.leakage.model import ItemAudit, LeakItem

LEVELS = ["beginner", "intermediate", "advanced"]
HANDBOOK = (
    "Placement: score each answer 0/1/2 and add them up. Total 0-2 = beginner, 3-5 = intermediate, 6-8 = advanced."
)
SCALE = ["1", "2", "3"]


def _items(n: int, *, note: bool = False, seed: int = 0) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LEVELS[i % 3]
        projection: dict[str, Any] = {
            "handbook": HANDBOOK,
            "answers": {"months": rng.randint(0, 40), "sessions": rng.randint(0, 6)},
        }
        if note and label == "advanced":
            projection["coach_note"] = "Placement: advanced"
        out.append(LeakItem(id=f"g{i}", expected=[label], projection=projection, label_set=LEVELS))
    return out


def _leaks(items: list[LeakItem]) -> dict[str, set[str]]:
    """Per item, the pointers of its blocking findings once the dataset's evidence is applied."""
    return _leaks_with(items, ())


def test_the_item_level_audit_flags_the_handbook_alone() -> None:
    """The premise: without the dataset, the definition of the record's own level is a finding."""
    items = _items(30)
    assert all(any(f.blocking and f.pointer == "/handbook" for f in audit_item(it).findings) for it in items)


def test_a_handbook_in_every_record_is_for_review_and_says_why() -> None:
    items = _items(60)
    assert _leaks(items) == {it.id: set() for it in items}
    agreement = agreement_of(items)
    audit = audit_item(items[2])
    adjusted = agreement.adjust(ItemAudit(audit.item, audit.findings, items[2].line, audit.sources))
    (f,) = [f for f in adjusted.findings if f.pointer == "/handbook"]
    assert f.severity == "low" and "the same text is held by 60 records, 20 of them" in f.detail


def test_a_note_on_one_label_only_stays_a_leak_beside_the_handbook() -> None:
    items = _items(60, note=True)
    leaks = _leaks(items)
    assert {i for i, ps in leaks.items() if ps} == {it.id for it in items if it.expected == ["advanced"]}
    assert all(ps == {"/coach_note"} for ps in leaks.values() if ps)


def test_too_few_records_leave_the_item_level_decision() -> None:
    """Five records cannot show a text is at chance (``HELD_SUPPORT``): the handbook's findings stand."""
    leaks = _leaks(_items(5))
    assert any("/handbook" in ps for ps in leaks.values())


BITE = ["Level 1", "Level 2", "Level 3", "Level 4", "Level 5"]
KENNEL = "Kennel: Level 3 isolation ward, run 14."


def _bites(n: int, *, kennel_on: str) -> list[LeakItem]:
    """Invented bite reports: the level follows from the deepest puncture; a follow-up list drawn from a pool of
    notes holds the kennel's ward on some records, of every level (``kennel_on="any"``, one record in five), or on
    the Level 3 records only (``"level3"``)."""
    rng = random.Random(11)
    out = []
    for i in range(n):
        level = (i // 5) % 5 if i % 5 == 0 else i % 5  # the holders of a note on one record in five: every level
        depth = 3 * level + rng.randint(0, 2)
        label = BITE[level]
        notes = rng.sample(["Owner informed.", "Photos taken at intake.", "Vet check booked."], 1)
        if (kennel_on == "any" and i % 5 == 0) or (kennel_on == "level3" and label == "Level 3"):
            notes.insert(0, KENNEL)
        projection = {"wound": {"max_depth_mm": depth}, "follow_up": notes}
        out.append(LeakItem(id=f"b{i}", expected=[label], projection=projection, label_set=BITE))
    return out


def test_a_note_of_a_list_naming_one_label_on_records_of_every_label_is_for_review() -> None:
    """A list's member is a text too: the same note on 9 records of several levels says nothing of the record's own
    level, on the records of the level it names as on the others (before: list members were left out of the texts,
    and 9 records were too few, so the Level 3 records holding it were called leaking)."""
    items = _bites(45, kennel_on="any")
    holders = [it for it in items if KENNEL in it.projection["follow_up"]]
    assert len(holders) == 9 and len({it.expected[0] for it in holders}) >= 3
    alone = [it for it in holders if it.expected == ["Level 3"]]
    assert alone and all(any(f.blocking for f in audit_item(it).findings) for it in alone)  # the premise
    assert all(not ps for ps in _leaks_with(items, ("/wound",)).values())


def test_a_note_on_one_level_only_stays_a_leak() -> None:
    items = _bites(45, kennel_on="level3")
    leaks = _leaks_with(items, ("/wound",))
    assert {i for i, ps in leaks.items() if ps} == {it.id for it in items if it.expected == ["Level 3"]}


def test_a_key_every_record_has_is_for_review_in_the_scan(tmp_path: Path) -> None:
    rng = random.Random(4)
    raw = []
    for i in range(48):
        label = SCALE[i % 3]
        projection = {"vitals": {"effort_score_1_3": rng.choice([0, 1, 2]), "weight_kg": rng.randint(40, 90)}}
        raw.append({"id": f"v{i}", "expected": label, "label_set": SCALE, "projection": projection})
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in raw), encoding="utf-8")
    flagged_alone = [audit_item(LeakItem.from_mapping(r)) for r in raw]
    assert any(f.blocking and f.target == "key" for a in flagged_alone for f in a.findings)
    out = io.BytesIO()
    outcome = scan_flow(ScanRequest(dataset=path, fmt="json", stream=out))
    report = json.loads(out.getvalue())
    assert outcome.status == "passed" and report["summary"]["leaked_items"] == 0


def test_texts_are_counted_by_record_and_place() -> None:
    held = HeldTexts()
    for row, text in enumerate(["same", "same", "same", "other"]):
        held.add(row, {"a": text})
    held.decide([0, 1, 2, 3], ["x", "y", "x", "x"], 3)
    keys = texts_of({"a": "same"})
    assert held.held(keys[("/a", "value")], "x") == (3, 2)
    assert held.held(keys[("/a", "key")], "y") == (4, 1)
    assert held.held(texts_of({"a": "other"})[("/a", "value")], "x") is None  # one record: too few
    assert texts_of({"a": "Same", "b": "none"}, ["same"]) == {("/a", "value"): ("/a", "value", hash("Same"))}
    # a value that is just a label is the mention evidence's (by record); a list's member is a text like any other
    assert set(texts_of({"l": ["x y", "X"], "v": "X", "w": "x z"}, labels=frozenset({"x"}))) == {
        ("/l", "key"),
        ("/l/0", "value"),
        ("/v", "key"),
        ("/w", "key"),
        ("/w", "value"),
    }


CATEGORIES = ["Electronics", "Toys", "Garden", "Pets"]
INSTRUCTION = "Choose the top-level browse category for this listing from its title."


def _listings(n: int, *, pets_every: int = 4, instruction_on: str = "all", seed: int = 2) -> list[LeakItem]:
    """``n`` invented listings, one Pets record in ``pets_every``, the others in turn; the instruction, naming no
    label but read as a phrase of position on the ordered set ("the top": the last label), on every record
    (``instruction_on="all"``), on the Pets records only (``"pets"``), or on them and on one other record in three
    (``"pets+"``)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = "Pets" if i % pets_every == 0 else CATEGORIES[i % 3]
        projection: dict[str, Any] = {"title": f"Item {rng.randint(100, 999)}", "grams": rng.randint(50, 900)}
        if instruction_on == "all" or label == "Pets" or (instruction_on == "pets+" and i % 3 == 1):
            projection["instruction"] = INSTRUCTION
        out.append(LeakItem(id=f"p{i}", expected=[label], projection=projection, label_set=CATEGORIES))
    return out


def test_a_phrase_of_position_in_a_text_every_record_holds_is_for_review() -> None:
    """The finding of a phrase of position stands in a text that names no label word: the text every record holds
    tells no label, whatever rule found it."""
    items = _listings(80)
    alone = {it.id for it in items if any(f.blocking for f in audit_item(it).findings)}
    assert alone == {it.id for it in items if it.expected == ["Pets"]}  # the premise: "the top" is the last label
    assert _leaks(items) == {it.id: set() for it in items}


def test_the_same_instruction_on_its_labels_records_only_stays_a_leak() -> None:
    leaks = _leaks(_listings(80, instruction_on="pets"))
    assert {i for i, ps in leaks.items() if ps} == {f"p{i}" for i in range(0, 80, 4)}


def test_a_text_is_judged_against_its_labels_own_share() -> None:
    """Pets are one record in ten; the instruction is on every Pets record and one other record in three: 12 Pets
    records of 48 holders, 2.5 times the label's share. Against a floor of one label in four it would look like
    chance; against the label's own share it rides with the label, and its findings stand."""
    items = _listings(120, pets_every=10, instruction_on="pets+")
    leaks = _leaks(items)
    assert {i for i, ps in leaks.items() if ps} == {it.id for it in items if it.expected == ["Pets"]}


def test_a_slots_agreement_does_not_reach_a_text_held_at_chance() -> None:
    """The routing sentence names the record's own depot on 120 records (a slot that follows the label); fifteen
    more records, five of each depot, hold one same sentence of the slot naming the north depot: its agreeing
    mentions are not promoted, the text held alike telling no label."""
    depots = ["north", "south", "east"]
    rng = random.Random(3)
    items = []
    for i in range(135):
        label = depots[i % 3]
        run = rng.randint(2, 99)
        routing = f"Sent on to the {label} depot after sorting run {run}."
        if i >= 120:
            routing = "Sent on to the north depot after sorting run 1."
        projection = {"body": f"Parcel {rng.randint(100, 999)}.", "routing": routing}
        items.append(LeakItem(id=f"d{i}", expected=[label], projection=projection, label_set=depots, line=i + 1))
    leaks = _leaks(items)
    assert all(leaks[f"d{i}"] == {"/routing"} for i in range(120))
    assert not any(leaks[f"d{i}"] for i in range(120, 135))


SECTIONS = ["A", "B", "C", "D"]


def _filings(holders: str, seed: int = 5) -> list[LeakItem]:
    """Invented patent filings, sections A-D: twenty applicants of eight filings each, sections in turn; and one
    applicant whose name ends in ``S.A.`` on five filings of the sections ``holders`` lists. The claim is the
    task's input."""
    rng = random.Random(seed)
    drawn = [(SECTIONS[(n + i) % 4], f"Applicant {n} Holdings") for n in range(20) for i in range(8)]
    drawn += [(section, "Vesta Foods S.A.") for section in holders]
    return [
        LeakItem(
            id=f"f{i}",
            expected=[section],
            label_set=SECTIONS,
            line=i + 1,
            projection={"claim": f"A device with part {rng.randint(1, 999)}.", "applicant": applicant},
        )
        for i, (section, applicant) in enumerate(drawn)
    ]


@pytest.mark.parametrize(("holders", "promoted"), [("AAAAC", False), ("AAAAA", True)])
def test_one_text_agreeing_in_one_label_is_tested_as_one_of_its_places_texts(holders: str, promoted: bool) -> None:
    """The letter ``A`` in ``S.A.`` on four filings of section A in five: the slot agrees in one label, but every
    mention stands in one same text, so the agreement is that name's, one of the 21 names the field holds, and 4 of
    5 at chance 27 % (p 0.02) is no evidence once tested as one of them. Five of five (p 0.0014) still is."""
    items = _filings(holders)
    leaks = _leaks_with(items, derive_from=("claim",))
    vesta = {it.id for it in items if it.projection["applicant"].startswith("Vesta") and it.expected == ["A"]}
    assert {i for i, ps in leaks.items() if ps} == (vesta if promoted else set())


def _leaks_with(items: list[LeakItem], derive_from: tuple[str, ...]) -> dict[str, set[str]]:
    """As :func:`_leaks`, the task's input named."""
    agreement = agreement_of(items, derive_from=derive_from)
    out = {}
    for it in items:
        audit = audit_item(it)
        adjusted = agreement.adjust(ItemAudit(audit.item, audit.findings, it.line, audit.sources))
        out[it.id] = {f.pointer or "" for f in adjusted.findings if f.blocking}
    return out
