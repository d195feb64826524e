"""The short paths a first sighting of an answer takes equal the general ones they stand in for.

A file of distinct answers builds an answer's needles, probe and anchors' record on every item of a first
pass, so those builds take short paths for the commonest shapes (an answer without a label set of two, a
needle set of one plain needle). Each must give exactly what the general path gives.
"""

from __future__ import annotations

import random

import pytest

from windtunnel.leakage import prefilter, scan
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


@pytest.mark.parametrize("answer", ANSWERS)
@pytest.mark.parametrize("value", [(), ("acct-7",), ("Amber-falcon",)])
def test_a_probe_made_by_a_short_path_is_the_general_probe(answer: str, value: tuple[str, ...]) -> None:
    # An answer with its identifier spellings (``Amber falcon``, ``Amber-falcon``: one word set) takes the
    # lone path; with a value of other words, or a label, the general one. Either way the same probe.
    needles = _prepared((answer,), value, ())[0]
    assert prefilter._make_probe(needles) == prefilter._probe_of(needles)


def test_the_probe_of_an_answer_and_its_identifier_spelling_is_its_lone_probe() -> None:
    needles = _prepared(("Amber falcon",), (), ())[0]
    assert [n.norm for n in needles.needles] == ["amber falcon", "amber-falcon"]  # else this checks nothing
    assert prefilter._one_word_set(needles.needles)
    assert prefilter._make_probe(needles) == prefilter._lone_probe(needles.needles[0])
    # The general path reads the two needles as one word set, as every check of the probe would.
    assert prefilter._probe_of(needles).sets == (((b"amber", b"falcon"), True),)
    assert not prefilter._one_word_set(_prepared(("Amber falcon",), ("acct-7",), ())[0].needles)


def test_the_lone_path_is_taken_for_a_plain_answer() -> None:
    needle = Needle.make("Amber falcon", "expected")
    assert needle is not None
    assert prefilter._lone_probe(needle) is not None  # else this test file checks nothing of it


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_needles_of_an_answer_alone_are_those_of_the_general_path(answer: str) -> None:
    needles, norms = _prepared((answer,), ("acct-7",), ())
    exp, labs, abbreviations, derived, codes, marks, inflected = _label_part.__wrapped__((answer,), (), ())
    built = NeedleSet.build(exp, ["acct-7"], labs, abbreviations, derived, codes, marks, inflected)
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


_CORRELATED = [
    (),
    ("acct-amberfalcon",),
    ("High",),  # equal to an answer or a label: dropped or kept as the general path does
    ("#DE350B", "P1"),  # a delimited code (a mark) and a bare one
    ("2024-03-01", "1,000", "acct-x", "acct-x"),  # canonical forms, a repeated value
    ("Medium", "low"),
    ("hig...",),  # a value cut with an ellipsis: the general path makes its probe
]
_LABEL_SETS = [("High", "Medium", "Low"), ("Not spam", "Spam"), ("billing", "account", "technical", "refund")]


def _general(expected: tuple[str, ...], correlated: tuple[str, ...], labels: tuple[str, ...]) -> NeedleSet:
    """The needle set as built whole (no shared part), as the scan built it before."""
    exp, labs, abbreviations, derived, codes, marks, inflected = _label_part.__wrapped__(expected, labels, ())
    others = [lab for lab in labs if lab not in exp]
    return NeedleSet.build(exp, correlated, others, abbreviations, derived, codes, marks, inflected)


@pytest.mark.parametrize("correlated", _CORRELATED)
@pytest.mark.parametrize("labels", _LABEL_SETS)
def test_a_needle_set_composed_from_its_shared_part_equals_the_general_one(
    correlated: tuple[str, ...], labels: tuple[str, ...]
) -> None:
    """A label set's shared part extended by an item's own values (``NeedleSet.with_correlated``) holds the
    same needles in the same order, the same OCR twins and the same probe (word index included) as the
    set built whole; and two items of one answer and label set share the part itself."""
    for answer in labels:
        composed, norms = _prepared((answer,), correlated, labels)
        whole = _general((answer,), correlated, labels)
        assert composed.needles == whole.needles
        assert composed.any_canon == whole.any_canon
        assert composed.ocr == whole.ocr
        assert not whole.ocr or composed.ocr_gate is whole.ocr_gate  # one gate per twins
        got, want = prefilter.probe(composed), prefilter.probe(whole)
        assert got._replace(word_index=None) == want._replace(word_index=None)
        assert (got.word_index is None) == (want.word_index is None)
        if got.word_index is not None and want.word_index is not None:
            assert got.word_index._replace(auto=None, ocr=None) == want.word_index._replace(auto=None, ocr=None)
            assert got.word_index.auto is want.word_index.auto  # the shared automaton
        assert prefilter.token_sets(composed) == prefilter.token_sets(whole)
        mine, theirs = composed._keys(), whole._keys()  # the needles' key search
        assert (mine is None) == (theirs is None)
        if mine is not None and theirs is not None:
            assert mine[0] is theirs[0]  # one automaton
        for text in (" ".join(n.norm for n in whole.needles[::3]), " ".join(n.norm for n in whole.needles)):
            assert composed.candidates(text) == whole.candidates(text)
        assert prefilter.ascii_token_sets(composed) == prefilter.ascii_token_sets(whole)
        assert norms == _prepared((answer,), (), labels)[1]
        if correlated:
            other = _prepared((answer,), (*correlated, "acct-another"), labels)[0]
            assert other.base is not None and other.base is (composed.base or composed)


def test_the_shared_parts_stay_bounded_with_many_distinct_answers() -> None:
    """A file of many distinct answers and label sets keeps at most the cache's bound of shared parts,
    and each still composes with a value of its own."""
    bound = scan._shared_needles.cache_info().maxsize
    assert bound is not None
    rng = random.Random(7)
    for i in range(bound * 3):
        labels = (f"label{i}a", f"label{i}b", "Medium")
        composed, _ = _prepared((labels[i % 3],), (f"acct-{rng.randrange(10**9)}",), labels)
        assert composed.base is not None
    assert scan._shared_needles.cache_info().currsize <= bound


def _identifier_spellings_by_character(label: str) -> tuple[str, ...]:
    """:func:`~windtunnel.leakage.aliases.identifier_spellings` as first written (letters tested one character
    at a time): the reference its regex-counted form must equal."""
    from windtunnel.leakage.aliases import _HUMP_RE, _HUMP_WORD, _SEPARATOR_RE, _key

    text = label.strip()
    if not text.isascii() or not any(c.isalpha() for c in text):
        return ()
    if " " in text:
        parts = text.split()
    elif _SEPARATOR_RE.search(text):
        parts = [p for p in _SEPARATOR_RE.split(text) if p]
    else:
        parts = _HUMP_RE.split(text)
        if not all(p.isalpha() and len(p) >= _HUMP_WORD for p in parts):
            return ()
    if len(parts) < 2 or sum(sum(c.isalpha() for c in p) >= 2 for p in parts) < 2:
        return ()
    if not all(p.isalnum() for p in parts):
        return ()
    return tuple(a for a in (" ".join(parts), "-".join(parts)) if _key(a) != _key(label))


def test_identifier_spellings_count_letters_as_the_character_test_does() -> None:
    from windtunnel.leakage.aliases import identifier_spellings

    rng = random.Random(7)
    labels = [*ANSWERS, "A-1", "Sev-3", "c++_dev", "v1.2-beta", "ReFund", "billingDispute", "HTTPError", "a1 b2"]
    for _ in range(3000):  # parts of letters, digits and now and then punctuation, joined as identifiers are
        parts = ["".join(rng.choice("abZQx93+.é") for _ in range(rng.randint(1, 5))) for _ in range(rng.randint(1, 4))]
        labels.append(rng.choice((" ", "_", "-", "", " _")).join(parts))
    spelled = 0
    for label in labels:
        assert identifier_spellings.__wrapped__(label) == _identifier_spellings_by_character(label), label
        spelled += bool(_identifier_spellings_by_character(label))
    assert spelled > 50  # the random labels reach the counting, not only the early exits


def test_the_ascii_word_pattern_finds_the_words_the_unicode_one_finds() -> None:
    from windtunnel.leakage.needles import _ASCII_WORD_RE
    from windtunnel.leakage.text import WORD_RE

    rng = random.Random(11)
    texts = ["".join(chr(rng.randrange(0, 128)) for _ in range(rng.randint(0, 30))) for _ in range(5000)]
    for text in [*texts, *(a for a in ANSWERS if a.isascii())]:
        assert _ASCII_WORD_RE.findall(text) == WORD_RE.findall(text), text


def test_the_one_word_needles_forms_together_answer_as_word_by_word() -> None:
    # A label set's lexicon asks the substitution gate about ~100 one-word needles: their forms in one
    # automaton (made on the second sighting) must answer exactly as the pass per word.
    from windtunnel.leakage.views import ciphers

    needles = _prepared(("High",), (), ("High", "Medium", "Low"))[0]
    sets = prefilter.probe(needles).words_upstream
    assert sum(len(t) == 1 for t in sets) >= ciphers._TOGETHER_FROM  # else the joint search is never made
    ciphers._TOGETHER.clear()
    ciphers._TOGETHER_SEEN.clear()
    assert ciphers._one_word_forms(sets) is None  # first sighting: word by word
    together = ciphers._one_word_forms(sets)
    assert together is not None
    rng = random.Random(5)
    words = [t[0] for t in sets if len(t) == 1]
    tables = ciphers._WRITE_TABLES
    filler = b'{"a":"12, 34","b":["9","8"],"d":"'  # no form of any word: the planted ones decide
    seen = {True: 0, False: 0}
    for _ in range(400):
        parts = [filler]
        for _ in range(rng.randint(0, 2)):  # a word as written, under a substitution, or a near miss
            w = rng.choice(words)
            pick = rng.random()
            parts.append(w if pick < 0.3 else w.translate(rng.choice(tables)) if pick < 0.7 else w[:-1] + b"#")
            parts.append(b" ")
        low = b"".join(parts).lower() + b'"}'
        one_by_one = any(ciphers._written_forms(w)(low) for w in words)
        assert together(low) == one_by_one
        seen[one_by_one] += 1
        blob = b"".join(parts) + b'"}'
        assert ciphers._substitution_may_hit(blob, sets) == (
            ciphers._written_may_hit(blob, sets, ciphers._written_forms) and ciphers._anchor_blob(blob)
        )
    assert seen[True] and seen[False]
