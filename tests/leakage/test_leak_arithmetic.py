"""An expression of integers in code or a config is read as its value (the ``arithmetic`` view,
views/literals.py): ``severity: 5 - 3`` states 2 as ``severity: 2`` does, and a setting of another name
computed the same way states nothing. Forms of our own, each both ways (docs/leakage.md, the views list)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.sanitize import sanitize_item
from windtunnel.leakage.views.literals import arithmetic

SEV = ["1", "2", "3", "4"]
PRI = ["P0", "P1", "P2", "P3"]


def _leaks(content: str, expected: str, label_set: list[str]) -> bool:
    projection: Any = {"task": "Set the field for OPS-4411.", "workspace": {"path": "ops.cfg", "content": content}}
    rec = {"id": "a", "expected": expected, "label_set": label_set, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


@pytest.mark.parametrize(
    ("content", "expected", "label_set"),
    [
        ("ticket: OPS-4411\nseverity: 5 - 3\nowner: team-a\n", "2", SEV),  # YAML
        ("const ticket = { id: 'OPS-4411', severity: (2 + 2) * 1 };\n", "4", SEV),  # JavaScript
        ('TICKET=OPS-4411\nPRIORITY="P$((2 - 1))"\n', "P1", PRI),  # shell arithmetic in a string
        ('ticket = "OPS-4411"\npriority = "P${6 / 2}"\n', "P3", PRI),  # HCL interpolation
    ],
)
def test_an_expression_computing_the_label_states_it(content: str, expected: str, label_set: list[str]) -> None:
    assert _leaks(content, expected, label_set)


@pytest.mark.parametrize(
    ("content", "expected", "label_set"),
    [
        ("ticket: OPS-4411\nseverity: 9 - 6\nowner: team-a\n", "2", SEV),  # it computes another label
        ("ticket: OPS-4411\nreplicas: 1 + 1\nseverity: null\n", "2", SEV),  # another setting's value
        ("ticket: OPS-4411\nopened: 2026-02-04\nseverity: null\n", "2", SEV),  # a date is no subtraction
        ('ticket = "OPS-4411"\npriority = "P${7 / 2}"\n', "P3", PRI),  # not a whole number: no reading
    ],
)
def test_an_expression_of_another_value_or_no_expression_states_nothing(
    content: str, expected: str, label_set: list[str]
) -> None:
    assert not _leaks(content, expected, label_set)


@pytest.mark.parametrize(
    "text", ["on 2026-03-04", "rated 4/5", "range 1-2", "call 555 - 1234", "v1.2 - 3", "x = 4 / 5"]
)
def test_dates_ranges_ratios_and_negatives_are_not_expressions(text: str) -> None:
    assert arithmetic(text) == []


def test_the_view_points_at_the_expression_and_keeps_a_calls_parentheses() -> None:
    text = "story_points=int(8 - 5), severity = (3 * 2) - 4"
    assert [(text[a:b], v) for a, b, v in arithmetic(text)] == [("8 - 5", "3"), ("(3 * 2) - 4", "2")]


def test_sanitize_cuts_the_expression_and_keeps_a_clean_config_byte_identical() -> None:
    leaky = {"cfg": "ticket: OPS-4411\nseverity: 5 - 3\n"}
    out = sanitize_item({"id": "s", "expected": "2", "label_set": SEV, "projection": leaky})
    assert out.residual == []
    assert "5 - 3" not in out.item.projection["cfg"]
    clean = {"cfg": "ticket: OPS-4411\nreplicas: 1 + 1\nseverity: null\n"}
    assert sanitize_item({"id": "c", "expected": "2", "label_set": SEV, "projection": clean}).item.projection == clean
