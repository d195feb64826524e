"""The scan's shortcuts never change a result.

``audit_item(prefilter=False)`` walks and searches everything; the default run skips items, subtrees,
keys and strings that the sound pre-check clears, and matches plain phrases without a regex. Both
must give the same audit on every item, leaky or clean, whatever carries the answer.
"""

from __future__ import annotations

import base64
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import _bounded, _find_phrase, _phrase_parts, _phrase_re

WORDS = [
    "login",
    "deploy",
    "error",
    "timeout",
    "invoice",
    "refund",
    "export",
    "page",
    "cache",
    "token",
    "session",
    "replica",
    "queue",
]
ANSWERS = ["Amber falcon", "High", "P1", "Billing/EU", "1,000", "2024-03-05", "Sev 2", "résiliation", "C++"]


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _plant(rng: random.Random, answer: str, fields: dict[str, Any]) -> None:
    kind = rng.randrange(12)
    if kind == 0:
        fields["category"] = answer
    elif kind == 1:
        fields["comments"][0]["body"] += f". Resolution: {answer}."
    elif kind == 2:
        fields["aiCategory"] = f"Support/{answer}"
    elif kind == 3:
        fields["trace"] = base64.b64encode(answer.encode()).decode()
    elif kind == 4:
        fields["meta"] = json.dumps({"note": {"value": answer}})
    elif kind == 5:
        fields["flags"] = {answer: True}
    elif kind == 6:
        fields["link"] = f"https://tracker.test/browse/{answer.replace(' ', '%20')}"
    elif kind == 7:
        fields["html"] = f"<p>set to <b>{answer}</b></p>"
    elif kind == 8:
        fields["options"] = ["High", "Medium", "Low"]
    elif kind == 9:
        fields["description"] += f" {answer.upper()} and {answer.lower()}"
    elif kind == 10:
        fields["labels"].append(answer.replace(" ", "\u00a0"))
    # 11: clean


def _item(rng: random.Random, i: int) -> dict[str, Any]:
    answer = rng.choice(ANSWERS)
    fields: dict[str, Any] = {
        "summary": _words(rng, 6).capitalize(),
        "description": ". ".join(_words(rng, 8).capitalize() for _ in range(3)) + ".",
        "status": {"name": "Open", "id": str(rng.randint(1, 9))},
        "created": "2024-03-15T10:00:00Z",
        "labels": [rng.choice(WORDS) for _ in range(2)],
        "comments": [{"author": f"agent{rng.randint(1, 80)}", "body": _words(rng, 10)} for _ in range(2)],
    }
    if rng.random() < 0.3:  # decoy: the answer's words apart
        fields["description"] += " " + " login ".join(answer.split())
    for _ in range(rng.randint(0, 2)):
        _plant(rng, answer, fields)
    item: dict[str, Any] = {"id": f"t{i}", "expected": answer, "projection": {"key": f"WEB-{i}", "fields": fields}}
    if rng.random() < 0.2:
        item["label_set"] = [answer, "Low", "Medium"]
    if rng.random() < 0.1:
        item["correlated_values"] = ["queue"]
    return item


def test_shortcuts_give_the_reference_audit_on_a_mixed_dataset() -> None:
    rng = random.Random(8)
    leaked = 0
    for i in range(600):
        item = _item(rng, i)
        fast = audit_item(item)
        assert fast == audit_item(item, prefilter=False), item
        leaked += fast.leaked
    # The dataset exercises both paths.
    assert 150 < leaked < 550


@pytest.mark.parametrize("answer", ANSWERS)
def test_each_answer_shape_is_found_with_and_without_shortcuts(answer: str) -> None:
    item = {"id": "x", "expected": answer, "projection": {"a": {"b": [{"c": f"it is {answer} now"}]}}}
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    assert fast.findings


_TEXT = st.text(alphabet=list("abcd -.,\u00a0\né1"), max_size=14)


@settings(max_examples=400, deadline=None)
@given(norm=st.text(alphabet=list("ab -.,é1"), min_size=1, max_size=6).map(str.strip), text=_TEXT)
def test_phrase_matching_without_regex_equals_the_regex(norm: str, text: str) -> None:
    parts = _phrase_parts(norm) if norm else None
    if parts is None:
        return
    pattern = _phrase_re(norm)
    assert pattern is not None
    expected: list[tuple[int, int]] = []
    pos = 0
    while (mt := pattern.search(text, pos)) is not None:
        a, b = mt.span()
        if _bounded(text, a, b, norm):
            expected.append((a, b))
            pos = b
        else:
            pos = a + 1
    assert _find_phrase(parts, norm, text) == expected


def test_regex_whitespace_is_str_isspace() -> None:
    # The regex-free phrase matcher skips whitespace with str.isspace, the regex with \s.
    space = re.compile(r"\s")
    for cp in list(range(0x3000 + 1)) + [0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F, 0xFEFF]:
        ch = chr(cp)
        assert (space.match(ch) is not None) == ch.isspace(), hex(cp)


@pytest.mark.parametrize("value", ["High", "  High  ", "HIGH", "\tHigh\n"])
def test_the_target_is_inferred_the_same_with_and_without_shortcuts(value: str) -> None:
    item = {"id": "t", "expected": "High", "projection": {"priority": {"name": value}, "note": "we said high priority"}}
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    assert "freetext.target-mention" in {f.rule for f in fast.findings}
