"""Review of the input-short rule (session 32): where it must leave a real leak alone.

The rule (:meth:`windtunnel.leakage.agreement.Agreement._input_short`) makes review findings of a label that is the
whole value of a field the owner named by its own pointer, short of an answer for the mention's own label. Each shape
here is one the first version gave up (a leak read as the input's signal); the scan's exit and counts are main's,
through ``leak scan`` with ``--derive-from`` naming the section that holds the field, and, where said, the field
itself. Invented shapes: claims, a retention call, a name/value form, a food truck, a permit note, a ticket.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import ScanRequest, scan_flow

CLAIM = ["approve", "deny", "escalate"]
PERMIT = ["approved", "denied", "deferred"]
YES_NO = ["yes", "no"]


def _scan(tmp_path: Path, rows: list[dict[str, Any]], derive_from: list[str]) -> tuple[int, Counter[str]]:
    """The scan's exit and, per pointer, the items with a blocking finding there."""
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = scan_flow(ScanRequest(dataset=data, derive_from=derive_from))
    return int(out.exit_code), Counter(
        p for a in out.audits for p in {f.pointer or "" for f in a.findings if f.blocking}
    )


def _row(i: int, label: str, labels: list[str], projection: dict[str, Any]) -> dict[str, Any]:
    return {"id": f"r{i}", "expected": label, "label_set": labels, "projection": projection}


def _one_label_decision(name: str = "system_decision", filled: int = 3, n: int = 90) -> list[dict[str, Any]]:
    # the field says deny on denied claims (on ``filled`` of every three, "pending" on the rest), approve on the
    # others (approved and escalated): deny never stands on another label's record, nor another label on a denial
    rows = []
    for i in range(n):
        lab = CLAIM[i % 3]
        claim = {"claim_no": f"C-{5000 + i}", "amount": 100 + 17 * i % 900, "policy": f"P{i % 11}"}
        claim[name] = ("deny" if (i // 3) % 3 < filled else "pending") if lab == "deny" else "approve"
        rows.append(_row(i, lab, CLAIM, {"claim": claim}))
    return rows


def test_a_field_stating_one_label_on_all_its_records_stays_a_leak(tmp_path: Path) -> None:
    rows = _one_label_decision()
    assert _scan(tmp_path, rows, ["/claim"]) == (1, Counter({"/claim/system_decision": 60}))  # main's
    # named by its own pointer, a field named for a decision keeps every finding (an earlier stage's answer)
    assert _scan(tmp_path, rows, ["/claim/system_decision"]) == (1, Counter({"/claim/system_decision": 60}))
    # under a plain name: deny on every denied claim is that label's answer field; approve, on approved and
    # escalated claims alike, is short of one (the owner's word on the field)
    rows = _one_label_decision("desk_flag")
    code, counts = _scan(tmp_path, rows, ["/claim/desk_flag"])
    assert code == 1 and counts["/claim/desk_flag"] == 30


def test_an_answer_field_wrong_on_a_few_of_its_labels_records_stays_a_leak(tmp_path: Path) -> None:
    # deny on 37 of 40 denials, approve on the other 3 and on every other claim: deny is always right and the field
    # names deny on nearly every denial (review fa32c's q_37_3); plain names that only begin like a model's keep it too
    for name in ("desk_flag", "bottle_cap_test", "model_check"):
        rows = []
        for i in range(120):
            lab = CLAIM[i % 3]
            value = "deny" if lab == "deny" and i not in (1, 31, 61) else "approve"
            rows.append(_row(i, lab, CLAIM, {"claim": {"claim_no": f"C-{5000 + i}", name: value}}))
        code, counts = _scan(tmp_path, rows, [f"/claim/{name}"])
        assert code == 1 and counts[f"/claim/{name}"] >= 37, name


def test_an_answer_field_filled_on_part_of_its_labels_records_stays_a_leak(tmp_path: Path) -> None:
    # deny on two thirds of the denials and "pending" on the rest, never another label on a denial: an answer not
    # yet written on some records, not a sub-test that also passes failed inspections
    for filled in (2, 1):
        rows = _one_label_decision("desk_flag", filled=filled, n=120)
        denied = sum(r["projection"]["claim"]["desk_flag"] == "deny" for r in rows)
        code, counts = _scan(tmp_path, rows, ["/claim/desk_flag"])
        assert code == 1 and counts["/claim/desk_flag"] == denied, filled


def _earlier_judgement(name: str, value: Any = str) -> list[dict[str, Any]]:
    # an earlier judgement right on about two thirds of the records, another label otherwise
    rnd = random.Random(2)
    rows = []
    for i in range(150):
        lab = CLAIM[i % 3]
        guess = lab if rnd.random() < 0.68 else rnd.choice([x for x in CLAIM if x != lab])
        claim = {"claim_no": f"C-{5000 + i}", "amount": 100 + 17 * i % 900, "policy": f"P{i % 11}", name: guess}
        rows.append(_row(i, lab, CLAIM, {"claim": claim}))
    return rows


def test_an_earlier_judgement_under_a_plain_name_in_a_named_section_stays_a_leak(tmp_path: Path) -> None:
    for name in ("model_prediction", "first_reviewer_decision"):
        rows = _earlier_judgement(name)
        right = sum(r["projection"]["claim"][name] == r["expected"] for r in rows)  # each a leak
        assert _scan(tmp_path, rows, ["/claim"]) == (1, Counter({f"/claim/{name}": right}))


def test_an_earlier_models_field_named_by_its_pointer_stays_a_leak(tmp_path: Path) -> None:
    rows = _earlier_judgement("predicted_outcome")
    assert _scan(tmp_path, rows, ["/claim/predicted_outcome"]) == _scan(tmp_path, rows, ["/claim"])
    assert _scan(tmp_path, rows, ["/claim"]) == (1, Counter({"/claim/predicted_outcome": 150}))


def test_a_reported_number_in_a_named_section_stays_a_leak(tmp_path: Path) -> None:
    rnd = random.Random(9)
    labels = ["1", "2", "3", "4"]
    rows = []
    for i in range(160):
        lab = labels[i % 4]
        rep = int(lab) if rnd.random() < 0.65 else int(rnd.choice([x for x in labels if x != lab]))
        ticket = {"key": f"OPS-{7000 + i}", "component": "db", "reported_severity": rep, "summary": "Degraded"}
        rows.append(_row(i, lab, labels, {"ticket": ticket}))
    code, counts = _scan(tmp_path, rows, ["/ticket"])
    assert code == 1 and counts["/ticket/reported_severity"] > 90


def test_prose_in_the_named_input_keeps_the_item_level_decision(tmp_path: Path) -> None:
    # a ruling ("... it will be approved.") and a question ("... whether it will be deferred.") share the slot; the
    # item-level decision told them apart, and prose is never read as a whole value
    rows = []
    for i in range(120):
        lab = PERMIT[i % 3]
        app = {"permit": f"BP-{3000 + i}", "sqft": 400 + 13 * i % 700, "zone": f"R{i % 4}"}
        if i % 4 == 0:
            app["note"] = f"The zoning board has ruled that it will be {lab}."
        elif i % 4 == 1:
            app["note"] = "The owner asked whether it will be deferred."
        else:
            app["note"] = "Site visit done, photos attached."
        rows.append(_row(i, lab, PERMIT, {"application": app}))
    main = (1, Counter({"/application/note": 30}))
    assert _scan(tmp_path, rows, ["/application"]) == main
    assert _scan(tmp_path, rows, ["/application/note"]) == main


def test_a_model_summary_sentence_in_the_named_input_stays_a_leak(tmp_path: Path) -> None:
    rnd = random.Random(8)
    rows = []
    for i in range(150):
        lab = PERMIT[i % 3]
        g = lab if rnd.random() < 0.68 else rnd.choice([x for x in PERMIT if x != lab])
        summary = f"Our model recommends that this permit be {g} by the board."
        rows.append(_row(i, lab, PERMIT, {"application": {"permit": f"BP-{3000 + i}", "ai_summary": summary}}))
    main = (1, Counter({"/application/ai_summary": 104}))
    assert _scan(tmp_path, rows, ["/application"]) == main
    assert _scan(tmp_path, rows, ["/application/ai_summary"]) == main


def test_a_transcripts_answer_to_the_offer_stays_a_leak(tmp_path: Path) -> None:
    rnd = random.Random(3)
    rows = []
    for i in range(100):
        lab = YES_NO[i % 2]
        lines = ["Agent: Thanks for calling, this is the retention desk.", f"Customer: member for {2 + i % 7} years."]
        if i % 10 < 3:
            lines += ["Agent: Will you accept the 20 % discount offer?", f"Customer: {lab}"]
        else:
            q = rnd.choice(["Are you the account holder?", "Is this the number on file?", "Did you get our letter?"])
            lines += [f"Agent: {q}", f"Customer: {rnd.choice(YES_NO)}"]
        rows.append(_row(i, lab, YES_NO, {"call": {"transcript": "\n".join(lines)}}))
    code, counts = _scan(tmp_path, rows, ["/call"])
    assert code == 1 and counts["/call/transcript"] > 0
    assert _scan(tmp_path, rows, ["/call/transcript"]) == (code, counts)


def test_a_decision_row_of_a_name_value_form_stays_a_leak(tmp_path: Path) -> None:
    rnd = random.Random(4)
    rows = []
    for i in range(120):
        lab = YES_NO[i % 2]
        cells = [{"name": "applicant", "value": f"A-{900 + i}"}, {"name": "has_guarantor", "value": rnd.choice(YES_NO)}]
        if i % 4 < 2:
            cells.append({"name": "approved", "value": lab})  # the decision row, on half the records
        rows.append(_row(i, lab, YES_NO, {"form": {"rows": cells}}))
    code, counts = _scan(tmp_path, rows, ["/form"])
    assert code == 1 and counts["/form/rows/2/value"] == 38  # main's
    # a template names every row at once, the decision row among them: not the owner's word on one field; nor is a
    # pointer to one position, whose evidence counts every position of the list together
    assert _scan(tmp_path, rows, ["/form/rows/*/value"]) == (code, counts)
    assert _scan(tmp_path, rows, ["/form/rows/2/value"]) == (code, counts)
    assert _scan(tmp_path, rows, ["/form/rows/1/value", "/form/rows/2/value"])[1]["/form/rows/2/value"] == 38


def _truck(i: int, label: str) -> dict[str, Any]:
    hood = "fail" if label == "fail" and i % 2 else ("not fitted" if i % 5 == 0 else "pass")
    return {"plate": f"FT-{1000 + 7 * i}", "hood_test": hood, "grease_trap_l": 20 + i % 9, "outcome": label}


def test_an_answer_inside_a_named_json_string_stays_a_leak(tmp_path: Path) -> None:
    # a span-less finding in a JSON string is not read through the sub-test's mention beside it
    labels = ["pass", "fail", "deferred"]
    rows = [
        _row(i, labels[i % 3], labels, {"truck": json.dumps(_truck(i, labels[i % 3])), "inspector": {"badge": i}})
        for i in range(90)
    ]
    code, counts = _scan(tmp_path, rows, ["/truck"])
    assert (code, counts) == (1, Counter({"/truck": 90}))


def test_an_answer_line_of_a_named_key_value_text_stays_a_leak(tmp_path: Path) -> None:
    labels = ["pass", "fail", "deferred"]
    rows = []
    for i in range(90):
        text = "".join(f"{k}: {v}\r\n" for k, v in _truck(i, labels[i % 3]).items())
        rows.append(_row(i, labels[i % 3], labels, {"truck": text, "inspector": {"badge": i}}))
    code, counts = _scan(tmp_path, rows, ["/truck"])
    assert (code, counts) == (1, Counter({"/truck": 90}))
