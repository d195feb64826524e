"""A listing whose lines carry a lead mark (a column of marks before the lines): the one member whose
line's mark differs from the others' is selected (principle 1, as a ticked box); lines marked alike, a
member sharing its line with another, or lines that differ in more than the member select nothing."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item, sanitize_item
from windtunnel.leakage.mention import gutter_apart, regutter

LABELS = ["Low", "Medium", "High"]


def _item(projection: Any, expected: str = "High") -> dict[str, Any]:
    return {"id": "g", "expected": expected, "label_set": LABELS, "projection": projection}


def _findings(projection: Any, expected: str = "High") -> list[tuple[str, str]]:
    item = _item(projection, expected)
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return [(f.rule, f.severity) for f in fast.findings]


# invented forms: a picker's cursor, an execution log of a dispatcher, a blame-like column of markers
PICKER = "choose a level for RQ-18:\n  Low\n  Medium\n> High\n"
EXEC = (
    "@@ dispatch.lua (replayed on RQ-18)\n- if x then emit('Low')\n+ if x then emit('High')\n"
    "- if x then emit('Medium')\n"
)
STARRED = "queue levels\n  ·  band Low\n  ·  band Medium\n  ★  band High\n"


@pytest.mark.parametrize("text", [PICKER, EXEC, STARRED])
def test_the_member_whose_line_is_marked_apart_is_selected(text: str) -> None:
    assert ("freetext.selected", "high") in _findings({"out": text})


@pytest.mark.parametrize(
    "text",
    [
        "choose a level:\n> Low\n> Medium\n> High\n",  # every line marked alike
        "- if x then emit('Low')\n- if x then emit('High')\n- if x then emit('Medium')\n",
        "choose a level:\n  Low\n  Medium\n  High\n",  # no mark at all
        "  Low\n  Medium\n> High or Low\n",  # two members on the marked line
        "- if x then emit('Low')\n+ if y > 3 then escalate('High')\n- if x then emit('Medium')\n",  # lines differ
    ],
)
def test_lines_marked_alike_or_unlike_in_more_than_the_mark_select_nothing(text: str) -> None:
    assert not audit_item(_item({"out": text})).leaked


def test_the_mark_apart_is_returned_as_the_lead_the_others_share() -> None:
    a = PICKER.index("High")
    others = [(PICKER.index(w), PICKER.index(w) + len(w)) for w in ("Low", "Medium")]
    assert gutter_apart(PICKER, a, a + 4, others) == ""
    b = EXEC.index("High")
    others = [(EXEC.index(w), EXEC.index(w) + len(w)) for w in ("Low", "Medium")]
    assert gutter_apart(EXEC, b, b + 4, others) == "-"
    assert gutter_apart(EXEC, b, b + 4, others[:1]) is None  # one other member: nothing to tell the mark by


def test_sanitizing_gives_the_marked_line_the_others_lead_and_keeps_every_member() -> None:
    a = EXEC.index("High")
    assert regutter(EXEC, a, a + 4, LABELS) == (EXEC.index("+ if"), EXEC.index("+ if") + 1, "-")
    result = sanitize_item(_item({"out": EXEC}), mode="span")
    assert result.before.leaked and not result.after.leaked
    out = result.item.projection["out"]
    assert "- if x then emit('High')" in out and "emit('Low')" in out and "emit('Medium')" in out
