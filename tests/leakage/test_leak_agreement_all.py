"""The agreement evidence beyond a value slot (leakage/agreement.py, leakage/mentions.py): a slot is one sentence,
so a boilerplate sentence behind varied ones is one slot across the dataset; and a review finding whose slot agrees
with the record's label in one label only is a leak outside the task's named input.

Both ways on data of our own: what must change (a boilerplate sentence at chance, an adjuster's note stating the
decision on a third of the records) and what must not (the same sentence on its own label's records, too few
records, the note inside the task's input, no input named, a temptation on records of both labels).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel import leak
from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage import audit_item
from windtunnel.leakage.agreement import RULE, agreement_of
from windtunnel.leakage.mentions import item_mentions
from windtunnel.leakage.model import ItemAudit, LeakItem

PRIORITIES = ["Low", "Medium", "High"]
DECISIONS = ["approve", "deny"]
_SENTENCES = [
    "The printer jammed again.",
    "Contact me on Teams.",
    "Screenshots attached.",
    "Reported via the portal.",
    "Typo on the settings page footer.",
    "Would be nice to have dark mode.",
    "Our lead asked about it twice.",
]
BOILERPLATE = "Low-priority items from last sprint are unrelated."
_CLAIMS = [
    "Water came through the kitchen ceiling after the storm",
    "Rear bumper dented in a parking lot",
    "Laptop stolen from a locked car",
    "Hail damage to the roof and gutters",
    "Basement flooded when the sump pump failed",
]
NOTE = "OK to pay. Approve at estimate less deductible."
REMINDER = "Authority reminder: adjusters may approve up to $10,000; above that requires supervisor."


def _audited(raw: list[dict[str, Any]], derive_from: tuple[str, ...] = ()) -> tuple[list[ItemAudit], list[ItemAudit]]:
    """(per-item audits, the audits adjusted by the dataset's evidence)."""
    items = [LeakItem.from_mapping(r, index=i) for i, r in enumerate(raw)]
    for i, it in enumerate(items):
        it.line = i + 1
    audits = [ItemAudit(a.item, a.findings, it.line) for it in items for a in [audit_item(it)]]
    agreement = agreement_of(items, derive_from=derive_from)
    return audits, [agreement.adjust(a) for a in audits]


def _tickets(n: int, carriers: dict[str, int], seed: int = 0) -> list[dict[str, Any]]:
    """``n`` tickets, labels in turn, each description a varied sentence or two; the boilerplate sentence closes the
    first ``carriers[label]`` descriptions of each label."""
    rng = random.Random(seed)
    out = []
    left = dict(carriers)
    for i in range(n):
        label = PRIORITIES[i % 3]
        text = " ".join(rng.sample(_SENTENCES, rng.choice((1, 2)))) + f" Seen on host {rng.randint(10, 99)}-{i}."
        if left.get(label, 0) > 0:
            left[label] -= 1
            text += " " + BOILERPLATE
        out.append(
            {"id": f"t{i}", "expected": label, "label_set": PRIORITIES, "target": "priority", "projection": {"d": text}}
        )
    return out


def test_a_slot_stops_at_its_sentence() -> None:
    text = "Contact me on Teams. " + BOILERPLATE
    item = LeakItem.from_mapping({"id": "a", "expected": "Low", "label_set": PRIORITIES, "projection": {"d": text}})
    (m,) = item_mentions(item)
    assert m.signatures[1] == "¶ § - priority items"  # the sentence before is no part of the slot
    assert item.projection["d"][m.span[0] : m.span[1]] == "Low"


def test_a_boilerplate_sentence_behind_varied_ones_is_at_chance() -> None:
    # the sentence closes descriptions of every label, behind sentences that change record by record
    before, after = _audited(_tickets(90, {"Low": 10, "Medium": 10, "High": 10}))
    leaking = [i for i, a in enumerate(before) if a.leaked]
    assert len(leaking) == 10  # the per-item audit reads the Low records' sentence as naming the task
    assert not any(a.leaked for a in after)
    for i in leaking:
        (f,) = after[i].findings
        assert f.severity == "low" and f.rule == before[i].findings[0].rule
        assert "in 10 of 30 records a label here equals the record's label (one label" in f.detail


@pytest.mark.parametrize(
    ("carriers", "why"),
    [({"Low": 30}, "on its own label's records only"), ({"Low": 3, "Medium": 3, "High": 3}, "too few records")],
)
def test_the_same_sentence_stays_a_leak(carriers: dict[str, int], why: str) -> None:
    # planted on the Low records alone it follows the label (a third of the dataset, agreeing every time); on nine
    # records at chance there is too little support to call it chance: the per-item decision stands
    before, after = _audited(_tickets(90, carriers))
    assert sum(a.leaked for a in before) == carriers["Low"], why
    assert [a.findings for a in after] == [a.findings for a in before], why


def _claims(n: int, note_on: int, *, reminder: bool = False, seed: int = 1) -> list[dict[str, Any]]:
    """``n`` claims, decisions in turn, a varied claim text (the task's input) and adjuster notes; the first
    ``note_on`` approved claims hold the note stating the decision; ``reminder``: every third claim holds the
    authority reminder, on claims of both decisions."""
    rng = random.Random(seed)
    out = []
    noted = 0
    for i in range(n):
        label = DECISIONS[i % 2]
        notes = [{"text": f"Called the insured on day {rng.randint(1, 9)}."}]
        if label == "approve" and noted < note_on:
            noted += 1
            notes.append({"text": NOTE})
        if reminder and i % 3 == 0:
            notes.append({"text": REMINDER})
        claim = f"{rng.choice(_CLAIMS)}; reported {rng.randint(2, 20)} days later, claim {1000 + i}."
        out.append(
            {"id": f"c{i}", "expected": label, "label_set": DECISIONS, "projection": {"claim": claim, "notes": notes}}
        )
    return out


def test_a_review_finding_that_agrees_in_one_label_is_a_leak_outside_the_named_input() -> None:
    # the note stating the decision on a third of the records: the per-item audit reads a bare word, for review;
    # across the dataset the word there is the record's own label on every record that holds it
    raw = _claims(60, 20)
    before, after = _audited(raw, derive_from=("claim",))
    holders = [i for i, r in enumerate(raw) if any(n["text"] == NOTE for n in r["projection"]["notes"])]
    assert len(holders) == 20 and not any(before[i].leaked for i in holders)
    assert [i for i, a in enumerate(after) if a.leaked] == holders
    for i in holders:
        (f,) = [f for f in after[i].findings if f.rule == RULE]
        text = raw[i]["projection"]["notes"][1]["text"]
        assert f.severity == "medium" and text[f.span[0] : f.span[1]] == "Approve"  # the original characters
        assert "in 20 of 20 records" in f.detail and "one label" in f.detail


@pytest.mark.parametrize(
    ("derive_from", "why"),
    [((), "no input named: an idiom planted with the record's own label agrees as well"), (("notes",), "the input")],
)
def test_one_label_is_no_evidence_without_the_input_or_inside_it(derive_from: tuple[str, ...], why: str) -> None:
    before, after = _audited(_claims(60, 20), derive_from=derive_from)
    assert [a.findings for a in after] == [a.findings for a in before], why


def test_a_temptation_on_records_of_both_labels_is_not_promoted() -> None:
    # the reminder names one decision on claims of both: at chance, it stays for review (the note still leaks)
    raw = _claims(60, 20, reminder=True)
    before, after = _audited(raw, derive_from=("claim",))
    for r, b, a in zip(raw, before, after, strict=True):
        at = [n for n, x in enumerate(r["projection"]["notes"]) if x["text"] == REMINDER]
        if not at:
            continue
        pointer = f"/notes/{at[0]}/text"
        assert [f.severity for f in b.findings if f.pointer == pointer] == [
            f.severity for f in a.findings if f.pointer == pointer
        ]
        assert not any(f.blocking for f in a.findings if f.pointer == pointer)
    assert sum(a.leaked for a in after) == 20


def test_scan_with_derive_from_reports_the_promotions(tmp_path: Path) -> None:
    path = tmp_path / "claims.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _claims(60, 20)), encoding="utf-8")
    out = io.BytesIO()
    outcome = scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, mine=False, derive_from=["claim"]))
    assert outcome.status == "failed" and outcome.summary["agreement"]["promoted"] == 20
    assert outcome.summary["agreement"]["groups_agree_one_label"] >= 1
    report = json.loads(out.getvalue())
    assert sum(it["leaked"] for it in report["items"]) == 20
    bare = scan_flow(ScanRequest(dataset=path, fmt="json", stream=io.BytesIO(), mine=False))
    assert bare.status == "passed" and bare.summary["agreement"]["promoted"] == 0


def test_an_input_named_inside_a_string_is_read_where_input_text_locates_it() -> None:
    # the owner names a key of a raw text ("CLAIM"), not a field: its line is the input (input_text, as mining and
    # the blind agent read it), the NOTES line of the same text is not, so the note's label words are one-label
    # evidence there as they are when the same records are fields; a string that holds the name only in a sentence
    # may hold the input anywhere (not located), and its label words are no such evidence
    fields = _claims(60, 20)
    flat = [
        {
            **r,
            "projection": {
                "raw": f"CLAIM: {r['projection']['claim']}\nNOTES: "
                + " ".join(n["text"] for n in r["projection"]["notes"])
            },
        }
        for r in fields
    ]
    before, after = _audited(flat, derive_from=("CLAIM",))
    assert sum(a.leaked for a in before) == 0
    assert sum(a.leaked for a in after) == 20
    _before, after = _audited(fields, derive_from=("claim",))
    assert sum(a.leaked for a in after) == 20
    said = [{**r, "projection": {"raw": r["projection"]["raw"].replace("CLAIM: ", "the claim says ")}} for r in flat]
    before, after = _audited(said, derive_from=("claim",))
    assert [a.findings for a in after] == [a.findings for a in before]


def test_sanitize_and_check_cut_the_one_label_leaks_and_keep_clean_records(tmp_path: Path) -> None:
    raw = _claims(60, 20)
    path = tmp_path / "claims.jsonl"
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in raw))
    out = tmp_path / "clean.jsonl"
    outcome = sanitize_flow(SanitizeRequest(dataset=path, output=out, mine=False, derive_from=["claim"]))
    assert outcome.summary["leaked_before"] == 20 and outcome.status == "passed"
    before = path.read_bytes().splitlines()
    after = out.read_bytes().splitlines()
    for r, a, b in zip(raw, after, before, strict=True):
        notes = [n["text"] for n in json.loads(a)["projection"]["notes"]]
        assert NOTE not in notes  # the note's decision word is cut ...
        if all(n["text"] != NOTE for n in r["projection"]["notes"]):
            assert a == b  # ... and a record without it keeps its bytes
    # the check judges both sides by the raw dataset's slots: the 20 raw leaks found, none left after
    checked = leak.check(path, out, mine=False, derive_from=["claim"]).summary
    assert checked["raw_leaking"] == 20 and checked["still_leaking"] == {}
