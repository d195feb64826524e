"""A selection whose selector is itself a field ``--derive-from`` names is the task's derivation, not a leak.

Invented shapes. A load-grade task whose instruction states each grade's rated load (``A 120, B 150, ...``) and whose
input is the proof load: on the records whose proof load equals a rated load exactly, the value read through the
instruction's table selects the grade (``direct.selection``). When the owner names that field by its own pointer,
reading it so is the derivation the task asks for: for review. Naming only the section holding it, another field, or
nothing leaves the selection a leak; so does a record's own id inside a named section picking its own row of a
routing log (naming the container names the input's facts, not every value in it as the answer's source).
"""

from __future__ import annotations

from typing import Any

from tests.leakage.audited import audited
from windtunnel.leakage.agreement import agreement_of

GRADES = ["A", "B", "C", "D"]
_RATED = {"A": 120, "B": 150, "C": 200, "D": 260}
QUEUES = ["billing", "access", "outage"]


def _graded() -> list[dict[str, Any]]:
    out = []
    for i in range(80):
        grade = GRADES[i % 4]
        load = _RATED[grade] + (0 if i % 8 < 2 else 3 + i % 7)  # a quarter of the records at a rated load exactly
        proj = {
            "instruction": "Assign the load grade: the highest grade whose rated load (A 120, B 150, C 200, D 260 kN)"
            " does not exceed the proof load.",
            "proof": {"site": f"bay {i % 5}", "load_kn": load, "temp_c": 15 + i % 9},
        }
        out.append({"id": f"r{i}", "expected": grade, "label_set": GRADES, "projection": proj})
    return out


def _routed() -> list[dict[str, Any]]:
    out = []
    for i in range(90):
        log = {str(48210 + j): QUEUES[j % 3] for j in range(max(0, i - 2), i + 3)}  # ticket id -> queue
        proj = {"ticket": {"id": 48210 + i, "subject": f"case {i}"}, "routing_log": log}
        out.append({"id": f"t{i}", "expected": QUEUES[i % 3], "label_set": QUEUES, "projection": proj})
    return out


def _selected(raw: list[dict[str, Any]], derive_from: list[str]) -> int:
    """Records with a blocking ``direct.selection`` finding after the dataset's evidence."""
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=derive_from)
    return sum(any(f.blocking and f.rule == "direct.selection" for f in agreement.adjust(a).findings) for a in audits)


def test_a_named_input_read_through_the_instruction_table_is_the_derivation() -> None:
    raw = _graded()
    assert _selected(raw, []) == 20  # no input named: the selection is a leak
    assert _selected(raw, ["/proof/temp_c"]) == 20  # another field named
    assert _selected(raw, ["/proof/load_kn"]) == 0  # the selector is the named field


def test_a_selector_inside_a_named_section_stays_a_leak() -> None:
    assert _selected(_graded(), ["/proof"]) == 20  # the section named, not the field
    assert _selected(_graded(), ["load_kn"]) == 20  # a bare key names only a top-level member


def test_an_id_of_a_named_section_picking_its_own_row_stays_a_leak() -> None:
    raw = _routed()
    assert _selected(raw, []) == 90
    assert _selected(raw, ["/ticket"]) == 90  # the id sits inside the named input: still its own row's pick
    assert _selected(raw, ["/ticket/id"]) == 0  # only when the owner names the id itself
