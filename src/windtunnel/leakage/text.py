"""Text views with offset maps back to the original string.

A *view* is a normalised copy of a string in which a leak is easier to see: case-folded, without
accents, without invisible characters, with homoglyphs mapped to the letters they imitate, with
numbers and dates written canonically. Every view keeps, for each of its characters, the range of
original characters it came from, so a match in any view becomes a span of the original string that
the sanitizer can cut out.

Words are runs of ``\\w`` *plus combining marks*, so Devanagari vowel signs and viramas or a
decomposed accent never split a word.

The offset map (:class:`Mapped`) is the one mechanism that lets the scan match in a transformed string
and still report original characters. Every derived string, here and in :mod:`.views` (decoded
runs, split identifiers), is built with :meth:`Mapped.compose` from pieces that name the original
range they replace, so maps compose through any number of views. A character that expands
(``ﬁ`` → ``fi``, ``ⅷ`` → ``viii``) maps each output character to the one input character; one that
disappears (a zero-width joiner) maps to nothing, so a match across it still spans it in the original.

The views are named, from least to most transformed (:data:`VIEW_ORDER`): ``raw``, ``casefold``
(NFKC then case folding), ``accent`` (Latin / Greek / Cyrillic combining accents dropped, never Indic
vowel signs, which would merge words), ``invisible`` (format characters, variation selectors and
fillers dropped) and ``confusable`` (all of them plus the homoglyph table of :mod:`.confusables`).
Matching runs in the most forgiving view once; the name a finding reports is the least transformed
view in which it is also seen, so a reader learns *how* the answer was hidden. An ASCII string skips
the per-character work: its every view but ``raw`` is ``lower()``, with the identity map.

``canonical_view`` is apart: it rewrites numbers (thousands separators, a leading ``+``, leading zeros
and trailing decimal zeros) and dates (ISO ``YYYY-MM-DD`` from ISO, ``March 3, 2024`` or ``3 March 2024``)
so ``1,000.00`` and ``1000`` are one token; it runs only when a needle and the text hold a digit.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from windtunnel.leakage._marks import MARK_RANGES
from windtunnel.leakage.confusables import CONFUSABLES

WORD_CLASS = "[\\w" + MARK_RANGES + "]"
"""Regex class of one word character: ``\\w`` or any combining mark."""
NOT_WORD_CLASS = "[^\\w" + MARK_RANGES + "]"
WORD_RE = re.compile(WORD_CLASS + "+")
WORD_CHAR_RE = re.compile(WORD_CLASS)
"""One word character: whether a text (or a part of it) holds a word, read no further than its first letter
(``WORD_RE`` reads the whole word, which in a long identifier is the rest of the string, once per hit)."""

# Combining accents of Latin / Greek / Cyrillic only: stripping Indic vowel signs would merge words.
_ACCENT_RE = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_INVISIBLE_EXTRA = frozenset("\u034f\u115f\u1160\u3164\uffa0\u180b\u180c\u180d\u180e")


def is_invisible(ch: str) -> bool:
    """Zero-width, soft hyphen, bidi and tag characters, variation selectors, Hangul fillers.

    Characters that render as nothing, so ``Hi\u200bgh`` reads ``High``: every format character
    (category ``Cf``) plus the fillers and selectors Unicode classes otherwise.
    """
    cp = ord(ch)
    if 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF:
        return True
    return ch in _INVISIBLE_EXTRA or unicodedata.category(ch) == "Cf"


def is_word_char(ch: str) -> bool:
    """A letter, digit, ``_`` or combining mark: a character of a :data:`WORD_RE` word."""
    return ch.isalnum() or ch == "_" or unicodedata.category(ch)[0] == "M"


@dataclass
class Mapped:
    """A derived string and, per character, the ``[start, end)`` range of the original it came from.

    ``starts is None`` means the identity map (same length, same offsets): most strings are ASCII and
    need no per-character lists at all, which is what keeps a scan of clean text cheap. When set,
    ``starts`` and ``ends`` have one entry per character of ``text``.
    """

    text: str
    starts: list[int] | None = None
    ends: list[int] | None = None

    def span(self, a: int, b: int) -> tuple[int, int]:
        """Original ``[start, end)`` covered by derived characters ``a .. b-1``.

        From the first character's start to the last one's end, so a match that spans a dropped
        invisible character, or begins and ends inside two decoded runs, covers them in the original.
        An empty range maps to an empty range at the corresponding position.
        """
        if self.starts is None or self.ends is None:
            return (a, b)
        if b <= a:
            pos = self.starts[a] if a < len(self.starts) else (self.ends[-1] if self.ends else 0)
            return (pos, pos)
        return (self.starts[a], self.ends[b - 1])

    def compose(self, pieces: list[tuple[str, int, int]]) -> Mapped:
        """Build a view of this view from ``(output, start, end)`` pieces indexed in ``self.text``.

        Each character of a piece maps to the original range of ``self.text[start:end]``, so the maps
        of nested views compose: a character of a decoded-then-split view still points at the original
        characters. Empty pieces (a removed tag, a joined line) contribute nothing.
        """
        out: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        for piece, a, b in pieces:
            if not piece:
                continue
            oa, ob = self.span(a, b)
            out.append(piece)
            starts.extend([oa] * len(piece))
            ends.extend([ob] * len(piece))
        return Mapped("".join(out), starts, ends)


def _per_char(m: Mapped, fn: Callable[[str], str]) -> Mapped:
    """The view of ``m`` in which each character is replaced by ``fn(ch)`` (possibly empty or longer),
    each output character mapped to its input character's original range."""
    text = m.text
    folded = list(map(fn, text))
    out = "".join(folded)
    if len(out) == len(text) and all(len(p) == 1 for p in folded):
        # One character for one (the common case): the offset map is the input's, unchanged.
        return Mapped(out, m.starts, m.ends)
    ms, me = m.starts, m.ends
    starts: list[int] = []
    ends: list[int] = []
    for i, piece in enumerate(folded):
        if piece:
            a, b = (ms[i], me[i]) if ms is not None and me is not None else (i, i + 1)
            starts.extend([a] * len(piece))
            ends.extend([b] * len(piece))
    return Mapped(out, starts, ends)


def _fold_char(ch: str) -> str:
    """NFKC then case folding: fullwidth, ligatures and mathematical letters become plain lower case."""
    return unicodedata.normalize("NFKC", ch).casefold()


@lru_cache(maxsize=4096)
def _full_char(ch: str) -> str:
    """NFKC → homoglyph skeleton → casefold → accents and invisibles dropped (one character)."""
    if is_invisible(ch):
        return ""
    s = unicodedata.normalize("NFKC", ch)
    s = "".join(CONFUSABLES.get(c, c) for c in s).casefold()
    s = unicodedata.normalize("NFD", s)
    return _ACCENT_RE.sub("", s)


def _accent_char(ch: str) -> str:
    """The ``accent`` view of one character: folded, decomposed, and its Latin / Greek / Cyrillic
    combining accents dropped (``é`` → ``e``; an Indic vowel sign stays)."""
    return _ACCENT_RE.sub("", unicodedata.normalize("NFD", _fold_char(ch)))


def _invisible_char(ch: str) -> str:
    """The ``invisible`` view of one character: nothing for a character that renders as nothing, else folded."""
    return "" if is_invisible(ch) else _fold_char(ch)


@lru_cache(maxsize=4096)
def _written_char(ch: str) -> str:
    """One character as a reader sees its letter, case kept (see :func:`written_form`)."""
    if is_invisible(ch):
        return ""
    s = unicodedata.normalize("NFKC", ch)
    return "".join(CONFUSABLES.get(c, c) for c in s)


def written_form(text: str) -> str:
    """``text`` as a reader sees its letters, case kept: invisible characters dropped, compatibility
    forms folded (fullwidth ``Ｈｉｇｈ``, mathematical bold ``𝗛𝗶𝗴𝗵``) and homoglyphs mapped to the letters
    they imitate (``Hіgh`` with a Cyrillic ``і``). The case a label is written in is read in this form."""
    return text if text.isascii() else "".join(map(_written_char, text))


CURRENCY_SIGNS = "$€£¥₹"
"""Signs written before an amount (``$1,000``): part of a number's written form, like its markup."""
CURRENCY_CODES = "usd|eur|gbp|jpy|cny|inr|cad|aud|chf|sek|nok|dkk|brl|mxn"
"""ISO 4217 codes written after an amount (``1000 USD``), the most traded ones."""


VIEW_ORDER = ("raw", "casefold", "accent", "invisible", "confusable")
"""Named views from the least to the most transformed; a finding names the first view that hits."""

_VIEW_FNS: dict[str, Callable[[str], str]] = {
    "casefold": _fold_char,
    "accent": _accent_char,
    "invisible": _invisible_char,
    "confusable": _full_char,
}


def full_view(m: Mapped) -> Mapped:
    """The most forgiving view: every normalisation at once (the cheap pre-check for all views).

    Matching runs here only: a needle absent from this view is absent from every named view, since each
    of those applies a subset of the same per-character folds. An ASCII string's full view is its
    ``lower()`` with the input's offset map.
    """
    if m.text.isascii():
        low = m.text.lower()
        return Mapped(low, m.starts, m.ends)
    return _per_char(m, _full_char)


_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]+")
_SEGMENTED = 4096
"""From this length on, :func:`full_text` folds a non-ASCII text's ASCII stretches by ``lower()``."""


def full_text(text: str) -> str:
    """``full_view(Mapped(text)).text`` without building the offset map (for checks that need no spans).

    A long text is folded stretch by stretch: its ASCII stretches by ``lower()`` (what :func:`_full_char`
    gives every ASCII character, ``test_full_text_of_ascii_stretches``), the rest character by character,
    so a megabyte of ASCII with one decoded ``¬`` costs one ``lower()``, not a call per character."""
    if text.isascii():
        return text.lower()
    if len(text) < _SEGMENTED:
        return "".join(map(_full_char, text))
    out: list[str] = []
    pos = 0
    for m in _NON_ASCII_RE.finditer(text):
        a, b = m.span()
        if pos < a:
            out.append(text[pos:a].lower())
        out.append("".join(map(_full_char, text[a:b])))
        pos = b
    out.append(text[pos:].lower())
    return "".join(out)


def named_view(m: Mapped, name: str) -> Mapped:
    """One named view of ``m`` (see :data:`VIEW_ORDER`): used to name a hit after the fact, on a window
    around it, never to search a whole string (the search runs once, in :func:`full_view`)."""
    if name == "raw":
        return m
    if m.text.isascii():
        return Mapped(m.text.lower(), m.starts, m.ends)
    return _per_char(m, _VIEW_FNS[name])


def normalize_needle(text: str, view: str = "confusable") -> str:
    """A needle in the same view as the text it is searched in (whitespace collapsed).

    The needle goes through the same per-character folding as the text, so a match in the view is a
    match of the needle as the user wrote it; blanks collapse to one space because phrase matching lets
    any whitespace stand for a blank. ``""`` for a needle of blanks or invisible characters only.
    """
    if view == "raw":
        folded = text
    elif text.isascii():
        folded = text.lower()
    else:
        folded = "".join(_VIEW_FNS[view](ch) for ch in text)
    return " ".join(folded.split())


def tokens(text: str) -> list[str]:
    """Unicode-aware word tokens (a word keeps its combining marks); punctuation and blanks are dropped."""
    return WORD_RE.findall(text)


# ---------------------------------------------------------------- numbers and dates

_MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}


def _month_re(group: str) -> str:
    """A regex group named ``group`` matching an English month, full or abbreviated (``Sept``, ``Mar.``)."""
    return (
        rf"(?P<{group}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
        r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
    )


_CANON_RE = re.compile(
    r"(?<![\w.,])(?:"
    r"(?P<iso>(?P<y1>\d{4})[-/.](?P<m1>\d{1,2})[-/.](?P<d1>\d{1,2}))(?:t[\d:.]+z?)?"
    rf"|(?P<mdy>{_month_re('mon2')}\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y2>\d{{4}}))"
    rf"|(?P<dmy>(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_month_re('mon3')},?\s+(?P<y3>\d{{4}}))"
    r"|(?P<num>[-+]?\d{1,3}(?:[,\u00a0\u202f\u2009 ]\d{3})+(?:\.\d+)?|[-+]?\d+\.\d+|[-+]?\d+)"
    r")(?![\w])",
    re.IGNORECASE,
)


def _month(name: str) -> int:
    """The month number of a name :func:`_month_re` matched (its first three letters decide)."""
    return _MONTHS[name[:3].lower()]


def _date(y: str, m: int | str, d: str) -> str | None:
    """``YYYY-MM-DD`` of a real date, else ``None``: ``2024-13-40`` is a code, not a date to rewrite."""
    try:
        return _dt.date(int(y), int(m), int(d)).isoformat()
    except ValueError:
        return None


def _canon_match(mt: re.Match[str]) -> str | None:
    """The canonical text of one number or date match; ``None`` for a date that does not exist (31 Feb).

    A date in any of the three written orders becomes ISO ``YYYY-MM-DD``, month names included. A number
    loses its grouping (commas, spaces, the narrow and no-break spaces), a leading ``+``, leading zeros and
    trailing fractional zeros, so ``1,200.50``, ``01200.5`` and ``+1 200.5`` are one canonical text; ``-0``
    is ``0``. A match of neither kind is ``None`` too.
    """
    if mt.group("iso"):
        return _date(mt.group("y1"), mt.group("m1"), mt.group("d1"))
    if mt.group("mdy"):
        return _date(mt.group("y2"), _month(mt.group("mon2")), mt.group("d2"))
    if mt.group("dmy"):
        return _date(mt.group("y3"), _month(mt.group("mon3")), mt.group("d3"))
    num = mt.group("num")
    if num is None:
        return None
    cleaned = re.sub(r"[,\u00a0\u202f\u2009 ]", "", num).lstrip("+")
    if "." in cleaned:
        whole, frac = cleaned.split(".", 1)
        frac = frac.rstrip("0")
        cleaned = f"{whole}.{frac}" if frac else whole
    neg = cleaned.startswith("-")
    digits = cleaned.lstrip("-").lstrip("0") or "0"
    if digits.startswith("."):
        digits = "0" + digits
    return ("-" if neg and digits != "0" else "") + digits


def canonical_view(m: Mapped) -> Mapped:
    """Numbers without separators or trailing zeros and dates as ISO ``YYYY-MM-DD``.

    Each canonical form maps to the whole span it replaced, so a hit on ``1200`` in the view points at
    ``1,200.00`` in the original. A date that does not exist is left as written. When nothing in the text
    has a canonical form, ``m`` itself is returned, so the caller can tell the view adds nothing.
    """
    text = m.text
    pieces: list[tuple[str, int, int]] = []
    pos = 0
    for mt in _CANON_RE.finditer(text):
        canon = _canon_match(mt)
        if canon is None:
            continue
        a, b = mt.span()
        if pos < a:
            pieces.extend((text[i], i, i + 1) for i in range(pos, a))
        pieces.append((canon, a, b))
        pos = b
    if not pieces:
        return m
    pieces.extend((text[i], i, i + 1) for i in range(pos, len(text)))
    return m.compose(pieces)


def canonical_needle(text: str) -> str:
    """A needle in the canonical view (``1,000`` → ``1000``), to be searched in :func:`canonical_view` text."""
    return canonical_view(Mapped(normalize_needle(text))).text


_DIGIT_RE = re.compile(r"\d")


def has_digit(text: str) -> bool:
    """Whether ``text`` holds a digit: only then can the canonical view add a match."""
    return _DIGIT_RE.search(text) is not None
