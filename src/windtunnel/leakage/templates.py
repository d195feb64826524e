"""A text filled in with the record's own words, read as its template: what mining counts as one value.

A sentence a tool or a writer fills in per record — ``Sounds like a long shot for Nguyen this week.``,
``2024-345_LTR_AWARD_STD.docx``, ``Tuna Fried Rice - a fish-night favourite`` — repeats word for word across
records but for the words it takes from the record itself: the player's name its ``/player/name`` holds, the
grant's id its ``/proposal/grant_id`` holds, the dish its title holds. Written as is, each record's text is its own
value and nothing repeats; with those words masked (:func:`masked_template`), every record of a template holds one
value, and a template chosen by the label rides with the label like any code (:mod:`.mine`). A text whose words
are its own (an author's note) masks to a text of its own, as before.

The record's own words are those of its short strings (:data:`OWN_WORDS` words at most: names, ids, titles, codes)
at another place than the text: a word of three letters or more, and a short value holding a digit as a whole
(an id, ``2024-345``). Numbers alone are not masked (a count the text repeats is the text's own: ``40 off``). A short
string of two words or more is masked whole where another text holds it (a site ``DC Daventry``: its two-letter ``DC``
too), not in a text that is that string whole (a copy keeps the words' masking).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

OWN_WORDS = 4
"""A string of at most this many words lends its words to the record's other texts (a name, an id, a title)."""
PLACEHOLDER = "…"
"""What a masked word becomes in a template."""

_WORD = re.compile(r"[^\W\d_]{3,}")
_HAS_DIGIT = re.compile(r"\d")
_NEVER = re.compile(r"(?!)")
_RUN = re.compile(r"[^\W_]+")
_MIN_ID = 4
"""A short value holding a digit masks as a whole when it has at least this many characters (not ``4B``)."""


class OwnWords:
    """The record's own words: per word (case folded) and per id, how many of its strings hold it."""

    def __init__(self, strings: Iterable[str]) -> None:
        self.words: Counter[str] = Counter()
        self.ids: Counter[str] = Counter()
        self._patterns: dict[frozenset[str], re.Pattern[str]] = {}
        self._found: dict[tuple[str, ...], re.Pattern[str]] = {}
        self._by_runs: dict[tuple[str, ...], list[str]] = {}
        self._order: dict[str, int] = {}
        self._run_counts: list[int] = []
        self.phrases: Counter[str] = Counter()
        """The record's short strings of two words or more (case folded), each masked whole where a text holds it."""
        self._phrase_pattern: re.Pattern[str] | None = None
        self.tried = 0
        """Ids tried on the texts so far (a work counter: each text tries the ids its own runs of letters and
        digits could spell, not every id of the record)."""
        for s in strings:
            words, ids = _lent(s)
            self.words.update(words)
            self.ids.update(ids)
            if words and len(s.split()) > 1:
                self.phrases[_phrase(s)] += 1

    def masked(self, text: str) -> str | None:
        """``text`` with the words and ids other strings of the record hold masked (:data:`PLACEHOLDER`), or None
        when nothing is (no other string lends it a word)."""
        if not self.words and not self.ids:
            return None
        words, ids = _lent(text)
        out = self._phrases_masked(text)
        if self.ids:
            # a text that is itself a short id lends it: only the ids other strings hold are masked in it
            alone = frozenset(i for i in ids if self.ids[i] == 1)
            out = self._ids_masked(out, alone)
        out = _WORD.sub(
            lambda m: PLACEHOLDER if self.words[k := m.group().casefold()] > (k in words) else m.group(), out
        )
        return out if out != text else None

    def _phrases_masked(self, text: str) -> str:
        """``text`` with the short strings of two words or more that another string of the record holds masked whole
        where they stand (a site ``DC Daventry`` in ``Casi accidente en DC Daventry: …``: its short words too)."""
        if not self.phrases:
            return text
        if self._phrase_pattern is None:
            lent = sorted(self.phrases, key=len, reverse=True)
            self._phrase_pattern = re.compile(
                r"(?<![^\W_])(?:" + "|".join(r"\s+".join(map(re.escape, p.split())) for p in lent) + r")(?![^\W_])",
                re.IGNORECASE,
            )
        own = _phrase(text)  # a text that is such a string whole (a copy) is left to the words' masking below
        return self._phrase_pattern.sub(lambda m: m.group() if _phrase(m.group()) == own else PLACEHOLDER, text)

    def _ids_masked(self, text: str, alone: frozenset[str]) -> str:
        """``text`` with the ids of the record but ``alone`` masked where they stand whole (not inside a longer run
        of letters and digits), the longest first.

        An ASCII text is searched only for the ids its runs of letters and digits spell: an id standing whole in it
        has each of its runs as a whole run of the text, in a row, so the ids are indexed by their runs and a text
        looks up its own (linear in the text, however many ids the record holds); those few are matched as the one
        pattern of every id would (the same order). A text with other characters (where case folds less simply) is
        matched against every id."""
        if not text.isascii():
            return self._all_masked(text, alone)
        if not self._order:
            self._order = {i: n for n, i in enumerate(self.ids)}
            for i in self.ids:
                self._by_runs.setdefault(tuple(_RUN.findall(i)), []).append(i)
            self._run_counts = sorted({len(k) for k in self._by_runs})
        runs = _RUN.findall(text.lower())
        found: set[str] = set()
        for k in self._run_counts:
            for n in range(len(runs) - k + 1):
                hit = self._by_runs.get(tuple(runs[n : n + k]))
                if hit is not None:
                    found.update(hit)
        found -= alone
        if not found:
            return text
        self.tried += len(found)
        lent = tuple(sorted(found, key=lambda i: (-len(i), self._order[i])))
        pattern = self._found.get(lent)
        if pattern is None:
            pattern = self._found[lent] = _ids_pattern(lent)
        return pattern.sub(PLACEHOLDER, text)

    def _all_masked(self, text: str, alone: frozenset[str]) -> str:
        """``text`` with every id of the record but ``alone`` masked (one pattern per ``alone``)."""
        pattern = self._patterns.get(alone)
        if pattern is None:
            lent = sorted((i for i in self.ids if i not in alone), key=len, reverse=True)
            pattern = self._patterns[alone] = _ids_pattern(lent) if lent else _NEVER
        self.tried += len(self.ids)
        return pattern.sub(PLACEHOLDER, text)


def _ids_pattern(lent: Iterable[str]) -> re.Pattern[str]:
    """The ids ``lent`` (in the order tried) where each stands whole, case ignored."""
    return re.compile(r"(?<![^\W_])(?:" + "|".join(re.escape(i) for i in lent) + r")(?![^\W_])", re.IGNORECASE)


def splitting(holders: Mapping[K, Collection[int]], masked_from: Mapping[K, Iterable[K]]) -> set[K]:
    """The templates (keys of ``masked_from``, each with the texts it was read from) that split a text: some item
    holding the text (``holders``: the items holding each key) does not hold the template (a constant prompt whose
    one word a record's title lends on some records only). A template merges texts a record's own words made apart;
    one that splits a text carries the lending field's signal into it (the title's words, the task's input), not a
    template's, so mining does not test it and the blind agent does not read it. Label-free: structure only."""
    out: set[K] = set()
    for key, raws in masked_from.items():
        mine = holders.get(key)
        if mine is None:
            continue
        have = set(mine)
        if any(not have.issuperset(holders.get(raw, ())) for raw in raws):
            out.add(key)
    return out


def _phrase(s: str) -> str:
    """``s`` as a lent short string is compared: blanks and case folded."""
    return " ".join(s.split()).casefold()


def _lent(s: str) -> tuple[set[str], set[str]]:
    """The words and the id a string lends to the record's other texts (none when it is longer than a short value)."""
    stripped = s.strip()
    if not stripped or len(stripped.split()) > OWN_WORDS:
        return set(), set()
    words = {w.casefold() for w in _WORD.findall(stripped)}
    ids = {stripped.casefold()} if len(stripped) >= _MIN_ID and _HAS_DIGIT.search(stripped) else set()
    return words, ids


__all__ = ["OWN_WORDS", "PLACEHOLDER", "OwnWords", "splitting"]
