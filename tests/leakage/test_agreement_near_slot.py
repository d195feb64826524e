"""The coarsest slot level: the pointer and the one token each side (mentions.LEVELS).

A flight plan's item 9 writes the aircraft type, a slash, the wake category and the equipment codes:
``-E190/M-SDE2E3FGHIJ3RWXY/LB1``. The words around the category are the record's own (its type, its equipment), so
each record's three-token context is a slot of its own and none has the records a verdict needs; the separators
beside it, ``/ § -``, are the field's. Read at that level the slot follows the label on every record that holds it: a
leak. The same slot in the preceding departure's plan (another aircraft's type and category) is at chance there, and a
level this coarse never demotes what the finer levels leave alone.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import scan_items, write_rows

LABELS = ["L", "M", "H", "J"]
MTOW = {"L": (900, 6000), "M": (30000, 80000), "H": (180000, 350000), "J": (560000, 575000)}
MAKERS = "ABCDEFGHKLMNPRST"
GEAR = "DEFGHIJKLORWXYZ"
INPUT = ["/flight/aircraft_type", "/flight/mtow_kg"]


def _rows(seed: int, *, leak: bool, n: int = 160) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        label = LABELS[i % 4]
        actype = f"{rng.choice(MAKERS)}{rng.randrange(100, 999)}"  # a type designator of its own per record
        # clean: the preceding departure's plan, another aircraft's type and category
        planned, cat = (
            (actype, label) if leak else (f"{rng.choice(MAKERS)}{rng.randrange(100, 999)}", rng.choice(LABELS))
        )
        gear = "S" + "".join(rng.sample(GEAR, rng.randint(2, 6)))  # the equipment codes, each record's own
        route = f"N0{rng.randrange(100, 500)}F{rng.randrange(100, 400)} DCT {rng.choice(['LAM', 'TOBAK', 'NUBRI'])}"
        fpl = (
            f"(FPL-X{rng.randrange(100, 999)}-IS\n-{planned}/{cat}-{gear}/LB1\n-EGLL{rng.randrange(1000, 2359)}"
            f"\n-{route}\n-LSZH0115\n-PBN/A1B1 DOF/24{rng.randrange(1, 12):02d}{rng.randrange(1, 28):02d})"
        )
        projection = {
            "instruction": "Assign the wake turbulence category from the maximum take-off mass: L, M, H or J.",
            "flight": {"aircraft_type": actype, "mtow_kg": rng.randint(*MTOW[label])},
            "sources": {"fpl_message": fpl if rng.random() < 0.5 else "(none filed)"},
        }
        rows.append({"id": f"f{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


def test_the_category_after_the_type_in_a_flight_plan_is_a_leak(tmp_path: Path) -> None:
    rows = _rows(1, leak=True)
    report = scan_items(write_rows(tmp_path / "fpl.jsonl", rows), INPUT)
    filed = [r["id"] for r in rows if r["projection"]["sources"]["fpl_message"].startswith("(FPL")]
    leaked = [rid for rid in filed if report[rid]["leaked"]]
    assert len(leaked) >= 0.9 * len(filed), (len(leaked), len(filed))
    assert not any(report[r["id"]]["leaked"] for r in rows if r["id"] not in filed)


def test_a_category_drawn_apart_from_the_label_is_not(tmp_path: Path) -> None:
    rows = _rows(2, leak=False)
    report = scan_items(write_rows(tmp_path / "fpl_clean.jsonl", rows), INPUT)
    assert not any(it["leaked"] for it in report.values())
