"""Principle 4: a text that rules out every label but one states the one that remains.

A reviewer who writes "definitely not Hardware, Software or Access" for a four-label task has
written the fourth label without its word. Elimination is the opposite of a definition (principle 3):
a definition names every label evenly; an elimination negates all but one. The labels ruled out are
found by their negation, in any phrasing this module knows in English:

* a negation word or phrase (``not``, ``none of``, ``neither … nor``, ``ruled out``, ``excluded``,
  ``isn't``, ``no longer``) followed, within a few words and the same clause, by a listing of labels
  (labels joined by ``,`` ``/`` ``;`` ``or`` ``and`` ``nor``);
* a "no" answer given to one label: the label (or a name holding it as a word, ``X-Spam-Flag``)
  followed by ``:``, ``=`` or ``?`` and ``no`` / ``false`` / ``0``; in JSON, a key holding the label as
  a word whose value is the boolean ``false``.

The labels ruled out anywhere in one string (or one object's keys) are pooled; when they are every
label but the answer, the string states the answer (``freetext.elimination``, high; the span runs from
the first negation to the one that completes the set). A question ("is it not spam?") rules nothing out. Only label
sets of two labels or more are read, and only the answer is reported: a text that leaves another
label standing does not give this record's answer away.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import join_pointer, string_leaves

# A negation that governs the listing after it: "not", "none of", "neither", "ruled out" ...
_NEGATION = re.compile(
    r"(?<!\w)(?:not|none\s+of(?:\s+the)?|neither|nor|never|isn't|aren't|wasn't|no\s+longer|"
    r"rule[sd]?\s+out|ruling\s+out|exclud(?:e|es|ed|ing))(?!\w)",
    re.IGNORECASE,
)
# Cheap gate before any label is searched.
_GATE = re.compile(r"(?i)\b(?:not|none|neither|nor|never|n't|no|false|rul\w*\s+out|exclud\w*)\b|=\s*0\b")
# What may stand between two labels of one listing.
_SEP = re.compile(r"\s*(?:,|/|;|&)?\s*(?:(?:or|and|nor|either)\s+)?\s*$", re.IGNORECASE)
# Up to three words between the negation and the listing ("not one of", "definitely not", "out as").
_BRIDGE = re.compile(r"^[\s,:]*(?:[\w'-]+[\s,:]+){0,3}?$")
# A "no" answer right after a label or a name holding it: "Spam? no", "X-Spam-Flag: NO", "urgent=false".
_NO_AFTER = re.compile(r"[\w-]*\s*[:=?]\s*[\"']?(?:no|false|0|n)(?!\w)", re.IGNORECASE)


def _norm(s: str) -> str:
    """A label folded for comparison: casefolded, blanks collapsed."""
    return " ".join(s.casefold().split())


def _label_re(labels: Sequence[str]) -> re.Pattern[str]:
    """Every label as whole words, longest first (so ``Friendly fraud`` wins over ``Fraud``)."""
    alts = sorted({_norm(lab) for lab in labels if _norm(lab)}, key=len, reverse=True)
    body = "|".join(r"\s+".join(map(re.escape, lab.split())) for lab in alts)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)


def _clause_start(text: str, a: int) -> int:
    """Where the clause holding ``text[a]`` starts: after the last sentence end or line break."""
    cut = max(text.rfind(ch, 0, a) for ch in ".!?\n|")
    return cut + 1


def _clause_end(text: str, b: int) -> int:
    """Where the clause holding ``text[b-1]`` ends (exclusive)."""
    ends = [i for i in (text.find(ch, b) for ch in ".!?\n") if i >= 0]
    return min(ends) if ends else len(text)


def _groups(text: str, hits: list[re.Match[str]]) -> Iterator[list[re.Match[str]]]:
    """Runs of label hits joined only by listing separators."""
    run: list[re.Match[str]] = []
    for m in hits:
        if run and not _SEP.match(text[run[-1].end() : m.start()]):
            yield run
            run = []
        run.append(m)
    if run:
        yield run


def ruled_out(text: str, pattern: re.Pattern[str]) -> list[tuple[frozenset[str], tuple[int, int]]]:
    """The sets of labels ``text`` rules out, each with the span of the negation that does it.

    Labels standing together (``not A or B``) form one group ruled out by one negation; the negation must
    open the clause before them, at most three words away, and not belong to a label itself (``Not
    spam``). A trailing ``no`` rules out a single label (``Spam? no``, ``X-Spam-Flag: NO``). A clause that
    ends in a question mark asks, and rules nothing out. Texts without a negation word at all are skipped
    by a single search.
    """
    if not _GATE.search(text):
        return []
    hits = list(pattern.finditer(text))
    out: list[tuple[frozenset[str], tuple[int, int]]] = []
    for group in _groups(text, hits):
        a, b = group[0].start(), group[-1].end()
        end = _clause_end(text, b)
        if text[end : end + 1] == "?":
            continue
        lo = _clause_start(text, a)
        head = text[lo:a]
        # a negation word that is part of a label (``Not spam``) names that label, it negates nothing
        negs = [n for n in _NEGATION.finditer(head) if not any(h.start() <= lo + n.start() < h.end() for h in hits)]
        if negs and _BRIDGE.match(head[negs[-1].end() :]):
            start = a - len(head) + negs[-1].start()
            out.append((frozenset(_norm(m.group()) for m in group), (start, b)))
            continue
        for m in group:  # "Spam? no", "X-Spam-Flag: NO"
            tail = _NO_AFTER.match(text, m.end())
            if tail is not None and text[_clause_end(text, m.end()) : _clause_end(text, m.end()) + 1] != "?":
                out.append((frozenset({_norm(m.group())}), (m.start(), tail.end())))
    return out


def _false_keys(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Mapping[Any, Any]]]:
    """Every object with its path (for keys holding a label with a false value)."""
    if isinstance(node, Mapping):
        yield path, node
        for k, v in node.items():
            yield from _false_keys(v, (*path, str(k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _false_keys(v, (*path, str(i)))


def may_rule_out(blob: bytes, expected: Sequence[str], label_set: Sequence[str]) -> bool:
    """Whether the projection orjson serialised as ``blob`` can give an elimination finding (a sound
    gate: ``False`` proves :func:`elimination_findings` finds none).

    Either way, a string or an object's flags rule out every label but the answer, so each other label's
    words occur in the projection, in a string or a key; orjson writes a word's letters as they are,
    escaping only quotes, backslashes and control characters, so in an ASCII serialisation each word is
    a substring of it lowercased. Anything else (a label or a projection not in ASCII, a word holding a
    character orjson escapes) answers ``True``."""
    words = _other_words(tuple(expected), tuple(label_set))
    if words is None or (words and not blob.isascii()):
        return True
    if not words:
        return False  # no label left to state: the first test of elimination_findings
    low = blob.lower()
    return all(low.find(w) >= 0 for w in words)


@lru_cache(maxsize=4096)
def _other_words(expected: tuple[str, ...], label_set: tuple[str, ...]) -> tuple[bytes, ...] | None:
    """The words of the labels other than the answer, for :func:`may_rule_out`; ``()`` when there can be
    no finding (fewer than two labels, or not exactly one answer among them), ``None`` when a word cannot be
    looked for in the serialisation as written (not ASCII, or a character orjson escapes)."""
    labels = {_norm(lab) for lab in label_set if _norm(lab)}
    answers = {_norm(e) for e in expected} & labels
    if len(labels) < 2 or len(answers) != 1:
        return ()
    out: list[bytes] = []
    for lab in sorted(labels - answers):
        for word in lab.split():
            if not word.isascii() or not word.isprintable() or '"' in word or "\\" in word:
                return None
            out.append(word.encode())
    return tuple(out)


def elimination_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Findings where one string (or one object's flags) rules out every label but the answer.

    Needs a label set of two or more and exactly one answer among its labels. In a string the negations
    are read in order and the finding spans from the first to the one that completes the set of others, so
    cutting it removes every negation that took part; a string that also rules out the answer contradicts
    itself or lists, and says nothing. In an object, keys set to ``false`` (a boolean only) negate the
    labels their words name (``isSpam: false``); when they negate every other label the object is the finding.
    """
    labels = {_norm(lab) for lab in label_set if _norm(lab)}
    answers = {_norm(e) for e in expected} & labels
    if len(labels) < 2 or len(answers) != 1:
        return []
    answer = next(iter(answers))
    others = labels - answers
    pattern = _label_re(sorted(labels))
    out: list[Finding] = []
    for path, text in string_leaves(projection):
        negated: set[str] = set()
        done: tuple[int, int] | None = None
        ruled = ruled_out(text, pattern)
        if any(answer in names for names, _span in ruled):
            continue  # the answer is ruled out too: the text contradicts itself or lists
        first = ruled[0][1][0] if ruled else 0
        for names, span in ruled:
            negated |= names
            if done is None and negated == others:
                done = (first, span[1])  # every negation that took part: cutting one alone still eliminates
        if done is not None:
            out.append(_finding(item_id, path, done, expected[0], "a text rules out every other label"))
    words = re.compile(r"[A-Za-z0-9]+")
    for path, obj in _false_keys(projection, ()):
        negated = set()
        for key, value in obj.items():
            if value is not False:  # a boolean only: {"no": "No"} is a table of words, not a flag
                continue
            key_words = " ".join(w.casefold() for w in words.findall(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(key))))
            negated |= {lab for lab in others if re.search(rf"(?<!\w){re.escape(lab)}(?!\w)", key_words)}
        if negated == others:
            out.append(_finding(item_id, path, None, expected[0], "flags rule out every other label"))
    return out


def _finding(item_id: str, path: tuple[str, ...], span: tuple[int, int] | None, value: str, detail: str) -> Finding:
    """A ``freetext.elimination`` finding at ``path``."""
    return Finding(
        item=item_id,
        channel="freetext",
        severity="high",
        pointer=join_pointer(path),
        representation="text" if span is not None else "json",
        span=span,
        view="raw",
        rule="freetext.elimination",
        detail=detail + ": the one that remains is the answer",
        value=value,
    )
