"""Principle 2 for a question and its reply: a yes to a question that names one label states that label.

A record may hold a question about the task and the reply to it, not the label as a statement: an earlier
model asked ``Is the correct priority for the following ticket 'High'?`` and answered ``Yes``, a colleague
asked ``Tier 3?`` in a thread and the next turn says ``yep``. The reply gives the label as surely as
``this one is High`` does: the question names the label, the reply affirms it. A ``no`` on a set of two
labels gives the other one (principle 4, elimination, in one step).

* The question is a sentence ending with ``?`` that names exactly one label of the set, as a whole word
  written with the label's own case or in quotes (``a high-value customer?`` names no label; ``High or
  Low?`` names two and asks for a choice, which a yes does not make); the string's other questions name
  that label or none (a prompt quoting the ticket it asks about may quote the ticket's own question).
* The reply is the next string of the projection, in document order, among the next few strings after
  the question's, that opens with a word of assent or denial and is short (a few words): a turn of a
  thread, the ``content`` of a response.

The finding (``freetext.statement``, high) is at the word of assent or denial of the reply, reported only
when the label it gives is the answer. A question naming another attribute (``Does it mention a phone
number?``) names no label and gives nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import raw_finding, string_leaves

_REPLY_WINDOW = 4
"""The reply is among this many strings after the question's."""
_REPLY_WORDS = 6
"""A reply of at most this many words: an answer, not a text that happens to open with ``yes``."""
_ASSENT = re.compile(r"(?i)\s*[\"'`*_]*(yes|yep|yeah|yup|correct|affirmative|true)\b")
_DENIAL = re.compile(r"(?i)\s*[\"'`*_]*(no|nope|incorrect|negative|false)\b")
_SENTENCE = re.compile(r"[^.!?\n]*\?")
_QUOTES = "'\"`‘’“”*_"
_MAY = re.compile(
    rb'"\s*(?:\\"|[\'`*_])*(?i:yes|yep|yeah|yup|correct|affirmative|true|no|nope|incorrect|negative|false)(?![A-Za-z0-9_])'
)


def may_confirm(blob: bytes) -> bool:
    """The gate on the serialised projection: a question mark, and a string that opens with a word of assent
    or denial."""
    return b"?" in blob and _MAY.search(blob) is not None


def _named(sentence: str, label_set: Sequence[str]) -> list[str]:
    """The labels a question names: whole words with the label's own case, or in quotes."""
    out = []
    for label in label_set:
        for m in re.finditer(r"(?<![^\W_])" + re.escape(label) + r"(?![^\W_])", sentence, re.IGNORECASE):
            a, b = m.span()
            quoted = a > 0 and b < len(sentence) and sentence[a - 1] in _QUOTES and sentence[b] in _QUOTES
            if m.group(0) == label or quoted:
                out.append(label)
                break
    return out


def _question_label(text: str, label_set: Sequence[str]) -> str | None:
    """The one label the questions of ``text`` name: each question names one label or none, and those that
    name one name the same (a prompt's question and the ticket it quotes, which may ask its own)."""
    asked: set[str] = set()
    for question in _SENTENCE.findall(text):
        named = _named(question, label_set)
        if len(named) > 1:
            return None
        asked.update(named)
    return next(iter(asked)) if len(asked) == 1 else None


def confirmed_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Findings where a reply affirms a question naming the answer (or, on a set of two labels, denies one
    naming the other): see the module docstring."""
    if len(label_set) < 2 or not expected:
        return []
    answer = " ".join(expected[0].casefold().split())
    leaves = list(string_leaves(projection))
    out: list[Finding] = []
    for i, (_at, text) in enumerate(leaves):
        if "?" not in text:
            continue
        label = _question_label(text, label_set)
        if label is None:
            continue
        for path, reply in leaves[i + 1 : i + 1 + _REPLY_WINDOW]:
            yes, no = _ASSENT.match(reply), _DENIAL.match(reply)
            word = yes or no
            if word is None or len(reply.split()) > _REPLY_WORDS:
                continue
            if yes is not None:
                given = label
            else:
                others = [x for x in label_set if x != label]
                if len(label_set) != 2 or len(others) != 1:
                    break
                given = others[0]
            if " ".join(given.casefold().split()) == answer:
                out.append(
                    raw_finding(
                        item_id,
                        path,
                        word.span(1),
                        "freetext.statement",
                        "a reply affirms a question naming the expected answer (or denies the other of two)",
                        expected[0],
                    )
                )
            break
    return out
