"""A list's members count in their field's measure (principle 7).

A checked bag's payments list holds the fare on every record and, on some, a fee line written once the desk chose the
tier: ``0.00`` for a standard bag, ``75.00`` for a heavy one, ``VOID`` when the bag was refused. Judged on records
holding the field once, ``/payments/*/amount`` is the fares alone (random: graded, an input-side correlate), and the fee
rode free as "only making a label likelier". Counted over every member, the field holds a word that names one label
(``VOID``): a code, no measure, and the fee is a leak. A list of readings of the subject (several weighings of the same
bag, scattered around the scale's) stays graded: its members only make a label likelier.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import sanitize_rows, scan_items, write_rows
from windtunnel.leakage.graded import graded, graded_fields
from windtunnel.leakage.input_explained import MemberValues, input_values

LABELS = ["standard", "heavy", "not accepted"]
INPUT = ["/bag/scale_kg"]
FEE = {"standard": "0.00", "heavy": "75.00", "not accepted": "VOID"}


def _label(kg: float) -> str:
    return LABELS[0] if kg <= 23.0 else LABELS[1] if kg <= 32.0 else LABELS[2]


def _rows(seed: int = 5, n: int = 150, *, fee: bool, readings: bool = False) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        kg = round(rng.uniform(5, 40), 1)
        label = _label(kg)
        payments = [{"type": "FARE", "amount": f"{rng.uniform(90, 480):.2f}", "currency": "EUR"}]
        if fee and rng.random() < 0.45:
            payments.append({"type": "EXCESS_BAG", "amount": FEE[label], "currency": "EUR"})
        projection: dict = {
            "bag": {"tag": f"08{rng.randrange(10**8):08d}", "scale_kg": kg},
            "payments": payments,
        }
        if readings:  # re-weighings of the same bag: another measurement of the subject, in a list
            projection["reweigh_kg"] = [round(kg + rng.gauss(0, 4), 1) for _ in range(rng.randint(1, 3))]
        rows.append({"id": f"b{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


def _members(rows: list[dict]) -> tuple[list[dict], list[MemberValues], list[str]]:
    values, members, labels = [], [], []
    for r in rows:
        m: MemberValues = {}
        values.append(input_values(r["projection"], INPUT, lambda p, d: p not in d, members=m))
        members.append(m)
        labels.append(r["expected"])
    return values, members, labels


def test_input_values_hands_a_lists_members_over_when_asked() -> None:
    projection = {"payments": [{"amount": "10.00"}, {"amount": "VOID"}], "bag": {"scale_kg": 3.0}}
    members: MemberValues = {}
    values = input_values(projection, (), lambda p, d: True, members=members)
    assert "/payments/*/amount" not in values  # a list's member names no one place
    assert sorted(map(str, members["/payments/*/amount"])) == ["10.0", "VOID"] and len(members) == 1
    assert values["/bag/scale_kg"] == 3.0


def test_a_fee_line_among_the_fares_is_no_measure() -> None:
    values, members, labels = _members(_rows(fee=True))
    field = "/payments/*/amount"
    assert field in graded_fields(values, labels, {field})  # the fares alone: a random number, graded
    assert field not in graded_fields(values, labels, {field}, members=members)  # VOID names a label


def test_fares_alone_in_a_list_stay_graded() -> None:
    rows = _rows(seed=6, fee=False)
    for r in rows:  # two fares on some records: still numbers that name no label
        r["projection"]["payments"].append({"type": "FARE", "amount": f"{random.Random(r['id']).uniform(90, 480):.2f}"})
    values, members, labels = _members(rows)
    assert "/payments/*/amount" in graded_fields(values, labels, {"/payments/*/amount"}, members=members)


def test_a_word_among_numbers_that_leans_nowhere_keeps_the_field_graded() -> None:
    rng = random.Random(9)
    pairs: list[tuple[float | str, str]] = []
    for _ in range(150):
        kg = rng.uniform(5, 40)
        pairs.append((round(kg + rng.gauss(0, 6), 1), _label(kg)))
    for _ in range(12):  # a reading missing on records of every label
        pairs.append(("n/a", rng.choice(LABELS)))
    assert graded(pairs)
    pairs += [("VOID", "not accepted")] * 12
    assert not graded(pairs)


def test_the_fee_in_a_list_is_a_leak_and_its_clean_twin_is_not_flagged(tmp_path: Path) -> None:
    rows = _rows(fee=True)
    report = scan_items(write_rows(tmp_path / "bags.jsonl", rows), INPUT)
    billed = [r["id"] for r in rows if len(r["projection"]["payments"]) > 1]
    assert len(billed) >= 40
    leaked = [rid for rid in billed if report[rid]["leaked"]]
    assert len(leaked) >= 0.9 * len(billed)
    assert not any(report[r["id"]]["leaked"] for r in rows if r["id"] not in billed)
    clean = _rows(fee=False, readings=True)
    report = scan_items(write_rows(tmp_path / "bags_clean.jsonl", clean), INPUT)
    assert not any(it["leaked"] for it in report.values())


def test_the_sanitizer_cuts_the_fee_and_leaves_the_clean_twin_byte_identical(tmp_path: Path) -> None:
    rows = _rows(fee=True)
    _src, _out, after = sanitize_rows(tmp_path / "bags.jsonl", rows, INPUT)
    for before, now in zip(rows, after, strict=True):
        fees = [p for p in now["projection"]["payments"] if p.get("type") == "EXCESS_BAG"]
        assert all(p["amount"] not in FEE.values() for p in fees)
        assert now["projection"]["bag"] == before["projection"]["bag"]
    clean, out, _after = sanitize_rows(tmp_path / "bags_clean.jsonl", _rows(fee=False, readings=True), INPUT)
    assert out.read_bytes() == clean.read_bytes()
