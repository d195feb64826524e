"""A word as an OCR engine misreads it (``Hiqh``, ``Bi11ing``, ``Medlurn``), and where such a word may be.

:func:`ocr_needles` gives each one-word needle of letters a derived twin whose pattern matches its
misreadings as a whole token (the look-alikes of :data:`OCR_LOOKALIKES`); :func:`ocr_misread` tells a
misreading from the word itself. :class:`OcrGate` answers, for one needle set, where any of those
patterns may match: one Aho-Corasick pass over the text with its look-alike characters folded together.

Why a gate: the patterns start with character classes (``[il1]``, ``m|rn|nn``), so a regex that tries all
of them, as the pre-check did, is tried at every position of a serialisation for every pattern: with a
label set whose lexicon brings some sixty words, ~300 µs per item, more than the rest of the audit. The
fold makes the check one pass whatever the number of words, and exact: every candidate is confirmed by
the word's own pattern at its place (:meth:`OcrGate.twins_in`, :meth:`OcrGate.misread_in`).

Why the gate is exact: the text and the keys are folded by the same function, and a key is the word
with one look-alike chosen at each character (:func:`_spellings`), so wherever a pattern matches, the
folded text there is a key: every match is at a place the automaton reports, and each place is
confirmed by the pattern itself. The fold (each character to the representative of its class in the
closure of :data:`OCR_LOOKALIKES`: ``i``, ``l``, ``1`` are one class; ``o``, ``0``, ``c``, ``e`` another)
only keeps the keys few: the single-character look-alikes of a letter fold to one key character.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

import ahocorasick

from windtunnel.leakage.words import ordinary_word

if TYPE_CHECKING:  # a type only: needles.py imports this module
    from windtunnel.leakage.needles import Needle

OCR_LOOKALIKES: dict[str, str] = {
    "m": "m|rn|nn", "w": "w|vv", "d": "d|cl", "i": "[il1]", "l": "[il1]", "1": "[1il]", "o": "[o0c]",
    "0": "[0o]", "c": "[co]", "g": "[gq9]", "q": "[qg]", "s": "[s5]", "5": "[5s]", "b": "[b8]",
    "8": "[8b]", "z": "[z2]", "e": "[ec]",
}  # fmt: skip
"""What an OCR engine reads for each character of a word (lowercase): the classic confusions of shape
(``rn``/``m``, ``l``/``1``/``i``, ``0``/``o``/``c``, ``q``/``g``, ``5``/``s``, ``8``/``b``). Small on
purpose: a wider table folds ordinary words together. Each value is a character class (``[…]``) or
literal alternatives (``a|bc``): the gate reads them so (:func:`_alternatives`)."""
OCR_MIN_LETTERS = 4
"""A needle word shorter than this is not looked for misread (``Lcw`` is too close to too many words)."""
OCR_MAX_LETTER_SWAPS = 2
"""At most this many letters read as another letter (a digit read for a letter is never a word)."""
_OCR_BEFORE = "(?<![a-z0-9])"
_OCR_FOLDS = (("rn", "m"), ("nn", "m"), ("vv", "w"), ("cl", "d"))


def ocr_needles(needles: Iterable[Needle]) -> list[tuple[Needle, re.Pattern[str]]]:
    """For each one-word needle of letters (an answer or a label, :data:`OCR_MIN_LETTERS` or more, not
    itself derived) its derived twin and the pattern of its OCR misreadings as a whole token."""
    out: list[tuple[Needle, re.Pattern[str]]] = []
    for n in needles:
        if n.role == "correlated" or n.derived or n.value_only or n.phrase:
            continue
        word = n.norm
        if len(word) < OCR_MIN_LETTERS or not word.isascii() or not word.isalpha():
            continue
        out.append(_twin(n))
    return out


@lru_cache(maxsize=4096)
def _twin(n: Needle) -> tuple[Needle, re.Pattern[str]]:
    """The OCR twin of one needle and its pattern (see :func:`ocr_needles`): made once per needle, which
    every needle set holding it shares (a label set's lexicon words, item after item)."""
    word = n.norm
    body = "".join(f"(?:{OCR_LOOKALIKES[ch]})" if ch in OCR_LOOKALIKES else re.escape(ch) for ch in word)
    pattern = re.compile(f"{_OCR_BEFORE}{body}(?![a-z0-9])")
    return replace(n, derived=True, ocr=pattern), pattern


def ocr_misread(token: str, word: str) -> bool:
    """``token`` (lowercase, a match of ``word``'s OCR pattern) is a misreading of ``word``, not ``word``
    itself: some character differs, and at most :data:`OCR_MAX_LETTER_SWAPS` letters stand for other
    letters (digits for letters, ``Bi11ing``, are never a word), and ``token`` is not an ordinary word
    of its own (``modern`` for ``Modem`` is the word ``modern``: :func:`~windtunnel.leakage.words.ordinary_word`)."""
    if token == word:
        return False
    folded = token
    for pair, one in _OCR_FOLDS:
        if pair in folded and pair not in word:
            folded = folded.replace(pair, one)
    if len(folded) != len(word):
        # An alignment the folds do not model: the pattern matched, the letters are few.
        return not ordinary_word(token)
    swaps = sum(1 for x, y in zip(folded, word, strict=True) if x != y and x.isalpha() and y.isalpha())
    swaps += sum(1 for pair, _one in _OCR_FOLDS if pair in token and pair not in word)
    # An ordinary word of its own (``modern`` against ``Modem``) is that word, written as meant (words.py).
    return swaps <= OCR_MAX_LETTER_SWAPS and not ordinary_word(token)


# ---------------------------------------------------------------- the gate


def _alternatives(spec: str) -> list[str]:
    """The texts one look-alike spec matches: the characters of a class, or literal alternatives."""
    if spec.startswith("[") and spec.endswith("]"):
        return list(spec[1:-1])
    alts = spec.split("|")
    if any(not a.isalnum() for a in alts):
        raise ValueError(f"OCR look-alike {spec!r}: only a character class or literal alternatives are read")
    return alts


def _classes() -> dict[str, str]:
    """Each character of a single-character look-alike → the representative of its class (the
    closure of "may be read as" over :data:`OCR_LOOKALIKES`)."""
    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    for ch, spec in OCR_LOOKALIKES.items():
        for alt in _alternatives(spec):
            if len(alt) == 1:
                a, b = root(ch), root(alt)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {c: root(c) for c in parent}


_CLASS_OF = _classes()
_FOLD_STR = {ord(c): rep for c, rep in _CLASS_OF.items() if c != rep}
_FOLD_BYTES = bytes(ord(_CLASS_OF.get(chr(b), chr(b))) if b < 0x80 and chr(b) in _CLASS_OF else b for b in range(256))
_GATES: dict[tuple[tuple[str, str], ...], OcrGate] = {}
"""The gates made, by their twins (bounded: cleared when full)."""
_GATES_MAX = 1024
_MAX_SPELLINGS = 256
"""A word with more folded spellings than this (many ``m``, ``w``, ``d``) is confirmed by its pattern alone."""


def fold(text: str) -> str:
    """``text`` with each look-alike character as its class's representative (same length)."""
    if text.isascii():
        return text.encode().translate(_FOLD_BYTES).decode("ascii")
    return text.translate(_FOLD_STR)


def fold_bytes(data: bytes) -> bytes:
    """``data`` with each ASCII look-alike byte as its class's representative (same length)."""
    return data.translate(_FOLD_BYTES)


def _spellings(word: str) -> set[str] | None:
    """The folded texts the OCR pattern of ``word`` can match (``None``: more than :data:`_MAX_SPELLINGS`).

    Each character expands to its look-alikes (``o`` read as ``0`` or ``c``, ``m`` as ``rn``) and every
    combination is one spelling. The count is checked as it grows, so a long word with many look-alikes gives up before
    the product is built.
    """
    options: list[set[str]] = []
    count = 1
    for ch in word:
        alts = _alternatives(OCR_LOOKALIKES[ch]) if ch in OCR_LOOKALIKES else [ch]
        folded = {fold(a) for a in alts}
        options.append(folded)
        count *= len(folded)
        if count > _MAX_SPELLINGS:
            return None
    return {"".join(parts) for parts in itertools.product(*options)}


def ocr_gate(twins: Sequence[tuple[Needle, re.Pattern[str]]]) -> OcrGate:
    """The :class:`OcrGate` of ``twins``, shared by every needle set with the same twins in the same order
    (a label set's, whatever answer or correlated value rides along): its automaton is built once."""
    key = tuple((n.norm, p.pattern) for n, p in twins)
    gate = _GATES.get(key)
    if gate is None:
        if len(_GATES) >= _GATES_MAX:
            _GATES.clear()
        gate = _GATES[key] = OcrGate(twins)
    return gate


class OcrGate:
    """Where the OCR patterns of one needle set may match (built once per needle set, on first use).

    One Aho-Corasick pass over the folded text lists the places where a twin's folded spelling occurs;
    each is confirmed by the twin's pattern at that place. A twin with too many spellings is searched
    by its pattern (never the case for the words of the lexicon).
    """

    def __init__(self, twins: Sequence[tuple[Needle, re.Pattern[str]]]) -> None:
        """Keep the twins; their automaton is built when a text is first asked about (the pre-check's
        word index may hold their spellings instead, :meth:`keys`)."""
        self._twins = twins
        self._searched = [i for i, (n, _p) in enumerate(twins) if _spellings(n.norm) is None]
        self._auto: ahocorasick.Automaton | bool | None = False  # False: not built yet
        self._bytes: dict[int, re.Pattern[bytes]] = {}

    def _automaton(self) -> ahocorasick.Automaton | None:
        """The folded spellings of every twin's word, indexed (built on first use).

        A spelling shared by several twins is added once, listing them all. ``None`` when there is nothing to
        index (every twin is searched another way, or has too many spellings to enumerate); the answer is kept
        either way, so the build runs once per needle set.
        """
        if self._auto is False:
            auto = ahocorasick.Automaton()
            for s, i in self.keys():
                if s in auto:
                    auto.get(s)[1].append(i)
                else:
                    auto.add_word(s, (len(s), [i]))
            if len(auto):
                auto.make_automaton()
            self._auto = auto if len(auto) else None
        return self._auto if self._auto is not False else None

    def _places(self, folded: str) -> Iterable[tuple[int, list[int]]]:
        """(start, twins) of every folded spelling in ``folded``."""
        auto = self._automaton()
        if auto is None:
            return ()
        return ((end - length + 1, ids) for end, (length, ids) in auto.iter(folded))

    def twins_in(self, text: str) -> list[int]:
        """The indices (in order) of the twins whose pattern matches somewhere in ``text`` (a view:
        lowercased, normalised), boundaries included: the only ones whose :meth:`Needle.find` can
        return a place."""
        found: set[int] = set()
        for start, ids in self._places(fold(text)):
            for i in ids:
                if i not in found and self._twins[i][1].match(text, start) is not None:
                    found.add(i)
        found.update(i for i in self._searched if self._twins[i][1].search(text) is not None)
        return sorted(found)

    def misread_in(self, low: bytes) -> bool:
        """Whether lowercased bytes (a serialisation, a string's UTF-8) may hold a misreading of a
        twin's word: its pattern, without the leading boundary (a JSON escape, ``\\tHiqh``, puts a
        letter before the word), matches text that is not the word itself. A necessary condition of an
        ``ocr`` hit in any string of it (a hit is a misreading, :func:`ocr_misread`)."""
        for start, ids in self._places(fold_bytes(low).decode("latin-1")):
            for i in ids:
                if self.misread_at(low, start, i):
                    return True
        return self.searched_misread(low)

    def keys(self) -> Iterator[tuple[str, int]]:
        """(folded spelling, twin) of every twin the automaton indexes: another pass over folded text
        may find them (the pre-check's word index does), then :meth:`misread_at` confirms a place."""
        for i, (n, _p) in enumerate(self._twins):
            if i not in self._searched:
                for s in _spellings(n.norm) or ():
                    yield s, i

    def misread_at(self, low: bytes, start: int, i: int) -> bool:
        """Whether twin ``i``'s pattern (without the leading boundary) matches a misreading at ``start``."""
        m = self._pattern_bytes(i).match(low, start)
        return m is not None and ocr_misread(m.group().decode("latin-1"), self._twins[i][0].norm)

    def searched_misread(self, low: bytes) -> bool:
        """:meth:`misread_in` for the twins the automaton does not index (too many spellings)."""
        return any(self._pattern_bytes(i).search(low) is not None for i in self._searched)

    def _pattern_bytes(self, i: int) -> re.Pattern[bytes]:
        """Twin ``i``'s pattern on bytes, without the leading boundary (compiled on first use)."""
        rx = self._bytes.get(i)
        if rx is None:
            rx = self._bytes[i] = re.compile(self._twins[i][1].pattern.removeprefix(_OCR_BEFORE).encode())
        return rx
