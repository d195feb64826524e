"""ROT13: the letter rotation forums and puzzle threads use to hide a spoiler or an answer.

A rotation is reversible and costs nothing to read back, so a label written in it is still a label the
model can read. Every word is a rotation of some other string, so the view is gated word by word on
English letter frequencies: a word is rotated only when its rotation is much more likely English
than the word itself (``Erwrpg`` → ``Reject``; ``quiz``, ``fjord`` and every ordinary word stay as
written, their rotations being far less likely). Clean prose therefore yields no view.
"""

from __future__ import annotations

import math
import re

from windtunnel.leakage.views.registry import Replacement, decoder

# Relative frequency of each letter in English text (percent; a standard published table).
_FREQ = {
    "a": 8.2, "b": 1.5, "c": 2.8, "d": 4.3, "e": 12.7, "f": 2.2, "g": 2.0, "h": 6.1, "i": 7.0,
    "j": 0.15, "k": 0.77, "l": 4.0, "m": 2.4, "n": 6.7, "o": 7.5, "p": 1.9, "q": 0.095, "r": 6.0,
    "s": 6.3, "t": 9.1, "u": 2.8, "v": 0.98, "w": 2.4, "x": 0.15, "y": 2.0, "z": 0.074,
}  # fmt: skip
_LOGP = {c: math.log(p / 100.0) for c, p in _FREQ.items()}
_ROT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM",
)
MARGIN = 0.78
"""Nats per letter by which a word's rotation must be more likely English than the word for the word
alone to open a rotated passage (English words of six letters or more stay below it: ``buffer`` scores 0.75)."""
WEAK_MARGIN = -0.1
"""The margin for the other words of a line that holds such a word (``Fri2`` is ``Sev2``: a short word
rotated scores about as well as written)."""
ANCHOR_LEN = 6
"""Letters of a word that alone opens a rotated passage (``quiz``, ``jazz`` and ``query`` score as rotated)."""
# A word written in one of prose's case shapes (``reject``, ``Reject``, ``REJECT``), not inside a run of
# letters and digits (base64, ids); a digit may follow (``Fri2``).
_WORD_RE = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]?[a-z]{2,39}|[A-Z]{3,40})(?![A-Za-z])")
_LINE_RE = re.compile(r"[^\n]+")
_NAMED_RE = re.compile(r"\brot[ -]?13\b", re.IGNORECASE)
# A cheap necessary condition: a letter rare in English (j, k, q, v, x, z: common in rotated English,
# where they stand for w, x, d, i, k, m) next to a letter.
_MARK_RE = re.compile(r"[jkqvxzJKQVXZ][A-Za-z]|[A-Za-z][jkqvxzJKQVXZ]")


def rot13(text: str) -> str:
    """``text`` with every ASCII letter rotated by 13 (its own inverse)."""
    return text.translate(_ROT)


def _score(word: str) -> float:
    """Mean log-likelihood per letter of ``word`` under English letter frequencies."""
    low = word.lower()
    return sum(_LOGP[c] for c in low) / len(low)


def _marker(text: str) -> bool:
    """Whether ``text`` may hold a rotated word (one with a letter rare in English)."""
    return _MARK_RE.search(text) is not None


@decoder("rot13", order=80, marker=_marker)
def rotated_words(text: str) -> list[Replacement]:
    """The words of three or more letters of each line holding a rotated passage, rotated back.

    A line holds one when it has a word of :data:`ANCHOR_LEN` letters or more whose rotation is much
    more likely English (:data:`MARGIN`); then each of its words whose rotation scores
    :data:`WEAK_MARGIN` or better is rotated (one short word alone is too weak evidence: ``Erwrpg``).
    A line that names the rotation (``rot13:``) has every word after the name rotated, on that line
    or, when no word follows the name there, on the next line that holds one."""
    out: list[Replacement] = []
    after_name = -1  # every word from here on is rotated, up to the end of the line that holds one
    for line in _LINE_RE.finditer(text):
        lo, hi = line.start(), line.end()
        named = _NAMED_RE.search(text, lo, hi)
        if named is not None:
            after_name = named.end()
        cands: list[Replacement] = []
        anchored = False
        for mt in _WORD_RE.finditer(text, lo, hi):
            word = mt.group()
            rotated = word.translate(_ROT)
            if 0 <= after_name <= mt.start():
                cands.append((mt.start(), mt.end(), rotated))
                anchored = True
                continue
            gain = _score(rotated) - _score(word)
            if gain >= WEAK_MARGIN:
                cands.append((mt.start(), mt.end(), rotated))
                anchored = anchored or (gain >= MARGIN and len(word) >= ANCHOR_LEN)
        if anchored:
            out.extend(cands)
            after_name = -1
    return out
