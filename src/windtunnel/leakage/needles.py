"""Needles (answers, correlated values, labels) and boundary-aware matching in every view.

A single-token needle matches whole tokens only (``M`` never matches inside ``Medium``); a
multi-token needle matches as a phrase whose tokens may be separated by any whitespace, with
boundaries at both ends. Both sides are normalised the same way, view by view.

This is the *match* step of the audit (after the views, before the decision): it answers "where does
any needle occur, in which view, and does the hit fill the whole string", and nothing else. Whether a
hit leaks is decided afterwards by the principles (:mod:`.scan`); keeping matching free of judgement is
what lets every form of the answer (an alias, an abbreviation, a correlated value, a decoded run) reach
the same decision.

Why whole tokens and not substrings: a label is a word, and ``High`` inside ``Highway`` or ``3`` inside
``2.3`` is not the label; so a boundary is required only where the needle itself starts or ends with a
word character (a glyph needle, ``👍``, has none and matches anywhere), and a number does not match
inside a longer number. ``_`` is a boundary: ``priority_high`` holds two words.

How it stays cheap on every string of a dataset: each needle has a *key* (its longest token) that must
occur in the most forgiving view before anything else is tried, found by one Aho-Corasick pass when an
item has more than :data:`AUTOMATON_THRESHOLD` distinct keys; an ASCII string needs no offset map (its
most forgiving view is ``lower()``); later views report only hits no earlier hit of the same needle
covers (a bisection, :class:`_Cover`), so each place is reported once, under the least transformed
view that shows it (``raw`` < ``casefold`` < ``accent`` < ``invisible`` < ``confusable``, then
``canonical``, ``identifier`` and the decoded views by name). Every hit carries a span of the
original string, through the view's offset map.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

import ahocorasick

from windtunnel.leakage.ocr import OcrGate, ocr_gate, ocr_misread, ocr_needles
from windtunnel.leakage.text import (
    VIEW_ORDER,
    WORD_CHAR_RE,
    WORD_RE,
    Mapped,
    canonical_needle,
    canonical_view,
    full_view,
    has_digit,
    named_view,
    normalize_needle,
)
from windtunnel.leakage.views import canonical_views, has_humps, identifier_view
from windtunnel.leakage.views.tokens import glued_blanks

Role = Literal["expected", "correlated", "label"]

# Above this many needles one Aho-Corasick pass replaces per-needle substring checks.
AUTOMATON_THRESHOLD = 8
_ASCII_WORD_RE = re.compile(r"[A-Za-z0-9_]+")
""":data:`~windtunnel.leakage.text.WORD_RE` on ASCII text (the same words: its marks are past ASCII), found
without the Unicode classes (~1 µs less a needle made: each distinct answer's first sighting makes two)."""


def _is_word(ch: str) -> bool:
    """A character inside a word for the whole-token boundaries: a letter or digit, or a combining
    mark (an accent written apart belongs to its letter)."""
    # '_' is not a word character here: ``_High_`` is Slack or Markdown emphasis, ``priority_high`` two words.
    return ch.isalnum() or (not ch.isascii() and unicodedata.category(ch)[0] == "M")


def _bounded(text: str, a: int, b: int, norm: str) -> bool:
    """Word boundaries around ``text[a:b]`` (only where the needle itself starts/ends with a word);
    in scripts written without spaces the boundary is the script's own (:func:`_script_edge`)."""
    if a > 0 and _is_word(norm[0]) and _is_word(text[a - 1]) and not _script_edge(norm, text, a, before=True):
        return False
    if b < len(text) and _is_word(norm[-1]) and _is_word(text[b]) and not _script_edge(norm, text, b, before=False):
        return False
    # A number is not a match inside a longer number: 1000 is not in 1000.5 nor in 2.1000. A comma
    # continues only a number (a decimal comma, a thousands group): after a code, ``Sev3,6,86%`` in a
    # CSV row or ``P2,6:`` in a netstring, it separates.
    if norm[0].isdigit() and a >= 2 and text[a - 1] in ".," and text[a - 2].isdigit():
        return False
    after = ".," if norm.isdigit() else "."
    return not (norm[-1].isdigit() and b + 1 < len(text) and text[b] in after and text[b + 1].isdigit())


def _script(ch: str) -> str:
    """``katakana``, ``han``, ``kana`` (hiragana), ``hangul`` or ``other`` (a Latin letter, a digit …).

    Used to tell a word boundary in text written without spaces: a Japanese or Korean label ends where the
    script changes to the one of a particle or an ending. Half-width katakana and the phonetic extensions
    count as katakana, the compatibility ideographs as han, jamo and compatibility jamo as hangul.
    """
    o = ord(ch)
    if 0x30A0 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        return "katakana"
    if 0x3040 <= o <= 0x309F:
        return "kana"
    if 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF:
        return "han"
    if 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
        return "hangul"
    return "other"


_HANGUL_PARTICLES = frozenset(
    {"은", "는", "이", "가", "을", "를", "로", "으로", "에", "의", "도", "와", "과", "임", "입니다", "이다"}
    | {"이며", "이고", "으로요", "예요", "이에요", "로요", "였음", "였습니다", "설정"}
)
"""Korean particles and copulas written glued to the word before (``네거티브입니다``, ``로우로``)."""


def _script_edge(norm: str, text: str, i: int, *, before: bool) -> bool:
    """Whether a needle in a script written without spaces ends its word at ``text[i]`` although a
    letter is there: a katakana word (a loanword, ``ハイ``) ends where its katakana run ends
    (``優先度はハイです``, never inside ``ハイシーズン``); a Han word of two characters or more
    (``紧急``, ``低い``) where a Han or kana text goes on, since nothing marks its edge there; a hangul
    word before a particle glued to it (``네거티브입니다``). A lone Han character (``高``) keeps the
    boundary: inside a run it is a part of another word (``高速``)."""
    base = [ch for ch in norm if not unicodedata.combining(ch)]
    if not base or (not before and unicodedata.combining(text[i])):
        return False  # a voicing mark belongs to the letter before it (``エズ`` is not ``エス``)
    own = _script(base[0] if before else base[-1])
    other = _script(text[i - 1] if before else text[i])
    if own == "katakana":
        return other in ("kana", "han")
    if own == "han" or (own == "kana" and any(_script(ch) == "han" for ch in base)):
        return len(base) >= 2 and other in ("kana", "han", "katakana")
    if own == "hangul" and not before and other == "hangul":
        j = i
        while j < len(text) and _script(text[j]) == "hangul":
            j += 1
        return unicodedata.normalize("NFC", text[i:j]) in _HANGUL_PARTICLES  # the views decompose hangul
    return False


@lru_cache(maxsize=16384)
def _phrase_re(norm: str) -> re.Pattern[str] | None:
    """Regex for a multi-token needle: its tokens in order, separated by any whitespace.

    Each separator of the needle (punctuation between words, or a leading or trailing one) is turned by
    :func:`_sep_regex` into a pattern that allows whitespace around it, so ``high - risk`` and ``high-risk``
    both match the needle ``high-risk``. ``None`` for a needle without any word or separator. A phrase that starts
    with a word is matched by :func:`_phrase_parts` instead, without compiling a regex per answer.
    """
    parts: list[str] = []
    pos = 0
    for mt in WORD_RE.finditer(norm):
        sep = norm[pos : mt.start()]
        if parts or sep:
            parts.append(_sep_regex(sep))
        parts.append(re.escape(mt.group(0)))
        pos = mt.end()
    tail = norm[pos:]
    if tail:
        parts.append(_sep_regex(tail))
    return re.compile("".join(parts)) if parts else None


def find_all(norm: str, text: str, phrase: bool | None = None) -> list[tuple[int, int]]:
    """Boundary-respecting matches of a normalised needle in a text of the same view.

    ``[(start, end)]`` in ``text``, left to right. A single token is found with ``str.find`` and
    checked at both ends (:func:`_bounded`); a phrase (``phrase`` or, when ``None``, a needle of several
    tokens) lets any run of whitespace stand for its blanks, so a label broken over a line still
    matches.
    """
    if not norm:
        return []
    out: list[tuple[int, int]] = []
    if phrase is None:
        phrase = len(WORD_RE.findall(norm)) > 1 or " " in norm
    if not phrase:
        pos = text.find(norm)
        while pos >= 0:
            end = pos + len(norm)
            if _bounded(text, pos, end, norm):
                out.append((pos, end))
            pos = text.find(norm, pos + 1)
        return out
    parts = _phrase_parts(norm)
    if parts is not None:
        return _find_phrase(parts, norm, text)
    pat = _phrase_re(norm)
    if pat is None:
        return out
    pos = 0
    while True:
        mt = pat.search(text, pos)
        if mt is None:
            return out
        a, b = mt.span()
        if _bounded(text, a, b, norm):
            out.append((a, b))
            pos = b
        else:
            pos = a + 1


@lru_cache(maxsize=32768)
def _phrase_parts(norm: str) -> tuple[str, ...] | None:
    """A phrase that starts with a word as ``(word, separator core, word, ...)``; ``None`` otherwise.

    It matches what :func:`_phrase_re` matches without compiling a regex per distinct answer: an
    empty core stands for ``\\s+``, another core for ``\\s*core\\s*``, so scanning whitespace
    greedily is the only way each part can match (words and cores neither start nor end with it).
    """
    parts: list[str] = []
    pos = 0
    for mt in WORD_RE.finditer(norm):
        sep = norm[pos : mt.start()]
        if not parts and sep:
            return None
        if parts:
            parts.append(sep.strip())
        parts.append(mt.group(0))
        pos = mt.end()
    if not parts:
        return None
    tail = norm[pos:]
    if tail:
        parts.append(tail.strip())
    return tuple(parts)


def _match_rest(parts: tuple[str, ...], text: str, pos: int) -> int:
    """End of a match of ``parts[1:]`` at ``pos`` (``parts[0]`` ends there), or -1.

    ``parts`` comes from :func:`_phrase_parts`: words at even places, separator cores at odd ones. An empty
    core needs at least one whitespace character (two words never touch); another core may have whitespace
    on either side. Whitespace is skipped greedily, which is exact because no word or core starts or ends
    with it, so no backtracking is needed; a final core (a phrase ending in punctuation) ends the match.
    """
    n = len(text)
    for i in range(1, len(parts), 2):
        core = parts[i]
        j = pos
        while j < n and text[j].isspace():
            j += 1
        if core:
            if not text.startswith(core, j):
                return -1
            j += len(core)
            while j < n and text[j].isspace():
                j += 1
        elif j == pos:
            return -1
        if i + 1 < len(parts):
            word = parts[i + 1]
            if not text.startswith(word, j):
                return -1
            j += len(word)
        pos = j
    return pos


def _find_phrase(parts: tuple[str, ...], norm: str, text: str) -> list[tuple[int, int]]:
    """The bounded matches of a phrase split by :func:`_phrase_parts`: each place its first word occurs
    is extended by :func:`_match_rest`, with no regex compiled per distinct answer."""
    out: list[tuple[int, int]] = []
    first = parts[0]
    a = text.find(first)
    while a >= 0:
        b = _match_rest(parts, text, a + len(first))
        if b >= 0 and _bounded(text, a, b, norm):
            out.append((a, b))
            a = text.find(first, b)
        else:
            a = text.find(first, a + 1)
    return out


def _sep_regex(sep: str) -> str:
    """The pattern for what separates two words of a phrase: any whitespace, or the separator's core
    with optional whitespace around it (``Support / High`` for ``Support/High``)."""
    core = sep.strip()
    if not core:
        return r"\s+"
    return r"\s*" + re.escape(core) + r"\s*"


@dataclass(frozen=True, slots=True)
class Needle:
    """One string to look for, with its role and its normalised forms.

    ``role`` is ``expected`` (an answer or one of its aliases), ``correlated`` or ``label`` (another
    label of the set: a hit decides listings and upstream-field findings, never a leak by itself).
    ``norm`` is the text in the most forgiving view; ``canon`` its canonical number or date form, for a
    needle with a digit (``1,000`` → ``1000``), else ``None``; ``phrase`` whether it has several tokens.
    """

    text: str
    role: Role
    norm: str
    key: str
    """The longest token of ``norm``: a cheap substring pre-check before the regex."""
    phrase: bool
    canon: str | None
    value_only: bool = False
    """An abbreviation (``MED`` for ``Medium``): it counts only where a label is a value (a whole
    field, a key-value pair, a table cell), never in prose, where it is an ordinary word."""
    derived: bool = False
    """A spelling derived from the label rather than the label (an abbreviation, ``four`` or ``IV`` for
    ``4``): as a value it states the label only under a name naming the task or the answer, or a
    cryptic one (``URGCY=URG``); under a plain name of something else (``"qty": "IV"``,
    ``"assignee": "Mark"``) it is a word of that field, for review."""
    names: tuple[str, ...] = ()
    """For a code of a public code system (:func:`~windtunnel.leakage.lexicon.code_spellings`: ``HH``,
    ``30``, ``#ffbf00``): the words naming what its codes are (``severity``, ``colour``); a name holding
    one ties the code to the label (a code is ``value_only`` and ``derived`` too)."""
    mark: bool = False
    """A code written with its own delimiters (a syslog ``<130>``): its syntax says what it is, so
    like a phrase of the label it is a leak wherever it occurs."""

    @classmethod
    def make(
        cls, text: str, role: Role, *, value_only: bool = False, derived: bool = False, names: tuple[str, ...] = ()
    ) -> Needle | None:
        """The needle for ``text`` (``None`` when it normalises to nothing: blanks, invisibles only).

        A text with no word character (an emoji, ``★``) becomes a glyph needle: no boundaries, matched
        wherever it occurs. ``value_only`` marks an abbreviation, ``derived`` a derived spelling (see
        the fields); ``names`` the naming words of a code's code system.

        Made once per distinct set of arguments (:func:`_made`): a label set brings a hundred needles or
        more (its lexicon's aliases), which every needle set of the label set shares, whatever correlated
        value rides along (a needle is frozen, so one object serves every set that holds it).
        """
        if cls is Needle:
            return _made(text, role, value_only, derived, names)
        return cls._fresh(text, role, value_only=value_only, derived=derived, names=names)

    @classmethod
    def _fresh(
        cls, text: str, role: Role, *, value_only: bool = False, derived: bool = False, names: tuple[str, ...] = ()
    ) -> Needle | None:
        """:meth:`make` without the memo.

        Returns ``None`` for a text that normalises to nothing. A glyph-only needle (an emoji) matches wherever
        it occurs, with no word boundary. A needle with a digit gets a canonical number or date form, unless it
        is a code (``names`` set), which is matched only as its system writes it. The search key is the longest
        word, except for a one-word truncation (``hig...``), whose key is all of it so its letters alone do not
        make a candidate everywhere.
        """
        norm = normalize_needle(text)
        toks = (_ASCII_WORD_RE if norm.isascii() else WORD_RE).findall(norm)
        if not toks:
            # A glyph (an emoji, a symbol): no word boundary to respect, it matches wherever it occurs.
            return cls(text, role, norm, norm, False, None, value_only, derived, names) if norm else None
        # A code is matched as its system writes it (its other notations are codes of their own), so
        # it asks for no canonical number view of every string holding a digit.
        canon = canonical_needle(text) if has_digit(text) and not names else None
        # A one-word needle is found as written (``str.find``): its key may be all of it, which keeps a
        # truncation (``hig...``) from being searched wherever its letters are.
        key = norm if len(toks) == 1 and norm.endswith("...") else max(toks, key=len)
        return cls(text, role, norm, key, len(toks) > 1, canon, value_only, derived, names)

    ocr: re.Pattern[str] | None = None
    """For an OCR twin (:func:`ocr_needles`): the pattern of the word's misreadings, which ``find`` uses."""
    inflected: bool = False
    """An inflected form of the answer (``refunded`` for ``refund``, :mod:`~windtunnel.leakage.inflections`): decided
    as the label word would be, and never more than for review (``freetext.token``)."""

    def find(self, text: str) -> list[tuple[int, int]]:
        """The bounded matches of this needle in ``text`` (already in the view the needle is normalised
        to); for an OCR twin, its misreadings there (never the word as written)."""
        if self.ocr is not None:
            return [mt.span() for mt in self.ocr.finditer(text) if ocr_misread(mt.group(), self.norm)]
        return find_all(self.norm, text, self.phrase)


@lru_cache(maxsize=4096)
def _as_inflected(n: Needle) -> Needle:
    """``n`` marked as an inflected form (``Needle.inflected``): one object per needle, as :func:`_made` keeps one per
    spelling, so the label sets' needle sets share it (memo)."""
    return dataclasses.replace(n, inflected=True)


@lru_cache(maxsize=16384)
def _made(text: str, role: Role, value_only: bool, derived: bool, names: tuple[str, ...]) -> Needle | None:
    """:meth:`Needle.make`, memoised (bounded; see there)."""
    return Needle._fresh(text, role, value_only=value_only, derived=derived, names=names)


def delimited_code(value: str) -> bool:
    """``value`` is a code written with its own delimiters: it holds a word character and begins or ends
    with a character that is neither a word character nor a blank (a sigil or a closing mark: ``$label4``,
    ``#DE350B``, ``(B)``, ``fix:``). Given as a correlated value, its syntax says what it is, as a syslog
    ``<130>`` does for a code of the answer (``Needle.mark``); a bare code (``P1``) is also a car-park
    level or a form number, and keeps needing a tie."""
    v = value.strip()
    edge = (v[:1], v[-1:]) if v else ("", "")
    return WORD_RE.search(v) is not None and any(c and not (c.isalnum() or c == "_" or c.isspace()) for c in edge)


class Hit(NamedTuple):
    """One match of a needle (a tuple: built for every match, so it must be cheap to make).

    ``span`` is in the original string; ``view_text`` / ``view_span`` are the view the match was made in
    and its place there, which the cues read (a decoded ``Priority: High`` is a key-value pair only in
    its decoded view). ``view`` names that view for the finding.
    """

    needle: Needle
    span: tuple[int, int]
    """Span in the original string."""
    view: str
    whole: bool
    """The match covers every word of the string (in the view where it was seen)."""
    view_text: str = ""
    view_span: tuple[int, int] = (0, 0)
    glued: bool = False
    """Only the split of a code's capitals from the digits they are glued to shows the match (``MSE`` of
    ``MSE20``): a weak mention, a leak only where the dataset shows the place rides with the record's label
    (:mod:`~windtunnel.leakage.agreement`); the item-level audit leaves it for review."""


class NeedleSet:
    """The needles of one item, ready to search many strings.

    A needle repeated with the same role is kept once; a correlated value or other label that equals an
    answer after normalisation is dropped (:meth:`build`), so one place never gets two roles. Built once
    per distinct (answers, correlated values, labels, aliases) and shared across items.
    """

    def __init__(self, needles: Iterable[Needle]) -> None:
        """Keep one needle per (norm, role) and build the key automaton when there are many keys.

        The first needle of each (norm, role) wins, so the caller's order decides which spelling is reported.
        The OCR twins are derived here once; the automaton and the OCR gate wait for the first search, as most
        items never search a string (the pre-check clears them).
        """
        seen: dict[tuple[str, str], Needle] = {}
        for n in needles:
            seen.setdefault((n.norm, n.role), n)
        self.needles: list[Needle] = list(seen.values())
        self.any_canon = any(n.canon for n in self.needles)
        self.ocr = ocr_needles(self.needles)
        """Each word needle that OCR can misread, as a derived twin with its look-alike pattern."""
        self._ocr_gate: OcrGate | None = None
        self._automaton: _Keyed | None = None
        """The key automaton (see :meth:`candidates`), built on the first search: most items are proven
        clean by the pre-check and never search a string."""
        self._keyed = False
        """Whether :attr:`_automaton` was worked out."""

    # Set only on the sets that need them (class defaults otherwise): a file of distinct answers keeps a set
    # per answer, and three more entries in each one's ``__dict__`` cost ~1 MB of peak RSS on the 5 MB scan.
    base: NeedleSet | None = None
    """For a set made by :meth:`with_correlated`: the shared set it extends (its OCR twins and the
    pre-check's probe are drawn from it); ``None`` for a set built whole."""
    head = 0
    """How many needles of :attr:`needles` are the answers themselves (with their aliases): a correlated
    value's needle goes after them (:meth:`build`'s order). Recorded by :meth:`build` with ``extendable``."""
    exp_norms: frozenset[str] = frozenset()
    """The answers' normalised texts (with ``extendable``): a correlated value equal to one is not a needle
    of its own."""

    @property
    def ocr_gate(self) -> OcrGate:
        """Where the twins' patterns may match (:class:`~windtunnel.leakage.ocr.OcrGate`, built on first use)."""
        gate = self._ocr_gate
        if gate is None:
            gate = self._ocr_gate = self.base.ocr_gate if self.base is not None else ocr_gate(self.ocr)
        return gate

    @classmethod
    def build(
        cls,
        expected: Sequence[str],
        correlated: Sequence[str] = (),
        labels: Sequence[str] = (),
        abbreviations: Sequence[str] = (),
        derived: Sequence[str] = (),
        codes: Sequence[tuple[str, tuple[str, ...]]] = (),
        marks: Sequence[str] = (),
        inflected: Sequence[str] = (),
        *,
        extendable: bool = False,
    ) -> NeedleSet:
        """The needles of the answers, correlated values and other labels; ``abbreviations`` are the
        answers' abbreviations, matched as answers that count only as values (``Needle.value_only``);
        ``derived`` the answers' aliases that are spellings derived from them (``Needle.derived``);
        ``codes`` the answers' codes in public code systems with their systems' naming words
        (``Needle.names``), matched like abbreviations; ``marks`` the answers' codes written with their
        own delimiters (``Needle.mark``); ``inflected`` the answers' inflected forms (``Needle.inflected``).
        ``extendable``: record what :meth:`with_correlated` needs."""
        derived_set = set(derived)
        made: list[Needle] = []
        # A label set's needles recur in every needle set of the set: made through the memo. Without one,
        # a needle set is its answers' own (kept whole by the caller's cache), and the memo would only add
        # a miss per needle to each first sighting.
        make = Needle.make if labels else Needle._fresh
        exp_norms = set()
        for role, values in (("expected", expected), ("correlated", correlated), ("label", labels)):
            for v in values:
                n = make(v, role, derived=role == "expected" and v in derived_set)  # type: ignore[arg-type]
                if n is None:
                    continue
                if role != "expected" and n.norm in exp_norms:
                    continue
                if role == "expected":
                    exp_norms.add(n.norm)
                if role == "correlated" and delimited_code(v):
                    n = dataclasses.replace(n, mark=True)
                made.append(n)
        for v, names in (*((a, ()) for a in abbreviations), *codes):
            n = make(v, "expected", value_only=True, derived=True, names=names)
            if n is not None and n.norm not in exp_norms:
                made.append(n)
        for v in marks:
            n = make(v, "expected")
            if n is not None and n.norm not in exp_norms:
                made.append(dataclasses.replace(n, mark=True))
        taken = {m.norm for m in made}
        for v in inflected:
            n = make(v, "expected", derived=True)
            if n is not None and n.norm not in taken:  # a form that is a label, or an alias, is that one
                made.append(_as_inflected(n))
        out = cls(made)
        if extendable:
            # The answers come first and are kept once per norm (``__init__``): they are the first ``head``.
            out.head = len(exp_norms)
            out.exp_norms = frozenset(exp_norms)
        return out

    def with_correlated(self, correlated: Sequence[str]) -> NeedleSet:
        """This set (built without correlated values) with ``correlated`` added: the same needles, in the
        same order, as :meth:`build` given them too, made without going over this set's needles again.

        A label set's lexicon brings a hundred needles or more, the same for every item with that answer
        and label set; on a dataset whose items each carry a value of their own, each item made them into
        a new set, with its OCR twins and probe (~250 µs). This set is that shared part (cached by the
        caller); per item only the values' needles are made, and the new set's OCR twins are this set's
        (a correlated value has none) and its probe is composed from this set's
        (:func:`~windtunnel.leakage.prefilter.probe`). Without a value that is a needle of its own, this
        set itself is returned. This set must be built ``extendable`` (:meth:`build`)."""
        if "exp_norms" not in self.__dict__:
            raise ValueError("NeedleSet.with_correlated: build the shared set with extendable=True")
        own: dict[str, Needle] = {}
        for v in correlated:
            n = Needle.make(v, "correlated")
            if n is None or n.norm in self.exp_norms:
                continue
            if delimited_code(v):
                n = dataclasses.replace(n, mark=True)
            own.setdefault(n.norm, n)  # one needle per (norm, role), the first kept (``__init__``)
        if not own:
            return self
        out = NeedleSet.__new__(NeedleSet)
        out.needles = [*self.needles[: self.head], *own.values(), *self.needles[self.head :]]
        out.any_canon = self.any_canon or any(n.canon for n in own.values())
        out.ocr = self.ocr  # ocr_needles skips a correlated value: the same twins, in the same order
        out._ocr_gate = None
        out._automaton = None
        out._keyed = False
        out.base = self
        out.head = self.head
        out.exp_norms = self.exp_norms
        return out

    def candidates(self, text: str) -> list[Needle]:
        """Needles whose key token occurs in ``text`` (already normalised): a necessary condition only,
        the caller still runs :meth:`Needle.find`. One Aho-Corasick pass above
        :data:`AUTOMATON_THRESHOLD` distinct keys, else one ``in`` per needle."""
        keyed = self._keys()
        if keyed is not None:
            auto, by_key, extra, head, added = keyed
            idx: set[int] = set()
            for _end, at in auto.iter(text):
                idx.update(by_key[at])
            if added and idx:  # the shared set's indices past its answers move past this set's values
                idx = {i + added if i >= head else i for i in idx}
            for i in extra:
                if self.needles[i].key in text:
                    idx.add(i)
            return [self.needles[i] for i in sorted(idx)]
        return [n for n in self.needles if n.key in text]

    def _keys(self) -> _Keyed | None:
        """The key automaton (:meth:`_key_automaton`), worked out on first use."""
        if not self._keyed:
            self._automaton = self._key_automaton()
            self._keyed = True
        return self._automaton

    def _key_automaton(self) -> _Keyed | None:
        """The search of the needles' keys, when there are more than :data:`AUTOMATON_THRESHOLD` distinct
        keys; else ``None`` (one ``in`` per needle).

        The automaton holds the keys of the answers and labels only (:func:`_keys_automaton`, shared by every
        needle set with the same: a label set's hundred aliases come with a correlated value of its own on
        each item of some datasets, and an automaton was built per item, ~45 µs); per set, each key's place
        in it gives its needles' indices, and the correlated values' keys are looked for by ``in``."""
        base = self.base
        if base is not None:
            # A set made by :meth:`with_correlated`: its shared set's automaton and indices by place (its keys are
            # all of answers and labels), an index past the answers moved past the values when found (few),
            # the values by ``in``.
            shared_keyed = base._keys()
            if shared_keyed is not None and not shared_keyed[2] and not shared_keyed[4]:
                head, added = self.head, len(self.needles) - len(base.needles)
                return shared_keyed[0], shared_keyed[1], tuple(range(head, head + added)), head, added
        if len({n.key for n in self.needles}) <= AUTOMATON_THRESHOLD:
            return None
        shared = tuple(dict.fromkeys(n.key for n in self.needles if n.role != "correlated"))
        if not shared:
            return None  # correlated values only: one ``in`` each, as below the threshold
        auto, at = _keys_automaton(shared)
        by_key: list[list[int]] = [[] for _ in shared]
        extra: list[int] = []
        for i, n in enumerate(self.needles):
            if n.role == "correlated":
                extra.append(i)
            else:
                by_key[at[n.key]].append(i)
        return auto, by_key, tuple(extra), 0, 0

    def search(self, text: str, *, decode: bool = True) -> list[Hit]:
        """Every needle hit in ``text``, in any view, with spans of ``text``.

        The views: the normalised text (case, width, accents, invisibles, homoglyphs), its numbers and
        dates written canonically, its identifiers split into words, and, with ``decode``, every view
        of the canonical view pipeline (:func:`~windtunnel.leakage.views.canonical_views`), each
        normalised the same way. A hit of a later view that an earlier hit of the same needle covers
        is left out, so each place is reported once, in the least transformed view that shows it.
        """
        if not decode and text.isascii() and not (self.any_canon and has_digit(text)):
            hits = self._search_ascii(text)
            if has_humps(text):
                hits.extend(self._search_identifiers(Mapped(text), "identifier", hits))
            if self.ocr:
                hits.extend(self._search_ocr(Mapped(text), hits))
            return hits
        base = Mapped(text)
        hits = self._search_views(text, base, "full")
        if self.any_canon and has_digit(text):
            hits.extend(self._search_canonical(base, hits))
        if decode:
            for name, view in canonical_views(base):
                hits.extend(self._search_decoded(view, name, hits))
        if has_humps(text):
            hits.extend(self._search_identifiers(base, "identifier", hits))
        if self.ocr:
            hits.extend(self._search_ocr(base, hits))
        return hits

    # -- internals

    def _search_ocr(self, base: Mapped, prior: list[Hit]) -> list[Hit]:
        """Hits of a word as OCR misreads it (``Hiqh``, ``Bi11ing``): a whole token that folds onto the
        needle through the look-alikes of :mod:`~windtunnel.leakage.ocr` but is not the needle, in the
        full view, named ``ocr``; each carries the needle's derived twin, so the decision weighs it as
        any derived spelling. Only the twins the gate names there are searched (one automaton pass)."""
        fv = full_view(base)
        text = fv.text
        twins = self.ocr_gate.twins_in(text) if self.ocr else []
        if not twins:
            return []
        covered = _Cover(prior)
        out: list[Hit] = []
        for i in twins:
            n = self.ocr[i][0]
            for a, b in n.find(text):
                span = fv.span(a, b)
                if not covered(span, n):
                    out.append(Hit(n, span, "ocr", _whole(text, a, b), text, (a, b)))
        return out

    def _search_views(self, original: str, m: Mapped, label: str) -> list[Hit]:
        """Hits in the full view of ``m`` (spans of ``original``), each named by the least transformed
        view that shows it (``label`` for a decoded or identifier view)."""
        fv = full_view(m)
        out: list[Hit] = []
        for n in self.candidates(fv.text):
            for a, b in n.find(fv.text):
                span = fv.span(a, b)
                view = label if label != "full" else _first_view(original, n, span)
                out.append(Hit(n, span, view, _whole(fv.text, a, b), fv.text, (a, b)))
        return out

    def _search_ascii(self, text: str) -> list[Hit]:
        """:meth:`_search_views` of an ASCII string's full view, which is ``text.lower()`` with the
        same offsets: no offset map to build or read (the common hit of a scan)."""
        low = text.lower()
        out: list[Hit] = []
        for n in self.candidates(low):
            for a, b in n.find(low):
                span = (a, b)
                out.append(Hit(n, span, _first_view(text, n, span), _whole(low, a, b), low, span))
        return out

    def _search_identifiers(self, m: Mapped, name: str, prior: list[Hit]) -> list[Hit]:
        """Hits that only the identifier split shows (``priorityHigh``)."""
        if not self.candidates(full_view(m).text):
            return []  # no needle's word in the text at all: splitting cannot add one
        view = identifier_view(m)
        if view is None:
            return []
        covered = _Cover(prior)
        original = m.text if name == "identifier" else None  # the searched string itself, not a decoded view
        blanks = glued_blanks(m.text) if original is None else frozenset()
        return [
            h._replace(glued=True) if _glued_hit(h, original, blanks, len(view.text)) else h
            for h in self._search_views(view.text, view, name)
            if not covered(h.span, h.needle) and not _code_number(h)
        ]

    def _search_canonical(self, base: Mapped, prior: list[Hit]) -> list[Hit]:
        """Hits of numeric and date needles in the canonical view (numbers without separators, dates in
        ISO form) that no earlier hit of the same needle covers."""
        cv = canonical_view(full_view(base))
        covered = _Cover(prior)
        out: list[Hit] = []
        for n in self.needles:
            if not n.canon:
                continue
            for a, b in find_all(n.canon, cv.text):
                span = cv.span(a, b)
                if not covered(span, n):
                    out.append(Hit(n, span, "canonical", _whole(cv.text, a, b), cv.text, (a, b)))
        return out

    def _search_decoded(self, view: Mapped, name: str, prior: list[Hit]) -> list[Hit]:
        """Hits in one decoded view (its identifiers and canonical numbers too) that no earlier hit of the
        same needle covers, each named by the view."""
        covered = _Cover(prior)
        out = [h for h in self._search_views(view.text, view, name) if not covered(h.span, h.needle)]
        if has_humps(view.text):
            out.extend(h._replace(view=name) for h in self._search_identifiers(view, name, prior + out))
        if self.ocr:
            out.extend(
                Hit(h.needle, h.span, name + "+ocr", h.whole, h.view_text, h.view_span)
                for h in self._search_ocr(view, prior + out)
            )
        if self.any_canon and has_digit(view.text):
            for hit in self._search_canonical(view, prior + out):
                out.append(Hit(hit.needle, hit.span, name + "+canonical", hit.whole, hit.view_text, hit.view_span))
        return out


def _code_number(hit: Hit) -> bool:
    """``hit`` is a needle without a letter that the identifier view split off a code's capitals
    (``20`` of ``MSE20``): the code's serial, not a number of its own (a number standing apart in the
    original is a whole token of the full view, which covers it)."""
    if any(ch.isalpha() for ch in hit.needle.key):
        return False
    text, (a, b) = hit.view_text, hit.view_span
    return (a >= 2 and text[a - 1] == " " and text[a - 2].isalpha()) or (
        b + 1 < len(text) and text[b] == " " and text[b + 1].isalpha()
    )


def _glued_hit(hit: Hit, original: str | None, blanks: frozenset[int], size: int) -> bool:
    """``hit``, found by the identifier split only, stands beside a digit it was glued to (``MSE`` of ``MSE20``,
    ``XL`` of ``63XL``): no underscore, hump or blank parts them in the string. Read in ``original`` (the searched
    string itself) when given; in a decoded view, the blank beside it in the split view must be one the split of a
    code's capitals from its digits wrote (``blanks``, :func:`~.views.tokens.glued_blanks`; ``size``: the split
    view's length, the hit's view being aligned with it), not one the decoded text holds (``priorityHigh%202``
    reads ``priorityHigh 2``: ``High`` is the hump's word, a number after it)."""
    if original is not None:
        a, b = hit.span
        return (a > 0 and original[a - 1].isdigit()) or (b < len(original) and original[b].isdigit())
    text, (a, b) = hit.view_text, hit.view_span
    if len(text) == size:
        return (a - 1) in blanks or b in blanks
    return (a >= 2 and text[a - 1] == " " and text[a - 2].isdigit()) or (
        b + 1 < len(text) and text[b] == " " and text[b + 1].isdigit()
    )


_Keyed = tuple[ahocorasick.Automaton, list[list[int]], tuple[int, ...], int, int]
"""A needle set's key search: the shared automaton (each key to its place), the needles' indices by place,
the indices of the needles whose keys are looked for by ``in`` (correlated values), and for a set made by
:meth:`NeedleSet.with_correlated` (whose indices by place are its shared set's) its answers' count and how
many values it added: an index at or past the first is moved past the second."""


@lru_cache(maxsize=256)
def _keys_automaton(keys: tuple[str, ...]) -> tuple[ahocorasick.Automaton, dict[str, int]]:
    """An automaton of ``keys`` (each to its place in ``keys``) and each key's place (cached: shared by every
    needle set whose answers and labels have these keys)."""
    auto = ahocorasick.Automaton()
    at: dict[str, int] = {}
    for i, key in enumerate(keys):
        auto.add_word(key, i)
        at[key] = i
    auto.make_automaton()
    return auto, at


class _Cover:
    """Whether an earlier hit of the same needle covers a span: per needle, the earlier spans sorted by
    start with the running maximum of their ends, so each question is a bisection (a string with many
    hits stays near-linear)."""

    def __init__(self, prior: list[Hit]) -> None:
        """Index the earlier hits by needle: starts sorted, with the running maximum of their ends.

        With the running maximum, whether some earlier span of a needle covers ``(a, b)`` is one bisection on
        the starts: the spans starting at or before ``a`` cover it exactly when their largest end reaches ``b``.
        Needles are keyed by identity, as the hits of one search share their needle objects.
        """
        by: dict[int, list[tuple[int, int]]] = {}
        for h in prior:
            by.setdefault(id(h.needle), []).append(h.span)
        self._index: dict[int, tuple[list[int], list[int]]] = {}
        for key, spans in by.items():
            spans.sort()
            starts = [a for a, _b in spans]
            reach: list[int] = []
            best = -1
            for _a, b in spans:
                best = max(best, b)
                reach.append(best)
            self._index[key] = (starts, reach)

    def __call__(self, span: tuple[int, int], needle: Needle) -> bool:
        """Whether an earlier hit of ``needle`` starts at or before ``span`` and reaches its end."""
        got = self._index.get(id(needle))
        if got is None:
            return False
        starts, reach = got
        i = bisect_right(starts, span[0])
        return i > 0 and reach[i - 1] >= span[1]


def _whole(text: str, a: int, b: int) -> bool:
    """The match ``text[a:b]`` is every word of ``text``: no word before or after it."""
    return WORD_CHAR_RE.search(text, 0, a) is None and WORD_CHAR_RE.search(text, b) is None


def whole_in(text: str, a: int, b: int) -> bool:
    """Whether the match ``text[a:b]`` covers every word of ``text`` (it is the whole value)."""
    return _whole(text, a, b)


@lru_cache(maxsize=16384)
def _raw_norm(text: str) -> str:
    """A needle's ``raw`` form (blanks collapsed, case kept), cached: asked for every hit that is named."""
    return normalize_needle(text, "raw")


def _first_view(original: str, needle: Needle, span: tuple[int, int]) -> str:
    """The least-transformed named view in which ``needle`` is seen at ``span``.

    Only a window around ``span`` is looked at, wide enough for any match that overlaps it (so a long
    string with many hits costs time in proportion to its hits, not to their product with its length).
    """
    # ASCII text holding the needle as written at the span is seen raw (else raw is looked for below).
    if original[span[0] : span[1]] == _raw_norm(needle.text) and original.isascii() and needle.text.isascii():
        return "raw"
    margin = (span[1] - span[0]) + len(needle.text) + 64
    lo = max(0, span[0] - margin)
    hi = min(len(original), span[1] + margin)
    base = Mapped(original[lo:hi])
    for name in VIEW_ORDER:
        view = named_view(base, name)
        for va, vb in find_all(normalize_needle(needle.text, name), view.text):
            a, b = view.span(va, vb)
            if a + lo < span[1] and span[0] < b + lo:
                return name
        if original.isascii() and needle.text.isascii() and name == "casefold":
            break
    return "confusable"
