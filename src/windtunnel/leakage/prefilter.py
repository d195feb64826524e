"""A sound, cheap pre-check: can this projection contain any finding at all, and can decoding add one?

The projection is serialised once by orjson (C speed) to ASCII bytes and the checks below run on those
bytes with C-level operations (``in``, ``find``, ``translate``, a few regexes). They may answer "maybe"
too often, never "no" wrongly. Every finding of the full scan needs some answer (or correlated value)
to match in some view of some string or key, or an upstream-named key. For an ASCII serialisation:

* the plain views reduce to the lowercased text. A multi-word answer must appear as its words in
  order, separated only by non-alphanumeric characters or JSON escapes (a superset of every phrase
  match, of a key split at its camel case, ``amberFalcon``, and of ``Amber_falcon``);
* numbers and dates are also tried without thousands separators, on their canonical tokens;
* HTML entities and percent-encoding are decoded over the whole text and checked the same way,
  base64 inside the decoded text included (the scan decodes base64 inside those views);
* upstream-named keys are looked for after the literal that precedes every key (``{``, ``,``, and
  the backslash of JSON held in a string), in one pass led by the quote that opens a key; without a
  backslash, on the text lowercased with ``{`` read as ``,`` (one ``translate``), led by ``,"``;
* base64: a decoded blob can only add a match if it holds a whole word of some answer (a word never
  straddles a blob, whose neighbours are not word characters). Decoding ``b`` bytes gives at most
  ``4/3 · b`` ASCII letters in the most forgiving view (``ⅷ`` is 3 bytes and folds to ``viii``; this
  is the maximum over all of Unicode, checked by a test), so a blob shorter than the shortest answer
  word cannot hold one and is not decoded. Candidate runs are found by one regex on a
  ``bytes.translate``-d copy; in serialised JSON without '/' that regex also passes over the runs
  that cannot decode (a length 1 past a multiple of 4; unpadded base64url is 2 or 3 past) and
  those that end a key, so a
  capitalised word or a date costs no Python step. Decoded text is folded the way the scanner folds
  it before the check, and base64 inside it is decoded once more (the scan decodes two levels);
* anything else (non-ASCII text, which may hide homoglyphs or invisibles, and literal backslashes)
  goes to the full scan. Numeric and date answers always get the decoded views when any blob decodes.

Items that pass the pre-check as "no" have no findings, so the result is identical to the full scan.
For the others the check returns a :class:`Plan`: which base64 runs are "hot", whether entity or
percent decoding can add a hit, which keys may be upstream-named. The walk checks each string and
container against it (a container's serialisation is a slice of the item's, so the runs, escapes and
keys it can hold are among those), and searches a string's decoded views only when it holds one of
them. ``tests/leakage/test_leak_shortcuts.py`` (generated items), ``test_leak_prefilter.py`` (corner
cases) and the planted-answer property test assert identical audits with and without it.
"""

from __future__ import annotations

import html
import re
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any, AnyStr, NamedTuple

import ahocorasick
import orjson

from windtunnel.leakage.needles import Needle, NeedleSet
from windtunnel.leakage.ocr import OcrGate, fold_bytes
from windtunnel.leakage.text import WORD_RE, Mapped, full_text
from windtunnel.leakage.views import apply, canonical_views
from windtunnel.leakage.views.anchors import FINDERS, absent, occurs, sided_absent
from windtunnel.leakage.views.binary import b64_candidates as _b64_candidates
from windtunnel.leakage.views.binary import b64_text as _b64_text
from windtunnel.leakage.views.binary import base32_runs, decodable_length, hex_runs
from windtunnel.leakage.views.escapes import escapes
from windtunnel.leakage.views.layout import WORD_ROW_MARK_RE
from windtunnel.leakage.views.letters import may_spell, spelled_may_add
from windtunnel.leakage.views.literals import MARK_RE as LITERALS_MARK_RE
from windtunnel.leakage.views.references import may_define
from windtunnel.leakage.views.registry import DECODERS, Decoder, generation
from windtunnel.leakage.views.spoken import HOMOPHONE_MARK_RE, LETTER_NAMES, SPELLED_MARK_RE

# An upstream-named key (see formats.is_upstream_name): its first word starts with one of these, or
# one of its words is "confidence". Leading non-alphanumerics are skipped by the key splitter.
_UPSTREAM_PREFIXES: tuple[bytes, ...] = (
    b"ai",
    b"ml",
    b"llm",
    b"gpt",
    b"guess",
    b"triage",
    b"pred",
    b"suggest",
    b"auto",
    b"classif",
    b"infer",
)
_UPSTREAM_KEY_RE = re.compile(
    rb'"[^a-z0-9"]*(?:' + b"|".join(_UPSTREAM_PREFIXES) + rb')[^"]*":|"[^"]*confidence[^"]*":'
)
"""A serialised key (lowercased) that may be upstream-named: its first word starts with a prefix,
or one of its words is "confidence" (see :func:`_key_matches`, which finds its matches at keys)."""
_UPSTREAM_KEY_RES = tuple(
    (lead, re.compile(re.escape(lead) + rb'"[^a-z0-9"]*(?:' + b"|".join(_UPSTREAM_PREFIXES) + rb')[^"]*":'))
    for lead in (b",", b"{", b"\\")
)
_CONFIDENCE_KEY_RE = re.compile(rb'"[^"]*confidence[^"]*":')
# Where an upstream-named key can start: orjson writes a key right after '{' or ',', and a key of
# JSON held in a string after its escaping backslash; then the key pattern's start. Each regex starts
# with a two-character literal, which the engine finds fast: together a necessary condition for a
# match of ``_UPSTREAM_KEY_RE`` at a key (the third only runs when the text holds a backslash).
_UPSTREAM_AFTER = rb'"[^a-z0-9"]*(?:a(?:i|uto)|ml|llm|g(?:pt|uess)|triage|pred|suggest|classif|infer)'
_UPSTREAM_START_RES = tuple(re.compile(re.escape(c) + _UPSTREAM_AFTER) for c in (b",", b"{", b"\\"))
# The three in one pass, with the "confidence" of a key: led by the quote literal, each quote is
# checked for a ',', '{' or backslash before it. A key's text lies between such a quote and the
# next one (a quote inside a key is escaped, so its backslash leads the next segment).
_UPSTREAM_START_RE = re.compile(rb'"(?<=[,{\\]")(?:' + _UPSTREAM_AFTER[1:] + rb'|[^"]*confidence)')
_ASCII_WORD_RE = re.compile(r"[A-Za-z0-9_]+")
# Without a backslash in the text the only leads of a key are '{' and ','. Lowercasing by a table that
# also writes '{' as ',' gives text in which the answer words are found as in ``lower()`` (they hold
# neither) and the gate is one regex led by the two-byte literal ',"', tried at far fewer places than
# one led by the quote (a third of the quotes of a ticket; ``test_the_key_start_gate_equals_the_quote_led_one``).
_LOWER_KEYS = bytes(b + 32 if 0x41 <= b <= 0x5A else (0x2C if b == 0x7B else b) for b in range(256))
_KEY_START_RE = re.compile(rb',"(?:' + _UPSTREAM_AFTER[1:] + rb'|[^"]*confidence)')
_ISO_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SEPARATOR_RE = re.compile(rb"(?<=\d)[, ](?=\d{3})")
# What may stand between two words of a phrase in the serialised text: non-alphanumerics and escapes.
_GAP_RE = re.compile(rb"(?:[^a-z0-9\\]|\\u[0-9a-f]{4}|\\.)*")
_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-"
# A JSON escape (``\n``, ``\u0009``) stands for one character that is not base64: blank it first.
_ESCAPE_RE = re.compile(rb"\\(?:u[0-9a-fA-F]{4}|.)")
# base64 characters → 'a' (lowercase letters) or 'B' (the others), everything else → ' '.
_CLASSES = bytes((0x61 if 0x61 <= b <= 0x7A else 0x42) if b in _B64_ALPHABET else 0x20 for b in range(256))


class _Probe(NamedTuple):
    """What the pre-check looks for, derived once per needle set (a tuple: one is built for every
    distinct answer, on its first sighting)."""

    sets: tuple[tuple[tuple[bytes, ...], bool], ...]
    """Per answer / correlated value (and canonical form): its words, and whether they must be adjacent."""
    label_sets: tuple[tuple[bytes, ...], ...]
    """Words of the other labels: they matter only inside upstream fields."""
    any_canon: bool
    min_blob: int
    """Shortest base64 run that can decode to a whole word of some needle."""
    words: tuple[tuple[bytes, ...], ...] = ()
    """The words of ``sets`` (what decoded text is checked for outside upstream fields)."""
    words_upstream: tuple[tuple[bytes, ...], ...] = ()
    """``words`` and ``label_sets`` (when a key may be upstream-named)."""
    text_sets: tuple[tuple[tuple[str, ...], bool], ...] = ()
    """``sets`` as ``str``: a small serialisation is checked as text (``in`` on a short ``bytes``
    costs ~0.25 µs, on a ``str`` ~0.05)."""
    ascii_sets: tuple[tuple[tuple[bytes, ...], bool], ...] = ()
    """``sets`` whose words are all ASCII: the only ones an ASCII text can show in its plain views
    (case, accents, invisibles and confusables fold an ASCII text to ASCII), so an ASCII serialisation
    is checked against these (a label set's lexicon brings words in kana, hangul, Cyrillic …)."""
    ascii_text_sets: tuple[tuple[tuple[str, ...], bool], ...] = ()
    """``text_sets`` whose words are all ASCII (see ``ascii_sets``)."""
    word_index: _WordIndex | None = None
    """With more than :data:`_MANY_WORDS` distinct words (a label set's lexicon): all of them, found in a
    text by one automaton pass (:func:`_present`) instead of a search per word."""


class _WordIndex(NamedTuple):
    """The words of a large probe, found in a text by one pass (built once per needle set)."""

    auto: ahocorasick.Automaton | None
    """Over the text with its OCR look-alikes folded (:func:`~windtunnel.leakage.ocr.fold_bytes`): the
    words of three characters or more, the ASCII ones' rotations (``_spoken_may_add``) and the
    spellings of the OCR twins (:class:`~windtunnel.leakage.ocr.OcrGate`), each key a candidate place
    confirmed on the text itself (value: its length, and ``(kind, what)`` per key folded to it)."""
    short: tuple[bytes, ...]
    """The other words, found by ``find``: words shorter than three characters (frequent in text, so
    found early, where each of their many matches would cost the automaton's iteration a Python step)
    and the words only correlated values hold (they vary by item; the automaton is shared)."""
    singles: frozenset[bytes]
    """The words of the one-word needles of ``ascii_sets`` that need no adjacency (most of a lexicon)."""
    multi: tuple[tuple[tuple[bytes, ...], bool], ...]
    """The other needles of ``ascii_sets``."""
    ocr: OcrGate | None = None
    """The needle set's OCR gate, whose spellings the automaton holds (``None``: no twin)."""
    live_singles: dict[bytes, tuple[str, ...]] | None = None
    """For :func:`_live`: the one-word sets of ``ascii_sets`` that need no adjacency, by their word (as
    their text set); ``None`` when :func:`_live` cannot narrow (see there)."""
    live_multi: tuple[tuple[tuple[bytes, ...], tuple[str, ...], bool], ...] = ()
    """For :func:`_live`: the other sets of ``ascii_sets``, with their text words and adjacency."""
    rotations: tuple[bytes, ...] = ()
    """The rotations of the ASCII words of ``short`` of three characters or more (found by ``find``)."""
    indexed: frozenset[bytes] = frozenset()
    """The words :attr:`auto` holds (those of three characters or more of the answers and labels)."""


_PLAIN_TOKEN = re.compile(r"[a-z0-9.]+\Z")
"""A needle token whose characters JSON writes as themselves and a ``{`` never stands for: where a
string or key of the projection holds it, the serialisation holds it too."""
_MANY_WORDS = 16
"""Above this many distinct needle words (with the other labels), the pre-check finds them by one
automaton pass (~6 ns a byte) rather than one search each (~0.5 ns a byte, each)."""
_WORD, _ROTATION, _MISREAD = 0, 1, 2
"""What a key of :attr:`_WordIndex.auto` stands for."""


def _word_index(
    runs: Sequence[_Run], every: frozenset[bytes], needles: NeedleSet, shared: _WordIndex | None
) -> _WordIndex:
    """The :class:`_WordIndex` of the probe's runs: ``every`` their words (the needle sets' words and the
    other labels'), the words of the answers and labels (``own``) and the OCR twins' spellings. The
    automaton holds the words of three characters or more of ``own`` and is shared by every needle set
    with the same (:func:`_shared_automaton`: a dataset with a label set and a correlated value per item
    builds it once per label, not per item); the other words, and their rotations, are found by ``find``.
    ``shared``: the index of the same runs without the correlated values' (which add no word to ``own``),
    extended by their words instead of made again."""
    ocr = needles.ocr_gate if needles.ocr else None
    plain = not needles.any_canon and all(r.plain for r in runs)
    if shared is not None:
        indexed: frozenset[bytes] = shared.indexed
        auto = shared.auto
        # the shared runs' words are indexed or loose already: what is left is the values' new words
        new = every.difference(shared.short, indexed)
        loose = tuple(sorted((*shared.short, *new))) if new else shared.short
        added = {w.translate(_ROT_BYTES) for w in new if w.isascii() and len(w) >= 3}
        rotations = tuple(sorted(added.union(shared.rotations))) if added else shared.rotations
    else:
        indexed = frozenset(w for r in runs for w in r.own if len(w) >= 3)
        auto = _shared_automaton(indexed, ocr)
        loose = tuple(sorted(every - indexed))
        rotations = tuple(sorted({w.translate(_ROT_BYTES) for w in loose if w.isascii() and len(w) >= 3}))
    live_singles: dict[bytes, tuple[str, ...]] | None = None
    if plain:
        live_singles = {}
        for r in runs:
            live_singles.update(r.live_singles)
    return _WordIndex(
        auto,
        loose,
        frozenset().union(*(r.singles for r in runs)),
        _chained(runs, "multi"),
        ocr,
        live_singles,
        _chained(runs, "live_multi"),
        rotations,
        indexed,
    )


@lru_cache(maxsize=256)
def _shared_automaton(words: frozenset[bytes], ocr: OcrGate | None) -> ahocorasick.Automaton | None:
    """The automaton of :attr:`_WordIndex.auto` for these words and this OCR gate (cached: ~200 KB for
    a lexicon label set, made once per label set however many correlated values ride along)."""
    keys: dict[str, tuple[int, list[tuple[int, Any]]]] = {}

    def add(key: str, kind: int, what: Any) -> None:
        keys.setdefault(key, (len(key), []))[1].append((kind, what))

    for w in sorted(words):
        add(fold_bytes(w).decode("latin-1"), _WORD, w)  # bytes as latin-1: one character per byte
    for r in sorted({w.translate(_ROT_BYTES) for w in words if w.isascii()}):
        add(fold_bytes(r).decode("latin-1"), _ROTATION, r)
    for spelling, twin in ocr.keys() if ocr is not None else ():
        add(spelling, _MISREAD, twin)
    if not keys:
        return None
    auto = ahocorasick.Automaton()
    for k, v in sorted(keys.items()):
        auto.add_word(k, v)
    auto.make_automaton()
    return auto


class _Present(NamedTuple):
    """What one pass of a :class:`_WordIndex` found in a text."""

    words: set[bytes]
    """The words that occur in it (as ``text.find(w) >= 0`` would say of each)."""
    rotated: bool
    """Some rotation of an ASCII word of three characters or more occurs in it."""
    misread: bool = False
    """It may hold a word as OCR misreads it (:meth:`~windtunnel.leakage.ocr.OcrGate.misread_in`)."""


def _present(index: _WordIndex, low: bytes) -> _Present:
    """The words of ``index`` that occur in ``low``, whether a rotation of one does, and whether a
    misreading may: one pass over the folded text, each place confirmed on ``low``."""
    found = {w for w in index.short if low.find(w) >= 0}
    rotated = any(low.find(r) >= 0 for r in index.rotations)
    misread = False
    if index.auto is not None:
        for end, (length, kinds) in index.auto.iter(fold_bytes(low).decode("latin-1")):
            start = end - length + 1
            for kind, what in kinds:
                if kind == _WORD:
                    if low.startswith(what, start):
                        found.add(what)
                elif kind == _ROTATION:
                    rotated = rotated or low.startswith(what, start)
                elif not misread and index.ocr is not None:
                    misread = index.ocr.misread_at(low, start, what)
    if index.ocr is not None and not misread:
        misread = index.ocr.searched_misread(low)
    return _Present(found, rotated, misread)


def probe(needles: NeedleSet) -> _Probe:
    """The pre-check's view of ``needles`` (cached on the needle set)."""
    cached: _Probe | None = needles.__dict__.get("_probe")
    if cached is None:
        cached = needles.__dict__["_probe"] = _make_probe(needles)
    return cached


def token_sets(needles: NeedleSet) -> list[list[str]]:
    """Per answer or correlated value, the words that all occur wherever it can match (cached).

    The walk tests an object's joined keys against these in-line (every word of one needle must be in
    them) before scanning any key, which is the check :func:`keys_may_hit` makes.
    """
    return _word_lists(needles, ascii_only=False)


def ascii_token_sets(needles: NeedleSet) -> list[list[str]]:
    """:func:`token_sets` whose words are all ASCII: the only ones an ASCII string can hold in its
    plain views (cached)."""
    return _word_lists(needles, ascii_only=True)


def _word_lists(needles: NeedleSet, *, ascii_only: bool) -> list[list[str]]:
    """The lists behind :func:`token_sets` (``ascii_only``: :func:`ascii_token_sets`), cached on the set: a
    composed set's runs hand over the lists they made once; otherwise the probe's text sets are copied."""
    attr = "_ascii_token_sets" if ascii_only else "_token_sets"
    cached: list[list[str]] | None = needles.__dict__.get(attr)
    if cached is None:
        p = probe(needles)  # first: building the probe may record the runs
        runs: Sequence[_Run] | None = needles.__dict__.get("_runs")  # the same lists, made once per run
        sets = p.ascii_text_sets if ascii_only else p.text_sets
        if runs is not None:
            cached = list(chain.from_iterable(r.ascii_token_lists if ascii_only else r.token_lists for r in runs))
            if len(cached) != len(sets):  # the probe dropped repeated sets (:func:`_unique`): so are these
                cached = [list(words) for words, _adj in sets]
        else:
            cached = [list(words) for words, _adj in sets]
        needles.__dict__[attr] = cached
    return cached


_MIN_BLOB_CAP = 32
"""The longest minimum base64 run length the pre-check's regexes are built for."""


def _make_probe(needles: NeedleSet) -> _Probe:
    """The :class:`_Probe` of a needle set (made once per distinct answer: on a dataset of distinct
    answers this runs for every item of a first pass, so it builds each tuple once, by ``map``)."""
    if len(needles.needles) == 1 or _one_word_set(needles.needles):
        alone = _lone_probe(needles.needles[0])
        if alone is not None:
            return alone
    return _probe_of(needles)


def _one_word_set(needles: Sequence[Needle]) -> bool:
    """Whether every needle is a plain answer or value (no label, canonical form or cut) with the same words:
    an answer and its identifier spellings (``Inlet yonder``, ``Inlet-yonder``), the commonest set of two.
    Their probe is the first needle's alone (the general path makes one word set of them, :func:`_unique`)."""
    words = None
    for n in needles:
        if n.role == "label" or n.canon or n.norm.endswith("..."):
            return False
        toks = _norm_words.__wrapped__(n.norm)[1]
        if words is None:
            words = toks
        elif toks != words:
            return False
    return True


class _Run(NamedTuple):
    """What the probe draws from a run of consecutive needles (:func:`_run`), before the runs are joined:
    a set built whole is one run; a set made by :meth:`~windtunnel.leakage.needles.NeedleSet.with_correlated`
    is its shared set's answers, its own values and its shared set's other needles, the shared runs kept."""

    sets: tuple[tuple[tuple[bytes, ...], bool], ...]
    text_sets: tuple[tuple[tuple[str, ...], bool], ...]
    labels: tuple[tuple[bytes, ...], ...]
    own: frozenset[bytes]
    """The words of answers and labels (not of correlated values)."""
    shortest: int
    words_of: tuple[tuple[bytes, ...], ...]
    every: frozenset[bytes]
    ascii_sets: tuple[tuple[tuple[bytes, ...], bool], ...]
    ascii_text_sets: tuple[tuple[tuple[str, ...], bool], ...]
    singles: frozenset[bytes]
    """The words of the one-word sets of ``ascii_sets`` that need no adjacency (:attr:`_WordIndex.singles`)."""
    multi: tuple[tuple[tuple[bytes, ...], bool], ...]
    plain: bool
    """Every word of ``ascii_text_sets`` is a :data:`_PLAIN_TOKEN` (see :attr:`_WordIndex.live_singles`)."""
    live_singles: dict[bytes, tuple[str, ...]]
    live_multi: tuple[tuple[tuple[bytes, ...], tuple[str, ...], bool], ...]
    token_lists: tuple[list[str], ...]
    """The words of ``text_sets`` as lists (:func:`token_sets`), each made once per run."""
    ascii_token_lists: tuple[list[str], ...]
    """The same of ``ascii_text_sets`` (:func:`ascii_token_sets`)."""


def _chained(runs: Sequence[_Run], field: str) -> tuple[Any, ...]:
    """One field of the runs (a tuple each) joined in order: the run's own tuple when there is one run."""
    if len(runs) == 1:
        return getattr(runs[0], field)
    return tuple(chain.from_iterable(getattr(r, field) for r in runs))


def _probe_of(needles: NeedleSet) -> _Probe:
    """:func:`_make_probe` for any needle set (the general path); a set made by
    :meth:`~windtunnel.leakage.needles.NeedleSet.with_correlated` is composed from its shared set's runs
    (:func:`_composed_probe`)."""
    base = needles.base
    if base is not None:
        composed = _composed_probe(needles, base)
        if composed is not None:
            return composed
    # A large needle set (a label set's lexicon) shares its needles with the other sets of its label
    # set: their words come from a memo; a small one's are worked out (a memo would add a miss each).
    run = _run(needles.needles, [], len(needles.needles) > _MANY_WORDS)
    return _joined((run,), needles)


def _run(needles: Sequence[Needle], cuts: list[tuple[str, ...]], many: bool) -> _Run:
    """The probe's loop over ``needles`` (``cuts``: the cut labels met before them, extended).

    Each answer or correlated value becomes a word set, marked adjacent when its words must stand in order
    (a plain multi-word answer; not a canonical form, a cut label or a word starting with ``_``, which the
    gap could swallow). A canonical number or date adds a second set of its canonical tokens (a date keeps
    only its year, written in every form). A label cut with an ellipsis keeps the ``...`` as a word, and is
    skipped when a shorter cut of the same label is already in ``cuts`` (that one is a necessary condition).
    Labels go to ``labels`` only, and ``own`` gathers the words of everything but correlated values. With
    ``many`` the words come from the memo of :func:`_norm_words` (a lexicon shares them across sets).
    """
    sets: list[tuple[tuple[bytes, ...], bool]] = []
    text_sets: list[tuple[tuple[str, ...], bool]] = []
    labels: list[tuple[bytes, ...]] = []
    own: set[bytes] = set()  # the words of answers and labels (not of correlated values)
    shortest = 1 << 30
    norm_words = _norm_words if many else _norm_words.__wrapped__
    for n in needles:
        words, toks, short = norm_words(n.norm)
        cut = n.norm.endswith("...") and n.role != "label"
        if cut:  # a label cut with an ellipsis (truncation.py) matches only where its ellipsis is
            if any(_prefix_of(c[:-1], words) for c in cuts):
                continue  # a shorter cut of the same label is a necessary condition of this one
            words = (*words, "...")
            cuts.append(words)
            toks = (*toks, b"...")
            short = min(short, 3)
        if n.role == "label":
            labels.append(toks)
        else:
            # Adjacency only for plain multi-word answers; a leading '_' could be eaten by the gap.
            adjacent = len(toks) > 1 and not n.canon and not cut and not any(t.startswith(b"_") for t in toks[1:])
            sets.append((toks, adjacent))
            text_sets.append((words, adjacent))
            if n.canon:
                # Every written form of a date holds its year; month and day may be words or unpadded.
                canon = (n.canon[:4],) if _ISO_DATE_RE.match(n.canon) else tuple(WORD_RE.findall(n.canon))
                sets.append((tuple(map(str.encode, canon)), False))
                text_sets.append((canon, False))
                if n.role != "correlated":
                    own.update(map(str.encode, canon))
        if n.role != "correlated":
            own.update(toks)
        if short < shortest:
            shortest = short
    words_of = tuple(toks for toks, _adj in sets)
    ascii_sets = tuple(s for s in sets if all(t.isascii() for t in s[0]))
    ascii_text_sets = tuple(s for s in text_sets if all(t.isascii() for t in s[0]))
    live_singles: dict[bytes, tuple[str, ...]] = {}
    live_multi: list[tuple[tuple[bytes, ...], tuple[str, ...], bool]] = []
    for (toks, adjacent), (text, _adj) in zip(ascii_sets, ascii_text_sets, strict=True):
        if len(toks) == 1 and not adjacent:
            live_singles[toks[0]] = text
        else:
            live_multi.append((toks, text, adjacent))
    return _Run(
        tuple(sets),
        tuple(text_sets),
        tuple(labels),
        frozenset(own),
        shortest,
        words_of,
        frozenset(t for toks in (*words_of, *labels) for t in toks),
        ascii_sets,
        ascii_text_sets,
        frozenset(live_singles),
        tuple(s for s in ascii_sets if len(s[0]) != 1 or s[1]),
        all(_PLAIN_TOKEN.match(t) for text, _adj in ascii_text_sets for t in text),
        live_singles,
        tuple(live_multi),
        tuple(list(words) for words, _adj in text_sets),
        tuple(list(words) for words, _adj in ascii_text_sets),
    )


def _joined(runs: Sequence[_Run], needles: NeedleSet, shared: _WordIndex | None = None) -> _Probe:
    """The :class:`_Probe` of consecutive runs of ``needles`` (in order); ``shared``: the word index of the
    runs but the one of correlated values (:func:`_composed_probe`), which the new one extends."""
    needles.__dict__["_runs"] = runs  # for :func:`token_sets`
    sets = _unique(_chained(runs, "sets"))
    labels = _unique(_chained(runs, "labels"))
    words_of = _unique(_chained(runs, "words_of"))
    every = runs[0].every if len(runs) == 1 else frozenset().union(*(r.every for r in runs))
    ascii_sets = _unique(_chained(runs, "ascii_sets"))
    ascii_text_sets = _unique(_chained(runs, "ascii_text_sets"))
    # A part of L characters decodes to at most 3L/4 bytes, so to at most L letters.
    # Capped: a smaller minimum only admits more candidate runs (sound), and the run regexes hold one
    # look-behind per character of it (an uncapped minimum built a pattern of a million of them).
    min_blob = max(4, min(min(r.shortest for r in runs), _MIN_BLOB_CAP))
    index: _WordIndex | None = None
    if len(every) > _MANY_WORDS:
        index = _word_index(runs, every, needles, shared)
    return _Probe(
        sets,
        labels,
        needles.any_canon,
        min_blob,
        words_of,
        words_of + labels,
        _unique(_chained(runs, "text_sets")),
        ascii_sets,
        ascii_text_sets,
        index,
    )


def _unique(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """``items`` without repeats, in order: two needles with the same words (an answer and its hyphenated
    alias, ``Inlet yonder`` and ``Inlet-yonder``) are one word set to every check of the probe, each an
    "any set whose words ..." (the same tuple when nothing repeats)."""
    if len(items) < 2:
        return items
    unique = tuple(dict.fromkeys(items))
    return items if len(unique) == len(items) else unique


def _composed_probe(needles: NeedleSet, base: NeedleSet) -> _Probe | None:
    """The probe of ``needles``, ``base`` with correlated values added (``base.head`` answers, the values,
    then ``base``'s other needles): ``base``'s two runs are kept on it (made once per label set and
    answer), only the values' run is made, and the three are joined, the word index extending ``base``'s.
    ``None`` when a value is cut with an ellipsis (a cut's place among the cuts depends on the order:
    the general path makes it)."""
    added = needles.needles[base.head : len(needles.needles) - (len(base.needles) - base.head)]
    if any(n.norm.endswith("...") for n in added):
        return None
    split: tuple[_Run, _Run] | None = base.__dict__.get("_probe_runs")
    if split is None:
        cuts: list[tuple[str, ...]] = []
        many = len(base.needles) > _MANY_WORDS
        split = base.__dict__["_probe_runs"] = (
            _run(base.needles[: base.head], cuts, many),
            _run(base.needles[base.head :], cuts, many),
        )
    head, tail = split
    return _joined((head, _run(added, [], False), tail), needles, probe(base).word_index)


def _lone_probe(n: Needle) -> _Probe | None:
    """:func:`_make_probe` of a needle set holding one answer or correlated value alone (the commonest set:
    an item without a label set), when it is plain (no canonical form, no cut, at most :data:`_MANY_WORDS`
    words): the same probe, without the general loop's lists and sets (~2 µs less on each distinct
    answer's first sighting; ``test_leak_first_pass.py`` checks it against the general path). ``None``:
    not plain, the general path makes it."""
    if n.canon or n.role == "label" or n.norm.endswith("..."):
        return None
    words, toks, short = _norm_words.__wrapped__(n.norm)
    if len(toks) > _MANY_WORDS:
        return None
    adjacent = len(toks) > 1 and not any(t.startswith(b"_") for t in toks[1:])
    sets = ((toks, adjacent),)
    text_sets = ((words, adjacent),)
    words_of = (toks,)
    ascii_words = all(t.isascii() for t in toks)
    return _Probe(
        sets,
        (),
        False,
        max(4, min(short, _MIN_BLOB_CAP)),
        words_of,
        words_of,
        text_sets,
        sets if ascii_words else (),
        text_sets if ascii_words else (),
        None,
    )


@lru_cache(maxsize=16384)
def _norm_words(norm: str) -> tuple[tuple[str, ...], tuple[bytes, ...], int]:
    """A needle's normalised text as the probe reads it: its words (a glyph, with none, is its own word),
    the same as bytes, and the length of its shortest word (1 for a word beyond ASCII). Memoised: a
    label set's hundred needles recur in the probe of every needle set of that label set."""
    # On ASCII text the Unicode word pattern is [A-Za-z0-9_]+ (the same words, found faster).
    words = tuple((_ASCII_WORD_RE if norm.isascii() else WORD_RE).findall(norm))
    if not words:  # a glyph (no letter or digit): it is its own token
        words = (norm,)
    toks = tuple(map(str.encode, words))
    return words, toks, min(len(t) if t.isascii() else 1 for t in toks)


def _prefix_of(shorter: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether the words ``shorter`` begin ``words``, its last word a prefix of theirs (``("hi",)``
    begins ``("hig",)``; ``("not", "s")`` begins ``("not", "sp")``): wherever ``words`` occur, so do they."""
    if not shorter or len(shorter) > len(words):
        return False
    return words[: len(shorter) - 1] == shorter[:-1] and words[len(shorter) - 1].startswith(shorter[-1])


def may_have_findings(projection: Any, needles: NeedleSet) -> bool:
    """``False`` only when the full scan of ``projection`` is certain to find nothing."""
    return plan(projection, needles)[0]


def plan(projection: Any, needles: NeedleSet, decode: bool = True) -> tuple[bool, bool]:
    """``(walk, decode)``: whether the full scan can find anything, and whether decoded views can.

    With ``decode=False`` the decoded views are not searched, so they are not checked either.
    """
    blob = dumps(projection)
    if blob is None:
        return True, decode
    return plan_bytes(blob, needles, decode)


def dumps(value: Any) -> bytes | None:
    """``value`` serialised by orjson, or ``None`` when orjson cannot (non-string keys, huge ints).

    ``None`` means "no proof": the caller walks everything, so a projection orjson cannot write is
    audited in full, never skipped.
    """
    try:
        return orjson.dumps(value)
    except TypeError:
        return None


@dataclass(slots=True)
class Plan:
    """What the pre-check found in a serialised projection: whether to walk it, and what the walk may skip.

    Every field only ever removes work that provably finds nothing: ``walk=False`` ends the audit with
    no findings, and an exact plan lets the walk skip a string that holds none of the ``hot`` runs or
    markers. A plan that is not exact (non-ASCII or escaped content) still gives ``walk``, ``decode`` and
    ``upstream``; inside the walk each string and subtree is then checked on its own.
    """

    walk: bool
    """Whether the full scan can find anything."""
    decode: bool
    """Whether a decoded view (entities, percent-encoding, base64, nested) can add a hit."""
    upstream: bool
    """Whether a key can be upstream-named (``False`` proves none is)."""
    exact: bool = False
    """The fields below are known (an ASCII serialisation without literal backslashes): the walk checks
    strings and subtrees against them; otherwise each is checked on its own (:func:`string_may_hit`)."""
    hot: tuple[str, ...] = ()
    """base64 runs whose decoded text may hold a word of an answer or correlated value (or of a
    label, when an upstream key exists), or that the check cannot rule out: only a string holding one
    of them needs its base64 views."""
    entities: bool = False
    """Decoding HTML entities may add a hit: a string with ``&`` needs its decoded views."""
    percent: bool = False
    """Decoding percent-escapes may add a hit: a string with ``%`` needs its decoded views."""
    upstream_keys: tuple[bytes, ...] = ()
    """The upstream-named keys as they appear, lowercased, in the serialisation (``b'"aicategory":'``)."""
    extra: bool = False
    """A decoder the plan does not model may add a hit: a string holding one of their markers needs
    its decoded views."""
    live: tuple[tuple[tuple[str, ...], bool], ...] | None = None
    """The probe's ASCII text sets whose every word occurs in the serialisation (known when its word
    index found them): a string or key of the projection, or a subtree, holds a word only if the
    whole serialisation does, so their plain checks need only these. ``None``: every set."""
    more: tuple[Decoder, ...] = ()
    """The decoders the plan does not model whose ``blob_marker`` holds (:func:`_unplanned`): with
    ``extra``, a string holding one of their markers needs its decoded views too."""
    pieces: bool = True
    """Whether list items holding pieces of words may spell a needle word across them (``False``: the
    pieces view's sided anchors are absent, :func:`~windtunnel.leakage.views.anchors.sided_absent`, so
    :func:`~windtunnel.leakage.views.letters.pieces_may_cross` would say no)."""

    def string_decode(self, text: str) -> bool:
        """Whether an ASCII string of an exact plan needs its decoded views searched."""
        if not self.decode:
            return False
        if (self.entities and "&" in text) or (self.percent and "%" in text):
            return True
        if self.extra and (_extra_markers_text(text) or any(d.marker(text) for d in self.more)):
            return True
        return bool(self.hot) and any(r in text for r in self.hot)

    def subtree_may_hit(self, value: Any, needles: NeedleSet) -> bool:
        """Whether a container of the projection, outside upstream fields, can hold any finding.

        Its serialisation is a slice of the projection's, so the runs, escapes and keys the item
        check found are all the ones it can hold (the plan must be exact).
        """
        try:
            blob = orjson.dumps(value)
        except TypeError:
            return True
        if not blob.isascii():
            return self._subtree_bytes_may_hit(blob, needles)
        # As text: the same checks (``str.lower`` of ASCII is ``bytes.lower``), each ``in`` ~5x cheaper.
        text = blob.decode()
        low = text.lower()
        if self.upstream:
            ups = self.upstream_keys
            if any(k.decode() in low for k in ups) or ('\\"' in low and any(k in _unquoted(low.encode()) for k in ups)):
                return True
        if self.decode and (
            (self.entities and "&" in text)
            or (self.percent and "%" in text)
            or (bool(self.hot) and any(r in text for r in self.hot))
            or (self.extra and (_extra_markers(blob) or _json_marked(blob, self.more)))
        ):
            return True
        return _plain_hit_text(needles.__dict__.get("_probe") or probe(needles), low, self.live)

    def _subtree_bytes_may_hit(self, blob: bytes, needles: NeedleSet) -> bool:
        """:meth:`subtree_may_hit` of a serialisation that is not ASCII (JSON held in a string, whose
        parsed text may hold any character): the checks on the bytes, as the item's plan made them."""
        low = blob.lower()
        if self.upstream and (
            any(low.find(k) >= 0 for k in self.upstream_keys)
            or (low.find(b'\\"') >= 0 and any(_unquoted(low).find(k) >= 0 for k in self.upstream_keys))
        ):
            return True
        if self.decode and (
            (self.entities and blob.find(b"&") >= 0)
            or (self.percent and blob.find(b"%") >= 0)
            or _holds_run(blob, self.hot)
            or (self.extra and (_extra_markers(blob) or _json_marked(blob, self.more)))
        ):
            return True
        return _plain_hit(probe(needles), low)


def _holds_run(blob: bytes, hot: tuple[str, ...]) -> bool:
    """Whether a serialised subtree holds one of the plan's hot base64 runs (by ``find``: a bytes
    ``in`` costs ~0.2 µs more per test)."""
    return bool(hot) and any(blob.find(r.encode()) >= 0 for r in hot)


_NOTHING = Plan(False, False, False, True)
"""The plan of every projection that cannot hold a finding (shared: plans are not changed)."""
_PLAIN = Plan(True, False, False, True)
"""The plan of a projection with a plain hit and nothing to decode or upstream-named (shared)."""
_NOTHING_NO_PIECES = Plan(False, False, False, True, pieces=False)
""":data:`_NOTHING` where no needle word can cross pieces of list items (shared)."""
_PLAIN_NO_PIECES = Plan(True, False, False, True, pieces=False)
""":data:`_PLAIN` where no needle word can cross pieces of list items (shared)."""


def subtree_may_hit(value: Any, needles: NeedleSet, decode: bool, upstream_possible: bool = True) -> bool:
    """Whether a container inside the projection, outside upstream fields, can hold any finding.

    Scanned on its own, the subtree would give the findings it gives in place (its representation,
    pointer prefix and label-set suppression only rename or remove findings), so the item pre-check
    applies to it unchanged.
    """
    blob = dumps(value)
    return blob is None or plan_blob(blob, needles, decode, upstream_possible).walk


def keys_may_hit(keys: str, needles: NeedleSet) -> bool:
    """Whether any of the object keys joined in ``keys`` can match an answer or correlated value.

    Every word of some needle must occur in the lowercased keys. Numeric and date needles (a canonical
    form) and non-ASCII keys always answer ``True``: their matches need views this check does not model.
    """
    if needles.any_canon or not keys.isascii():
        return True
    low = keys.lower()
    return any(all(t in low for t in toks) for toks in token_sets(needles))


def plan_bytes(blob: bytes, needles: NeedleSet, decode: bool = True) -> tuple[bool, bool]:
    """:func:`plan` on the projection as serialised by ``orjson.dumps``."""
    pl = plan_blob(blob, needles, decode)
    return pl.walk, pl.decode


def plan_blob(blob: bytes, needles: NeedleSet, decode: bool = True, upstream_possible: bool = True) -> Plan:
    """The :class:`Plan` of a serialised projection or subtree.

    ``upstream_possible`` ``False`` says the caller already knows no key is upstream-named (a subtree
    of such a projection), skipping that check.
    """
    # A lone backslash is found by memchr; the pair is a full substring search (~1 µs per 1.3 KB).
    backslash = blob.find(b"\\") >= 0
    if not blob.isascii() or (backslash and blob.find(b"\\\\") >= 0):
        return Plan(True, decode, True)
    pr: _Probe = needles.__dict__.get("_probe") or probe(needles)
    if backslash:
        low = blob.lower()
    else:
        # Lowercased with '{' read as ',' in the same pass: the upstream gate is one regex led by ',"'
        # (and a misread word, all letters and digits, is found in it as in ``lower()``).
        low = blob.translate(_LOWER_KEYS)
    # With a word index one pass finds the needle words, their rotations and the OCR misreadings.
    present = _present(pr.word_index, low) if pr.word_index is not None else None
    if present.misread if present is not None else (needles.ocr and needles.ocr_gate.misread_in(low)):
        return Plan(True, decode, True)  # a word as OCR misreads it (ocr.py): checked string by string
    # Pieces of a word across list items (views/letters.py): their anchors, one pass per word and side.
    pieces = needles.any_canon or not sided_absent("pieces", low, pr.words)
    if backslash:
        gate = upstream_possible and _may_have_upstream_key(blob, low)
    else:
        gate = upstream_possible and _KEY_START_RE.search(low) is not None
    # The keys as written, lowercased ('{' inside a key is itself): the walk looks for them in subtrees.
    ups = _upstream_keys(low if backslash else blob.lower()) if gate else ()
    hot: tuple[str, ...] = ()
    entities = percent = False
    sets = pr.words_upstream if ups else pr.words
    if decode and sets:
        if blob.find(b"&") >= 0:
            entities = _text_may_hit(html.unescape(blob.decode()), sets, pr)
        if blob.find(b"%") >= 0:
            percent = _text_may_hit(urllib.parse.unquote(blob.decode()), sets, pr)
        if backslash or blob.find(b"/") >= 0:
            hot = _hot_runs(_unescaped(blob), pr, sets, json=True)
        else:  # the common case, without the calls around it
            runs = _runs(blob, pr.min_blob, json=True)
            if runs:
                hot = _hot_of(runs, pr, sets)
    # A decoder the plan does not model (quoted-printable, RFC 2047, unfolding, hyphenation, MIME
    # lines, tags inside a word) may add a hit: then a string holding one of their markers is decoded.
    # The registered decoders the plan does not model, asked through their own gate (views/registry.py).
    # The decoders whose anchors (the literals their gates need) are all absent, found in one shared pass
    # (views/anchors.py), are not asked; every other one through its gates, as before.
    skip = absent(low, pr.words_upstream) if decode and pr.word_index is None else frozenset()
    more: tuple[Decoder, ...] = ()
    if decode:
        asked = []
        for d, marker, may_hit in _gates(skip):  # :func:`_may_add` of each, without a call each
            if (marker is None or marker(blob)) and (may_hit is None or may_hit(blob, pr.words_upstream)):
                asked.append(d)
        if asked:
            more = tuple(asked)
    extra = (
        decode
        and (
            _base_markers(blob, low)
            or _spoken_may_add(blob, b"}\\n", pr.words_upstream, low, present, rotations="rot13" not in skip)
            or ("letters" not in skip and spelled_may_add(low, pr.words_upstream, json=True))
            or may_define(blob, json=True)
            or bool(more)
        )
        and _extra_may_hit(_json_text(blob), pr.words_upstream, _only(more))
    )
    if hot or entities or percent or ups or extra:
        live = _live(pr, present) if present is not None else None
        return Plan(
            True,
            bool(hot) or entities or percent or extra,
            bool(ups),
            True,
            hot,
            entities,
            percent,
            ups,
            extra,
            live,
            more if extra else (),
            pieces,
        )
    # Nothing to decode and no upstream key: only a plain hit makes the walk find anything.
    # (Numbers are also looked for with separators removed: a '{' read as ',' between digits can only
    # add a "maybe", never remove a word, which holds no separator.)
    if not _plain_hit(pr, low, present):
        return _NOTHING if pieces else _NOTHING_NO_PIECES
    live = _live(pr, present) if present is not None else None
    if live is None:
        return _PLAIN if pieces else _PLAIN_NO_PIECES
    return Plan(True, False, False, True, live=live, pieces=pieces)


def _live(pr: _Probe, present: _Present) -> tuple[tuple[tuple[str, ...], bool], ...] | None:
    """The ASCII text sets whose every word the word index found in the serialisation (see
    :attr:`Plan.live`); ``None`` when a needle is numeric (its words are also looked for without
    separators) or a token holds a character JSON escapes or the lowered text rewrites."""
    index = pr.word_index
    if index is None or index.live_singles is None:
        return None
    found = present.words
    live = [(index.live_singles[w], False) for w in found.intersection(index.live_singles)]
    live += [(text, adjacent) for toks, text, adjacent in index.live_multi if all(t in found for t in toks)]
    return tuple(live)


def string_may_hit(text: str, needles: NeedleSet, decode: bool) -> bool:
    """For one ASCII string outside upstream fields: can an answer or correlated value match in it?

    The per-string form of the item check, for walks without an exact :class:`Plan`: ``True`` when
    every word of some needle occurs in the lowercased string, or (with ``decode``) when the string
    holds a marker of a decoder that could reveal one (``&``, ``%``, a backslash, a long enough
    base64 run, or the marker of another decoder with a needle word in reach). ``False`` is a proof.
    """
    pr = probe(needles)
    low = text.lower().encode()
    if any(all(low.find(t) >= 0 for t in toks) for toks, _adj in pr.sets):
        return True
    if needles.ocr and needles.ocr_gate.misread_in(low):
        return True  # a word as OCR misreads it (ocr.py)
    if not decode:
        return False
    if "&" in text or "%" in text or "\\" in text:
        return True
    spoken = (
        _spoken_may_add(text.encode(), b"}\n", pr.words) or spelled_may_add(low, pr.words) or may_define(text.encode())
    )
    more = tuple(d for d in _unplanned() if d.marker(text))
    if (_base_markers_text(text) or spoken or more) and _extra_may_hit(text, pr.words, _only(more)):
        return True
    return _b64_pieces(text.encode(), pr.min_blob, json=False)


# The markers of the decoders the plan does not model, each found by a search led by a literal (a
# regex led by a character class is tried at every position: it cost more than the rest of the plan).
# An encoded-word; a quoted-printable escape or soft break; a folded line; a hyphen at a line end; a
# tag inside a word. (A hex or base32 run is a whole base64 run: the plan decodes it with the others.)
_QP_RE = re.compile(rb"=(?:[0-9A-Fa-f]{2}|(?:\\r)?\\n)")
_QP_STR_RE = re.compile(r"=(?:[0-9A-Fa-f]{2}|\r?\n)")
_HYPHEN_RE = re.compile(rb"-[ \t]*(?:\\r)?\\n")
_HYPHEN_STR_RE = re.compile("[-\u00ad\u2010][ \t]*\r?\n")
_TAG_RE = re.compile(rb"<(?<=[A-Za-z0-9]<)/?[A-Za-z][^<>]{0,200}>[A-Za-z0-9]")
_TAG_STR_RE = re.compile(_TAG_RE.pattern.decode())
# The rotation's marker (views/ciphers.py): a letter rare in English beside a letter.
_ROT_RE = re.compile(rb"[jkqvxzJKQVXZ][A-Za-z]|[A-Za-z][jkqvxzJKQVXZ]")
# The spoken views' markers (views/spoken.py): a homophone or letter name; a spelling-alphabet word.
_SPOKEN_RE = re.compile(HOMOPHONE_MARK_RE.pattern.encode(), re.IGNORECASE)
_SPELLED_RE = re.compile(SPELLED_MARK_RE.pattern.encode())
_LETTER_NAMES_RE = "|".join(LETTER_NAMES).encode()
_ROT_BYTES = bytes.maketrans(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", b"nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM"
)


def _extra_markers(blob: bytes) -> bool:
    """:func:`_base_markers`, :func:`_spoken_markers`, a spelled run or a definition (views/letters.py,
    views/references.py) or a plug-in decoder's marker of serialised JSON."""
    return (
        _base_markers(blob)
        or _spoken_markers(blob, b"}\\n")
        or may_spell(blob, json=True)
        or may_define(blob, json=True)
        or any(d.blob_marker(blob) for d in _unplanned() if d.blob_marker is not None)
    )


def _extra_markers_text(text: str) -> bool:
    """:func:`_extra_markers` of one string as the model reads it."""
    if _base_markers_text(text):
        return True
    raw = text.encode()
    return (
        _spoken_markers(raw, b"}\n") or may_spell(raw) or may_define(raw) or any(d.marker(text) for d in _unplanned())
    )


def _spoken_markers(raw: bytes, eol: bytes) -> bool:
    """Whether ``raw`` holds a marker of the rotation, stream or spoken views (``eol``: how a line
    break after an object is written in it)."""
    return (
        raw.count(eol) >= 2
        or _wrapped_cell(raw, eol)
        or _ROT_RE.search(raw) is not None
        or _SPOKEN_RE.search(raw) is not None
        or _SPELLED_RE.search(raw) is not None
    )


def _spoken_may_add(
    raw: bytes,
    eol: bytes,
    sets: Sequence[tuple[bytes, ...]],
    low: bytes | None = None,
    present: _Present | None = None,
    *,
    rotations: bool = True,
) -> bool:
    """Whether the rotation, stream or spoken views can add a hit of a needle of ``sets`` to ``raw``.

    A stream (two objects ending lines or more) may join any word. A rotated word is only there if
    the rotation of a needle's word is (digits and words under three letters are never rotated). The
    homophones view writes a digit for ``to``/``too`` (2), ``won`` (1), ``ate`` (8), ``for`` (4),
    ``high`` for ``hi`` and a letter for a letter's name; the spelling view a code of two capitals, or
    four and digits, from capitalised spelling words: a needle with no such word, or a text
    without the words they read, gains nothing from them. The needles are read first (a few words),
    the text only for the homophones their words need. ``low``: ``raw`` lowercased, if at hand (a
    ``{`` read as ``,`` in it changes no word). ``present``: what the probe's index found in ``low``
    (:func:`_present`), when ``sets`` are the index's words; then only the needles whose every word
    occurs or can be written by these views are looked for (the views write a word of a needle, never
    the needle's other words). ``rotations=False``: the shared anchor pass found no needle word rotated
    (``views/anchors.py``, the ``rot13`` decoder's anchors), so the rotations are not searched again."""
    # Both need a line break (for JSON its escape's backslash): one byte, found by memchr first.
    if raw.find(eol[1:2]) >= 0 and (raw.count(eol) >= 2 or _wrapped_cell(raw, eol)):
        return True  # a stream may join any word, a table's wrapped cell too
    if low is None:
        low = raw.lower()
    short: Sequence[bytes]
    if sum(map(len, sets)) > _ROT_AUTOMATON:
        if present is not None:  # ``sets`` are the index's words: its pass found their rotations too
            if present.rotated:
                return True
            found = present.words
            # Each needle's writable words from a memo per needle (a label set's needles recur in every
            # needle set of the set; a memo of whole needle sets was refilled item after item when each
            # item brings a correlated value of its own).
            short = []
            for toks, wr in _writable(tuple(sets)):
                if wr and all(t in found or t in wr for t in toks):
                    short.extend(wr)
        else:
            rotated, short, _per_needle = _spoken_words(tuple(sets))
            if rotated is not None and next(rotated.iter(low.decode("latin-1")), None) is not None:
                return True
    else:
        short = []
        for words in sets:
            for t in words:
                if rotations and len(t) >= 3 and low.find(t.translate(_ROT_BYTES)) >= 0:
                    return True
                if len(t) <= 4 or not t.isalpha() or t == b"high":
                    short.append(t)  # a word a homophone or a spelled code can write (most are not)
    if not short:
        return False
    heard = _heard_re(tuple(short))
    if heard is not None and heard.search(low) is not None:
        return True
    return any(_CODE_TOKEN_RE.match(t) for t in short) and _SPELLED_RE.search(raw) is not None


_ROT_AUTOMATON = 16
"""Above this many needle words (a label set's aliases in many languages), their rotations are found
by one automaton pass (built once per needle set) instead of a search per word."""


@lru_cache(maxsize=1024)
def _spoken_words(
    sets: tuple[tuple[bytes, ...], ...],
) -> tuple[ahocorasick.Automaton | None, tuple[bytes, ...], tuple[tuple[tuple[bytes, ...], frozenset[bytes]], ...]]:
    """For the needle words ``sets``: an automaton of their rotations (words of three characters or
    more, as the text would show them rotated), found in one pass however many words a label set's
    aliases bring; the words a homophone or a spelled code may write (short, or not all letters, or
    ``high``); and per needle, those of its words the views can write (one holding a homophone's
    digit or ``high``, or a code of letters and digits)."""
    # A word with a character beyond ASCII is one no rotation, homophone or spelling writes: where it
    # occurs, it occurs as written, which the plain check sees.
    ascii_words = [t for words in sets for t in words if t.isascii()]
    rotated = {t.translate(_ROT_BYTES) for t in ascii_words if len(t) >= 3}
    auto: ahocorasick.Automaton | None = None
    if rotated:
        auto = ahocorasick.Automaton()
        for r in rotated:
            auto.add_word(r.decode("latin-1"), None)
        auto.make_automaton()
    short = tuple(t for t in ascii_words if len(t) <= 4 or not t.isalpha() or t == b"high")
    short_set = set(short)
    writable = tuple(
        (toks, frozenset(t for t in toks if t in short_set and (_CODE_TOKEN_RE.match(t) or _heard_key(t))))
        for toks in sets
    )
    return auto, short, writable


@lru_cache(maxsize=1024)
def _writable(sets: tuple[tuple[bytes, ...], ...]) -> tuple[tuple[tuple[bytes, ...], frozenset[bytes]], ...]:
    """Per needle of ``sets``, its words the homophones or spelling views can write (what
    :func:`_spoken_words` gives, without the rotations' automaton): a needle set seen again is one
    lookup, a new one (a correlated value of its own) is made from the memo per needle."""
    return tuple((toks, _writable_of(toks)) for toks in sets)


@lru_cache(maxsize=16384)
def _writable_of(toks: tuple[bytes, ...]) -> frozenset[bytes]:
    """The words of one needle the homophones or spelling views can write: what :func:`_spoken_words`
    gives for it (an ASCII word that is short, not all letters, or ``high``, holding a homophone's key
    or shaped like a code), worked out once per needle."""
    return frozenset(
        t
        for t in toks
        if t.isascii()
        and (len(t) <= 4 or not t.isalpha() or t == b"high")
        and (_CODE_TOKEN_RE.match(t) or _heard_key(t))
    )


def _heard_key(t: bytes) -> bool:
    """Whether the homophones view can write needle word ``t`` (it holds a digit or word that view writes)."""
    return any(key in t for key, _words in _HEARD_FOR)


_CELL_RE = re.compile(rb"\\n[ \t]*\|[ \t]+\|")
_BAR = b"(?:" + b"|".join(re.escape(c.encode()) for c in "\u2502\u2503|") + b")"  # UTF-8: one bar, whole
_CELL_STR_RE = re.compile(rb"\n[ \t]*" + _BAR + rb"[ \t]+" + _BAR)


def _wrapped_cell(raw: bytes, eol: bytes) -> bool:
    """Whether ``raw`` may hold a table row continued on the next line (views/layout.py ``cells``)."""
    return (_CELL_RE if eol == b"}\\n" else _CELL_STR_RE).search(raw) is not None


_CODE_TOKEN_RE = re.compile(rb"[a-z]{1,2}\Z|[a-z]{1,4}\d{1,2}\Z")  # views/spoken.py MAX_LETTERS
_HEARD_FOR = ((b"2", b"to|too"), (b"1", b"won"), (b"8", b"ate"), (b"4", b"for"), (b"high", b"hi"))


@lru_cache(maxsize=4096)
def _heard_re(toks: tuple[bytes, ...]) -> re.Pattern[bytes] | None:
    """The homophones a hit of these needle words needs, as whole words (``None``: no word the view writes)."""
    alts = [words for key, words in _HEARD_FOR if any(key in t for t in toks)]
    if any(_CODE_TOKEN_RE.match(t) and sum(c.isalpha() for c in t.decode()) <= 2 for t in toks):
        alts.append(_LETTER_NAMES_RE)
    if not alts:
        return None
    # ``\b(?:to|too|…)\b`` with each word's leading ``\b`` as a look-behind after it: led by literals, the
    # regex engine skips to their first letters instead of trying every position (~7× less on a ticket).
    words = [w for alt in alts for w in alt.split(b"|")]
    return re.compile(b"(?:" + b"|".join(re.escape(w) + rb"(?<!\w" + re.escape(w) + b")" for w in words) + rb")\b")


def _base_markers(blob: bytes, low: bytes | None = None) -> bool:
    """Whether serialised JSON (a line break is ``\\n`` there) holds a marker of a decoder the plan
    does not model (a necessary condition of a hit only such a decoder shows); ``low``: ``blob``
    lowercased, if at hand."""
    # Single bytes first: memchr, where a two-byte needle costs a full search (~1 ns per byte).
    if blob.find(b"=") >= 0 and (blob.find(b"=?") >= 0 or _QP_RE.search(blob) is not None):
        return True
    if (
        blob.find(b"\\") >= 0
        and blob.find(b"\\n") >= 0
        and (
            blob.find(b"\\n ") >= 0
            or blob.find(b"\\n\\t") >= 0
            or (blob.find(b"-") >= 0 and _HYPHEN_RE.search(blob) is not None)
            or _BASE64_LINES_RE.search(blob) is not None
            or _DUMP_LINE_RE.search(blob) is not None
            or (blob.find(b"\\t") >= 0 and _WORD_ROW_RE.search(blob) is not None)
        )
    ):
        return True
    if blob.find(b"%") >= 0 and blob.find(b"width") >= 0 and _WIDTH_RE.search(blob) is not None:
        return True
    if _document_markers(blob, True, low):
        return True
    if _joined_literals(blob):
        return True
    return blob.find(b"<") >= 0 and _TAG_RE.search(blob) is not None


# String literals joined by an operator (views/literals.py): a closing quote, an operator, an opening
# quote; a double quote is ``\"`` in serialised JSON (blanks only around the operator: a tab is escaped there).
_JOINED_RE = re.compile(rb"(?:\\\"|')[ ]*(?:&|\+|\|\||\.\.?)[ ]*(?:\\\"|')")


def _joined_literals(blob: bytes) -> bool:
    """Whether serialised JSON may hold quoted pieces joined by an operator (led by a byte search)."""
    # A backslash (memchr) before the two-byte escaped quote (a full search): most serialisations hold neither.
    quoted = (blob.find(b"\\") >= 0 and blob.find(b'\\"') >= 0) or blob.find(b"'") >= 0
    return quoted and _JOINED_RE.search(blob) is not None


# The document views' markers (views/terminal.py, pdf.py, css.py, bytelists.py, unicode_forms.py): a terminal escape
# or backspace, a PDF text operator, a CSS ``content`` declaration, a bracketed list of byte values
# (its first two at least 30: printable text starts at 32, a UTF-8 lead byte at 194). A search for
# two bytes or more costs a full pass (~1.5 ns a byte): each is led by a one-byte search (memchr) for
# a byte that is rare in ordinary text where one exists.
_BYTE_VALUE = rb"(?:0[xX][0-9A-Fa-f]{1,2}|[3-9]\d|1\d\d|2[0-5]\d)"
_BYTE_LIST_RE = re.compile(rb"\[ ?" + _BYTE_VALUE + rb"(?: ?, ?| )" + _BYTE_VALUE)
_ESCAPED_CONTROL_RE = re.compile(rb"\\(?:b|u00[19]b)")
_CONTENT_DECL_RE = re.compile(rb"content ?:")


def _document_markers(raw: bytes, escaped: bool, low: bytes | None = None) -> bool:
    """Whether ``raw`` (serialised JSON when ``escaped``, whose control characters are escapes, else a
    string's UTF-8) may hold what the document views decode. ``low``: ``raw`` lowercased, if at hand
    (a ``{`` read as ``,`` in it changes none of the words looked for there)."""
    if escaped:
        if raw.find(b"\\") >= 0 and _ESCAPED_CONTROL_RE.search(raw) is not None:
            return True
    elif raw.find(b"\x1b") >= 0 or raw.find(b"\x08") >= 0 or raw.find(b"\xc2\x9b") >= 0:
        return True
    if raw.find(b"^") >= 0 and raw.find(b"^[") >= 0:
        return True
    if raw.find(b"~") >= 0 and raw.find(b"<~") >= 0:  # ASCII85 (views/binary.py)
        return True
    if low is None:
        low = raw.lower()
    if low.find(b"j") >= 0 and low.find(b"tj") >= 0:
        return True
    if raw.find(b"<") >= 0 and low.find(b"<bdo") >= 0:  # markup overriding the direction (unicode_forms.py ``bidi``)
        return True
    # A CSS string is quoted: '"' is written '\"' in JSON, and "'" is itself.
    quoted = not escaped or raw.find(b"\\") >= 0 or raw.find(b"'") >= 0
    if quoted and low.find(b"content") >= 0 and _CONTENT_DECL_RE.search(low) is not None:
        return True
    # A regex led by '[' steps through every byte (~1 ns each); a list is found at its bracket.
    at = raw.find(b"[")
    while at >= 0:
        if _BYTE_LIST_RE.match(raw, at) is not None:
            return True
        at = raw.find(b"[", at + 1)
    return False


def _base_markers_text(text: str) -> bool:
    """:func:`_base_markers` of one string as the model reads it.

    The same markers as on serialised JSON, read on the decoded string: a real line break here is the
    escaped one there, and a quote is written plainly. A ``True`` means a decoder the plan does not model
    (quoted-printable, MIME words, soft hyphens, base64 lines, dumps, widths, documents, literals, tags) may
    show a hit, so the string must go to the full scan; the cheap single-character tests guard each regex.
    """
    if "=?" in text or ("=" in text and _QP_STR_RE.search(text) is not None):
        return True
    if "\n" in text and (
        "\n " in text
        or "\n\t" in text
        or _HYPHEN_STR_RE.search(text) is not None
        or _BASE64_LINES_STR_RE.search(text) is not None
        or _DUMP_LINE_STR_RE.search(text) is not None
        or ("\t" in text and WORD_ROW_MARK_RE.search(text) is not None)
    ):
        return True
    if "%" in text and "width" in text and _WIDTH_STR_RE.search(text) is not None:
        return True
    if _document_markers(text.encode(), False):
        return True
    if ('"' in text or "'" in text) and LITERALS_MARK_RE.search(text) is not None:
        return True
    return "<" in text and _TAG_STR_RE.search(text) is not None


_EXTRA_DECODERS = frozenset(
    {
        "qp",
        "rfc2047",
        "unfold",
        "hyphenation",
        "markup",
        "mime_lines",
        "hex_dump",
        "rating_width",
        "rot13",
        "stream",
        "homophones",
        "spelled",
        "letters",
        "references",
        "cells",
        "word_rows",
        "terminal",
        "pdf_text",
        "css_content",
        "byte_list",
        "ascii85",
        "bidi",
        "concat",
    }
)
_PLANNED = _EXTRA_DECODERS | {
    "html",  # Plan.entities
    "url",  # Plan.percent
    "base64",  # Plan.hot (runs), as the next two
    "base32",
    "hex",
    "escape",  # a backslash in a string is two in JSON: the plan is not exact, each string is checked
    "tags",  # the next three read only non-ASCII text: a serialisation holding it is not planned
    "digits",
    "rating_glyphs",
    "braille",  # and the next four: also read only non-ASCII text (views/letterforms.py, views/charsets.py)
    "letterforms",
    "marks",
    "mojibake",
    "upside_down",
}
"""The decoders this module models; every other one is asked through ``blob_marker`` and ``blob_may_hit``."""
_UNPLANNED: tuple[tuple[int, int], tuple[Decoder, ...]] = ((-1, -1), ())


def _unplanned() -> tuple[Decoder, ...]:
    """The registered decoders the plan does not model (re-read when the registry changes)."""
    global _UNPLANNED
    if _UNPLANNED[0] != generation():
        _UNPLANNED = (generation(), tuple(d for _n, d in sorted(DECODERS.items()) if d.name not in _PLANNED))
    return _UNPLANNED[1]


_Gate = tuple[Decoder, Callable[[bytes], bool] | None, Callable[[bytes, Sequence[tuple[bytes, ...]]], bool] | None]
_GATES: dict[frozenset[str], tuple[_Gate, ...]] = {}
_GATES_OF: tuple[int, int] = (-1, -1)


def _gates(skip: frozenset[str]) -> tuple[_Gate, ...]:
    """The unmodelled decoders the shared anchor pass did not rule out (``skip``), in order, each with
    its ``blob_marker`` and ``blob_may_hit``: worked out once per registry and ``skip`` set (a needle set's
    anchors give the same few sets on item after item), so :func:`plan_blob` asks each gate without
    testing every decoder's name and calling :func:`_may_add` per decoder (~1.5 µs of a clean item)."""
    global _GATES_OF
    if generation() != _GATES_OF:
        _GATES.clear()
        _GATES_OF = generation()
    gates = _GATES.get(skip)
    if gates is None:
        if len(_GATES) >= 256:
            _GATES.clear()
        gates = _GATES[skip] = tuple((d, d.blob_marker, d.blob_may_hit) for d in _unplanned() if d.name not in skip)
    return gates


def _json_marked(blob: bytes, decoders: tuple[Decoder, ...]) -> bool:
    """Whether a serialisation may hold the marker of one of ``decoders`` (one without a gate: yes)."""
    return any(d.blob_marker is None or d.blob_marker(blob) for d in decoders)


def _may_add(d: Decoder, blob: bytes, sets: Sequence[tuple[bytes, ...]]) -> bool:
    """Whether the unmodelled decoder ``d`` may add a hit to a serialisation: its ``blob_marker`` holds
    (no marker: yes) and, where it has one, its ``blob_may_hit`` given the needles' words."""
    if d.blob_marker is not None and not d.blob_marker(blob):
        return False
    return d.blob_may_hit is None or d.blob_may_hit(blob, sets)


def _only(more: tuple[Decoder, ...]) -> frozenset[str]:
    """The decoders :func:`_extra_may_hit` tries: :data:`_EXTRA_DECODERS` and ``more``."""
    return _EXTRA_DECODERS | {d.name for d in more} if more else _EXTRA_DECODERS


# A width in percent (a star bar drawn by its fill).
_WIDTH_RE = re.compile(rb"width\s*:\s*\d{1,3}(?:\.0+)?\s*%")
_WIDTH_STR_RE = re.compile(_WIDTH_RE.pattern.decode())
# A line of a hex dump after a line break (an offset, then a group of hex byte pairs): a dump has two.
_DUMP_LINE_RE = re.compile(rb"\\n[0-9A-Fa-f]{4,16}:?[ ]{1,2}[0-9A-Fa-f]{2}")
# A line led by three numeric cells of a word table (views/layout.py ``word_rows``), JSON-escaped.
_WORD_ROW_RE = re.compile(rb"\\n(?:-?\d+(?:\.\d+)?\\t){3}")
_DUMP_LINE_STR_RE = re.compile(r"\n[0-9A-Fa-f]{4,16}:?[ ]{1,2}[0-9A-Fa-f]{2}")
# A line break after a line of 16 base64 characters and before another (a MIME base64 body).
_BASE64_LINES_RE = re.compile(rb"\\(?<=[A-Za-z0-9+/]{16}\\)(?:r\\)?n[A-Za-z0-9+/]")
_BASE64_LINES_STR_RE = re.compile(r"\n(?<=[A-Za-z0-9+/]{16}\n)[A-Za-z0-9+/]|\n(?<=[A-Za-z0-9+/]{16}\r\n)[A-Za-z0-9+/]")


def _json_text(blob: bytes) -> str:
    """The serialisation with its JSON escapes undone (line breaks and tabs as themselves)."""
    text = blob.decode()
    if "\\b" in text:  # a backspace (the escape decoder leaves ``\b``, a word boundary in a regex)
        text = text.replace("\\b", "\b")
    return apply(Mapped(text), escapes(text)).text if "\\" in text else text


def _extra_may_hit(text: str, sets: Sequence[tuple[bytes, ...]], only: frozenset[str] | None = None) -> bool:
    """Whether a view of the decoders the plan does not model (and what they nest) holds every word
    of some needle: a necessary condition of a hit that only such a view shows. ``only``: those
    decoders (:data:`_EXTRA_DECODERS` and the unmodelled ones present, :func:`_only`).

    Linear in the text and flat in memory whatever the needles: the views are made without offset
    maps (``spans=False``: the same texts), and each view is read once for all the needles' words
    (:class:`_SetWords`), not once per word of each needle (a label set's lexicon brings ~100)."""
    words = _SetWords.of(tuple(sets))
    for _name, view in canonical_views(text, only=only or _EXTRA_DECODERS, spans=False):
        if words.any_in(full_text(view.text).encode()):
            return True
    return False


_WASTED = 4096
"""Matches of words already found that :meth:`_SetWords.any_in` passes over before it drops those words
(a new automaton without them: each drop removes one word at least, so the steps stay linear in the text)."""
_CENSUS = 4096
"""From this many bytes on, :meth:`_SetWords.any_in` first looks for each byte the words hold (one
``memchr`` each) and searches only the words whose bytes all occur."""


@lru_cache(maxsize=256)
def _automaton_of(words: tuple[bytes, ...]) -> ahocorasick.Automaton:
    """An automaton of ``words`` (non-empty), each a key of one character per byte (read as latin-1,
    which keeps a node's fan-out within the bytes that start a word), reporting the word itself."""
    auto = ahocorasick.Automaton()
    for w in words:
        auto.add_word(w.decode("latin-1"), w)
    auto.make_automaton()
    return auto


_SET_WORDS: dict[tuple[tuple[bytes, ...], ...], _SetWords] = {}
"""The :class:`_SetWords` of the word sets asked lately (at most 256)."""


class _SetWords:
    """The needles' word sets as :func:`_extra_may_hit` asks them of a view: "does every word of some
    set occur in this text?" (``bytes.find`` on the text's UTF-8, as before).

    Each distinct word is looked for once, however many sets hold it: by ``find`` when there are few;
    else, in a long text, only the words whose every byte occurs in it (one ``memchr`` per distinct
    byte), and those by one pass of an automaton that stops as soon as a set is complete. A view then
    costs a bounded number of passes, not one per word of each set (a lexicon brings ~100 sets)."""

    __slots__ = ("alphabet", "candidates", "distinct", "empty", "few", "longest", "members", "sizes", "words")

    def __init__(self, sets: tuple[tuple[bytes, ...], ...]) -> None:
        """Index ``sets``: their distinct words, per word the sets that hold it, the bytes they use.

        ``few`` is true when the distinct words are few enough to ``find`` each one; else :meth:`any_in` first
        narrows the words to those whose bytes all occur in the text. ``members`` and ``sizes`` feed the
        automaton pass, which counts words found per set and stops at the first complete set; ``longest`` sets
        where a restarted pass resumes. A set with no word (or only empty ones) makes every text match.
        """
        distinct = [tuple(dict.fromkeys(t for t in toks if t)) for toks in sets]
        # A set of no word, or of empty words only, occurs in any text (``find(b"")`` is 0).
        self.empty = any(not toks for toks in distinct)
        self.distinct = tuple(distinct)
        words = sorted({t for toks in distinct for t in toks})
        self.words = tuple(words)
        self.few = len(words) <= _MANY_WORDS
        self.members: dict[bytes, list[int]] = {}
        self.sizes = [len(toks) for toks in distinct]
        for i, toks in enumerate(distinct):
            for t in toks:
                self.members.setdefault(t, []).append(i)
        self.longest = max(map(len, words), default=0)
        self.alphabet = bytes(sorted({c for w in words for c in w}))
        self.candidates: dict[bytes, tuple[bytes, ...]] = {}
        """The words that can occur in a text lacking some bytes, by those bytes (the views of one string
        lack the same ones: one filter per string, not one per view)."""

    @classmethod
    def of(cls, sets: tuple[tuple[bytes, ...], ...]) -> _SetWords:
        """The index of ``sets`` (memoised: a needle set's word sets recur item after item)."""
        got = _SET_WORDS.get(sets)
        if got is None:
            if len(_SET_WORDS) >= 256:
                _SET_WORDS.clear()
            got = _SET_WORDS[sets] = cls(sets)
        return got

    def any_in(self, low: bytes) -> bool:
        """Whether every word of some set occurs in ``low`` (see the class).

        A long text (:data:`_CENSUS` bytes or more) with many words first drops the words that hold a byte the
        text lacks; the survivors per set of absent bytes are memoised in ``candidates`` (64 entries, then
        cleared), as the views of one string lack the same bytes. Few words are then found one by one; many go
        to one automaton pass. Never a wrong ``False``: it is the necessary condition the pre-check relies on.
        """
        if self.empty:
            return True
        words = self.words
        if not self.few and len(low) >= _CENSUS:
            absent = bytes(c for c in self.alphabet if low.find(c) < 0)  # memchr per byte
            if absent:
                got = self.candidates.get(absent)
                if got is None:
                    if len(self.candidates) >= 64:
                        self.candidates.clear()
                    got = self.candidates[absent] = tuple(w for w in words if len(w.translate(None, absent)) == len(w))
                words = got
        if self.few or len(words) <= _MANY_WORDS:
            found = {w for w in words if low.find(w) >= 0}
            return any(all(t in found for t in toks) for toks in self.distinct)
        return self._scan(low, words)

    def _scan(self, low: bytes, words: tuple[bytes, ...]) -> bool:
        """One automaton pass over ``low`` for ``words``, until a set is complete. A word found again and
        again (``x`` in ``x x x …``) would cost a Python step per place: after :data:`_WASTED` such steps
        the pass goes on with an automaton of the words not found yet, from where a match ending here may
        start (each restart drops a word, so the steps stay linear in the text)."""
        text = low.decode("latin-1")
        missing = list(self.sizes)
        seen: set[bytes] = set()
        start = wasted = stop = 0
        while True:
            for end, w in _automaton_of(words).iter(text, start):
                if w in seen:
                    wasted += 1
                    if wasted > _WASTED:
                        stop = end
                        break
                    continue
                seen.add(w)
                for i in self.members[w]:
                    missing[i] -= 1
                    if not missing[i]:
                        return True
            else:
                return False
            words = tuple(w for w in words if w not in seen)
            if not words:
                return False
            start, wasted = max(0, stop - self.longest + 1), 0


def _may_have_upstream_key(blob: bytes, low: bytes) -> bool:
    """Cheap first: a necessary condition for :func:`_upstream_keys` to find a key.

    A key opening with a prefix (after non-alphanumerics) or holding "confidence" in the segment
    after a quote that follows ',', '{' or a backslash (:data:`_UPSTREAM_START_RE`). The
    ``confidence`` pattern of :func:`_key_matches` also matches from any quote to an escaped one
    followed by ':' (``"low confidence\\": x"`` in a string): with a backslash in ``blob`` the
    word anywhere counts, as before (``test_upstream_gate_equals_the_three_patterns``).
    """
    if _UPSTREAM_START_RE.search(low) is not None:
        return True
    return blob.find(b"\\") >= 0 and low.find(b"confidence") >= 0


def _upstream_keys(low: bytes) -> tuple[bytes, ...]:
    """The serialised keys (``"aicategory":``) that may be upstream-named. A key holding a quote is
    serialised with ``\\"``, which the key pattern stops at: it is also looked for with those
    escapes replaced (:func:`_unquoted`), while keys of JSON held in a string (``\\"aiLabel\\":``)
    are only found as written."""
    backslash = low.find(b"\\") >= 0
    keys = _key_matches(low, backslash)
    if backslash and low.find(b'\\"') >= 0:
        keys.extend(_key_matches(_unquoted(low), backslash))
    return tuple(dict.fromkeys(keys))


def _key_matches(low: bytes, backslash: bool) -> list[bytes]:
    """The matches of ``_UPSTREAM_KEY_RE`` at keys: a key follows '{', ',' or (in JSON held in a
    string) a backslash, so each alternative is looked for after those literals (which the engine
    finds fast), and the ``confidence`` one only where the word occurs."""
    keys: list[bytes] = []
    for lead, rx in _UPSTREAM_KEY_RES:
        if backslash or lead != b"\\":
            keys.extend(m[1:] for m in rx.findall(low))
    if low.find(b"confidence") >= 0:
        keys.extend(_CONFIDENCE_KEY_RE.findall(low))
    return keys


def _unquoted(low: bytes) -> bytes:
    """``low`` with each escaped quote as two key characters, so a key holding a quote is matched whole."""
    return low.replace(b'\\"', b"__")


def _plain_hit(pr: _Probe, low: bytes, present: _Present | None = None) -> bool:
    """Whether every word of some answer or correlated value occurs in ``low`` (in order and adjacent for
    a plain phrase), also with thousands separators removed when a needle is a number: the necessary
    condition of a hit in the plain views of a serialisation. ``present``: the probe's words that occur
    in ``low``, when its index found them (:func:`_present`)."""
    ascii = low.isascii()
    sets = pr.ascii_sets if ascii else pr.sets
    if pr.word_index is not None:
        found = (present or _present(pr.word_index, low)).words
        if ascii and not found.isdisjoint(pr.word_index.singles):
            return True
        for toks, adjacent in pr.word_index.multi if ascii else sets:
            if all(t in found for t in toks) and (not adjacent or _adjacent(low, toks)):
                return True
    else:
        finders = FINDERS
        for toks, adjacent in sets:
            for t in toks:
                search = finders.get(t)  # the word's own search, else ``occurs`` (views/anchors.py)
                if not (search(low) if search is not None else occurs(low, t)):
                    break
            else:
                if not adjacent or _adjacent(low, toks):
                    return True
    if pr.any_canon:
        stripped = _SEPARATOR_RE.sub(b"", low)
        return any(all(stripped.find(t) >= 0 for t in toks) for toks, _adj in sets)
    return False


def _plain_hit_text(pr: _Probe, low: str, live: tuple[tuple[tuple[str, ...], bool], ...] | None = None) -> bool:
    """:func:`_plain_hit` of an ASCII serialisation decoded to text (lowercased).

    The walk checks a subtree this way: on a short text ``str`` ``in`` costs ~0.05 µs where ``bytes``
    ``in`` costs ~0.25, and for ASCII ``str.lower`` is ``bytes.lower`` (``test_leak_fast_paths.py``).
    ``live``: the plan's :attr:`Plan.live` (the subtree is a slice of the serialisation it was found in).
    """
    if low.isascii():
        sets = pr.ascii_text_sets if live is None else live
    else:
        sets = pr.text_sets
    for toks, adjacent in sets:
        for t in toks:
            if t not in low:
                break
        else:
            if not adjacent or _adjacent_text(low, toks):
                return True
    if pr.any_canon:
        stripped = _SEPARATOR_TEXT_RE.sub("", low)
        return any(all(t in stripped for t in toks) for toks, _adj in sets)
    return False


_GAP_TEXT_RE = re.compile(_GAP_RE.pattern.decode())
_SEPARATOR_TEXT_RE = re.compile(_SEPARATOR_RE.pattern.decode())


def _adjacent_text(low: str, toks: tuple[str, ...]) -> bool:
    """:func:`_adjacent` on text: the words in order, separated only by what a phrase or a split key
    allows (non-alphanumerics and JSON escapes)."""
    return _in_order(low, toks, _GAP_TEXT_RE)


def _adjacent(low: bytes, toks: tuple[bytes, ...]) -> bool:
    """The words occur in order, separated only by what a phrase or a split key allows."""
    return _in_order(low, toks, _GAP_RE)


def _in_order(low: AnyStr, toks: tuple[AnyStr, ...], gap_re: re.Pattern[AnyStr]) -> bool:
    """Whether ``toks`` occur in ``low`` one after another, each gap matched by ``gap_re`` (bytes or text alike).

    A gap may be empty (``gap_re`` not matching adds nothing); each occurrence of the first token is tried
    in turn, so an early false start does not hide a later match. This is the adjacency test of a multi-word
    answer: a superset of every phrase the scan matches, as the pre-check needs.
    """
    first = toks[0]
    pos = low.find(first)
    while pos >= 0:
        end = pos + len(first)
        for t in toks[1:]:
            gap = gap_re.match(low, end)
            end = gap.end() if gap is not None else end
            if not low.startswith(t, end):
                break
            end += len(t)
        else:
            return True
        pos = low.find(first, pos + 1)
    return False


def _unescaped(blob: bytes) -> bytes:
    """``blob`` with each JSON escape (one character that is not base64) as a space."""
    return _ESCAPE_RE.sub(b" ", blob) if blob.find(b"\\") >= 0 else blob


def _long_run_re(min_len: int) -> re.Pattern[bytes]:
    """On a ``_CLASSES``-translated copy: each run of at least ``min_len`` characters holding a 'B'.

    The match starts at a 'B' with enough run characters after it, or with enough lowercase letters
    before it (a look-behind per count); it ends where the run ends. Looking for the literal 'B'
    first keeps the regex engine off the (mostly lowercase) prose between candidates.
    """
    cached = _RUN_RES.get(min_len)
    if cached is not None:
        return cached
    inner = b""
    for k in range(min_len - 1, 0, -1):
        need = min_len - 1 - k
        here = b"[aB]{%d}" % need if need else b""
        body = (here + b"|" + inner if inner else here) if here else b""
        inner = b"(?<=%sB)(?:%s)" % (b"a" * k, body) if body else b"(?<=%sB)" % (b"a" * k)
    alts = b"[aB]{%d}" % (min_len - 1) + (b"|" + inner if inner else b"")
    rx = _RUN_RES[min_len] = re.compile(b"B(?:" + alts + b")[aB]*")
    return rx


_RUN_RES: dict[int, re.Pattern[bytes]] = {}

# For serialised JSON without '/': base64 characters → 'a' (lowercase letters) or 'B' (the others),
# '"' → 'Q', ':' → 'C', everything else → ' '. Runs stay delimited the same way; a run that ends a
# key is followed by "QC".
_KEY_CLASSES = bytes(
    (0x61 if 0x61 <= b <= 0x7A else 0x42) if b in _B64_ALPHABET else {0x22: 0x51, 0x3A: 0x43}.get(b, 0x20)
    for b in range(256)
)
_PREFIX_MAX = 8
"""Lowercase prefixes up to this long are measured by the regex of :func:`_decodable_run_re`; a
longer one is found in Python."""


def _decodable_run_re(min_len: int) -> re.Pattern[bytes]:
    """On a ``_KEY_CLASSES``-translated copy of serialised JSON without '/': the runs of at least
    ``min_len`` characters holding a 'B' that can decode (their length is not 1 past a multiple
    of 4: without '/' no other run decodes, see :func:`_run_pieces`; except a run of 13 'B's or more,
    which may be unpadded base32) and that do not end a key.

    The match starts at the run's first 'B'; the lowercase letters before it (``k`` of them) are
    counted by a look-behind per count below :data:`_PREFIX_MAX`, so the rest of the run must be
    ``-k`` long modulo 4; with a longer prefix every such run matches (the caller checks it). A
    'B' inside a run fails at its first look-behind, so the engine jumps from 'B' to 'B' as in
    :func:`_long_run_re`, and most runs that cannot decode (capitalised words, dates, ids of the
    wrong length) never reach Python.
    """
    cached = _DECODABLE_RES.get(min_len)
    if cached is not None:
        return cached

    def rest(k: int) -> bytes:
        """The pattern of a run after a ``k``-character prefix: long enough, and of a decodable length."""
        need = max(0, min_len - k - 1)
        ahead = b"(?=[aB]{%d})" % need if need else b""
        # The whole groups of 4, then a remainder that leaves the run's length decodable.
        tails = b"|".join(b"[aB]{%d}" % r if r else b"" for r in range(4) if decodable_length(k + 1 + r))
        return ahead + b"(?:[aB]{4})*+(?:" + tails + b")(?![aB])(?!QC)"

    # Each prefixed alternative is a group, so a match's ``lastindex`` tells the length of its prefix
    # (see :data:`_PREFIX_OF_GROUP`): no search back for where the run starts.
    prefixed = [b"((?<=(?<![aB])%sB)" % (b"a" * k) + rest(k) + b")" for k in range(1, _PREFIX_MAX)]
    prefixed.append(b"((?<=%sB)[aB]*+(?!QC))" % (b"a" * _PREFIX_MAX))
    # A run of capitals and digits one past a multiple of 4 long is no base64 but may be unpadded base32
    # (8k+5 characters): 13 or more without a lowercase letter are kept for the base32 reading.
    base32 = b"|(?:BBBB){3,}+(?![aB])(?!QC)"
    rx = _DECODABLE_RES[min_len] = re.compile(
        b"B(?:(?<![aB]B)(?:" + rest(0) + base32 + b")|(?<=aB)(?:" + b"|".join(prefixed) + b"))"
    )
    return rx


_PREFIX_OF_GROUP = (0, *range(1, _PREFIX_MAX), -1)
"""The lowercase prefix of a match of :func:`_decodable_run_re` by its ``lastindex`` (``None``: no
prefix; -1: longer than the regex measures, found by searching back)."""


_DECODABLE_RES: dict[int, re.Pattern[bytes]] = {}


class _Piece(NamedTuple):
    """The decoded text of a base64 run, as the pre-check needs it."""

    view: bytes
    """Its most forgiving view, as the scanner sees it (homoglyphs, fullwidth, invisibles folded)."""
    escapes: bool
    """It holds '%', '&' or a backslash: decoded again by the scan, so it cannot be ruled out."""
    nested: tuple[bytes, ...]
    """The views of the base64 runs inside it (the scan decodes base64 inside a decoded view)."""


def _runs(blob: bytes, min_len: int, *, json: bool) -> list[tuple[bytes, tuple[_Piece, ...]]]:
    """Every base64 run of ``blob`` at least ``min_len`` characters long that decodes, with its pieces.

    Only runs holding a character other than a lowercase letter are looked at (plain lowercase words
    are never decoded, see ``decode._B64_RE``), found by one regex over a translated copy; a run that
    ends a key in serialised JSON (``json``) is skipped too (keys are matched as written, never decoded).
    A run decodes whole only when :func:`~windtunnel.leakage.decode.decodable_length`, else the
    parts around a '/', or the value after a name's '=' (``ctx=eyJ…``, whatever the whole run's length).
    """
    if json and blob.find(b"/") < 0 and (blob.find(b"=") < 0 or _INNER_EQUALS.search(blob) is None):
        return _json_runs(blob, min_len)
    return _class_runs(blob, min_len, json=json)


_INNER_EQUALS = re.compile(rb"[A-Za-z0-9_]=[A-Za-z0-9+_-]")
"""A '=' inside a run of base64 characters (a name=value pair, not padding): the run is not decoded whole, so the
length filter of :func:`_json_runs` does not apply to it."""


def _class_runs(blob: bytes, min_len: int, *, json: bool) -> list[tuple[bytes, tuple[_Piece, ...]]]:
    """:func:`_runs`, looking at every run holding a character other than a lowercase letter."""
    classes = blob.translate(_CLASSES)
    out: list[tuple[bytes, tuple[_Piece, ...]]] = []
    for m in _long_run_re(min_len).finditer(classes):
        end = m.end()
        if json and blob.startswith(b'":', end):
            continue
        _add_run(out, blob[classes.rfind(b" ", 0, m.start()) + 1 : end])
    return out


def _json_runs(blob: bytes, min_len: int) -> list[tuple[bytes, tuple[_Piece, ...]]]:
    """:func:`_runs` of serialised JSON without '/': the same runs, fewer candidates looked at.

    The regex runs over a copy translated into byte classes (:data:`_KEY_CLASSES`) and rejects, by its
    groups, the lengths that cannot decode and the runs that end a key. When a group says the run's start
    lies further back than the regex can see, the start is searched for (the last space, quote or colon
    class before it) and the length checked again. Only runs that decode to something are returned, with
    their pieces from the memo or :func:`_run_pieces`.
    """
    classes = blob.translate(_KEY_CLASSES)
    out: list[tuple[bytes, tuple[_Piece, ...]]] = []
    rx = _DECODABLE_RES.get(min_len) or _decodable_run_re(min_len)
    for m in rx.finditer(classes):
        start, end = m.span()
        group = m.lastindex
        if group is not None:
            prefix = _PREFIX_OF_GROUP[group]
            if prefix > 0:
                start -= prefix  # its length and decodability are the regex's
            else:
                # A prefix longer than the regex counts: where the run starts is searched, then checked.
                start = (
                    max(classes.rfind(b" ", 0, start), classes.rfind(b"Q", 0, start), classes.rfind(b"C", 0, start)) + 1
                )
                if end - start < min_len or not decodable_length(end - start):
                    continue
        run = blob[start:end]  # _add_run, inline: this runs for ~3 runs of every clean item
        pieces = _PIECES.get(run)
        if pieces is None:
            pieces = _run_pieces(run)
        if pieces:
            out.append((run, pieces))
    return out


def _add_run(out: list[tuple[bytes, tuple[_Piece, ...]]], run: bytes) -> None:
    """Append ``run`` with its decoded pieces (memoised) when it decodes to anything."""
    pieces = _PIECES.get(run)
    if pieces is None:
        pieces = _run_pieces(run)
    if pieces:
        out.append((run, pieces))


_PIECES: dict[bytes, tuple[_Piece, ...]] = {}
_HEX_DIGITS = "0123456789abcdefABCDEF"
_BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567="
_NESTED_MARKERS = "%&\\=\n<"
"""Text decoded from a run holding one of these may be decoded again by the scan (percent, entities,
escapes, quoted-printable or an encoded-word, unfolding or hyphenation, tags inside a word)."""
_PIECES_MAX = 32768


def _run_pieces(run: bytes, *, nest: bool = True) -> tuple[_Piece, ...]:
    """The decoded pieces of one run (memoised: ids, dates and names recur on every item).

    A run holding '/' is decoded as base64 in the parts around it; else whole, when its length can be base64.
    Hex and base32 are tried only when every character of the run is in that alphabet. Each decoded text
    becomes a :class:`_Piece` with its forgiving view and, with ``nest``, the views of the base64 runs inside
    it (the scan decodes two levels). Only the outer call (``nest``) writes the memo :data:`_PIECES`, cleared
    whole when full; an empty tuple, the common answer, is memoised too.
    """
    text = run.decode()
    if b"/" in run or b"=" in run.rstrip(b"="):
        # a path around a blob, or a name=value pair whose value is one (`ctx=eyJ…`: the pair's '=' is in the
        # pre-check's alphabet, so the run holds the name too): the decoder's own runs (views.binary)
        decoded = [dec for _a, _b, dec in _b64_candidates(text, 4)]
    elif decodable_length(len(run)):
        dec = _b64_text(text)
        decoded = [dec] if dec is not None else []
    else:
        decoded = []
    # The same run read as hex or base32 (each decoder takes only a whole run: see views.binary), tried
    # only when every character of the run is in that decoder's alphabet (a first sighting of an id
    # such as ``user4403`` or ``WEB-1234`` then costs two ``strip`` calls, not two regex passes).
    if len(text) >= 6 and not text.strip(_HEX_DIGITS):
        decoded.extend(dec for _a, _b, dec in hex_runs(text))
    if len(text) >= 7 and not text.strip(_BASE32_ALPHABET):
        decoded.extend(dec for _a, _b, dec in base32_runs(text))
    pieces: tuple[_Piece, ...] = ()  # most runs (ids, capitalised words) decode to nothing
    if decoded:
        pieces = tuple(
            _Piece(
                full_text(text).encode(),
                any(ch in text for ch in _NESTED_MARKERS),
                tuple(p.view for _r, ps in _runs(text.encode(), 4, json=False) for p in ps)
                if nest and len(text) > 3
                else (),
            )
            for text in decoded
        )
    if nest:
        if len(_PIECES) >= _PIECES_MAX:
            _PIECES.clear()
        _PIECES[run] = pieces
    return pieces


def _b64_pieces(blob: bytes, min_len: int, *, json: bool = True) -> bool:
    """Whether ``blob`` holds a base64 run at least ``min_len`` characters long that decodes."""
    return bool(_runs(blob, min_len, json=json))


def _hot_runs(
    blob: bytes, pr: _Probe, sets: Sequence[tuple[bytes, ...]], *, json: bool, depth: int = 1
) -> tuple[str, ...]:
    """The base64 runs of ``blob`` whose decoded text may hold a word of ``sets`` in its view, or in
    the view of a base64 run inside it (the scan decodes two levels; ``depth=2``: this is already
    the second); one holding other escapes counts too, and with numeric or date needles every
    decodable run does."""
    return _hot_of(_runs(blob, pr.min_blob, json=json), pr, sets, depth)


def _hot_of(
    runs: list[tuple[bytes, tuple[_Piece, ...]]], pr: _Probe, sets: Sequence[tuple[bytes, ...]], depth: int = 1
) -> tuple[str, ...]:
    """:func:`_hot_runs` of the runs found.

    A run is hot when any of its pieces could hold a word of ``sets``: any run when a needle is numeric or a
    date (the decoded views are then always searched), a piece holding further escapes, a piece whose view
    holds a word, or, at the first level only, a base64 run nested in the piece that does. Each run is
    counted once, at its first hot piece.
    """
    hot: list[str] = []
    for run, pieces in runs:
        for piece in pieces:
            if (
                pr.any_canon
                or piece.escapes
                or _holds_word(piece.view, sets)
                or (depth < 2 and any(_holds_word(v, sets) for v in piece.nested))
            ):
                hot.append(run.decode())
                break
    return tuple(hot)


def _holds_word(view: bytes, sets: Sequence[tuple[bytes, ...]]) -> bool:
    """Whether a decoded view holds any word of any needle of ``sets`` (a base64 run's piece is hot)."""
    return any(view.find(t) >= 0 for toks in sets for t in toks)


def _text_may_hit(decoded: str, sets: Sequence[tuple[bytes, ...]], pr: _Probe) -> bool:
    """Whether text decoded from the whole serialisation (entities or percent-escapes) may add a hit:
    it holds every word of a needle, escapes of another kind, or a base64 run that may (the scan
    decodes base64 inside a decoded view too)."""
    if not decoded.isascii() or "%" in decoded or "&" in decoded or "\\" in decoded:
        return True
    low = decoded.lower().encode()
    if any(all(low.find(t) >= 0 for t in toks) for toks in sets):
        return True
    stripped = _SEPARATOR_RE.sub(b"", low)
    if any(all(stripped.find(t) >= 0 for t in toks) for toks in sets):
        return True
    return bool(_hot_runs(decoded.encode(), pr, sets, json=False, depth=2))
