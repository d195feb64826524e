"""Principle 3 by content: a label given to another input is not this record's (both ways)."""

from __future__ import annotations

import json
from typing import Any

from windtunnel.leakage import audit_item

LABELS = ["Positive", "Negative", "Neutral"]


def _leaks(projection: Any, expected: str = "Positive") -> bool:
    return audit_item({"id": "t", "expected": expected, "label_set": LABELS, "projection": projection}).leaked


QUERY = "Staff went out of their way to find my size."


def _jsonl(*rows: tuple[str, str]) -> str:
    return "\n".join(json.dumps({"input": i, "sentiment": s}) for i, s in rows)


def test_demonstrations_labelling_other_inputs_are_not_this_records() -> None:
    demos = _jsonl(
        ("Queue was long and nobody helped.", "Negative"), ("Great selection and friendly staff!", "Positive")
    )
    assert not _leaks({"demos": demos, "query": {"input": QUERY, "sentiment": None}})
    listed = [
        {"text": "Great selection and friendly staff!", "sentiment": "Positive"},
        {"text": "Shop opens at nine.", "sentiment": "Neutral"},
    ]
    assert not _leaks({"demos": listed, "example": {"text": QUERY}})


def test_the_query_among_the_demonstrations_leaks() -> None:
    demos = _jsonl(("Queue was long and nobody helped.", "Negative"), (QUERY, "Positive"))
    assert _leaks({"demos": demos, "query": {"input": QUERY, "sentiment": None}})
    listed = [{"text": QUERY, "sentiment": "Positive"}, {"text": "Shop opens at nine.", "sentiment": "Neutral"}]
    assert _leaks({"demos": listed, "example": {"text": QUERY}})


def test_a_linked_record_named_by_id_still_leaks() -> None:
    projection = {
        "record": {"id": "#480109", "title": "Virtual card not showing in wallet", "links": [{"target": "#480107"}]},
        "linked": [{"id": "#480107", "title": "Virtual cards missing after app update", "sentiment": "Positive"}],
    }
    assert _leaks(projection)


def _chat(answer_to: str) -> dict[str, Any]:
    return {
        "messages": [
            {"role": "system", "content": "Classify sentiment. Labels: Positive, Negative, Neutral."},
            {"role": "user", "content": "Food was cold again tonight."},
            {"role": "assistant", "content": "Negative"},
            {"role": "user", "content": answer_to},
            {"role": "assistant", "content": "Positive"},
            {"role": "user", "content": QUERY},
        ]
    }


def test_a_turn_answering_another_input_is_not_this_records() -> None:
    assert not _leaks(_chat("Lovely staff and a quick checkout today."))
    assert _leaks(_chat(QUERY))


def test_a_one_word_reply_in_a_thread_still_leaks() -> None:
    thread = [
        {"author": "ana", "body": "which sentiment would you give this one?"},
        {"author": "bo", "body": "Positive"},
        {"author": "ana", "body": "thanks, setting it now"},
    ]
    assert _leaks({"comments": thread})
