"""A value two rows of a table hold names neither row (``resolve._own_rows``).

A refurbishing batch's CSV export lists this unit's row (its serial, its model, no grade yet) beside other units'
rows; another unit of the same model was graded ``A``. The model is shown outside the table (the unit's own field),
but two rows hold it: it is no row's name, and the other unit's grade is another record's label, not this one's
answer. The serial, held by one row, names this record's row, whose grade leaks.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import scan_items, write_rows
from windtunnel.leakage import audit_item

LABELS = ["A", "B", "C", "recycle"]


def _item(csv: str, expected: str) -> dict:
    unit = {"serial": "C025699527", "model": "L18M4P72"}
    return {"id": "u", "expected": expected, "label_set": LABELS, "projection": {"unit": unit, "batch_export_csv": csv}}


def test_another_unit_of_the_same_model_is_not_this_record() -> None:
    csv = "serial,model,grade\r\nDQ97228670,L18M4P72,A\r\nC025699527,L18M4P72,\r\nC021911009,C32N1810,recycle\r\n"
    assert not audit_item(_item(csv, "A")).leaked


def test_this_units_own_row_still_leaks() -> None:
    csv = "serial,model,grade\r\nDQ97228670,L18M4P72,B\r\nC025699527,L18M4P72,A\r\nC021911009,C32N1810,recycle\r\n"
    assert audit_item(_item(csv, "A")).leaked


def _rows(seed: int = 3, n: int = 150) -> list[dict]:
    rng = random.Random(seed)
    models = ["L18M4P72", "DELL 7FHHV", "A2338", "C32N1810"]
    rows = []
    for i in range(n):
        soh = rng.uniform(0.5, 1.0)
        label = "A" if soh >= 0.9 else "B" if soh >= 0.8 else "C" if soh >= 0.7 else "recycle"
        serial, model = f"SN{rng.randrange(10**8):08d}", rng.choice(models)
        leak = rng.random() < 0.4
        others = [(f"SN{rng.randrange(10**8):08d}", rng.choice(models), rng.choice([*LABELS, ""])) for _ in range(2)]
        table = [*others, (serial, model, label if leak else "")]
        rng.shuffle(table)
        csv = "serial,model,grade\r\n" + "".join(f"{s},{m},{g}\r\n" for s, m, g in table)
        projection = {"unit": {"serial": serial, "model": model}, "diag": {"soh": round(soh, 3)}, "export": csv}
        rows.append({"id": f"b{i}", "expected": label, "label_set": LABELS, "projection": projection, "leak": leak})
    return rows


def test_this_records_row_among_other_records_rows_is_a_leak_across_a_dataset(tmp_path: Path) -> None:
    """Across a dataset the export's grade cells hold other units' grades too, at chance with the record's label:
    the slot is at chance, but this record's own row (tied by its serial) is its value, not one of the listing's."""
    rows = _rows()
    report = scan_items(write_rows(tmp_path / "batteries.jsonl", rows), ["/diag/soh"])
    assert all(report[r["id"]]["leaked"] for r in rows if r["leak"])
    assert not any(report[r["id"]]["leaked"] for r in rows if not r["leak"])
