"""A field outside the named input that restates it: an unlisted input, not a leak.

With ``--derive-from`` the owner names the fields the task is answered from, and mining tests what rides with the label
*outside* them. A field outside the list may still carry the input's own information: a series' ``title`` that is the
first words of its ``description`` (the named input), a ``subject`` line copied from the message body. Its values
predict the label exactly as the input does — a model reading the description reads the title's words there too — so
they pass mining's test, on every record, and a clean dataset is called leaking on all of its records (ds12's
``records_retention``: 140 of 140, the scan's exit 1).

Such a field is told by what it holds on each record, not by what it predicts (:class:`Restated`): on nearly every
record holding it (:data:`RESTATES`), its words are the same record's input words (the last word may be cut short, a
title truncated mid-word: a prefix of an input word), and it holds many distinct values (:data:`VARIETY` per label over
the labels): a restatement of many different inputs, not a code set per label. A real leak whose words the input also
uses is neither:

* an upstream tagger's label word (``Dock or trailer``) that the narrative also uses, or a rider one value per label,
  holds a handful of values, one per label at most: the variety test fails, and its findings stand;
* a planted code, a file name or a paraphrase of the outcome holds words no input holds (``jpg``, ``-NFA``,
  ``approved``) on most records: the restatement test fails.

Its mined findings become review findings (``correlated.mined`` at ``low``: the scan's exit is 0) that say what to
do: name the field in ``--derive-from`` (it is the input) or remove it. Its candidates are tested apart from the
riders (their own correction), as the named input's are not tested at all: the many strong values of a restated input
would otherwise loosen the Benjamini-Hochberg correction for every other candidate (ds12: a reviewer's surname on 6
records of one label passed at q = 0.006 beside the title's 140 values; alone it does not). Only mined evidence is
judged here: a label written in such a field is still read by the per-item rules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from windtunnel.leakage.input_explained import InputWords, words_of
from windtunnel.leakage.pointers import scalar_leaves

RESTATES = 0.9
"""A field is an unlisted input when on at least this share of the records holding it its words are the input's."""
MIN_RECORDS = 12
"""Fewer records holding a field than this say nothing about what it holds."""
VARIETY = 2
"""An unlisted input holds at least this many distinct values per label, counted over the labels (a restatement of many
inputs, not a code set one value per label; a rare label whose records all share one cut title does not undo it)."""
SIMILAR = 0.1
"""The records whose input holds a restatement's words share its holders' majority label at their purity less this at
least: the input tells what the restatement tells."""
MAX_WORDS = 40
"""A string of more words than this is a text of its own, not a restatement of the input (a note, a message)."""
_CODE = re.compile(r"\d")
"""A value holding a digit is a code or a quantity, not the input's words restated."""
_LETTERS = 4
"""A restatement carries this many letters at least."""
_PREFIX = 1
"""A last word cut short must keep this many letters to be read as a prefix of an input word (a title cut at a fixed
width keeps what it keeps: ``… kept b``)."""


def restates(text: str, words: InputWords) -> bool:
    """Whether ``text`` is made of the input ``words``: each of its words is one of them, its last word possibly cut
    short (a prefix of one)."""
    if _CODE.search(text):
        return False  # a code (``32B04``, ``RS/FIN/504``) has no words: its letters are no restatement
    mine = words_of(text)
    if not mine or len(mine) > MAX_WORDS or not words or sum(map(len, mine)) < _LETTERS:
        return False
    if len(mine) == 1:
        return mine[0] in words  # one word: written whole, not a letter or two that begin some input word
    *head, last = mine
    if not all(w in words for w in head):
        return False
    return last in words or (len(last) >= _PREFIX and any(w.startswith(last) for w in words))


@dataclass
class _Field:
    """What one field template held across the records: how many hold it, how many restate, their distinct values."""

    held: int = 0
    restated: int = 0
    values: dict[str, set[str]] = field(default_factory=dict)
    """Per label: the distinct values restating the input."""


@dataclass
class Restated:
    """The fields outside the named input that restate it (module docstring), counted item by item (:meth:`add`)."""

    fields: dict[str, _Field] = field(default_factory=dict)
    words: list[dict[str, InputWords]] = field(default_factory=list)
    """Per item: the words of each of its strings outside the input that restate it, per template (to place a word
    mined anywhere)."""
    inputs: list[InputWords] = field(default_factory=list)
    """Per item: its input's words."""
    labels: list[str] = field(default_factory=list)
    """Per item: its label."""
    said: list[list[tuple[str, str]]] = field(default_factory=list)
    """Per item: its strings outside the input that restate it, (template, value case-folded) each."""
    holders: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    """(template, value case-folded) → the items whose value there restates their input."""
    runs: list[frozenset[tuple[str, str]]] = field(default_factory=list)
    """Per item: the pairs of words its input writes one after the other (a string copied out of it keeps them)."""
    _found: dict[str, float] | None = None
    _told: dict[tuple[str, tuple[int, ...], bool], bool] = field(default_factory=dict)

    def add(self, label: str, projection: Any, input_words: InputWords, outside: Any) -> None:
        """Count one item: its strings outside the input (``outside(pointer)``), each against its ``input_words``."""
        self.labels.append(label)
        self.inputs.append(input_words)
        mine: dict[str, set[str]] = {}
        said_here: list[tuple[str, str]] = []
        self.said.append(said_here)
        self.runs.append(
            frozenset(
                pair
                for pointer, value in scalar_leaves(projection)
                if isinstance(value, str) and not outside(pointer)
                for pair in pairwise(words_of(value))
            )
        )
        seen: set[str] = set()
        for pointer, value in scalar_leaves(projection):
            if not isinstance(value, str) or not outside(pointer):
                continue
            template = _template(pointer)
            said = restates(value, input_words)
            if said:
                mine.setdefault(template, set()).update(words_of(value))
                said_here.append((template, value.casefold()))
                self.holders.setdefault((template, value.casefold()), []).append(len(self.inputs) - 1)
            if template in seen:
                continue  # one count per record and field (a list's first element stands for the field)
            seen.add(template)
            f = self.fields.setdefault(template, _Field())
            f.held += 1
            if said:
                f.restated += 1
                mine_values = f.values.setdefault(label, set())
                if len(mine_values) < VARIETY * 64:  # enough to count (VARIETY per label over the labels)
                    mine_values.add(value.casefold())
        self.words.append({t: frozenset(w) for t, w in mine.items()})

    def unlisted(self) -> dict[str, float]:
        """The unlisted inputs: template → the share of its records whose value restates the input (computed once,
        after the last :meth:`add`)."""
        if self._found is not None:
            return self._found
        self._found = {
            t: f.restated / f.held
            for t, f in sorted(self.fields.items())
            if f.held >= MIN_RECORDS
            and f.restated >= RESTATES * f.held
            and sum(map(len, f.values.values())) >= VARIETY * max(len(set(self.labels)), 2)
        }
        return self._found

    def inside(
        self,
        keys: Iterable[tuple[str, str, str]],
        items: Mapping[tuple[str, str, str], Sequence[int]],
        viewed: Set[tuple[str, str, str]] = frozenset(),
    ) -> bool:
        """Whether the candidates ``keys`` (one test: held by the same items) are an unlisted input's restatement
        (``items``: each key's items): each lies in an unlisted input (a value at one, or a word mined anywhere that
        every item holding it holds in one) and restates the input of every item holding it, as the field's value
        does (:func:`restates`). A code planted beside the copied words (``spo-`` in ``spo-hawks-trade-veteran``) is
        in no input, and stays a rider. A word read only in a decoded view (``viewed``: a title's letters read as
        base64) is placed by the others of its test; a field's book (kind ``field``) by its values."""
        fields = set(self.unlisted())
        if not fields:
            return False
        placed = told = False
        for key in keys:
            kind, pointer, _value = key
            if kind == "field":
                continue
            holders = items.get(key, ())
            if pointer and _template(pointer) not in fields:
                return False
            if self.restating(key, holders, tell=False):
                placed = True
                told = told or self.restating(key, holders)
            elif key not in viewed:
                return False
        return placed and told

    def restating(self, key: tuple[str, str, str], holders: Iterable[int], *, tell: bool = True) -> bool:
        """Whether the candidate ``key`` (kind, pointer or ``""`` for anywhere, text), held by the items ``holders``,
        is in an unlisted input on each of them (at its field, or among the words it holds there), made of that
        item's input words, and (``tell``) told by the input as well (:meth:`told`)."""
        fields = set(self.unlisted())
        _kind, pointer, value = key
        needed = set(words_of(value))
        if not fields or not needed or (pointer and _template(pointer) not in fields):
            return False
        at = sorted(set(holders))
        for i in at:
            if pointer:
                if not restates(value, self.inputs[i]):
                    return False
                continue
            # a word mined anywhere: among the words of a string of an unlisted input that restates the input here
            there = frozenset().union(*(w for t, w in self.words[i].items() if t in fields))
            if not needed <= there:
                return False
        return bool(at) and (not tell or self.told(value, at))

    def told(self, text: str, holders: Sequence[int], *, strings: bool = True) -> bool:
        """Whether the input tells what ``text`` held by the items ``holders`` tells: the items whose input holds its
        words (a last word cut short aside) share the holders' majority label at their purity at least (less
        :data:`SIMILAR`); or (``strings``) each holder holds it inside a restating string the input tells so (a title's
        word ``files``, common in the descriptions, inside ``Tenancy case files kept``). A label word an upstream
        tagger copied out of a narrative that names every label's word restates the input but is not told by it: a
        leak, not a restatement."""
        key = (text.casefold(), tuple(holders), strings)
        got = self._told.get(key)
        if got is None:
            every = words_of(text)
            words = every
            if words and not all(words[-1] in self.inputs[i] for i in holders):
                words = words[:-1]  # a last word cut short (a title cut mid-word): the whole words say it
            got = bool(words) and self._place_tells(set(words), holders)
            if not got and strings and every:
                needed = set(every)
                got = all(
                    any(
                        needed <= set(words_of(v))
                        and self._copied(v, i)
                        and self.told(v, self.holders[(t, v)], strings=False)
                        for t, v in self.said[i]
                    )
                    for i in holders
                )
            self._told[key] = got
        return got

    def _copied(self, text: str, i: int) -> bool:
        """Whether ``text`` is a run of the item ``i``'s input: each two words of it one after the other there too (a
        last word cut short aside). A string held by one record tells its label whatever it holds (the records whose
        input holds its words are that record): it tells what the input tells only where it copies it, a title cut
        from the description, not a summary that appends the label's word to words of the input."""
        words = words_of(text)
        if words and words[-1] not in self.inputs[i]:
            words = words[:-1]
        return set(pairwise(words)) <= self.runs[i]

    def _place_tells(self, needed: set[str], holders: Sequence[int]) -> bool:
        """Whether the items whose input holds ``needed`` share the majority label of ``holders`` at its purity (less
        :data:`SIMILAR`)."""
        counts = Counter(self.labels[i] for i in holders)
        label, top = max(sorted(counts.items()), key=lambda kv: kv[1])
        place = [r for r, ws in enumerate(self.inputs) if needed <= ws]
        return bool(place) and sum(self.labels[r] == label for r in place) / len(place) >= top / len(holders) - SIMILAR


def _template(pointer: str) -> str:
    """``pointer`` with list indices as ``*``."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def restated_of(projections: Iterable[tuple[str, Any]], derive_from: Sequence[str], inside: Any) -> Restated:
    """The fields of a dataset restating its named input, counted over its items (``(label, projection)`` each;
    ``inside(pointer, derive_from)`` locates the named input)."""
    restated = Restated()
    for label, projection in projections:
        words = frozenset(
            w
            for p, v in scalar_leaves(projection)
            if isinstance(v, str) and inside(p, derive_from)
            for w in words_of(v)
        )
        restated.add(label, projection, words, lambda p: not inside(p, derive_from))
    return restated
