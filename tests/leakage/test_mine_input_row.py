"""The row of a table naming the task's input is this record's row; an HTML cell's ``class`` is one of its fields.

Invented data after ds29 ``ast_interpretation``: a susceptibility report lists a few antibiotics, one row each; the
task asks about one of them (its name is the task's input). On some records the report's row for that agent has an
empty result cell coloured by its result (``<td class="interp interp--r"></td>``); on the others the cell is pending.
The other rows' names are values of the record too (a panel of other agents), so no whole value named the row, and
the report, one line of HTML, was never read as a table: 0 of 17 such leaks found. Now the row holding the input's
value is the record's row, its cells' classes are fields, and mining finds the class that rides with the label. The
other agents' rows, whose classes follow their own results, stay a listing of other things.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem

LABELS = ["susceptible", "intermediate", "resistant"]
BREAKPOINTS = {
    "ciprofloxacin": (0.25, 1),
    "ceftriaxone": (1, 4),
    "gentamicin": (2, 8),
    "meropenem": (1, 4),
    "amikacin": (4, 16),
    "levofloxacin": (0.5, 2),
}
DRUGS = sorted(BREAKPOINTS)


def _item(item_id: str, label: str, projection: dict[str, Any]) -> LeakItem:
    return LeakItem.from_mapping({"id": item_id, "expected": label, "label_set": LABELS, "projection": projection})


def _row(drug: str, mic: str, result: str | None) -> str:
    css = "interp interp--pending" if result is None else f"interp interp--{result[0]}"
    return f'<tr><td>{drug}</td><td>{mic}</td><td class="{css}"></td></tr>'


def _items(n: int = 150, seed: int = 4) -> tuple[list[LeakItem], set[str]]:
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        label = LABELS[i % 3]
        drug, *others = rng.sample(DRUGS, 4)
        s_max, r_min = BREAKPOINTS[drug]  # the label follows from the MIC read with the agent's breakpoints
        steps = {
            "susceptible": [s_max / 4, s_max / 2, s_max],
            "intermediate": [s_max * 2],
            "resistant": [r_min, r_min * 2],
        }
        mic = rng.choice(steps[label])
        leak = rng.random() < 0.4
        rows = [_row(d, str(rng.choice([0.25, 1, 4, 16])), rng.choice(LABELS)) for d in others]
        rows.insert(
            rng.randrange(4),
            _row(drug, str(mic), label if leak else None),
        )
        html = '<table class="ast"><tr><th>Agent</th><th>MIC</th><th>Interp</th></tr>' + "".join(rows) + "</table>"
        projection: dict[str, Any] = {
            "target": {"drug": drug, "mic": mic},
            "panel": [{"drug": d} for d in others],
            "report_html": html,
        }
        items.append(_item(f"a{i}", label, projection))
        if leak:
            leaking.add(f"a{i}")
    return items, leaking


def test_the_class_of_the_inputs_row_that_rides_with_the_label_is_mined() -> None:
    items, leaking = _items()
    flagged = mined_flags(items, ["/target/drug", "/target/mic"], "/report_html")
    assert flagged == leaking


def _hl7_items(n: int = 150, seed: int = 8) -> tuple[list[LeakItem], set[str]]:
    """A raw result message per record (segments one per ``\\r``): each agent's ``OBX`` with its flag in field 8; the
    target agent's flag only on the leaking records, pending (no flag, status ``P``) on the others."""
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        label = LABELS[i % 3]
        drug, *others = rng.sample(DRUGS, 4)
        s_max, r_min = BREAKPOINTS[drug]
        mic = rng.choice({"susceptible": [s_max / 2, s_max], "intermediate": [s_max * 2], "resistant": [r_min]}[label])
        leak = rng.random() < 0.4
        segs = [
            f"MSH|^~\\&|VITEK2|MICRO|LIS|HOSP|2025091{i % 10}1200||ORU^R01|M{i:05d}|P|2.5.1",
            f"OBR|1||M{i:05d}|87186",
        ]
        for k, d in enumerate(others, 1):
            segs.append(
                f"OBX|{k}|NM|{d[:3].upper()}^{d.title()}||{rng.choice([0.25, 1, 4])}|mg/L||{rng.choice('SIR')}|||F"
            )
        flag, status = (label[0].upper(), "F") if leak else ("", "P")
        segs.append(f"OBX|4|NM|{drug[:3].upper()}^{drug.title()}||{mic}|mg/L||{flag}|||{status}")
        projection = {"target": {"drug": drug, "mic": mic}, "hl7_raw": "\r".join(segs)}
        items.append(_item(f"h{i}", label, projection))
        if leak:
            leaking.add(f"h{i}")
    return items, leaking


def test_the_flag_of_the_inputs_segment_of_a_message_that_rides_with_the_label_is_mined() -> None:
    items, leaking = _hl7_items()
    assert mined_flags(items, ["/target/drug", "/target/mic"], "/hl7_raw") == leaking


def _interp(drug: str, mic: float) -> str:
    s_max, r_min = BREAKPOINTS[drug]
    return "susceptible" if mic <= s_max else "resistant" if mic >= r_min else "intermediate"


def test_a_measurement_of_the_input_another_row_holds_names_no_row() -> None:
    # review 43b: the target agent has no row; another agent's row may hold the input's MIC, written as a string: read
    # as naming the row, its class (that agent's own result for the same MIC, which follows the target's) was mined
    rng = random.Random(1)
    mics = ["0.12", "0.25", "0.5", "1", "2", "4", "8", "16", "32"]
    items = []
    for i in range(150):
        drug, *others = rng.sample(DRUGS, 5)
        mic = rng.choice(mics)
        label = _interp(drug, float(mic))
        rows = [_row(d, m, _interp(d, float(m))) for d in others for m in [rng.choice(mics)]]
        html = '<table class="ast"><tr><th>Agent</th><th>MIC</th><th>Interp</th></tr>' + "".join(rows) + "</table>"
        projection = {"target": {"drug": drug, "mic": mic}, "panel": [{"drug": d} for d in others], "report_html": html}
        items.append(_item(f"w{i}", label, projection))
    found = mine(items, derive_from=["/target/drug", "/target/mic"]).suggestions
    assert not [s for s in found if "@class" in s.pointer]
