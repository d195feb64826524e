"""Case is evidence only where the writer uses it: a sentence begun with a small letter carries no case."""

from __future__ import annotations

import pytest

from windtunnel.leakage import audit_item


def _rules(text: str, expected: str = "Urgent", labels: tuple[str, ...] = ("Urgent", "Normal")) -> list[str]:
    item = {"id": "t", "expected": expected, "label_set": list(labels), "target": "urgency", "projection": {"t": text}}
    return [f.rule for f in audit_item(item).findings if f.blocking]


@pytest.mark.parametrize(
    "text",
    ["this is urgent, she's been without heating since Friday", "ok so it's urgent, transfer me"],
)
def test_a_statement_in_a_caseless_sentence_states_a_capitalised_label(text: str) -> None:
    assert _rules(text) == ["freetext.statement"]


@pytest.mark.parametrize(
    "text",
    [
        "This is urgent, she's been without heating since Friday.",  # cased prose: the label's case is missing
        "the load is urgent work for the pumps",  # caseless, but not a statement about the item
    ],
)
def test_cased_prose_or_no_statement_stays_for_review(text: str) -> None:
    assert _rules(text) == []
