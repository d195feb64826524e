"""A field left blank on records of several labels is its code book's default (``codebook._rare``).

A public alert SMS is drafted on the records of an access change only, empty on the others, and names the lake with
the access level's message (``ICE UPDATE CASS LAKE: CARS/LT VEH OK, NO PICKUPS``): eight lakes by five messages, most
texts on one or two records. The texts of three records or more are each one level's (the book); its one-off texts
sit beside the blank every level's records hold, so they are deviations from that default, written from the answer,
and are found with the book. The same SMS with a message drawn apart from the level flags nothing.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import scan_items, write_rows

LABELS = ["stay off", "walk", "snowmobile", "car", "truck"]
MESSAGE = {
    "stay off": "KEEP OFF - ICE UNSAFE",
    "walk": "FOOT TRAFFIC ONLY",
    "snowmobile": "SNOWMOB/ATV OK, NO VEH",
    "car": "CARS/LT VEH OK, NO PICKUPS",
    "truck": "PICKUPS/HVY VEH OK",
}
LAKES = [
    "CASS LAKE",
    "GULL LAKE",
    "LEECH LAKE",
    "MILLE LACS",
    "UPPER RED LAKE",
    "LAKE OF THE WOODS",
    "BALL CLUB",
    "BIG SANDY",
]
INPUT = ["/survey/holes"]


def _rows(*, rider: bool, seed: int = 5, n: int = 160) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        inches = [round(rng.uniform(2, 16), 1) for _ in range(3)]
        label = LABELS[min(4, int(min(inches) // 3))]
        sms = ""
        if rng.random() < 0.35:
            said = label if rider else rng.choice(LABELS)
            sms = f"ICE UPDATE {rng.choice(LAKES)}: {MESSAGE[said]}"
        projection = {"survey": {"holes": inches, "lake": rng.choice(LAKES).title()}, "sms_preview": sms}
        rows.append({"id": f"i{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


def test_one_off_alerts_beside_the_blank_are_found_with_the_book(tmp_path: Path) -> None:
    rows = _rows(rider=True)
    report = scan_items(write_rows(tmp_path / "ice.jsonl", rows), INPUT)
    sent = [r["id"] for r in rows if r["projection"]["sms_preview"]]
    assert len(sent) >= 40
    assert all(report[rid]["leaked"] for rid in sent)
    assert not any(report[r["id"]]["leaked"] for r in rows if r["id"] not in sent)


def test_alerts_drawn_apart_from_the_level_flag_nothing(tmp_path: Path) -> None:
    report = scan_items(write_rows(tmp_path / "ice.jsonl", _rows(rider=False)), INPUT)
    assert not any(it["leaked"] for it in report.values())
