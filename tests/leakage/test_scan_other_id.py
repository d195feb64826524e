"""A sentence about another record of this record's id scheme is about that record (``records.about_other_id``).

A project's monthly status report notes that a sister project, ``PRJ-757``, is reported off track: this project is
``PRJ-7495``. The label there is another record's. The same words naming this project, or naming no id, stay a leak.
"""

from __future__ import annotations

from windtunnel.leakage import audit_item

LABELS = ["on track", "at risk", "off track"]


def _item(note: str) -> dict:
    projection = {
        "pmo_tool": {"project": {"code": "PRJ-7495", "name": "Hospital wing fit-out"}},
        "status_report_md": f"# Hospital wing fit-out: monthly status\n\n## Highlights\n- Risk workshop held\n- {note}",
    }
    return {"id": "p", "expected": "off track", "label_set": LABELS, "projection": projection}


def test_another_projects_status_is_not_this_ones() -> None:
    assert not audit_item(_item("Portfolio note: sister project PRJ-757 is reported off track this month.")).leaked


def test_this_projects_status_still_leaks() -> None:
    assert audit_item(_item("Portfolio note: PRJ-7495 is reported off track this month.")).leaked
    assert audit_item(_item("Portfolio note: the project is reported off track this month.")).leaked


def test_another_id_in_the_next_sentence_changes_nothing() -> None:
    assert audit_item(_item("The project is reported off track this month. PRJ-757 closed last week.")).leaked


def test_another_id_in_another_clause_of_the_sentence_changes_nothing() -> None:
    # review 42: the other project is named in a clause of its own; the label is this project's
    assert audit_item(_item("While PRJ-5000 recovered, the fit-out got marked off track overall.")).leaked
    assert audit_item(_item("The fit-out is off track; PRJ-757 closed last week.")).leaked
    assert not audit_item(_item("Sister project PRJ-757 is off track, as noted by the PMO.")).leaked


def test_another_id_set_off_by_an_apposition_is_the_clauses_subject() -> None:
    # review 43: the other project is the subject, an apposition between it and its status; its status is its own
    assert not audit_item(_item("PRJ-882, our neighbour on site, was marked off track by its PMO.")).leaked
    assert not audit_item(_item("PRJ-882 (the depot build) was marked off track by its PMO.")).leaked
    # a first clause with more than the id, or a clause of its own after the apposition, is not its subject
    assert audit_item(_item("Once PRJ-882 closed, our team, after review, was marked off track.")).leaked
    assert audit_item(_item("PRJ-882, our neighbour, closed; the fit-out is off track.")).leaked


def test_an_apposition_joining_this_project_to_the_other_keeps_the_leak() -> None:
    # review 43b: the apposition names this project beside the other: the status is this project's too
    assert audit_item(_item("PRJ-1139, together with this project, was marked off track this month.")).leaked
    assert not audit_item(_item("PRJ-882, our neighbour on site, was marked off track by its PMO.")).leaked
