"""A word is read as what its surroundings say it is: an attribute's quotes around a flag spelling are the
pair's syntax (its name decides, principle 3), not quotes singling the word out; an element's text glossed by
its accessible name is that thing's name; a sentence in a field named like an earlier model's output is
prose, whose label words need a tie to the task (principle 2); a text scoped to a range of other records' ids is
about them; this record's CSV row shifted by an unquoted delimiter keeps its cells; an instruction naming the
record by its label (`open the Positive review below`) states it."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item

YES_NO = ["Yes", "No"]


def _leaked(projection: Any, expected: str = "Yes", labels: list[str] | None = None, target: str = "") -> bool:
    item: dict[str, Any] = {"id": "m", "expected": expected, "label_set": labels or YES_NO, "projection": projection}
    if target:
        item["target"] = target
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked


@pytest.mark.parametrize(
    "html",
    [
        '<div class="col"><span class="icon" aria-hidden="true"></span></div>',
        '<input type="checkbox" disabled="true"> Remember me',
    ],
)
def test_a_flag_spelling_in_an_attribute_of_another_name_is_the_pairs_value(html: str) -> None:
    assert not _leaked({"html": html}, target="escalate_to_engineering")


@pytest.mark.parametrize(
    "html",
    [
        '<div data-escalate="true"></div>',
        'the reviewer wrote "Yes" under escalate',
        '<div class="col escalate"><b>Yes</b></div>',
    ],
)
def test_a_flag_named_by_the_task_or_the_label_in_quotes_still_leaks(html: str) -> None:
    assert _leaked({"html": html}, target="escalate")


PRIORITY = ["Low", "Medium", "High", "Critical"]
TOOLBAR = (
    '<div class="toolbar"><button aria-label="{gloss}"><span class="icon">{icon}</span></button>'
    '<button aria-label="Close panel"><span class="icon">cancel</span></button></div>'
    '<div class="row"><div class="col priority"><span class="icon"></span></div></div>'
)


@pytest.mark.parametrize(
    ("gloss", "icon", "expected", "correlated"),
    [
        ("Scroll to top", "keyboard_arrow_up", "High", ["keyboard_arrow_up"]),
        ("Required field marker", "priority_high", "High", []),
        ("Move to bottom of list", "low_priority", "Low", []),
        ("Help", "High", "High", []),
    ],
)
def test_an_elements_text_glossed_by_its_accessible_name_is_that_things_name(
    gloss: str, icon: str, expected: str, correlated: list[str]
) -> None:
    item = {
        "id": "g",
        "expected": expected,
        "label_set": PRIORITY,
        "correlated_values": correlated,
        "projection": {"html": TOOLBAR.format(gloss=gloss, icon=icon)},
    }
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    assert not fast.leaked
    assert fast.findings  # left for review, not dropped


@pytest.mark.parametrize(
    "html",
    [
        # no accessible name: the icon in the field's own cell states the value
        '<div class="col priority"><span class="icon" aria-hidden="true">keyboard_arrow_up</span></div>',
        # an accessible name naming the task or the answer glosses nothing away
        '<button aria-label="Priority"><span class="icon">keyboard_arrow_up</span></button>',
        '<button aria-label="Set to High"><span class="icon">keyboard_arrow_up</span></button>',
    ],
)
def test_an_icon_without_a_gloss_of_another_thing_still_leaks(html: str) -> None:
    item = {
        "id": "g",
        "expected": "High",
        "label_set": PRIORITY,
        "correlated_values": ["keyboard_arrow_up"],
        "projection": {"html": html},
    }
    assert audit_item(item).leaked


@pytest.mark.parametrize(
    ("note", "leaks"),
    [
        ("High winds delayed the courier and the medium box was crushed", False),
        ("Says the ship left port late and the pressure valve reads high", False),
        ("The customer cannot log in, so this one is High priority", True),
        ("Routing note: this ticket is High.", True),
        ("High", True),
    ],
)
def test_a_sentence_in_a_field_named_like_a_models_output_is_read_as_prose(note: str, leaks: bool) -> None:
    item = {
        "id": "u",
        "expected": "High",
        "label_set": PRIORITY,
        "projection": {"ticket": {"id": "T-1", "priority": None}, "ai_triage_note": note},
    }
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    assert fast.leaked is leaks
    assert fast.findings  # a word of the sentence is still for review


@pytest.mark.parametrize(
    ("ids", "leaks"),
    [
        ("CS-38875 through CS-38902", False),  # the range leaves CS-38870 out: about those records
        ("CS-38800 to CS-38860", False),
        ("CS-38845 through CS-38872", True),  # the range holds this record
        ("CS-38845 through CS-38860 and CS-38870", True),  # names this record itself
        ("INC-38845 through INC-38872", True),  # another id scheme says nothing about this record
    ],
)
def test_a_statement_scoped_to_a_range_of_ids_that_leaves_this_record_out_is_about_those(ids: str, leaks: bool) -> None:
    item = {
        "id": "r",
        "expected": "High",
        "label_set": PRIORITY,
        "projection": {
            "record": {"id": "CS-38870", "subject": "Typo on pricing page", "priority": None},
            "team_channel": [{"text": f"Heads-up: everything from {ids} is fallout. All of those are High priority."}],
        },
    }
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    assert fast.leaked is leaks
    assert fast.findings


APPROVAL = ["Approve", "Reject"]
SHIFTED = (
    "id,subject,refund_decision,assignee,updated\n"
    "CS-25258,Duplicate charge,,d.kline,2026-03-10\n"
    "TCK-24555,Charged twice,,{cell},m.ortiz,2026-03-13\n"
    "INC-84463,Duplicate charge,,m.ortiz,2026-03-20\n"
)


@pytest.mark.parametrize(("cell", "leaks"), [("Approve", True), ("", False)])
def test_this_records_csv_row_shifted_by_an_unquoted_delimiter_keeps_its_cells(cell: str, leaks: bool) -> None:
    item = {
        "id": "c",
        "expected": "Approve",
        "label_set": APPROVAL,
        "projection": {"task": {"record_id": "TCK-24555"}, "export_csv": SHIFTED.format(cell=cell)},
    }
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    assert fast.leaked is leaks


def test_another_records_shifted_row_is_still_another_records() -> None:
    text = SHIFTED.format(cell="").replace("CS-25258,Duplicate charge,,", "CS-25258,Duplicate, charge,,Approve")
    item = {
        "id": "c",
        "expected": "Approve",
        "label_set": APPROVAL,
        "projection": {"task": {"record_id": "TCK-24555"}, "export_csv": text},
    }
    assert not audit_item(item).leaked


@pytest.mark.parametrize(
    ("instruction", "leaks"),
    [
        ("Task 116: open the High ticket below and set its priority.", True),
        ("Read the High ticket returned by get_record, then fill in `priority`.", True),
        ("Reply to the ticket below. They asked about the High review doc for their audit.", False),
        ("Reply to the ticket below; they wrote from the High Street branch.", False),
        ("Read the High post on faceted search first, then reply to the ticket.", False),
        ("Reply to the ticket below, then choose a value for priority.", False),
    ],
)
def test_an_instruction_naming_the_record_by_its_label_presupposes_it(instruction: str, leaks: bool) -> None:
    item = {
        "id": "p",
        "expected": "High",
        "label_set": PRIORITY,
        "projection": {
            "messages": [{"role": "user", "content": instruction}],
            "tool_results": [{"name": "get_record", "output": {"id": "T-7", "priority": None}}],
        },
    }
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    assert fast.leaked is leaks
