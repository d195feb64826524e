"""Principle 5: on an ordered label set, a phrase of position is an alias of the label at that position.

"One notch below the top of our scale", "the second-least severe level", "right in the middle of our
three bands", "one short of the maximum", "moved forward twice from Draft" name a label of an ordered scale
without its word. The position is read against the scale's order, found in this order of preference:

1. an order the projection states: every label joined by ``<`` (ascending) or ``>`` (descending);
2. numeric labels (``1`` … ``5``, ``1 star`` … ``5 stars``): by their number;
3. one code with a number (``Sev1`` … ``Sev4``, ``P0`` … ``P4``): the lowest number is the top, the
   convention of severity and priority codes;
4. otherwise the label set as given, lowest first (``XS`` … ``XL``, ``Very Negative`` … ``Very Positive``).

A phrase counts only when it is tied to the scale: it names the top, the bottom or the middle with a word of
rank (``top``, ``highest``, ``maximum``, ``least severe``, ``bottom`` …), optionally moved by a number of
steps, or moves a named label by a number of steps. The finding (``freetext.position``, high) is reported
only when the position is the answer; a label set of fewer than three labels has no position to name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import raw_finding, string_leaves

_NUM = {"one": 1, "once": 1, "a": 1, "two": 2, "twice": 2, "three": 3, "thrice": 3, "four": 4}
_ORD = {"second": 2, "third": 3, "fourth": 4, "2nd": 2, "3rd": 3, "4th": 4}
_TOP = r"(?:very\s+)?(?:top|highest|maximum|max|hardest|biggest|largest|greatest|most\s+\w+|upper\s+end)"
_BOTTOM = r"(?:very\s+)?(?:bottom|lowest|minimum|min|easiest|smallest|least\s+\w+|lower\s+end)"
_STEP = r"(?:notch|level|step|rung|grade|band|place|position|tier|stage)e?s?"
_N = r"(one|once|a|two|twice|three|thrice|four|\d)"
_O = r"(second|third|fourth|2nd|3rd|4th)"

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"\b{_N}\s+(?:{_STEP}\s+)?(?:below|under|short\s+of|down\s+from|beneath)\s+(?:the\s+)?{_TOP}\b", re.I
        ),
        "top-n",
    ),
    (re.compile(rf"\b{_N}\s+(?:{_STEP}\s+)?(?:above|over|up\s+from)\s+(?:the\s+)?{_BOTTOM}\b", re.I), "bottom+n"),
    (re.compile(rf"\b{_O}\s+{_STEP}\s+(?:up\s+)?from\s+(?:the\s+)?{_BOTTOM}\b", re.I), "bottom+o"),
    (re.compile(rf"\b{_O}\s+{_STEP}\s+(?:down\s+)?from\s+(?:the\s+)?{_TOP}\b", re.I), "top-o"),
    (re.compile(rf"\b{_O}[-\s]+(?:least|lowest|smallest|bottom|easiest)\b", re.I), "bottom+o"),
    (re.compile(rf"\b{_O}[-\s]+(?:highest|most|largest|biggest|top|hardest)\b", re.I), "top-o"),
    (
        re.compile(
            r"\b(?:right\s+)?in\s+the\s+(?:very\s+)?middle\b|\bthe\s+middle\s+(?:one|option|value|band|level)\b", re.I
        ),
        "middle",
    ),
    (re.compile(rf"\bthe\s+{_TOP}\b", re.I), "top"),
    (re.compile(rf"\bthe\s+{_BOTTOM}\b", re.I), "bottom"),
)
# A move from a named label: "moved forward twice from Draft", "two steps up from Low".
_MOVE = re.compile(
    rf"\b(?:(?:moved|bumped|pushed|stepped)\s+)?(forward|up|back|down|ahead)\s+{_N}(?:\s+{_STEP})?\s+from\s+(.{{1,40}}?)(?=$|[\s.,;:!?])"
    rf"|\b{_N}\s+{_STEP}\s+(up|down|forward|back)\s+from\s+(.{{1,40}}?)(?=$|[\s.,;:!?])",
    re.I,
)
# What ties a phrase of position to a scale (not "the top of the stairs").
_SCALE = re.compile(
    r"\b(?:scale|level|rank|rung|notch|band|tier|grade|option|value|category|size|severity|priority|score|"
    r"maximum|minimum|stage|step|point)s?\b",
    re.I,
)
_CODE = re.compile(r"([^\d\s]+)\s*(\d+)")
_GATE = re.compile(r"(?i)\b(?:top|high|max|min|bottom|low|least|most|middle|small|short|hard|eas|forward|up|back)")


_RANK_WORDS = frozenset(
    b"top highest maximum max hardest biggest largest greatest most upper bottom lowest minimum min easiest "
    b"smallest least lower middle from".split()
)
"""The words of which every phrase of :data:`_PATTERNS` (a word of rank, or ``middle``) or of :data:`_MOVE`
(``from``) holds one, whole."""
_WORD_BYTES = bytes(
    c + 32 if 65 <= c <= 90 else c if (48 <= c <= 57 or 97 <= c <= 122 or c == 95) else 32 for c in range(256)
)
"""ASCII bytes: a word character lowercased, anything else a blank (one pass, then ``split``: the words)."""


def may_name_position(blob: bytes, expected: Sequence[str], label_set: Sequence[str]) -> bool:
    """Whether the projection orjson serialised as ``blob`` can give a position finding (a sound gate:
    ``False`` proves :func:`position_findings` finds none). The answer must be a label of three or more,
    and a phrase holds one of :data:`_RANK_WORDS` as a whole word, in any case; in an ASCII serialisation
    without a backslash every string is written as it is between quotes (not word characters), so the
    word is one of the serialisation's words. Otherwise (an escape can glue a letter to the word, a
    non-ASCII letter can match a word case-insensitively: ``ſ``, ``K``) the answer is ``True``. One
    translation and a split: a regex of the twenty words tried at every position cost more."""
    if len(label_set) < 3 or not expected or not _answer_is_label(expected[0], tuple(label_set)):
        return False
    if not blob.isascii() or blob.find(b"\\") >= 0:
        return True
    return not _RANK_WORDS.isdisjoint(blob.translate(_WORD_BYTES).split())


@lru_cache(maxsize=4096)
def _answer_is_label(answer: str, labels: tuple[str, ...]) -> bool:
    """The test :func:`position_findings` begins with (cached: an item of a label set asks it again)."""
    return _norm(answer) in {_norm(x) for x in labels}


def _norm(s: str) -> str:
    """A label folded for comparison."""
    return " ".join(s.casefold().split())


def _number(label: str) -> float | None:
    """The number of a numeric label (``4``, ``4 stars``, ``1 star``)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:stars?|points?)?\s*", label, re.I)
    return float(m.group(1)) if m else None


def scale_order(labels: Sequence[str], texts: Sequence[str]) -> list[str]:
    """The labels lowest first (see the module docstring for the order of preference).

    A text of the record writing the scale out (``Low < Medium < High``, or with ``>`` highest first) wins,
    a lead-in on its first part allowed (``scale: Low``); it must name every label. Else labels that are all
    numbers sort by value, and codes of one prefix (``P1``..``P4``, ``Sev1``) sort with the smallest number
    highest, as severity codes are written. Failing all three, the labels stay in the order given.
    """
    norms = [_norm(x) for x in labels]
    for text in texts:
        for sep, rev in (("<", False), (">", True)):
            if text.count(sep) >= len(labels) - 1:
                parts = [_norm(p) for p in re.split(rf"\s*{sep}\s*", text)]
                seq = [p for p in parts if p in norms]
                for p in parts:
                    for lab in norms:
                        if p.endswith(lab) and lab not in seq and p not in norms:
                            seq.insert(parts.index(p), lab)  # "scale: Low < Medium": the first part has a lead-in
                if sorted(seq) == sorted(norms):
                    return list(reversed(seq)) if rev else seq
    nums = [_number(x) for x in labels]
    if all(n is not None for n in nums):
        return [n for _, n in sorted(zip(nums, norms, strict=True))]
    codes = [_CODE.fullmatch(x.strip()) for x in labels]
    if all(codes) and len({c.group(1).casefold() for c in codes if c}) == 1:
        ranked = sorted(((int(c.group(2)), n) for c, n in zip(codes, norms, strict=True) if c), reverse=True)
        return [n for _, n in ranked]
    return norms


def _count(word: str) -> int:
    """A count word or digit as a number."""
    w = word.casefold()
    return int(w) if w.isdigit() else _NUM.get(w, _ORD.get(w, 0))


def positions(text: str, order: Sequence[str]) -> Iterator[tuple[int, tuple[int, int]]]:
    """The positions (0 = lowest) that phrases of ``text`` name on the scale ``order``, with their spans.

    Two kinds of phrase: a place on the scale (``the top``, ``second from the bottom``, ``the middle one``),
    counted only when its sentence speaks of a scale, and a move from a named label (``two steps up from
    Low``). A longer phrase read first hides the shorter ones inside it; ``middle`` has no position on a
    scale of even length; a position off the scale (``fifth from the top`` of four) is dropped, as is a move
    from a word that is not a label.
    """
    n = len(order)
    taken: list[tuple[int, int]] = []  # a longer phrase read first hides the shorter one inside it
    for pattern, kind in _PATTERNS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            sentence = text[max(text.rfind(".", 0, m.start()), 0) : m.end() + 60]
            if not _SCALE.search(sentence):
                continue
            k = _count(m.group(1)) if m.groups() and m.group(1) else 0
            at = {
                "top": n - 1,
                "bottom": 0,
                "middle": n // 2 if n % 2 else -1,
                "top-n": n - 1 - k,
                "bottom+n": k,
                "top-o": n - k,
                "bottom+o": k - 1,
            }[kind]
            if 0 <= at < n:
                yield at, m.span()
    for m in _MOVE.finditer(text):
        way, count, name = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(6), m.group(5), m.group(7))
        name = _norm(name or "")
        if name not in order:
            continue
        step = _count(count or "")
        at = order.index(name) + (step if (way or "").casefold() in ("forward", "up", "ahead") else -step)
        if 0 <= at < n:
            yield at, m.span()


def position_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Findings where a phrase of position names the answer on the ordered label set.

    Needs three labels or more (fewer have no position to name, see the module) and an answer among them.
    Strings without a word of position are skipped by one regex, and the scale's order is worked out only
    when one string has such a word, from all the record's strings. One finding per string at most, at the
    first phrase that names the answer.
    """
    if len(label_set) < 3 or not expected:
        return []
    answer = _norm(expected[0])
    strings = list(string_leaves(projection))
    if answer not in {_norm(x) for x in label_set}:
        return []
    order: list[str] | None = None
    out: list[Finding] = []
    for path, text in strings:
        if not _GATE.search(text):
            continue
        if order is None:
            order = scale_order(label_set, [t for _p, t in strings])
        for at, span in positions(text, order):
            if order[at] == answer:
                out.append(
                    raw_finding(
                        item_id,
                        path,
                        span,
                        "freetext.position",
                        "a phrase of position on the ordered label set names the answer",
                        expected[0],
                    )
                )
                break
    return out
