"""A label word in another sense is not the label (principle 3), each both ways on invented records:
the same shape stating this record's value still leaks."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from windtunnel.leakage import audit_item

LMH = ["Low", "Medium", "High"]


def _leaks(projection: Any, expected: str = "High", labels: list[str] | None = None, **item: Any) -> bool:
    rec = {"id": "o", "expected": expected, "label_set": labels or LMH, **item, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


def _jwt(claims: dict[str, Any]) -> str:
    def part(obj: Any) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")

    return f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part(claims)}.c2lnbmF0dXJl"


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # a dotted key read from its last word: the label ending it is the value, before more words a namespace
        ({"keys": ["nav.home", "TICKET.PRIORITY.HIGH"]}, {"keys": ["nav.home", "settings.high.contrast"]}),
        ({"missing": "issue.urgency.High"}, {"missing": "dashboard.high-water-mark"}),
        ({"missing": "alerts.level.High"}, {"missing": "alerts.High.tooltip"}),
        # a handle or a group name whose first word is a label word names someone
        ({"tag": "sev-high"}, {"author": "high.roller.42"}),
        ({"groups": ["ops-admins", "prio-high"]}, {"groups": ["ops-admins", "high-rollers"]}),
        # a word naming the task keeps the label the value wherever it stands
        ({"key": "high-priority.queue"}, {"key": "high-score.table"}),
    ],
)
def test_a_label_word_before_more_words_of_a_dotted_or_hyphenated_name_is_part_of_the_name(
    leaky: Any, clean: Any
) -> None:
    assert _leaks(leaky, target="priority")
    assert not _leaks(clean, target="priority")


@pytest.mark.parametrize(
    "leaky",
    [
        {"reaction": "large_high_marker"},  # a code joined by ``_``: any word of it is stated
        {"branch": "fix/tkt-7-high-login"},  # a slug under a path
        {"call": "escalate:high_now"},
    ],
)
def test_codes_and_slugs_state_a_label_in_any_position(leaky: Any) -> None:
    assert _leaks(leaky, target="priority")


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"ticket": {"priority": "high"}}, {"ticket": {"priority": None}, "session": {"assurance": "high"}}),
        ({"ticket": {"prio": "high"}}, {"ticket": {"prio": None}, "account": {"plan_tier": "high"}}),
        # the label as the set writes it (capitalised) is set apart from the ordinary word under any name
        ({"ticket": {"prio": None}, "session": {"bucket": "High"}}, {"session": {"bucket": "high"}}),
    ],
)
def test_the_ordinary_lowercase_word_under_a_field_naming_something_else_is_not_the_label(
    leaky: Any, clean: Any
) -> None:
    assert _leaks(leaky, target="priority")
    assert not _leaks(clean, target="priority")


def test_a_code_label_written_in_lowercase_is_still_the_label() -> None:
    assert _leaks({"tags": ["from-email", "sev-2"]}, expected="Sev2", labels=["Sev1", "Sev2", "Sev3"])


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        (
            {"token": _jwt({"sub": "u-1", "priority": "high"})},
            {"token": _jwt({"sub": "u-1", "loa": "high", "plan_tier": "high"})},
        ),
        (
            {"token": _jwt({"sub": "u-1", "triage": {"priority": "High"}})},
            {"token": _jwt({"sub": "u-1", "risk_engine": {"login_risk": "high"}})},
        ),
    ],
)
def test_a_claim_in_a_decoded_token_is_decided_by_its_name_and_its_case(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, target="priority")
    assert not _leaks(clean, target="priority")


def test_a_derived_spelling_in_a_decoded_token_needs_a_name_naming_the_task() -> None:
    sizes = ["XS", "S", "M", "L", "XL"]
    assert _leaks({"token": _jwt({"sub": "u-1", "size": "small"})}, expected="S", labels=sizes, target="size")
    assert not _leaks({"token": _jwt({"sub": "u-1", "plan": "small"})}, expected="S", labels=sizes, target="size")


_TREE = (
    'flowchart TD\n  q0{{{{disk full?}}}}\n  q0 -- yes --> leaf_a["Low"]\n  q0 -- no --> q1{{{{paging?}}}}\n'
    '  q1 -- yes --> leaf_b("Medium")\n  q1 -- no --> leaf_c["High"]\n  classDef hit fill:#f00\n{marks}'
)


def _rules(projection: Any) -> set[str]:
    rec = {"id": "o", "expected": "High", "label_set": LMH, "target": "priority", "projection": projection}
    return {f.rule for f in audit_item(rec).findings if f.severity in ("high", "medium")}


@pytest.mark.parametrize("field", ["ml_tree", "diagram"])
@pytest.mark.parametrize(
    ("marks", "leaks"),
    [
        ("", False),  # every leaf once, none marked: the tree describes the labels
        ("  class leaf_c hit\n", True),  # the leaf the model reached, given the class
        ("  style leaf_c stroke-width:4px\n", True),
        ("  style leaf_a fill:#0f0\n  style leaf_b fill:#fa0\n  style leaf_c fill:#f00\n", False),  # a legend
    ],
)
def test_a_decision_tree_naming_every_label_singles_out_only_the_leaf_it_marks(
    field: str, marks: str, leaks: bool
) -> None:
    projection = {"ticket": {"id": "T-1", "title": "Disk full"}, field: _TREE.format(marks=marks)}
    assert _leaks(projection, target="priority") is leaks


def test_an_earlier_models_tree_marking_another_leaf_states_another_label() -> None:
    marked = {"ticket": {"id": "T-1"}, "ml_tree": _TREE.format(marks="  class leaf_a hit\n")}
    assert _rules(marked) == {"upstream.field-label"}  # its output, Low: not the answer, but its own label
    assert "upstream.field-value" in _rules({"ml_tree": _TREE.format(marks="  class leaf_c hit\n")})


CATS = ["Billing", "Shipping", "Returns", "Technical"]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ("Routed to https://desk.example/queues/billing", "Read https://help.example/billing/update-your-card"),
        ("Queue link: https://desk.example/billing/4711", "See https://help.example/billing/faq"),
        ("Badge: https://cdn.example/icons/billing.png", "Policy: https://help.example/billing/refund-policy.html"),
    ],
)
def test_a_url_naming_a_page_filed_under_a_label_section_is_another_document(leaky: str, clean: str) -> None:
    assert _leaks({"ticket": {"id": "T-9"}, "note": leaky}, expected="Billing", labels=CATS, target="category")
    assert not _leaks({"ticket": {"id": "T-9"}, "note": clean}, expected="Billing", labels=CATS, target="category")


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ("Notes: this exercise was rated High by the reviewers.", "Notes: the previous exercise was rated High."),
        ("Reviewer: it is High.", "Reviewer: a comparable store #1169 was High in Q2."),
        ("We marked it High, like the related ticket.", "The related ticket is High; this one is unrated."),
    ],
)
def test_a_statement_about_another_record_states_that_records_label(leaky: str, clean: str) -> None:
    assert _leaks({"form": leaky}, target="priority")
    assert not _leaks({"form": clean}, target="priority")
