"""A table of several rows held in a string: each column's cells read together are one value, as a list's members are.

A food-safety audit passes or fails a kitchen from its cold-holding temperatures (the named input). On some records
the probe logger's CSV export is attached, its ``status`` column written by the logger's own check: ``OK`` on every
row of a kitchen that passed, ``OUT`` on some row of one that failed. ``OUT`` rides with fail as a word, while ``OK``
is on the failing kitchens' other rows too: no cell, word or row tells a pass — the column read whole does, ``[OK]``
against ``[OK, OUT]`` (after ds27 ``wastewater_effluent``'s LIMS export, a ``compliance`` column: 9 of 36 missed).
A status drawn apart from the outcome names nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from tests.leakage.mined_flags import mined_flags
from tests.leakage.sanitized_rows import sanitized_rows
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.resolve import Records, table_columns

LABELS = ["pass", "fail"]
DERIVE = ["/holding"]


def _csv(rng: random.Random, failed: bool | None) -> str:
    rows = ["probe_id,item,logged_at,status"]
    n = rng.randint(3, 5)
    bad = rng.randrange(n)
    for k in range(n):
        if failed is None:
            status = rng.choice(["OK", "OK", "OUT"])
        else:
            status = "OUT" if failed and k == bad else "OK"
        rows.append(f"P{rng.randint(100, 999)},{rng.choice(['rice', 'chicken', 'salad', 'soup'])},{k + 1}:00,{status}")
    return "\n".join(rows)


def _items(seed: int = 5, *, drawn_apart: bool = False, n: int = 140) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 2]
        temps = [round(rng.uniform(1.0, 4.9), 1) for _ in range(3)]
        if label == "fail":
            temps[rng.randrange(3)] = round(rng.uniform(5.1, 9.0), 1)
        attached = rng.random() < 0.4
        failed = None if drawn_apart else label == "fail"
        projection = {
            "instruction": "Pass if every cold-holding temperature is 5.0 C or below, else fail.",
            "kitchen": {"name": f"Unit {i}", "inspector": rng.choice(["Ade", "Bo", "Cy"])},
            "holding": {"temps_c": temps},
            "attachments": [{"name": "probe_log.csv", "content": _csv(rng, failed)}] if attached else [],
        }
        out.append(LeakItem(id=f"k{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_the_columns_of_a_table_of_several_rows() -> None:
    text = "id,param,status\nA1,BOD5,OK\nA1,TSS,\nA1,pH,OUT"
    assert table_columns(text, Records({})) == [
        ("id", ["A1", "A1", "A1"]),
        ("param", ["BOD5", "TSS", "pH"]),
        ("status", ["OK", "OUT"]),
    ]
    assert table_columns("id,status\nA1,OK", Records({})) == []  # one row: a record's own table, read cell by cell
    assert table_columns("no table here, just words", Records({})) == []


def test_a_column_the_answer_sets_on_every_row_is_found_for_both_labels() -> None:
    items = _items()
    attached = {it.id for it in items if it.projection["attachments"]}
    passed = {it.id for it in items if it.id in attached and it.expected == ["pass"]}
    flagged = mined_flags(items, DERIVE, "/attachments")
    assert passed and passed <= flagged  # the column read whole: no cell of it tells a pass
    assert flagged <= attached


def test_a_column_drawn_apart_from_the_answer_names_nothing() -> None:
    assert mined_flags(_items(drawn_apart=True), DERIVE, "/attachments") == set()


def test_sanitize_cuts_the_column_and_leaves_clean_records_as_they_are(tmp_path: Path) -> None:
    rows = [
        {
            "id": it.id,
            "expected": it.expected[0],
            "label_set": LABELS,
            "projection": it.projection,
            "leak": bool(it.projection["attachments"]),
        }
        for it in _items()
    ]
    _out, pairs = sanitized_rows(rows, tmp_path, DERIVE)
    assert all(raw == line for r, raw, line in pairs if not r["leak"])
    for _r, raw, line in pairs:  # no status column left to read
        assert raw == line or "OK" not in json.loads(line)["projection"]["attachments"][0]["content"]
