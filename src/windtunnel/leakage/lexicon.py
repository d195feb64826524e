"""The label lexicon: other words for the labels of common eval label sets, read from ``lexicon.json``.

A human reader accepts ``unfavourable`` for ``Negative``, ``junk mail`` for ``Spam``, ``Niedrig`` or
``ロー`` for ``Low`` and ``엑스엘`` for ``XL``; the auditor matches exactly what it is told to. The
lexicon is a data file (not code) of concepts grouped in families (``level``: critical, high, medium,
low, urgent, emergency, routine; ``sentiment``; ``size``; ``decision``: yes / no; ``spam``;
``ticket_category`` and intents; ``outcome``: pass / fail; ``rag_status``; ``safety`` and toxicity;
``correctness`` and relevance; ``ticket_status``), each concept a list of words per language (English
synonyms and paraphrases; es, fr, de, pt, it, nl, pl, ru, ja with its katakana loanwords, ko with its
hangul loanwords, zh), and the numbers 0 to 10 in those languages for a numeric scale.
It is loaded once.

**A label set picks one family.** A label names a concept when it is the concept's key or one of its
words (in any language: ``{Niedrig, Mittel, Hoch}`` is the level family too); the family is the one
that most labels of the set name (two at least, and half the set or more), so ``Medium`` reads as a
level in ``{Low, Medium, High}`` and as a size in ``{S, M, L}``. Each label then brings the other words
of its concept, except the words that the concept of another label of the set also holds (``緊急`` is
urgent in Chinese and emergency in Japanese: on ``{Routine, Urgent, Emergency}`` it is nobody's), the
other labels themselves, and words made only of the labels' words (``cancel`` for ``Cancel
Subscription``, ``spam`` for ``Not Spam``: a part of a label is matched as the label is, or not at
all). Two labels naming one concept (``{Critical, Blocker}``) give neither any word: an alias shared
by two labels is no evidence of either.

**Variants.** A word of several parts (``extra large``, ``sign-in``) is also written with its parts
joined by blanks or by hyphens and, for two parts, run together (``extra-large``, ``extralarge``); case,
width and accents are the views' business (``élevée`` matches ``ELEVEE``).

**Naming words** in other languages (``Priorität``, ``優先度``, ``카테고리``) extend the English naming
families of the mention policy (:mod:`.mention`), so ``優先度：ハイ`` names the task as ``Priority:
High`` does.

**Code systems** (``codes`` in the file) are public code systems a reader knows without being told:
syslog severities and their ``<PRI>``, the numeric levels of Python logging, Bunyan / pino, Log4j
and the Windows event log, the bands of CVSS, NPS, US AQI, UV index, BMI, FICO and Saffir-Simpson
scores, traffic-light colours with the hex values of common palettes, HL7 v2 tables (patient class,
admission type, abnormal flags, result status, priority, sex), ISO 5218, informal yes / no words,
star ratings read as sentiment, Likert points, P1–P4 / Sev1–Sev4 and letter grades. Each names its
``source`` and the words that name what its codes are (``naming``: ``severity``, ``level`` …), and
holds concepts with their ``codes`` (value spellings: ``3``, ``HH``, ``#ffbf00``, ``danger``) or the
``bands`` of a banded score (``[[4.0, 6.9]]`` at the system's ``step``) and, for a code written with
its own delimiters, ``marks`` (``<130>``). A label set picks the code systems that name most of its
labels (two at least, half the set or more), as it picks a family; a code that two labels of the set
would share is nobody's, and so is a code that is a label. A code is a derived spelling that counts
only as a value (a whole field, a key-value pair, a table cell, a field of a named segment, never a
word of prose; see :mod:`.scan`): under a name naming its code system, or, for a code that is not a
number, under the ties of any derived spelling; a mark says what it is by its delimiters and is
matched as the label is. A hex colour also matches without its ``#``, in its three-digit short form
and as an opaque ARGB value. A system with ``axes`` is a matrix deriving a label from two values of
one record (the ITIL priority from impact and urgency): :func:`label_matrices`, read by
:mod:`.matrix`.

Every lexicon alias is a *derived* spelling (:func:`windtunnel.leakage.aliases.derived_alias`): like a
number word of a scale it has ordinary senses (``high season``, ``low cost carrier``, ``critical
path``), so it states the label only under the same ties as other derived spellings: as a value under
a name naming the task or the answer (or a cryptic one), in prose with a naming word near it or a
statement about the record, never as a bare word or a bare phrase.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

_MIN_NAMED = 2
"""A family is picked when at least this many labels of the set name one of its concepts …"""


_MIN_LATIN = 3
"""A word of Latin letters shorter than this (``sí`` → ``si``, ``ja``) is a syllable of too many other
words and tags (``<si>``); the lexicon leaves it to the user's map."""


def _plain(word: str) -> str:
    """``word`` without its accents, as the accent-folded view shows it."""
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


def _key(text: str) -> str:
    """A word compared as written aside: case-folded, hyphens and blanks one blank."""
    return " ".join(text.casefold().replace("-", " ").replace("_", " ").split())


@lru_cache(maxsize=1)
def _data() -> dict[str, object]:
    """The lexicon file, parsed once."""
    text = resources.files("windtunnel.leakage").joinpath("lexicon.json").read_text(encoding="utf-8")
    data: dict[str, object] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def _families() -> dict[str, dict[str, tuple[str, ...]]]:
    """``{family: {concept: (word, …)}}``: every language's words of a concept in one tuple, without
    repeats. The concept's key (``account_access``) names it for a label but is no word of it."""
    raw = _data()["families"]
    assert isinstance(raw, dict)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for family, concepts in raw.items():
        out[family] = {}
        for concept, langs in concepts.items():
            words = {w.casefold(): w for ws in langs.values() for w in ws}
            out[family][_key(concept)] = tuple(words.values())
    return out


@lru_cache(maxsize=1)
def _naming() -> dict[str, tuple[str, ...]]:
    """``{English naming word: (its words in other languages, …)}``, case-folded."""
    raw = _data()["naming"]
    assert isinstance(raw, dict)
    return {k.casefold(): tuple(dict.fromkeys(w.casefold() for w in v)) for k, v in raw.items()}


@lru_cache(maxsize=1)
def _numbers() -> dict[int, tuple[str, ...]]:
    """``{n: (its words in other languages, …)}`` for 0 to 10 (``vier``, ``quatre``, ``四``)."""
    raw = _data()["numbers"]
    assert isinstance(raw, dict)
    out: dict[int, list[str]] = {}
    for words in raw.values():
        for n, w in enumerate(words):
            out.setdefault(n, []).append(w)
    return {n: tuple(dict.fromkeys(ws)) for n, ws in out.items()}


def number_words(n: int) -> tuple[str, ...]:
    """The other languages' words for the whole number ``n`` (empty above ten); a Latin word under three
    letters (``un``, ``um``) is left out, as a syllable of too many words."""
    return tuple(w for w in _numbers().get(n, ()) if not (len(_plain(w)) < _MIN_LATIN and _plain(w).isascii()))


def naming_translations(words: frozenset[str]) -> frozenset[str]:
    """The other languages' words for the English naming words in ``words`` (``priority`` →
    ``priorität``, ``優先度`` …), case-folded; empty for words the lexicon does not translate."""
    table = _naming()
    return frozenset(t for w in words for t in table.get(w, ()))


def _concept_of(label: str, concepts: dict[str, tuple[str, ...]]) -> str | None:
    """The concept a label names in one family: the concept whose key it is, else the one concept
    holding it as a word (``None`` when none does, or when two do)."""
    key = _key(label)
    if key in concepts:
        return key
    found = [c for c, words in concepts.items() if key in {_key(w) for w in words}]
    return found[0] if len(found) == 1 else None


@lru_cache(maxsize=512)
def _set_aliases(labels: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """``{label key: aliases}`` for one label set (see the module docstring); empty when no family fits.

    The family naming the most labels wins; it must name at least :data:`_MIN_NAMED` of them and half the
    set. Two labels falling on one concept get no aliases. An alias is kept only when it belongs to one
    concept of the labels, is not a label, is not made of the labels' own words, and is not a short ASCII
    word (under :data:`_MIN_LATIN` letters, too likely to be ordinary text); each is expanded to its written
    variants.
    """
    keys = [_key(lab) for lab in labels]
    family: dict[str, tuple[str, ...]] = {}
    named: dict[str, str] = {}
    for concepts in _families().values():
        here = {k: c for k, lab in zip(keys, labels, strict=True) if (c := _concept_of(lab, concepts))}
        if len(here) > len(named):
            family, named = concepts, here
    if len(named) < _MIN_NAMED or 2 * len(named) < len(set(keys)):
        return {}
    chosen = list(named.values())
    shared = {c for c in chosen if chosen.count(c) > 1}
    owners: dict[str, set[str]] = {}
    for c in set(chosen):
        for w in family[c]:
            owners.setdefault(_key(w), set()).add(c)
    label_keys = set(keys)
    label_words = {w for k in keys for w in k.split()}
    out: dict[str, tuple[str, ...]] = {}
    for k, c in named.items():
        if c in shared:
            continue
        words = [
            w
            for w in family[c]
            if owners[_key(w)] == {c}
            and _key(w) not in label_keys
            and not set(_key(w).split()) <= label_words
            and not (len(_plain(w)) < _MIN_LATIN and _plain(w).isascii())
        ]
        out[k] = tuple(dict.fromkeys(v for w in words for v in _variants(w)))
    return out


def _variants(word: str) -> list[str]:
    """``word`` and, for a word of several parts, the parts joined by blanks, by hyphens and, for two
    parts, run together (``extra large`` → ``extra-large``, ``extralarge``; ``sign-in`` → ``sign in``)."""
    parts = word.replace("-", " ").split()
    if len(parts) < 2:
        return [word]
    out = [word, " ".join(parts), "-".join(parts)]
    if len(parts) == 2:
        out.append("".join(parts))
    return list(dict.fromkeys(out))


class CodeSpellings(NamedTuple):
    """A label's spellings in the public code systems its label set picks (see the module docstring)."""

    named_codes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Value spellings (``3``, ``HH``, ``#ffbf00``, ``danger``), each with the words naming what the
    codes of its system are (``severity``, ``colour``; case-folded): they count only as values."""
    marks: tuple[str, ...] = ()
    """Spellings with their own delimiters (``<130>``): they say what they are, matched as the label."""

    @property
    def codes(self) -> tuple[str, ...]:
        """The value spellings without their naming words."""
        return tuple(c for c, _names in self.named_codes)


_Concepts = dict[str, tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]]
"""``{concept: (the label keys naming it, its codes, its marks)}``."""


@lru_cache(maxsize=1)
def _code_systems() -> dict[str, tuple[tuple[str, ...], _Concepts, int]]:
    """``{system: (naming words, {concept: (label keys naming it, codes, marks)}, labels it needs)}``,
    from ``codes``. A banded score gives every number a band, so a label set is its labels only when it
    names every band but one at most (``{Low, Medium, High}`` is no CVSS rating); another system needs
    two labels (and half the set, as a family does)."""
    raw = _data().get("codes", {})
    assert isinstance(raw, dict)
    out: dict[str, tuple[tuple[str, ...], _Concepts, int]] = {}
    for system, body in raw.items():
        if "axes" in body:
            continue  # a matrix of two values (:func:`label_matrix`), not codes
        concepts = {
            _key(c): (
                frozenset({_key(c), *(_key(w) for w in spec.get("words", ()))}),
                tuple(
                    v
                    for code in (*spec.get("codes", ()), *_band_codes(spec.get("bands", ()), body.get("step", 1)))
                    for v in _code_variants(code)
                ),
                tuple(spec.get("marks", ())),
            )
            for c, spec in body["concepts"].items()
        }
        banded = any("bands" in spec for spec in body["concepts"].values())
        needs = max(_MIN_NAMED, len(concepts) - 1) if banded else _MIN_NAMED
        out[system] = (tuple(dict.fromkeys(w.casefold() for w in body["naming"])), concepts, needs)
    return out


def _band_codes(bands: Sequence[Sequence[float]], step: float) -> list[str]:
    """Every number of the bands ``[[low, high], …]`` (both ends included) at the system's ``step``
    (``1`` or ``0.1``), as a record writes it: ``7``, ``7.0`` and ``7.1`` (a score of a banded scale,
    such as a CVSS base score or an AQI)."""
    tenths = step < 1
    out: list[str] = []
    for low, high in bands:
        scale = 10 if tenths else 1
        for n in range(round(low * scale), round(high * scale) + 1):
            if tenths:
                out.append(f"{n / 10:.1f}")
            if n % scale == 0:
                out.append(str(n // scale))
    return out


_HEX = re.compile(r"#([0-9a-f]{6})")


def _code_variants(code: str) -> list[str]:
    """``code`` and, for a hex colour, the same colour as other notations write it: without ``#``, in
    the three-digit short form when it has one (``#44cc11`` → ``#4c1``) and as opaque ARGB
    (``ff44cc11``, a spreadsheet's fill)."""
    m = _HEX.fullmatch(code.casefold())
    if m is None:
        return [code]
    h = m.group(1)
    out = [code, h, f"ff{h}"]
    if h[0::2] == h[1::2]:
        out += [f"#{h[0::2]}"]
    return out


@lru_cache(maxsize=512)
def _set_codes(labels: tuple[str, ...]) -> dict[str, CodeSpellings]:
    """``{label key: its code spellings}`` for one label set; empty when no code system fits it.

    A code system fits when it names, each by exactly one concept, at least its ``needs`` labels and at
    least half of the set; only the systems naming the most labels are kept (several may tie). A code is
    given to a label only when no other label of the set owns that spelling in any fitting system and it is
    not itself a label (``1`` owned by two labels says nothing). Each code carries the naming words of the
    systems that give it, so ``1`` is tied to ``Low`` only where ``cvss`` is named; marks need no naming.
    """
    keys = [_key(lab) for lab in labels]
    fitting: list[tuple[tuple[str, ...], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]] = []
    best = 0
    for naming, concepts, needs in _code_systems().values():
        named: dict[str, str] = {}
        for k in set(keys):
            found = [c for c, (names, _codes, _marks) in concepts.items() if k in names]
            if len(found) == 1:
                named[k] = found[0]
        chosen = list(named.values())
        named = {k: c for k, c in named.items() if chosen.count(c) == 1}
        if len(named) < needs or 2 * len(named) < len(set(keys)) or len(named) < best:
            continue
        if len(named) > best:
            best, fitting = len(named), []
        fitting.append(
            (
                naming,
                {k: concepts[c][1] for k, c in named.items()},
                {k: concepts[c][2] for k, c in named.items()},
            )
        )
    owners: dict[str, set[str]] = {}
    for _naming, system_codes, system_marks in fitting:
        for k, spellings in (*system_codes.items(), *system_marks.items()):
            for s in spellings:
                owners.setdefault(_key(s), set()).add(k)
    label_keys = set(keys)

    def own(k: str, spellings: tuple[str, ...]) -> list[str]:
        return [s for s in spellings if owners[_key(s)] == {k} and _key(s) not in label_keys]

    out: dict[str, CodeSpellings] = {}
    for k in label_keys:
        # A code is tied by the naming words of the systems that give it (``1`` is a CVSS score of
        # ``Low`` under ``cvss``, not under ``priority``, the name of another system of the set).
        codes: dict[str, list[str]] = {}
        for naming, system_codes, _m in fitting:
            for code in own(k, system_codes.get(k, ())):
                codes.setdefault(code, []).extend(naming)
        marks = [s for _n, _c, m in fitting for s in own(k, m.get(k, ()))]
        if codes or marks:
            out[k] = CodeSpellings(
                tuple((c, tuple(dict.fromkeys(names))) for c, names in codes.items()), tuple(dict.fromkeys(marks))
            )
    return out


class Matrix(NamedTuple):
    """A public matrix deriving a label from two values of a record (the ITIL priority from impact and
    urgency): the names of its two axes, the words of an axis value's rank, and the rank pairs giving
    the label."""

    axes: tuple[str, str]
    ranks: dict[str, int]
    pairs: frozenset[tuple[int, int]]


@lru_cache(maxsize=512)
def _set_matrices(labels: tuple[str, ...]) -> dict[str, tuple[Matrix, ...]]:
    """``{label key: the matrices giving it}`` for one label set: a matrix system fits the set as a
    banded code system does (its concepts named once each, every one but one at most, half the set or
    more)."""
    raw = _data().get("codes", {})
    assert isinstance(raw, dict)
    keys = {_key(lab) for lab in labels}
    out: dict[str, list[Matrix]] = {}
    for body in raw.values():
        axes = body.get("axes")
        if axes is None:
            continue
        concepts = {
            _key(c): {_key(c), *(_key(w) for w in spec.get("words", ()))} for c, spec in body["concepts"].items()
        }
        named = {k: found[0] for k in keys if len(found := [c for c, ws in concepts.items() if k in ws]) == 1}
        chosen = list(named.values())
        named = {k: c for k, c in named.items() if chosen.count(c) == 1}
        if len(named) < max(_MIN_NAMED, len(concepts) - 1) or 2 * len(named) < len(keys):
            continue  # a matrix gives every pair a label: its set names every label but one at most
        specs = {_key(c): spec for c, spec in body["concepts"].items()}
        first, second = axes["names"]
        ranks = {_key(w): int(r) for w, r in axes["ranks"].items()}
        for k, c in named.items():
            pairs = frozenset((int(a), int(b)) for a, b in specs[c]["pairs"])
            out.setdefault(k, []).append(Matrix((first.casefold(), second.casefold()), ranks, pairs))
    return {k: tuple(v) for k, v in out.items()}


def label_matrices(label: str, label_set: Sequence[str]) -> tuple[Matrix, ...]:
    """The public matrices that derive ``label`` from two values of a record within ``label_set``
    (none without a set of two labels or more, or when no matrix fits it)."""
    if len(label_set) < 2:
        return ()
    return _set_matrices(tuple(label_set)).get(_key(label), ())


def code_spellings(label: str, label_set: Sequence[str]) -> CodeSpellings:
    """``label``'s spellings in the public code systems that ``label_set`` picks (none without a set
    of two labels or more, or when no code system fits it): its codes with the words naming what they
    are, and its marks."""
    if len(label_set) < 2:
        return CodeSpellings()
    return _set_codes(tuple(label_set)).get(_key(label), CodeSpellings())


def lexicon_aliases(label: str, label_set: Sequence[str]) -> tuple[str, ...]:
    """The lexicon's other words for ``label`` within ``label_set`` (empty without a set of two labels
    or more, or when no family fits the set, or when the word is ambiguous in it)."""
    if len(label_set) < 2:
        return ()
    return _set_aliases(tuple(label_set)).get(_key(label), ())


@lru_cache(maxsize=512)
def _all_aliases(labels: tuple[str, ...]) -> frozenset[str]:
    """Every lexicon alias of every label of the set, keyed as written aside."""
    return frozenset(_key(a) for words in _set_aliases(labels).values() for a in words)


def is_lexicon_alias(alias: str, label_set: Sequence[str]) -> bool:
    """``alias`` is a lexicon word of some label of ``label_set`` (a derived spelling: see the module)."""
    return len(label_set) >= 2 and _key(alias) in _all_aliases(tuple(label_set))
