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


def _prompt(*shots: tuple[str, str], query: str, head: str = "Reply with one of: Positive, Negative, Neutral.") -> str:
    body = "".join(f"Q: {q}\nA: {a}\n\n" for q, a in shots)
    return f"{head}\n\n{body}Now this one.\nQ: {query}\nA:"


def _audit(text: str) -> Any:
    rec = {"id": "t", "expected": "Positive", "label_set": LABELS, "projection": {"prompt": text}}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings  # the gate is sound
    return fast


def test_the_query_among_demonstrations_written_in_one_text_leaks() -> None:
    shots = [("Queue was long and nobody helped.", "Negative"), (QUERY, "Positive"), ("Shop opens at nine.", "Neutral")]
    audit = _audit(_prompt(*shots, query=QUERY))
    assert audit.leaked
    hit = next(f for f in audit.findings if "demonstration" in f.detail)
    assert hit.span is not None and _prompt(*shots, query=QUERY)[hit.span[0] : hit.span[1]] == "Positive"
    # An answer given as an option's key resolves through the text's option list.
    keyed = [("Queue was long and nobody helped.", "[2]"), (QUERY, "[1]"), ("Shop opens at nine.", "[3]")]
    head = "Options: 1. Positive 2. Negative 3. Neutral. Reply with the number."
    assert _audit(_prompt(*keyed, query=QUERY, head=head)).leaked


def test_demonstrations_of_other_inputs_in_one_text_stay_examples() -> None:
    shots = [("Queue was long and nobody helped.", "Negative"), ("Great selection and friendly staff!", "Positive")]
    assert not _audit(_prompt(*shots, ("Shop opens at nine.", "Neutral"), query=QUERY)).leaked
    keyed = [("Queue was long and nobody helped.", "[2]"), ("Great selection and friendly staff!", "[1]")]
    head = "Options: 1. Positive 2. Negative 3. Neutral. Reply with the number."
    assert not _audit(_prompt(*keyed, ("Shop opens at nine.", "[3]"), query=QUERY, head=head)).leaked
    # A record's fields on lines (no name pair repeated) are not demonstrations.
    assert not _leaks({"note": f"Subject: {QUERY}\nStatus: open\nOwner: dana\nQueue: retail\nSummary: {QUERY}\nTag:"})
