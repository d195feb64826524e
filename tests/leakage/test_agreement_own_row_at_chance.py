"""This record's own row of a table of many: its label cell is a leak, unless the dataset's own rows agree at chance.

A battery refurbisher grades each unit A, B, C or recycle from its state of health (the input). Beside it, last
year's batch export lists three units with their 2025 grade, this unit's row among them (named by its serial). Read
alone, this unit's row holding this year's grade is this record's field and leaks (principle 1). Over the dataset,
the own rows' 2025 grades agree with this year's grades at chance — a prior state drawn apart from the answer — so
the 37 records where it happened to be the answer were false alarms (review 42); they are for review now. Where the
own row holds this year's grade (the export written after the decision), it follows the label and stays a leak.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.audited import audited
from windtunnel.leakage.agreement import agreement_of

LABELS = ["A", "B", "C", "recycle"]
MODELS = ["L18M4P72", "DELL 7FHHV", "A2338", "C32N1810"]


def _raw(seed: int, *, this_year: bool, n: int = 160) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        soh = rng.uniform(0.5, 1.0)
        label = "A" if soh >= 0.9 else "B" if soh >= 0.8 else "C" if soh >= 0.7 else "recycle"
        serial, model = f"SN{rng.randrange(10**8):08d}", rng.choice(MODELS)
        rows = [(f"SN{rng.randrange(10**8):08d}", rng.choice(MODELS), rng.choice(LABELS)) for _ in range(2)]
        rows.append((serial, model, label if this_year else rng.choice(LABELS)))
        rng.shuffle(rows)
        csv = "serial,model,grade\r\n" + "".join(f"{s},{m},{g}\r\n" for s, m, g in rows)
        projection = {"unit": {"serial": serial, "model": model}, "diag": {"soh": round(soh, 3)}, "export": csv}
        out.append({"id": f"b{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return out


def _flagged(raw: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """(the items the item-level audit flags at the export, those still flagged with the dataset's evidence)."""
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=["/diag/soh"])
    before = {a.item for a in audits if any(f.blocking and f.pointer == "/export" for f in a.findings)}
    after = {
        a.item
        for a in (agreement.adjust(x) for x in audits)
        if any(f.blocking and f.pointer == "/export" for f in a.findings)
    }
    return before, after


def test_own_rows_at_chance_are_for_review() -> None:
    before, after = _flagged(_raw(6, this_year=False))
    assert len(before) >= 25  # the premise: alone, the own row's cell is the record's field
    assert after == set()


def test_own_rows_holding_this_years_grade_stay_leaks() -> None:
    raw = _raw(6, this_year=True)
    before, after = _flagged(raw)
    assert after == before == {r["id"] for r in raw}
