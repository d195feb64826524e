"""The short paths a first sighting of an answer takes equal the general ones they stand in for.

A file of distinct answers builds an answer's needles, probe and anchors' record on every item of a first
pass, so those builds take short paths for the commonest shapes (an answer without a label set of two, a
needle set of one plain needle). Each must give exactly what the general path gives.
"""

from __future__ import annotations

import random

import pytest

from windtunnel.leakage import prefilter
from windtunnel.leakage.needles import Needle, NeedleSet
from windtunnel.leakage.scan import _bare_part, _label_part, _prepared
from windtunnel.leakage.views import anchors, binary

ANSWERS = [
    "Amber falcon",
    "High",
    "P1",
    "refund_approved",
    "2024-03-01",
    "1,000",
    "hig...",
    "Not spam",
    "a_b _c",
    "高",
    "Überweisung fehlgeschlagen",
    "👍",
    "x",
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen",
    "yes",
    "  spaced   out  ",
]


@pytest.mark.parametrize("answer", ANSWERS)
@pytest.mark.parametrize("labels", [(), ("High",), ("Amber falcon",)])
def test_an_answer_without_a_label_set_of_two_draws_what_the_general_path_draws(
    answer: str, labels: tuple[str, ...]
) -> None:
    assert _bare_part((answer,), labels) == _label_part.__wrapped__((answer,), labels, ())


@pytest.mark.parametrize("answer", ANSWERS)
@pytest.mark.parametrize("role", ["expected", "correlated", "label"])
def test_a_lone_needles_probe_is_the_general_probe(answer: str, role: str) -> None:
    needle = Needle.make(answer, role)  # type: ignore[arg-type]
    assert needle is not None
    needles = NeedleSet([needle])
    general = prefilter._probe_of(needles)
    alone = prefilter._lone_probe(needle)
    assert alone is None or alone == general
    assert prefilter._make_probe(needles) == general


def test_the_lone_path_is_taken_for_a_plain_answer() -> None:
    needle = Needle.make("Amber falcon", "expected")
    assert needle is not None
    assert prefilter._lone_probe(needle) is not None  # else this test file checks nothing of it


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_needles_of_an_answer_alone_are_those_of_the_general_path(answer: str) -> None:
    needles, norms = _prepared((answer,), ("acct-7",), ())
    exp, labs, abbreviations, derived, codes, marks = _label_part.__wrapped__((answer,), (), ())
    built = NeedleSet.build(exp, ["acct-7"], labs, abbreviations, derived, codes, marks)
    assert [(n.norm, n.role, n.derived, n.value_only, n.mark) for n in needles.needles] == [
        (n.norm, n.role, n.derived, n.value_only, n.mark) for n in built.needles
    ]
    assert norms == frozenset()


def test_a_needle_sets_record_of_anchors_is_made_once_its_words_recur() -> None:
    anchors.forget()
    words = ((b"amber", b"falcon"),)
    text = b'{"summary":"nothing here"}'
    first = anchors.absent(text, words)  # the words' first sighting: no record, only the markers asked
    again = anchors.absent(text, words)  # the second: the words' indexes and the set's record are made
    kept = anchors._state().combined[words]
    assert again == anchors.absent(text, words)
    assert first <= again  # the words' anchors rule out at least what the markers alone do
    assert kept.anchored <= kept.skip
    assert kept.skip is anchors._combine(anchors._state(), words).skip  # one shared object per set of names
    anchors.forget()


def _strict_raw_text(raw: bytes) -> str | None:
    """``binary._raw_text`` as it was written with the strict UTF-8 read (the reference)."""
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return binary.bytes_text(raw)
    if binary.printable(decoded):
        return decoded
    return binary.bytes_text(raw) if "\x00" in decoded else None


def test_decoded_bytes_are_read_as_the_strict_utf8_read_reads_them() -> None:
    rng = random.Random(7)
    samples = [
        b"",
        b"Urgent",
        "Überweisung".encode(),
        "Ü".encode()[:1] + b"x",
        b"\xed\xa0\x80abc",  # an encoded surrogate: not UTF-8
        b"\xf4\x90\x80\x80",  # past U+10FFFF
        b"\xc0\xaf",  # overlong
        "High".encode("utf-16-le"),
        "Medium".encode("cp037"),
        b"\xef\xbb\xbfHigh",
    ]
    samples += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 24))) for _ in range(3000)]
    pieces = b"abc\x00\xc3\xa9\xe2\x82\xac\xf0\x9f\x91\x8d"  # bytes of UTF-8 sequences, shuffled
    samples += [bytes(rng.choice(pieces) for _ in range(12)) for _ in range(3000)]
    for raw in samples:
        assert binary._raw_text(raw) == _strict_raw_text(raw), raw


def test_the_shared_key_search_finds_the_candidates_one_in_per_needle_finds() -> None:
    labels = ("High", "Medium", "Low")
    texts = ["priority high", "acct-amber is medium", "nothing", "hoch und niedrig", "acct-7 low acct-9", ""]
    sets = []
    for own in (("acct-amber",), ("acct-7", "acct-9"), ()):
        needles, _norms = _prepared(("High",), own, labels)
        sets.append(needles)
    assert sets[0]._key_automaton() is not None  # a lexicon label set: past the threshold
    for needles in sets:
        for text in texts:
            assert needles.candidates(text) == [n for n in needles.needles if n.key in text]
    correlated_only = NeedleSet([n for v in "abcdefghij" if (n := Needle.make(f"k{v}", "correlated"))])
    assert correlated_only.candidates("ka kb") == [n for n in correlated_only.needles if n.key in "ka kb"]
