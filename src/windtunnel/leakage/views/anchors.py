"""The decoders' anchors, found in one pass: which gates of the pre-check cannot hold.

The pre-check (:mod:`windtunnel.leakage.prefilter`) asks each decoder it does not model whether it may
add a hit (``blob_marker``, then ``blob_may_hit``) and checks the views it models (rotation, spelled
letters) itself. Each of those gates is a pass over the serialised projection (~1 µs per KB: a search,
or a regex stopping at every capital, rare letter or digit), and on most items every one says no.
Decoders that declare anchors (:class:`~windtunnel.leakage.views.registry.Decoder`: ``blob_anchors``,
``word_anchors``) are asked together instead:

* the marker literals of every decoder are one automaton, searched once per item;
* the anchors of one needle word under every decoder (the word reversed, under each substitution, spelled
  with each separator …) are one automaton per word, built once per word and searched once per item.

Each automaton is an Aho-Corasick search with a SIMD prefilter (``ahocorasick_rs``, leftmost-first: about
the cost of one ``bytes.find`` for up to :data:`MAX_TEDDY` literals). :func:`absent` returns the
decoders whose anchors are all absent from the lowercased serialisation, and the pre-check skips their
gates; a decoder with an anchor present is asked exactly as before, so the pass decides nothing a gate
did not (``tests/leakage/test_leak_anchors.py`` checks every built-in's anchors against its gate).

The answer is exact: a leftmost-first search reports a match wherever any literal occurs, but may hide a
literal overlapping the one it reports, so where the fast search finds anything the other literals are
looked for inside the reported matches (:meth:`_Literals.present`). A word's automaton (~20–40 µs to
build, ~80 KB) is made on the word's second sighting, for at most :data:`MAX_WORDS` words: a word seen
once is checked by the gates as before, so a dataset of distinct answers does not pay builds it cannot
recoup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import ahocorasick_rs

from windtunnel.leakage.views.registry import DECODERS, Decoder, generation

MAX_TEDDY = 64
"""Literals per automaton: up to this many the search runs its SIMD prefilter (~0.3–0.5 µs over a
1.3 KB ticket); past it one pass costs ~2 µs, so more literals are split over more automata."""
MAX_WORDS = 256
"""Needle words whose automata are kept (~80 KB each: ~20 MB at most). Past it a new word is not indexed
(its needle sets are asked through the gates as before): dropping indexes to make room would rebuild
them over and over on a dataset with more recurring words than this."""
MAX_SETS = 4096
"""Needle sets whose combined searches are kept (a few hundred bytes each: the words' automata are shared)."""
_UNSAFE = (b",", b"{")
"""Bytes an anchor must not hold: the pre-check's lowercased text may read ``{`` as ``,``
(``prefilter._LOWER_KEYS``), and a literal holding neither occurs in both texts at the same places."""


class _Literals:
    """The literals of some decoders, searched in one pass: which of those decoders have one present."""

    __slots__ = ("_names", "_patterns", "anchored", "fast")

    def __init__(self, by_name: dict[str, tuple[bytes, ...]]) -> None:
        """Index ``by_name`` (decoder name → its literals; a decoder with none is anchored, never present).

        A literal shared by several decoders is searched once and reports all of them. The literals are split
        over automata of at most :data:`MAX_TEDDY` each, so every search keeps its SIMD prefilter; leftmost-first
        matching and the contiguous NFA keep each automaton small.
        """
        owners: dict[bytes, set[str]] = {}
        for name, literals in by_name.items():
            for lit in literals:
                owners.setdefault(lit, set()).add(name)
        self.anchored = frozenset(by_name)
        """The decoders this index can rule out."""
        self._patterns = sorted(owners)
        self._names = tuple(frozenset(owners[p]) for p in self._patterns)
        self.fast = tuple(
            ahocorasick_rs.BytesAhoCorasick(
                self._patterns[i : i + MAX_TEDDY],
                matchkind=ahocorasick_rs.MatchKind.LeftmostFirst,
                implementation=ahocorasick_rs.Implementation.ContiguousNFA,  # the smallest (~80 KB)
            )
            for i in range(0, len(self._patterns), MAX_TEDDY)
        )

    def present(self, text: bytes) -> frozenset[str]:
        """The decoders with a literal in ``text``.

        Each fast search reports non-overlapping leftmost matches; a literal it hides starts inside a
        reported match (one starting before it would have been reported first), so each other literal
        is looked for there, by a ``find`` bounded to that window, until every decoder is found."""
        found: set[str] = set()
        names, patterns = self._names, self._patterns
        for chunk, fast in enumerate(self.fast):
            matches = fast.find_matches_as_indexes(text)
            if not matches:
                continue
            base = chunk * MAX_TEDDY
            for i, _start, _end in matches:
                found |= names[base + i]
            for _i, start, end in matches:
                if found >= self.anchored:
                    return frozenset(found)
                for j, pattern in enumerate(patterns):
                    if not names[j] <= found and text.find(pattern, start, end - 1 + len(pattern)) >= 0:
                        found |= names[j]
        return frozenset(found)


_NOTHING = _Literals({})
"""The index of a word no decoder anchors (or one seen once: not built yet)."""


class _Combined(NamedTuple):
    """What :func:`absent` needs for one needle set (words): its searches and the answer when none
    finds anything."""

    fast: tuple[ahocorasick_rs.BytesAhoCorasick, ...]
    """Every fast search: the marker literals' and each word's."""
    skip: frozenset[str]
    """The decoders ruled out when no search finds anything."""
    indexes: tuple[_Literals, ...]
    """The words' indexes (each word's decoders present, where a search found something)."""
    anchored: frozenset[str]
    """The decoders every word's index anchors."""


class _State:
    """The indexes made for one registry (rebuilt when a decoder is registered or removed)."""

    __slots__ = ("by_word", "combined", "generation", "literals", "skips", "word_decoders")

    def __init__(self) -> None:
        """Index the marker literals of the registered decoders; word indexes come as words recur."""
        self.generation = generation()
        decoders = [d for _n, d in DECODERS.items()]
        self.literals = _Literals(
            {d.name: d.blob_anchors for d in decoders if d.blob_anchors is not None and _safe(d.blob_anchors)}
        )
        self.word_decoders: tuple[Decoder, ...] = tuple(d for d in decoders if d.word_anchors is not None)
        self.by_word: dict[bytes, _Literals] = {}
        self.combined: dict[Sequence[tuple[bytes, ...]], _Combined] = {}
        self.skips: dict[frozenset[str], frozenset[str]] = {}
        """The decoders a needle set's searches rule out when they find nothing, by the set its words
        anchor (the marker literals' decoders added once per distinct set)."""


_STATE: _State | None = None
_SHARED: dict[frozenset[str], frozenset[str]] = {}
"""One object per distinct set of decoder names a :class:`_Combined` holds (at most a few dozen)."""
_SEEN: dict[bytes, None] = {}
"""Words seen once (their index is made on the second sighting)."""


def _state() -> _State:
    """The indexes of the current registry."""
    global _STATE
    if _STATE is None or _STATE.generation != generation():
        _STATE = _State()
    return _STATE


def _safe(literals: Iterable[bytes]) -> bool:
    """Whether no literal holds a byte the pre-check's text may rewrite (:data:`_UNSAFE`)."""
    return not any(u in lit for lit in literals for u in _UNSAFE)


def _word_index(state: _State, word: bytes) -> _Literals | None:
    """The index of ``word``'s anchors under every decoder that declares them (:data:`_NOTHING` when no
    decoder can list them; ``None`` on the word's first sighting)."""
    index = state.by_word.get(word)
    if index is not None:
        return index
    if word not in _SEEN:
        if len(_SEEN) >= 4 * MAX_WORDS:
            _SEEN.clear()
        _SEEN[word] = None
        return None
    by_name: dict[str, tuple[bytes, ...]] = {}
    for d in state.word_decoders:
        literals = d.word_anchors(word) if d.word_anchors is not None else None
        if literals is not None and _safe(literals):
            by_name[d.name] = literals
    if len(state.by_word) >= MAX_WORDS:
        return _NOTHING  # full: not indexed, not kept (a later sighting asks again)
    index = _Literals(by_name) if by_name else _NOTHING
    if len(_SHARED) >= MAX_SETS:
        _SHARED.clear()
        state.skips.clear()
    index.anchored = _SHARED.setdefault(index.anchored, index.anchored)  # one object per distinct set
    state.by_word[word] = index
    return index


def absent(text: bytes, words: Sequence[tuple[bytes, ...]]) -> frozenset[str]:
    """The decoders whose gates cannot hold on ``text`` (the lowercased ASCII serialisation) for needles
    of these ``words``: every marker literal absent, or every word's anchors absent (each word anchored
    by the decoder). A decoder not named here is asked through its gates as before."""
    state = _state()
    combined = state.combined.get(words)
    if combined is None:
        combined = _combine(state, words)
        if combined is None:  # a word seen for the first time: only the marker literals
            return state.literals.anchored - state.literals.present(text)
    for fast in combined.fast:
        if fast.find_matches_as_indexes(text):
            break
    else:
        return combined.skip
    # Something is present: which decoders, exactly.
    out = state.literals.anchored - state.literals.present(text)
    if combined.anchored:
        present: set[str] = set()
        for ix in combined.indexes:
            present |= ix.present(text)
        out |= combined.anchored - present
    return out


def _combine(state: _State, words: Sequence[tuple[bytes, ...]]) -> _Combined | None:
    """The :class:`_Combined` of a needle set's words (kept; ``None``, not kept, while a word is new).

    Made on every needle set's first sighting (each item of a file of distinct answers), so it asks
    each distinct word once, in the order the set holds them (the order of the searches changes no
    answer), and intersects the words' decoders one by one: ~1 µs less than sorting the words and
    unpacking their sets into one intersection."""
    known: list[_Literals] = []
    new = False
    if state.word_decoders:
        by_word = state.by_word
        asked: set[bytes] = set()
        for toks in words:
            for w in toks:
                ix = by_word.get(w)
                if ix is None:
                    if w in asked:
                        continue
                    asked.add(w)
                    ix = _word_index(state, w)  # every word is sighted, even after a new one
                    if ix is None:
                        new = True
                        continue
                if ix not in known:  # by identity: a word met twice, or two words no decoder anchors
                    known.append(ix)
    if new:
        return None
    # Without words nothing is ruled out by them (a gate may hold whatever its needles). The words'
    # sets are one shared object when equal (:func:`_word_index`): intersected only when they differ.
    anchored = known[0].anchored if known else frozenset()
    for ix in known[1:]:
        if ix.anchored is not anchored:
            anchored = anchored & ix.anchored
    fast = state.literals.fast
    if anchored:
        for ix in known:
            fast += ix.fast
    # The decoders' sets are few and recur: one object each, not two more per needle set kept.
    if len(_SHARED) >= MAX_SETS:
        _SHARED.clear()
        state.skips.clear()
    anchored = _SHARED.setdefault(anchored, anchored)
    skip = state.skips.get(anchored)
    if skip is None:
        skip = state.literals.anchored | anchored
        skip = state.skips[anchored] = _SHARED.setdefault(skip, skip)
    combined = _Combined(fast, skip, tuple(known), anchored)
    if len(state.combined) >= MAX_SETS:
        state.combined.clear()
    state.combined[words] = combined
    return combined


def forget() -> None:
    """Drop every index and sighting (for tests that count sightings)."""
    global _STATE
    _STATE = None
    _SEEN.clear()
    _SHARED.clear()
    _SIDED_WORDS.clear()
    _SIDED_SEEN.clear()
    FINDERS.clear()
    _FINDER_SEEN.clear()


# Gates whose anchors come in two sides: a boundary between two strings falling inside a needle.
#
# A view that needs two things at once (a string ending with a part of a word *and* the next one starting
# with the rest: the pieces of a word across list items, :mod:`.letters`) declares for one needle word the
# literals of each side: ``(starts, ends)``, a string starting with the rest of the word (or with the
# word after a break) and one ending with a part of it (or with the word before a break). A boundary
# inside a needle falls inside one of its words (that word's ends and starts) or at the break after one
# (that word's ends, the next word's starts), so the gate is ruled out where no word of a needle has its
# ends present together with its own starts or the next word's. Each side of each word is its own
# automaton (a leftmost-first search reports a match wherever any literal occurs, so "some literal of this
# side is present" is one pass with no window search), built on the word's second sighting like the
# decoders' indexes. The starts are searched first, for every word of the set: where none is present the
# gate is ruled out in those passes; elsewhere only the ends that may complete a boundary are searched.
# (Every side is a contiguous NFA, ~5 KB: at most :data:`MAX_WORDS` words, ~2.5 MB.)

SideAnchors = Callable[[bytes], tuple[tuple[bytes, ...], tuple[bytes, ...]] | None]
"""For one needle word (lowercased): the literals of its starts and of its ends (``None``: not listable,
the gate is asked)."""

_Automaton = ahocorasick_rs.BytesAhoCorasick | None
"""One side's search (``None``: a side without literals, never present)."""

_SIDED: dict[str, SideAnchors] = {}
_SIDED_WORDS: dict[tuple[str, bytes], tuple[_Automaton, _Automaton] | None] = {}
_SIDED_SEEN: dict[tuple[str, bytes], None] = {}


def sided_gate(name: str, sides: SideAnchors) -> None:
    """Declare the sided anchors of the gate ``name`` (see :func:`sided_absent`); replaces an earlier one."""
    _SIDED[name] = sides
    for word_key in [k for k in _SIDED_WORDS if k[0] == name]:
        del _SIDED_WORDS[word_key]


def _safe_twins(literals: Sequence[bytes]) -> bool:
    """Whether the pre-check's two lowercased texts (``{`` kept, or read as ``,``) answer alike: a
    literal holding ``{`` has its twin with ``,`` among ``literals``, and then a literal holding ``,``
    may be present in one text where a ``{`` stands in the other, which only asks the gate."""
    have = set(literals)
    return all(lit.replace(b"{", b",") in have for lit in literals if b"{" in lit)


def _side(literals: tuple[bytes, ...]) -> _Automaton:
    """One side's search (``None`` without literals), as the contiguous NFA: ~5 KB for a side's ~45
    literals where a DFA takes ~22 KB (its table is every state times every byte class, and the one-letter
    pieces bring ~34 classes). A DFA pass is ~15 % faster alone (0.75 against 0.88 µs over a 1.35 KB
    ticket), which the scan does not show: 3,798 tickets audited 95–103 ms either way, alternating."""
    if not literals:
        return None
    return ahocorasick_rs.BytesAhoCorasick(
        sorted(set(literals)),
        matchkind=ahocorasick_rs.MatchKind.LeftmostFirst,
        implementation=ahocorasick_rs.Implementation.ContiguousNFA,
    )


def _sided_index(name: str, word: bytes) -> tuple[_Automaton, _Automaton] | None:
    """The searches of ``word``'s starts and ends under the gate ``name``; ``None`` while the word is new,
    past :data:`MAX_WORDS` or not listable."""
    key = (name, word)
    if key in _SIDED_WORDS:
        return _SIDED_WORDS[key]
    if key not in _SIDED_SEEN:
        if len(_SIDED_SEEN) >= 4 * MAX_WORDS:
            _SIDED_SEEN.clear()
        _SIDED_SEEN[key] = None
        return None
    if len(_SIDED_WORDS) >= MAX_WORDS:
        return None  # full: asked through the gate (a later sighting asks again)
    sides = _SIDED[name](word)
    index: tuple[_Automaton, _Automaton] | None = None
    if sides is not None and all(len(side) <= MAX_TEDDY and _safe_twins(side) for side in sides):
        index = (_side(sides[0]), _side(sides[1]))
    _SIDED_WORDS[key] = index
    return index


def sided_absent(name: str, text: bytes, words: Sequence[tuple[bytes, ...]]) -> bool:
    """Whether the gate ``name`` cannot hold on ``text`` (a lowercased ASCII serialisation) for needles of
    these ``words``: no word of a needle has its ends present with its own starts or the next word's (see
    above). ``False`` (ask the gate) while a word is new or not listable. One pass per word for the
    starts, stopping there where none is present; then one per word whose ends may complete a boundary.
    (Nothing is kept per needle set: the words' searches are looked up on each call, ~1 µs less on a
    set's first sighting than making and keeping a per-set record, and a file of distinct answers
    sights nearly every set once.)"""
    if name not in _SIDED:
        return False
    index: dict[bytes, tuple[_Automaton, _Automaton] | None] = {}
    for toks in words:
        for w in toks:
            if w not in index:
                index[w] = _sided_index(name, w)  # every word is sighted, even after a new one
    if not index:
        return False
    starts: dict[bytes, bool] = {}
    ends_of: dict[bytes, _Automaton] = {}
    for w, ix in index.items():
        if ix is None:
            return False
        starts[w] = ix[0] is not None and bool(ix[0].find_matches_as_indexes(text))
        ends_of[w] = ix[1]
    if not any(starts.values()):
        return True
    ends: dict[bytes, bool] = {}
    for toks in words:
        for j, w in enumerate(toks):
            if not (starts[w] or (j + 1 < len(toks) and starts[toks[j + 1]])):
                continue
            present = ends.get(w)
            if present is None:
                fast = ends_of[w]
                present = ends[w] = fast is not None and bool(fast.find_matches_as_indexes(text))
            if present:
                return False
    return True


# One needle word, searched alone. ``bytes.find`` of a word of five or six letters over a 1.4 KB ticket
# takes ~0.6–0.9 µs (CPython's search steps through the text); a one-literal automaton searches with SIMD
# (~0.15 µs). Building one costs ~12 µs and ~2.6 KB, so a word gets its search on its second sighting, for at
# most :data:`MAX_FINDERS` words; until then, and past the cap, the word is searched by ``find``.

MAX_FINDERS = 1024
"""Needle words with a search of their own (~2.6 KB each: ~2.7 MB at most)."""
FINDERS: dict[bytes, Callable[[bytes], list[tuple[int, int, int]]]] = {}
"""A word's search (a call returning its matches: non-empty exactly where ``text.find(word) >= 0``)."""
_FINDER_SEEN: dict[bytes, None] = {}


def occurs(text: bytes, word: bytes) -> bool:
    """``text.find(word) >= 0``, by the word's own search once it has one (:data:`FINDERS`; the caller
    may look there first, a call less). Sighting the word here makes its search on the second call."""
    found = FINDERS.get(word)
    if found is not None:
        return bool(found(text))
    if word in _FINDER_SEEN and len(FINDERS) < MAX_FINDERS and word:
        found = FINDERS[word] = ahocorasick_rs.BytesAhoCorasick([word]).find_matches_as_indexes
        return bool(found(text))
    if len(_FINDER_SEEN) >= 4 * MAX_FINDERS:
        _FINDER_SEEN.clear()
    _FINDER_SEEN[word] = None
    return text.find(word) >= 0
