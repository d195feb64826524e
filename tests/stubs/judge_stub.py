"""A judge model for offline tests: an :class:`~tests.stubs.llm_stub.LlmStub` that grades what it is sent.

It reads the rubric and the answer out of windtunnel's grading prompt (the ``BEGIN RUBRIC`` / ``BEGIN
ANSWER`` blocks) and answers ``{"reason": ..., "pass": ...}`` from ``rules``: rubric → a predicate on the
answer. A rubric with no rule is graded by its wording: ``mentions 'X'`` passes when the answer contains X
(case-insensitive), ``does not mention 'X'`` when it does not. Other requests (an agent's own model
calls to the same server) get the stub's default reply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from tests.stubs.llm_stub import LlmStub, Reply

_BLOCK = re.compile(r"BEGIN (RUBRIC|REQUEST|ANSWER) ([0-9a-f]{12})\n(.*?)\nEND \1 \2", re.DOTALL)
_WORDING = re.compile(r"(does not mention|mentions) '([^']+)'")

Rule = Callable[[str], bool]


def blocks(body: dict[str, Any]) -> dict[str, str]:
    """The RUBRIC / REQUEST / ANSWER blocks of a grading request."""
    text = "\n".join(str(m.get("content") or "") for m in body.get("messages") or [])
    return {m.group(1): m.group(3) for m in _BLOCK.finditer(text)}


def verdict_reply(passed: bool, reason: str) -> Reply:
    return Reply(text=json.dumps({"reason": reason, "pass": passed}))


class JudgeStub(LlmStub):
    """The judge stub (see the module docstring); ``judged`` lists ``(rubric, answer, passed)``."""

    def __init__(self, rules: dict[str, Rule] | None = None) -> None:
        super().__init__(responder=self._grade)
        self.rules = dict(rules or {})
        self.judged: list[tuple[str, str, bool]] = []

    def _grade(self, body: dict[str, Any]) -> Reply | None:
        found = blocks(body)
        rubric, answer = found.get("RUBRIC"), found.get("ANSWER")
        if rubric is None or answer is None:
            return None  # not a grading request (an agent's own model call): the stub's default reply
        rule = self.rules.get(rubric)
        if rule is None:
            m = _WORDING.search(rubric)
            if m is None:
                return Reply(text=f"No rule for the rubric {rubric!r}.")
            word, negative = m.group(2).casefold(), m.group(1) == "does not mention"
            passed = (word in answer.casefold()) != negative
        else:
            passed = rule(answer)
        self.judged.append((rubric, answer, passed))
        return verdict_reply(passed, "The answer satisfies the rubric." if passed else "The answer breaks the rubric.")
