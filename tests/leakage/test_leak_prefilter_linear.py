"""The pre-check's linear pieces answer as the searches they replace (QA pass 15, finding 7).

The gate of the unmodelled decoders reads each view once for all the needles' words
(``prefilter._SetWords``), makes the views without offset maps (``canonical_views(spans=False)``) and
folds a long view stretch by stretch (``text.full_text``); the pieces gate reads a long text's quotes
once (``letters._QuoteEdges``): each must give exactly what the plain definition gives, or the
pre-check would skip an item the full audit flags.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windtunnel.leakage import prefilter
from windtunnel.leakage.text import _full_char, full_text
from windtunnel.leakage.views import canonical_views, letters


def _reference(low: bytes, sets: list[tuple[bytes, ...]]) -> bool:
    """The gate's question as the pre-check asked it before: every word of some set found in ``low``."""
    return any(all(low.find(t) >= 0 for t in toks) for toks in sets)


_ALPHABET = "abcx =-é\u00ac\u8ba1к"
_words = st.text(alphabet=_ALPHABET, min_size=0, max_size=4).map(str.encode)
_sets = st.lists(st.lists(_words, min_size=0, max_size=3).map(tuple), min_size=1, max_size=40)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=_ALPHABET, max_size=60), sets=_sets, repeat=st.integers(1, 300))
def test_one_pass_for_all_the_words_answers_as_a_search_per_word(
    text: str, sets: list[tuple[bytes, ...]], repeat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Few words or many (the automaton), short text or long (the byte census), and words found again
    and again (a restart without them after ``_WASTED`` repeats, made small here: the same value for
    every example, so the fixture's scope does not matter)."""
    monkeypatch.setattr(prefilter, "_WASTED", 3)
    low = (text * repeat).encode()
    index = prefilter._SetWords(tuple(sets))
    assert index.any_in(low) == _reference(low, sets)


def test_a_set_completed_after_many_repeats_of_its_first_word_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The restart resumes where a match ending at the stop may begin: a word straddling it is found."""
    monkeypatch.setattr(prefilter, "_WASTED", 2)
    sets = [(f"w{i:02d}q".encode(), b"zzz") for i in range(40)] + [(b"xa", b"axb")]
    for low in (b"xa " * 3 + b"xaxb", b"xa " * 5000 + b"xaxb"):  # the stop at the fourth ``xa``, or later
        assert _reference(low, sets)
        assert prefilter._SetWords(tuple(sets)).any_in(low)
        assert not prefilter._SetWords(tuple(sets)).any_in(low[:-1])


@pytest.mark.parametrize(
    "text",
    [
        "Logs: " + "x " * 3000 + "category=account",
        "Subject: =?UTF-8?Q?acc=C3=B6unt?= and " + "word " * 2000 + "H=69gh ac-\ncount",
        "<b>ac</b>count " * 500 + "\x1b[1mrot: nppbhag\x1b[0m a c c o u n t",
    ],
)
def test_views_without_offsets_are_the_same_texts(text: str) -> None:
    """``spans=False`` changes what a view carries, never its text, name or order."""
    with_spans = [(name, view.text) for name, view in canonical_views(text)]
    without = [(name, view.text) for name, view in canonical_views(text, spans=False)]
    assert with_spans and without == with_spans
    assert all(view.starts is None for _name, view in canonical_views(text, spans=False))


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="aBz \t\u00ac\u00c9\u2167\u200bк\u8ba1ﬁ", max_size=40), st.integers(1, 400))
def test_full_text_of_ascii_stretches(text: str, repeat: int) -> None:
    """A long text folded stretch by stretch equals the fold character by character (``lower()`` is
    what the fold gives each ASCII character)."""
    long = text * repeat
    assert full_text(long) == "".join(map(_full_char, long))
    assert all(_full_char(chr(c)) == chr(c).lower() for c in range(128))


_PIECE_TEXT = st.text(alphabet='ab"-_. x1', max_size=80).map(str.encode)
_PIECE_WORDS = st.lists(st.text(alphabet="abx1", min_size=1, max_size=5).map(str.encode), min_size=1, max_size=4)


@settings(max_examples=400, deadline=None)
@given(low=_PIECE_TEXT, words=_PIECE_WORDS)
def test_the_quote_edges_answer_as_the_searches(low: bytes, words: list[bytes]) -> None:
    """The pieces gate of a long text reads the bytes around its quotes once: every literal it asks (a
    quote then a word's rest or a break and a word, a word's part then a quote) and each side's check
    answer as the search of the text does."""
    edges = letters._QuoteEdges(low, 2 + max(map(len, words)))
    for word in words:
        assert edges.starts_with_rest(low, word) == letters._starts_with_rest(low, word)
        assert edges.ends_with_part(low, word) == letters._ends_with_part(low, word)
        for sep in letters._BREAKS:
            for lit in (b'"' + sep + word, word + sep + b'"', b'"' + word[1:], word[:-1] + b'"'):
                assert edges.has(lit) == (low.find(lit) >= 0), lit


def test_the_pieces_gate_of_a_long_text_reads_its_quotes() -> None:
    """A long text with few quotes goes through the edges, with the searches' answer either way."""
    sets = [(b"negative",), (b"not", b"spam"), (b"account",)]
    filler = b"x " * 40_000
    for low, expected in (
        (b'["neg", "ative"]' + filler, True),
        (b'["not", "spam"]' + filler, True),
        (b'["neg", "spam"]' + filler + b'"acc', False),
    ):
        assert letters._QuoteEdges.of(low, sets) is not None
        assert letters.pieces_may_cross(low, sets) is expected
