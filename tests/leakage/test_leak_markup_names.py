"""What markup says about a word is read as markup: an attribute's quotes around a flag spelling are the
pair's syntax (its name decides, principle 3), not quotes singling the word out."""

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
