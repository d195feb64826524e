"""A counted scale (labels written as a number and one unit: ``1 point`` … ``4 points``) is also written as
its bare number, a derived spelling: a value under a name naming the task (``score="3"``), not a number
under another name (``copies="3"``), nor one in an attribute's quotes under such a name."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.aliases import derived_alias, label_aliases

LABELS = ["Void", "1 point", "2 points", "3 points", "4 points"]


def _leaked(projection: Any, expected: str = "3 points") -> bool:
    item = {"id": "c", "expected": expected, "label_set": LABELS, "target": "score", "projection": projection}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked


def test_a_counted_label_has_its_bare_number_as_a_derived_alias() -> None:
    assert "3" in label_aliases("3 points", LABELS) and derived_alias("3", LABELS)
    assert "3" not in label_aliases("Void", LABELS)
    # not a counted scale: two units, or two labels only
    assert "3" not in label_aliases("3 points", ["1 point", "2 stars", "3 points"])
    assert "2" not in label_aliases("2 points", ["1 point", "2 points"])


@pytest.mark.parametrize(
    "projection",
    [
        {"judge": '<result score="3" judge="j-7"/>'},
        {"judge": {"score": "3"}},
    ],
)
def test_the_bare_number_under_a_name_naming_the_task_leaks(projection: Any) -> None:
    assert _leaked(projection)


@pytest.mark.parametrize(
    "projection",
    [
        {"print": '<job copies="3" tray="2"/>'},
        {"print": {"copies": "3"}},
        {"note": "printed 3 copies for the archive"},
    ],
)
def test_the_bare_number_under_another_name_or_in_prose_does_not(projection: Any) -> None:
    assert not _leaked(projection)
