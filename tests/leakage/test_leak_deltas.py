"""Principle 1 for a visible computation (leakage/deltas.py): two snapshots of counts per label whose
difference is one more in the answer's count, tied to this record by a log naming it alone — and the
counter-examples (the log names another record, no log, no change, two counts changed)."""

from __future__ import annotations

from typing import Any

from windtunnel.leakage import audit_item

LABELS = ["Fraud", "Chargeback", "Dispute"]


def _item(after: dict[str, int], log: list[dict[str, Any]] | None) -> dict[str, Any]:
    # an invented form: a payments dashboard's per-reason totals before and after a case was coded
    before = {"Fraud": 410, "Chargeback": 96, "Dispute": 1203, "open": 88}
    projection: dict[str, Any] = {
        "case": {"ref": "PMT-20417", "amount": "129.00 EUR", "reason": None},
        "totals": {"t0": before, "t1": after},
    }
    if log is not None:
        projection["audit"] = log
    return {"id": "t", "expected": "Chargeback", "label_set": LABELS, "projection": projection}


def _leaked(item: dict[str, Any]) -> bool:
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    return fast.leaked


ROSE = {"Fraud": 410, "Chargeback": 97, "Dispute": 1203, "open": 87}
MINE = [{"case": "PMT-20417", "action": "coded", "ts": "10:02"}]


def test_one_more_in_the_answers_count_while_this_record_changed_leaks() -> None:
    item = _item(ROSE, MINE)
    assert _leaked(item)
    assert any(f.rule == "direct.value" and f.pointer.startswith("/totals/t1/") for f in audit_item(item).findings)


def test_a_change_attributed_elsewhere_or_to_nothing_is_clean() -> None:
    assert not _leaked(
        _item(ROSE, [{"case": "PMT-20399", "action": "coded"}, {"case": "PMT-20417", "action": "viewed"}])
    )
    assert not _leaked(_item(ROSE, None))


def test_no_change_or_two_changes_state_nothing() -> None:
    assert not _leaked(_item({"Fraud": 410, "Chargeback": 96, "Dispute": 1203, "open": 88}, MINE))
    assert not _leaked(_item({"Fraud": 411, "Chargeback": 97, "Dispute": 1203, "open": 86}, MINE))
    assert not _leaked(_item({"Fraud": 410, "Chargeback": 98, "Dispute": 1203, "open": 86}, MINE))


def test_snapshots_at_the_top_of_the_projection_are_read_too() -> None:
    before = {"Fraud": 410, "Chargeback": 96, "Dispute": 1203}
    projection: dict[str, Any] = {"case": "PMT-20417", "before": before, "after": {**before, "Chargeback": 97}}
    item = {"id": "t", "expected": "Chargeback", "label_set": LABELS, "projection": projection}
    projection["audit"] = MINE
    assert _leaked(item)
    projection["audit"] = [*MINE, {"case": "PMT-20399", "action": "coded"}]
    assert not _leaked(item)
