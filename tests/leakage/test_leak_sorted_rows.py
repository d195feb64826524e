"""Principle 5 read from a place in rows ordered by the label (leakage/sorted_rows.py): this record's row,
its label hidden, between two rows of one label in a listing sorted by the label — and the counter-examples
(the same rows sorted by something else, the row at an edge or between two labels, the row not named)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item

LABELS = ["Bronze", "Silver", "Gold", "Platinum"]
TIERS = ["Platinum", "Platinum", "Gold", "Gold", None, "Gold", "Silver", "Silver", "Bronze"]


def _item(tiers: list[str | None], note: str = "Which tier is account AC-5005 on?") -> dict[str, Any]:
    # an invented form: a CRM's account list, sorted by tier, the asked-for account's tier withheld
    rows = [{"account": f"AC-{5001 + i}", "name": f"Account {i}", "tier": t} for i, t in enumerate(tiers)]
    return {"id": "t", "expected": "Gold", "label_set": LABELS, "projection": {"accounts": rows, "ask": note}}


def _leaked(item: dict[str, Any]) -> bool:
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    return fast.leaked


def test_a_hidden_row_between_two_rows_of_the_answer_in_sorted_rows_leaks() -> None:
    item = _item(TIERS)
    assert _leaked(item)
    found = [f for f in audit_item(item).findings if f.rule == "freetext.position"]
    assert [f.pointer for f in found] == ["/accounts/4/tier"]
    # ascending works as well as descending
    assert _leaked(_item(list(reversed(TIERS)), "Which tier is account AC-5005 on?"))


@pytest.mark.parametrize(
    "tiers",
    [
        pytest.param(
            ["Gold", "Platinum", "Silver", "Gold", None, "Gold", "Bronze", "Platinum", "Silver"], id="unsorted"
        ),
        pytest.param(
            ["Platinum", "Platinum", "Gold", "Gold", None, "Silver", "Silver", "Silver", "Bronze"], id="between"
        ),
        pytest.param([None, "Gold", "Gold", "Gold", "Gold", "Silver", "Silver", "Bronze", "Bronze"], id="at-the-top"),
    ],
)
def test_rows_that_do_not_name_the_label_around_the_record_are_clean(tiers: list[str | None]) -> None:
    assert not _leaked(_item(tiers))


def test_a_row_not_named_outside_the_list_is_not_this_records() -> None:
    assert not _leaked(_item(TIERS, "Which tier is the new account on?"))
