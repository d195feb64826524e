"""A value two rows of a table hold names neither row (``resolve._own_rows``).

A refurbishing batch's CSV export lists this unit's row (its serial, its model, no grade yet) beside other units'
rows; another unit of the same model was graded ``A``. The model is shown outside the table (the unit's own field),
but two rows hold it: it is no row's name, and the other unit's grade is another record's label, not this one's
answer. The serial, held by one row, names this record's row, whose grade leaks.
"""

from __future__ import annotations

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
