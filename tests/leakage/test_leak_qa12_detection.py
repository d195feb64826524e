"""QA-12's detection minors, on invented items: what a finding points at, and prose that is no statement."""

from __future__ import annotations

import pytest

from windtunnel.leakage.sanitize import sanitize_item
from windtunnel.leakage.scan import audit_item

LABELS = ["Low", "Medium", "High", "Critical"]


def _findings(expected: str, projection: object, label_set: list[str] | None = LABELS) -> list[tuple[str, str, str]]:
    item = {"id": "x", "expected": expected, "projection": projection}
    if label_set is not None:
        item["label_set"] = label_set
    return [(f.pointer, f.rule, f.severity) for f in audit_item(item).findings]


def test_an_upstream_finding_points_at_the_string_and_the_field_is_blanked_whole() -> None:
    proj = {"triage_bot": {"predicted_priority": "Low", "score": 0.7}, "text": "printer"}
    assert _findings("Low", proj) == [("/triage_bot/predicted_priority", "upstream.field-value", "high")]
    res = sanitize_item({"id": "x", "expected": "Low", "label_set": LABELS, "projection": proj})
    assert res.item.projection["triage_bot"] == {"predicted_priority": "", "score": 0.0}  # the upstream field whole
    assert res.ok


@pytest.mark.parametrize("text", ["prio=low; owner=ops", "routing ticket prio=low owner=ops", "categ: low"])
def test_a_clipped_task_name_makes_a_lowercase_pair(text: str) -> None:
    assert [r for _, r, s in _findings("Low", {"log": text}) if s == "high"] == ["freetext.key-value"]


@pytest.mark.parametrize("text", ["sent=low", "the low prio queue"])
def test_a_clip_too_short_or_no_pair_stays_for_review(text: str) -> None:
    assert all(s == "low" for _, _, s in _findings("Low", {"log": text}))


def test_one_related_ticket_is_another_record() -> None:
    proj = {"key": "TCK-1", "related": [{"key": "CS-34921", "summary": "Printer jam", "priority": "High"}]}
    assert _findings("High", proj) == []
    # The record's own priority still leaks beside it.
    assert ("/priority", "direct.value", "high") in _findings("High", {**proj, "priority": "High"})


@pytest.mark.parametrize(
    "text",
    [
        "Is this high priority? Not sure, need the reporter to confirm.",
        "Priority: not High, but Medium per the SLA review",
        "We filed it as Medium rather than High priority.",
    ],
)
def test_a_question_or_a_negation_is_no_statement(text: str) -> None:
    assert all(s == "low" for _, _, s in _findings("High", {"c": text}))


def test_a_statement_beside_them_still_leaks() -> None:
    assert ("/c", "freetext.target-mention", "high") in _findings("High", {"c": "Not sure. This is high priority."})


def test_a_rating_is_not_an_upstream_category_path() -> None:
    found = _findings("3", {"rating": "3/5"}, label_set=None)
    assert found and all(not r.startswith("upstream.") for _, r, _ in found)
    assert ("/cat", "upstream.path-segment", "high") in _findings("3", {"cat": "Reviews/3"}, label_set=None)
