"""A label word inside the task's input whose place agrees with the label less often than a value does is for review.

Invented shape: a food-truck inspection whose labels are ``pass``, ``fail``, ``deferred``; the input holds a sub-test,
``/truck/hood_test``, whose result is ``pass``, ``fail`` or ``not fitted``. A failed hood fails the inspection, a
passed one says nothing of it: the hood's word equals the label on some records only (principle 1 reads each such
record's value as the answer). The owner names ``/truck/hood_test`` as input, and the dataset shows the place short
of a value: the findings are for review. An answer field the owner named by mistake (``/truck/outcome``, the label
on every record) agrees nearly always and keeps its findings; without the owner's word nothing changes.
The owner's word counts where it names the field itself (``/truck/hood_test``); a named section (``/truck``) counts
only for a field on a scale of its own (tests/leakage/test_agreement_input_short_section.py), which the hood's
``not fitted`` on a fifth of the trucks is not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.leakage.audited import audited
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.agreement import agreement_of

LABELS = ["pass", "fail", "deferred"]


def _raw(*, outcome: bool = False, notes: str = "", model: bool = False) -> list[dict[str, Any]]:
    out = []
    for i in range(90):
        label = LABELS[i % 3]
        # a failed hood fails the truck; a passed hood stands on trucks of every outcome
        hood = "fail" if label == "fail" and i % 2 else ("not fitted" if i % 5 == 0 else "pass")
        truck: dict[str, Any] = {"plate": f"FT-{1000 + 7 * i}", "hood_test": hood, "grease_trap_l": 20 + i % 9}
        if outcome:
            truck["outcome"] = label
        if model:
            truck["ai_outcome"] = hood if hood != "not fitted" else "deferred"  # an earlier model, right on some
        proj: dict[str, Any] = {"truck": truck, "inspector": {"name": "R. Okafor", "badge": 400 + i % 13}}
        if notes and i % 10 == 3:
            # each note its truck's own (one same text on records of every label is for review: held_texts)
            proj[notes] = {"text": f"The owner of {truck['plate']} asked whether it will be deferred again."}
        out.append({"id": f"r{i}", "expected": label, "label_set": LABELS, "projection": proj})
    return out


def _blocking_at(raw: list[dict[str, Any]], derive_from: list[str], pointer: str) -> int:
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=derive_from)
    return sum(any(f.blocking and f.pointer == pointer for f in agreement.adjust(a).findings) for a in audits)


def test_a_sub_result_in_the_named_input_is_for_review() -> None:
    raw = _raw()
    assert _blocking_at(raw, [], "/truck/hood_test") > 20  # no input named: each value is read as the answer
    assert _blocking_at(raw, ["/inspector"], "/truck/hood_test") > 20  # another field named: still a value
    assert _blocking_at(raw, ["/truck/hood_test"], "/truck/hood_test") == 0  # the input's own signal
    # a section holding it: "not fitted" on a fifth of the trucks is short of a scale of its own (a field holding
    # the labels and little else may be an answer field swept in), so the item-level decisions stand
    assert _blocking_at(raw, ["/truck"], "/truck/hood_test") == _blocking_at(raw, [], "/truck/hood_test")
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=["/truck/hood_test"])
    details = [f.detail for a in audits for f in agreement.adjust(a).findings if f.pointer == "/truck/hood_test"]
    assert details and all("short of the agreement a value has" in d for d in details)


def test_an_answer_field_named_by_mistake_keeps_its_findings() -> None:
    raw = _raw(outcome=True)
    named = ["/truck/hood_test", "/truck/outcome"]
    assert _blocking_at(raw, named, "/truck/outcome") == 90  # the label on every record: the answer
    assert _blocking_at(raw, named, "/truck/hood_test") == 0


def test_an_earlier_models_output_in_the_named_input_stays_a_leak() -> None:
    # principle 1: any value of a field named like an earlier model's output is its answer, however often right
    raw = _raw(model=True)
    named = ["/truck/hood_test", "/truck/ai_outcome"]
    assert _blocking_at(raw, named, "/truck/ai_outcome") == _blocking_at(raw, [], "/truck/ai_outcome") > 20


def test_prose_in_a_named_note_stays_as_the_item_decides() -> None:
    # nine records hold a question naming one label, three of them of that label: a statement in prose is
    # never a whole value, and its context may mix a ruling with a question; the item-level decision stands
    raw = _raw(notes="owner_note")
    named = _blocking_at(raw, ["/truck/hood_test", "/owner_note/text"], "/owner_note/text")
    assert named == _blocking_at(raw, [], "/owner_note/text") == 3


def test_sanitize_keeps_the_named_sub_result_on_every_record(tmp_path: Path) -> None:
    # ds19's obd_emissions_inspection: the gas-cap test's FAIL was blanked on the clean FAIL records (a field
    # "leaking by elimination"), legitimate input rewritten; short of a value, it is the input's and kept
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _raw()), encoding="utf-8")
    out = tmp_path / "d.clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/truck/hood_test", "/inspector"]))
    kept = [json.loads(line)["projection"]["truck"]["hood_test"] for line in out.read_text().splitlines()]
    assert kept == [r["projection"]["truck"]["hood_test"] for r in _raw()]
