"""A key held blank is not held (``candidates._members``): which of a fixed record's keys is filled can tell the label.

A care-management system writes the time of a later event into one of three fields of a record whose shape never
changes: a recognition letter for the adherent members, a refill-reminder enrolment for the partly adherent, a
pharmacist referral for the rest. The timestamps are each a record's own and the keys are on every record; only
which key holds something rides with the label. A blank (``null``, ``""``, ``{}``, ``[]``) is no value to read.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import scan_items, write_rows

LABELS = ["adherent", "partially adherent", "non-adherent"]
EVENT = {
    "adherent": "recognition_letter_at",
    "partially adherent": "reminder_enrolled_at",
    "non-adherent": "pharmacist_referral_at",
}
INPUT = ["/claims"]


def _rows(*, rider: bool, blank: object = None, seed: int = 4, n: int = 150) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        pdc = rng.uniform(0.2, 1.0)
        label = LABELS[0] if pdc >= 0.8 else LABELS[1] if pdc >= 0.5 else LABELS[2]
        events: dict[str, object] = dict.fromkeys(EVENT.values(), blank)
        if rider and rng.random() < 0.5:
            events[EVENT[label]] = f"2027-0{rng.randint(1, 9)}-{rng.randint(10, 28)}T{rng.randint(10, 23)}:00:00Z"
        projection = {
            "claims": {"pdc": round(pdc, 3), "fills": rng.randint(3, 12)},
            "care_mgmt": events,
            "note": rng.choice(["Seen for flu shot.", "Annual visit.", "Knee pain follow-up."]),
        }
        rows.append({"id": f"m{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


def _filled(row: dict) -> bool:
    return any(v not in (None, "", {}, []) for v in row["projection"]["care_mgmt"].values())


def test_which_key_is_filled_in_is_a_leak_whatever_the_blank(tmp_path: Path) -> None:
    for blank in (None, "", [], {}):
        rows = _rows(rider=True, blank=blank)
        report = scan_items(write_rows(tmp_path / "members.jsonl", rows), INPUT)
        filled = [r["id"] for r in rows if _filled(r)]
        assert len(filled) >= 50
        assert all(report[rid]["leaked"] for rid in filled), blank
        assert not any(report[r["id"]]["leaked"] for r in rows if not _filled(r)), blank


def test_the_same_records_with_every_key_blank_flag_nothing(tmp_path: Path) -> None:
    report = scan_items(write_rows(tmp_path / "members.jsonl", _rows(rider=False)), INPUT)
    assert not any(it["leaked"] for it in report.values())


def test_a_key_filled_in_at_random_flags_nothing(tmp_path: Path) -> None:
    rows = _rows(rider=False)
    rng = random.Random(8)
    for r in rows:  # one of the keys filled on half the records, whatever the label
        if rng.random() < 0.5:
            r["projection"]["care_mgmt"][rng.choice(list(EVENT.values()))] = "2027-02-01T10:00:00Z"
    report = scan_items(write_rows(tmp_path / "members.jsonl", rows), INPUT)
    assert not any(it["leaked"] for it in report.values())
