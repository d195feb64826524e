"""Principle 2 for a question and its reply: a yes to a question that names one label states that label, and
a reply picking an option by its place (``the former``, ``the second one``) states the option it picks.

A record may hold a question about the task and the reply to it, not the label as a statement: an earlier
model asked ``Is the correct priority for the following ticket 'High'?`` and answered ``Yes``, a colleague
asked ``Tier 3?`` in a thread and the next turn says ``yep``. The reply gives the label as surely as
``this one is High`` does: the question names the label, the reply affirms it. A ``no`` on a set of two
labels gives the other one (principle 4, elimination, in one step).

* The question is a sentence ending with ``?`` that names exactly one label of the set, as a whole word
  written with the label's own case or in quotes (``a high-value customer?`` names no label; ``High or
  Low?`` names two and asks for a choice, which a yes does not make); the string's other questions name
  that label or none (a prompt quoting the ticket it asks about may quote the ticket's own question).
* A question offering several labels as a choice (``Small or Large, for effort_size?``) is answered by a
  reply naming a place among them: ``the former`` / ``the latter`` (of two), ``the first`` … ``the
  fourth``, ``the last`` one.
* The reply is the first of the next few lines after the question's (the same string's next lines, then
  the next strings in document order: a turn of a thread, the ``content`` of a response) that opens —
  after a speaker's name or a time — with such a word, its first clause a few words long.

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
    rb"(?i)(?<![a-z0-9_])(?:yes|yep|yeah|yup|correct|affirmative|true|no|nope|incorrect|negative|false|first|former"
    rb"|second|third|fourth|latter|last)(?![a-z0-9_])"
)


def may_confirm(blob: bytes) -> bool:
    """The gate on the serialised projection: a question mark, and a word of assent, of denial or of place
    somewhere (a reply opens with one)."""
    return b"?" in blob and _MAY.search(blob) is not None


def _named(sentence: str, label_set: Sequence[str]) -> list[str]:
    """The labels a question names, in the order it names them: whole words with the label's own case, or
    in quotes. A label seen only inside another's words (``Spam`` in ``Not Spam``) is not named."""
    found: list[tuple[int, int, str]] = []
    for label in label_set:
        for m in re.finditer(r"(?<![^\W_])" + re.escape(label) + r"(?![^\W_])", sentence, re.IGNORECASE):
            a, b = m.span()
            quoted = a > 0 and b < len(sentence) and sentence[a - 1] in _QUOTES and sentence[b] in _QUOTES
            if m.group(0) == label or quoted:
                found.append((a, b, label))
    kept = [f for f in found if not any(o != f and o[0] <= f[0] and f[1] <= o[1] for o in found)]
    first: dict[str, int] = {}
    for a, _b, label in kept:
        first.setdefault(label, a)
    return sorted(first, key=first.__getitem__)


def _asked(text: str, label_set: Sequence[str]) -> list[str] | None:
    """The labels the questions of ``text`` name, in order: one label (a yes/no question) or a choice
    between several (``Small or Large, for effort_size?``); ``None`` when its questions name none, or
    name different ones (a prompt's question and the ticket it quotes, which may ask its own, name one)."""
    asked: list[str] | None = None
    for question in _SENTENCE.findall(text):
        named = _named(question, label_set)
        if not named:
            continue
        if asked is not None and asked != named:
            return None
        asked = named
    return asked


_SPEAKER = re.compile(r"\s*(?:[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?\s*)?(?:<?[^\W\d][\w .'-]{0,30}>?:\s+)?")
_CLAUSE = re.compile(r"[^.,;!?\n]*")
_ORDINALS = {"first": 0, "former": 0, "second": 1, "third": 2, "fourth": 3, "latter": -1, "last": -1}
_PICK = re.compile(r"(?i)\s*[\"'`*_]*(?:the\s+)?(first|former|second|third|fourth|latter|last)\b(?:\s+one)?")


def _turns(projection: Any) -> list[tuple[tuple[str, ...], int, str]]:
    """Every line of every string of the projection, in document order, with its string's path and its
    offset in the string: the turns a question and its reply are read from."""
    out: list[tuple[tuple[str, ...], int, str]] = []
    for path, text in string_leaves(projection):
        at = 0
        for line in text.split("\n"):
            if line.strip():
                out.append((path, at, line))
            at += len(line) + 1
    return out


def _given(reply: str, asked: list[str], label_set: Sequence[str]) -> tuple[str, tuple[int, int]] | None:
    """The label a reply gives to a question naming ``asked`` and the span of the words that give it, or
    ``None`` when it is no reply (longer than a few words to its first stop, or opening with another word)."""
    head = _SPEAKER.match(reply)
    start = head.end() if head is not None else 0
    clause = _CLAUSE.match(reply, start)
    if clause is None or not clause.group(0).strip() or len(clause.group(0).split()) > _REPLY_WORDS:
        return None
    if len(asked) == 1:
        yes, no = _ASSENT.match(reply, start), _DENIAL.match(reply, start)
        if yes is not None:
            return asked[0], yes.span(1)
        if no is not None and len(label_set) == 2:
            other = [x for x in label_set if x != asked[0]]
            return (other[0], no.span(1)) if len(other) == 1 else None
        return None
    pick = _PICK.match(reply, start)
    if pick is None:
        return None
    index = _ORDINALS[pick.group(1).casefold()]
    if pick.group(1).casefold() in ("former", "latter") and len(asked) != 2:
        return None
    if index >= len(asked):
        return None
    return asked[index], pick.span(1)


def confirmed_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Findings where a reply affirms a question naming the answer (or, on a set of two labels, denies one
    naming the other), or picks the answer by its place among the options a question offers: see the module
    docstring."""
    if len(label_set) < 2 or not expected:
        return []
    answer = " ".join(expected[0].casefold().split())
    turns = _turns(projection)
    out: list[Finding] = []
    for i, (_path, _at, line) in enumerate(turns):
        if "?" not in line:
            continue
        asked = _asked(line, label_set)
        if asked is None:
            continue
        for path, at, reply in turns[i + 1 : i + 1 + _REPLY_WINDOW]:
            got = _given(reply, asked, label_set)
            if got is None:
                continue
            label, (a, b) = got
            if " ".join(label.casefold().split()) == answer:
                out.append(
                    raw_finding(
                        item_id,
                        path,
                        (at + a, at + b),
                        "freetext.statement",
                        "a reply affirms a question naming the expected answer, or picks it among the options"
                        " the question offers",
                        expected[0],
                    )
                )
            break
    return out
