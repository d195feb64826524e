"""Nothing cuts the task's input (``--derive-from``): no dataset evidence, whichever pass found it, nor the scan's own
findings (session 36, below).

``benchmarks/leak_data/ds10``'s clean ``dental_recall_interval``: a count in the clinical findings (the owner's
``--derive-from``) that rides with the recall interval, a label word, was promoted to a leak by the dataset's agreement
evidence (the slot follows the record's label) and blanked on 11 clean records. What rides with the label inside the
named input is the task's signal: mined values, the blind rounds' shortcuts, fields blanked on every item and the
agreement's promotions are all dataset evidence, and :func:`~windtunnel.leakage.sanitize.dataset_evidence` with
``_outside`` is the one place that keeps them out of it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.agreement import RULE as AGREEMENT_RULE
from windtunnel.leakage.model import Finding
from windtunnel.leakage.sanitize import dataset_evidence, sanitize_item

LABELS = ["3", "4", "6", "12"]


def _dataset(path: Path) -> Path:
    """80 records: the new lesions counted (in the clinical findings) equal the recall interval on most of them."""
    rng = random.Random(3)
    with path.open("w", encoding="utf-8") as f:
        for i in range(80):
            label = LABELS[i % 4]
            seen = label if rng.random() < 0.85 else rng.choice(LABELS)
            proj = {
                "task": "Pick the recall interval in months.",
                "clinical": {"new_lesions": int(seen), "bleeding": rng.choice(["yes", "no"])},
                "patient": {"chart": f"C{rng.randint(10000, 99999)}"},
            }
            rec = {"id": f"r{i:03d}", "expected": label, "label_set": LABELS, "projection": proj}
            f.write(json.dumps(rec) + "\n")
    return path


def _sanitize(tmp_path: Path, derive_from: list[str]) -> tuple[list[bool], dict[str, object]]:
    data = _dataset(tmp_path / "d.jsonl")
    out = tmp_path / "d.clean.jsonl"
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=derive_from))
    before, after = data.read_bytes().splitlines(), out.read_bytes().splitlines()
    return [a != b for a, b in zip(before, after, strict=True)], res.summary


def test_a_label_following_the_input_keeps_every_record_byte_identical(tmp_path: Path) -> None:
    changed, summary = _sanitize(tmp_path, ["/clinical"])
    assert not any(changed)
    assert summary["agreement"]["promoted"] == 0  # nor promoted: the agreement promotes no slot inside the input


def test_the_agreement_promotes_the_slot_outside_the_named_input(tmp_path: Path) -> None:
    """The evidence the first test keeps out of the input exists: named elsewhere, the slot following the label is
    promoted (so the first test's byte-identical records are not an absence of evidence)."""
    _changed, summary = _sanitize(tmp_path, ["/patient"])
    assert summary["agreement"]["promoted"] > 0


def test_the_same_slot_outside_the_named_input_is_cut(tmp_path: Path) -> None:
    """The evidence is the same; only the owner's input decides: named elsewhere, the count is cut."""
    changed, _summary = _sanitize(tmp_path, ["/patient"])
    assert sum(changed) > 40


def _finding(pointer: str, rule: str, representation: str) -> Finding:
    return Finding("i1", "freetext", "medium", pointer, representation, None, "full", rule, "", "4")


def test_every_kind_of_dataset_evidence_is_named_so() -> None:
    assert dataset_evidence(_finding("/c/n", AGREEMENT_RULE, "json"))
    assert dataset_evidence(_finding("/c/n", "correlated.blind", "mined"))
    assert dataset_evidence(_finding("/c/n", "correlated.mined", "mined-field"))
    assert not dataset_evidence(_finding("/c/n", "direct.label", "json"))


def test_an_agreement_finding_in_the_input_is_kept_not_cut() -> None:
    proj = {"clinical": {"new_lesions": 4, "bleeding": "no"}, "note": "fine"}
    item = {"id": "i1", "expected": "4", "label_set": LABELS, "projection": proj}
    inside = _finding("/clinical/new_lesions", AGREEMENT_RULE, "json")
    res = sanitize_item(item, extra=[inside], derive_from=["/clinical"])
    assert not res.changed and res.kept == [inside]
    res = sanitize_item(item, extra=[inside], derive_from=["/note"])
    assert res.changed and res.item.projection["clinical"]["new_lesions"] != 4


def _verdict(result: str, note: str = "Verdict: pass") -> dict[str, object]:
    """A mail whose verdict is computed from its checks' results (the named input), one of which reads ``result``."""
    return {
        "id": "m1",
        "expected": "pass",
        "label_set": ["pass", "fail"],
        "projection": {
            "task": "Give the DMARC verdict from the checks.",
            "auth": {"spf": {"domain": "a.org", "result": result}},
            "notes": note,
        },
    }


def test_the_scans_own_finding_in_the_input_is_left_with_its_reason() -> None:
    """ds23's clean ``dmarc`` and ``ski_piste``: a check's ``pass`` (the label's word) and a segment's gradient equal to
    a class boundary, values inside the named input, were blanked on the scan's own findings (on some labels' records
    only: the blanks then named the label, a leak by elimination the sanitizer made). The input is never edited,
    whatever finds a leak there; the rescan still reports it, left as ``input``, and a leak outside the input is cut
    as ever."""
    item = _verdict("pass")
    res = sanitize_item(item, derive_from=["/auth/spf"])
    assert res.item.projection["auth"] == item["projection"]["auth"]
    assert res.item.projection["notes"] != "Verdict: pass"  # outside the input: cut
    inside = [f for f in res.residual if f.pointer == "/auth/spf/result"]
    assert inside and {x.reason for x in res.left() if x.finding in inside} == {"input"}
    assert any(f.pointer == "/auth/spf/result" for f in res.kept)
    # Without --derive-from the same value is no input of the task's, and it is cut.
    res = sanitize_item(item)
    assert res.item.projection["auth"]["spf"]["result"] != "pass"


def _verdicts(tmp_path: Path, note: Callable[[str], str]) -> Path:
    """Twelve records alternating ``fail`` / ``pass``, each with its SPF result equal to its label and ``note(label)``
    in its notes, written as JSON Lines."""
    data = tmp_path / "v.jsonl"
    rows = []
    for i in range(12):
        label = "pass" if i % 2 else "fail"
        rec = _verdict(label, note(label))
        rec["id"] = f"m{i}"
        rec["expected"] = label
        rows.append(json.dumps(rec))
    data.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return data


def test_a_record_whose_only_finding_is_in_the_input_keeps_its_bytes(tmp_path: Path) -> None:
    """The flow writes such a record as it was read."""
    data = _verdicts(tmp_path, lambda label: "Checked by the gateway.")
    out = tmp_path / "v.clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=False, derive_from=["/auth/spf"]))
    assert out.read_bytes() == data.read_bytes()
    # Named elsewhere, the same records are cut: the checks are no input then.
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=False, derive_from=["/notes"]))
    assert out.read_bytes() != data.read_bytes()


def test_leak_check_gives_the_same_reason(tmp_path: Path) -> None:
    """``leak check`` reads why a sanitized item still leaks by sanitizing it once more, with the check's
    ``--derive-from``: the value in the input is ``input`` there too, not ``sanitizable``."""
    from windtunnel.flows.leak import check_flow

    data = _verdicts(tmp_path, lambda label: f"Verdict: {label}")
    out = tmp_path / "v.clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=False, derive_from=["/auth/spf"]))
    res = check_flow(data, out, mine=False, derive_from=["/auth/spf"])
    left = res.summary["still_leaking_left"]
    assert left and {row["reason"] for rows in left.values() for row in rows} == {"input"}


def test_a_whole_value_read_case_folded_is_the_inputs_too() -> None:
    """ds20 ``drs_lbw_review``: the ball-tracking's ``impact: UMPIRE'S CALL`` (the named input) read as the label
    ``umpire's call`` case-folded was blanked on 19 clean records."""
    item = _verdict("PASS")
    res = sanitize_item(item, derive_from=["/auth/spf"])
    assert res.item.projection["auth"] == item["projection"]["auth"]
    assert sanitize_item(item).item.projection["auth"]["spf"]["result"] != "PASS"


def _case_section(path: Path, remark: bool = False) -> Path:
    """150 records whose named input (``/case``) holds the label upper-cased as a whole value; with ``remark``, half of
    them also hold a leaking remark outside it (the review's repro of session 36)."""
    rng = random.Random(7)
    labels = ["approve", "deny", "refer"]
    with path.open("w", encoding="utf-8") as f:
        for i in range(150):
            label = labels[i % 3]
            proj: dict[str, object] = {
                "task": "Decide the claim.",
                "case": {"amount": rng.randint(100, 9000), "decision": label.upper()},
                "meta": {"claim_id": f"CL{rng.randint(10000, 99999)}"},
            }
            if remark and i % 2 == 0:
                proj["meta"] = {"claim_id": f"CL{i}", "remark": f"closed as {label}"}
            f.write(json.dumps({"id": f"c{i:03d}", "expected": label, "label_set": labels, "projection": proj}) + "\n")
    return path


def _list_template(path: Path) -> Path:
    """150 records whose named input (``/steps/*/text``) holds, in one step, the label's whole text capitalised."""
    rng = random.Random(5)
    labels = ["approve", "deny", "refer"]
    with path.open("w", encoding="utf-8") as f:
        for i in range(150):
            label = labels[i % 3]
            steps = [{"by": "clerk", "text": rng.choice(["received", "filed"])}, {"by": "board", "text": label.title()}]
            proj = {"task": "Decide the claim.", "steps": steps, "amount": rng.randint(100, 9000)}
            f.write(json.dumps({"id": f"s{i:03d}", "expected": label, "label_set": labels, "projection": proj}) + "\n")
    return path


def test_the_answer_left_in_the_input_still_leaks_and_fails(tmp_path: Path) -> None:
    """Never cut, never counted clean: every record still leaks, left as ``input``, and the sanitizer fails — whether
    or not something else was cut on the record (the early return when nothing is to do counts it too)."""
    for remark in (False, True):
        data = _case_section(tmp_path / f"c{remark}.jsonl", remark)
        req = SanitizeRequest(dataset=data, output=tmp_path / "o.jsonl", mine=True, derive_from=["/case"])
        res = sanitize_flow(req)
        assert res.status == "failed"
        assert res.summary["still_leaking"] == 150
        assert res.summary["left_because"] == {"input": 150}
        rows = (tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()
        assert all(json.loads(r)["projection"]["case"]["decision"].lower() == json.loads(r)["expected"] for r in rows)


def test_a_whole_list_member_text_in_the_input_still_leaks_and_fails(tmp_path: Path) -> None:
    data = _list_template(tmp_path / "s.jsonl")
    res = sanitize_flow(
        SanitizeRequest(dataset=data, output=tmp_path / "o.jsonl", mine=True, derive_from=["/steps/*/text"])
    )
    assert res.status == "failed"
    assert res.summary["still_leaking"] == 150
