"""A value that is an inflected label (``"prior_decision": "ESCALATED"`` for the label ``escalate``) is a leak, as the
label word there is; in prose the inflection stays for review (docs/leakage.md, inflected forms)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.clirun import wt as run


def _found(tmp_path: Path, labels: list[str], rows: list[tuple[str, dict[str, object]]]) -> list[list[tuple[str, str]]]:
    """(rule, severity) of every finding per record, the records given as (expected, projection)."""
    data, out = tmp_path / "d.jsonl", tmp_path / "r.json"
    data.write_text(
        "".join(
            json.dumps({"id": f"r{i}", "expected": e, "label_set": labels, "projection": p}) + "\n"
            for i, (e, p) in enumerate(rows)
        )
    )
    run("leak", "scan", str(data), "--no-mine", "--no-agreement", "-f", "json", "-o", str(out))
    return [[(f["rule"], f["severity"]) for f in it["findings"]] for it in json.loads(out.read_text())["items"]]


def test_a_whole_field_holding_an_inflected_label_is_a_leak(tmp_path: Path) -> None:
    """QA 23: ``ESCALATED`` / ``CLOSED`` as a whole field's value under labels escalate / close were for review only,
    while the copy baseline found the field answering every record."""
    found = _found(
        tmp_path,
        ["escalate", "close"],
        [
            ("escalate", {"history": {"prior_decision": "ESCALATED", "notes": "kettle never arrived"}}),
            ("close", {"history": {"prior_decision": "CLOSED", "notes": "kettle never arrived"}}),
            ("close", {"history": {"prior_decision": "closed"}}),
        ],
    )
    assert found == [[("direct.value", "high")]] * 3


def test_a_pair_or_cell_whose_value_is_an_inflected_label_is_a_leak(tmp_path: Path) -> None:
    found = _found(
        tmp_path,
        ["escalate", "close", "hold"],
        [
            ("escalate", {"log": "Order 4411 looked up.\nPrior decision: ESCALATED\nCarrier confirmed delivery."}),
            ("close", {"log": "ticket | state | amount\n4411 | CLOSED | 40"}),
        ],
    )
    assert [r for r, _ in found[0]] == ["freetext.key-value"] and ("freetext.key-value", "high") in found[1]


def test_an_inflected_word_in_prose_or_beginning_a_value_stays_for_review(tmp_path: Path) -> None:
    found = _found(
        tmp_path,
        ["escalate", "close"],
        [
            ("close", {"note": "The agent closed the ticket after the call."}),
            ("close", {"note": "Upstream triage: closed, reopened."}),
        ],
    )
    assert found == [[("freetext.token", "low")]] * 2


def test_a_status_closed_under_unrelated_labels_is_clean(tmp_path: Path) -> None:
    found = _found(
        tmp_path,
        ["approve", "deny"],
        [("approve", {"order": {"status": "CLOSED"}}), ("deny", {"order": {"status": "CLOSED"}})],
    )
    assert found == [[], []]


def test_a_form_another_label_inflects_to_as_well_names_neither(tmp_path: Path) -> None:
    """``riding`` is ``ride`` and ``rid`` inflected: it tells neither label apart."""
    found = _found(tmp_path, ["ride", "rid"], [("ride", {"mode": "RIDING"}), ("rid", {"mode": "RIDING"})])
    assert found == [[], []]
