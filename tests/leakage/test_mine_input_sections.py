"""Without ``--derive-from``: the members of a section holding the task's input are the input too.

An assessment's section holds the assessor's notes (read as the input: varied text) and a checklist whose results
are ``met`` on most criteria, ``not met`` on every failed assessment and ``not observed`` where evidence is missing:
the case's content, written as it is, its mined values for review — as a flag a track summary holds beside its
measurements. A workflow section beside it holds an assignee (varied names, read as the input) and a step that is
``pending`` except on decided records, where it names each outcome: a step writing the decision, a leak. A position
on a waitlist written only on some records of one outcome and a certificate flag set only on decided records (``false``
on two outcomes), inside the assessment's section, and a result code in a section holding no input stay leaks too.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["competent", "not yet competent", "further evidence"]
WORDS = [
    "candidate",
    "worked",
    "safely",
    "tested",
    "circuit",
    "explained",
    "isolation",
    "tidy",
    "methodical",
    "prompt",
    "asked",
    "drawing",
    "cable",
]
NAMES = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea"]
STEP = {"competent": "released", "not yet competent": "returned", "further evidence": "forwarded"}
CODE = {"competent": "C", "not yet competent": "NYC", "further evidence": "FER"}


def _checklist(rng: random.Random, label: str) -> list[dict[str, str]]:
    results = [rng.choice(["met", "met", "met (minor prompt)"]) for _ in range(6)]
    if label == "not yet competent":
        results[rng.randrange(6)] = "not met"
    elif label == "further evidence":
        results[rng.randrange(6)] = "not observed"
    return [{"criterion": f"Criterion {k}", "result": r} for k, r in enumerate(results)]


def _rows(seed: int = 5, n: int = 180) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        decided = rng.random() < 0.4
        assessment: dict[str, Any] = {
            "notes": " ".join(rng.choice(WORDS) for _ in range(10)),
            "checklist": _checklist(rng, label),
        }
        if label == "further evidence" and decided:
            assessment["waitlist_position"] = str(rng.choice([3, 5, 8, 13]))
        if decided:  # a stamp on decided records: true on a pass, false on the two other outcomes
            assessment["certificate_issued"] = label == "competent"
        out.append(
            {
                "id": f"a{i}",
                "expected": label,
                "projection": {
                    "task": "Decide the assessment's outcome.",
                    "assessment": assessment,
                    "workflow": {
                        "assignee": f"{rng.choice(NAMES)} {rng.choice(NAMES)}son",
                        "step": STEP[label] if decided else "pending",
                    },
                    "sync": {"result_code": CODE[label] if decided else "-"},
                },
            }
        )
    return out


def _items(rows: list[dict[str, Any]]) -> list[LeakItem]:
    return [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=LABELS) for r in rows]


def _severities(items: list[LeakItem]) -> dict[str, set[str]]:
    """Field (list indices as ``*``) → the severities of the mined findings there."""
    result = mine(items)
    out: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, result):
        for f in found:
            field = "/".join("*" if p.isdigit() else p for p in f.pointer.split("/"))
            out.setdefault(field, set()).add(f.severity)
    return out


def test_a_sections_checklist_is_the_input_and_its_results_are_for_review() -> None:
    items = _items(_rows())
    result = mine(items)
    assert "/assessment/notes" in result.inputs  # the section holds the input
    assert "/assessment/checklist/*/result" in result.inputs
    found = _severities(items)
    assert found["/assessment/checklist/*/result"] == {"low"}


def test_a_step_naming_every_outcome_stays_a_leak_in_a_section_of_the_input() -> None:
    items = _items(_rows())
    result = mine(items)
    assert "/workflow/assignee" in result.inputs  # the section holds a field read as the input ...
    assert "/workflow/step" not in result.inputs  # ... but a status per outcome beside pending writes the decision
    found = _severities(items)
    assert "medium" in found["/workflow/step"]
    assert "medium" in found["/sync/result_code"]  # no input in its section


def test_a_member_written_only_on_one_outcomes_records_stays_a_leak() -> None:
    items = _items(_rows())
    assert "/assessment/waitlist_position" not in mine(items).inputs
    assert "medium" in _severities(items)["/assessment/waitlist_position"]


def test_a_flag_set_on_decided_records_only_stays_a_leak() -> None:
    """Its ``false`` is held by two outcomes, as a detail written where it applies would be; a flag is a stamp."""
    items = _items(_rows())
    assert "/assessment/certificate_issued" not in mine(items).inputs
    assert "medium" in _severities(items)["/assessment/certificate_issued"]


def test_without_the_section_reading_the_checklist_results_were_leaks() -> None:
    """The same results outside any section holding the input (the notes moved to the top level) stay leaks: the
    reading is the section's, not the values'."""
    rows = _rows()
    for r in rows:
        r["projection"]["notes"] = r["projection"]["assessment"].pop("notes")
    items = _items(rows)
    assert "/assessment/checklist/*/result" not in mine(items).inputs
    assert "medium" in _severities(items)["/assessment/checklist/*/result"]
