"""Principle 6 through a link: a field of the record whose value is the id of exactly one object of a list
pulls that object in as the record's own, and a field of it equal to one row's key of a mapping picks
that row (the record's assignee → the roster's team → the team named after a label). Rows named by one
template around a different label each (``Billing team``) are a mapping like rows holding the labels.
Both ways: no link (the field null, or naming no object, or several), or a mapping row reached by no
linked field, selects nothing, and the mapping alone is a listing."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item, sanitize_item

LABELS = ["Hardware", "Network", "Printing", "Access"]


def _roster(assignee: Any, team_names: bool = True) -> dict[str, Any]:
    """An invented helpdesk export: the ticket's owner by id, a people roster, teams named after labels."""
    names = ["Hardware crew", "Network crew", "Printing crew", "Access crew"] if team_names else ["A", "B", "C", "D"]
    return {
        "case": {"ref": "RQ-3301", "text": "the plotter on floor 2 prints blank pages", "owner_ref": assignee},
        "people": [
            {"pid": "p-104", "display": "Ana", "crew": "CR-7"},
            {"pid": "p-117", "display": "Bo", "crew": "CR-2"},
            {"pid": "p-121", "display": "Cy", "crew": "CR-9"},
        ],
        "crews": [
            {"code": "CR-2", "title": names[0]},
            {"code": "CR-5", "title": names[1]},
            {"code": "CR-7", "title": names[2]},
            {"code": "CR-9", "title": names[3]},
        ],
    }


def _audit(projection: Any, expected: str = "Printing") -> Any:
    item = {"id": "l", "expected": expected, "label_set": LABELS, "projection": projection}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast


def test_a_row_picked_through_the_object_the_record_links_to_is_selected() -> None:
    audit = _audit(_roster("p-104"))
    assert audit.leaked
    assert [(f.pointer, f.rule) for f in audit.findings if f.blocking] == [("/case/owner_ref", "direct.selection")]
    # the link picks another crew: the answer is not given
    assert not _audit(_roster("p-117")).leaked


@pytest.mark.parametrize("assignee", [None, "p-999", "CR-7x"])
def test_no_link_selects_nothing_and_the_mapping_is_a_listing(assignee: Any) -> None:
    audit = _audit(_roster(assignee))
    assert not audit.leaked, audit.findings


def test_rows_whose_titles_differ_beyond_the_label_are_no_template() -> None:
    projection = _roster("p-104")
    projection["crews"][1]["title"] = "Network crew (night shift)"
    assert not _audit(projection).leaked  # the titles are no mapping, so the link picks no row


def test_sanitizing_clears_the_link_and_keeps_the_roster() -> None:
    result = sanitize_item({"id": "l", "expected": "Printing", "label_set": LABELS, "projection": _roster("p-104")})
    assert result.before.leaked and not result.after.leaked
    assert result.item.projection["crews"] == _roster(None)["crews"]
