"""A large needle set's words found by one automaton pass decide what one search per word decided.

A label set whose lexicon family applies brings some ninety words (its labels in twelve languages); the
pre-check finds them all in one pass (``prefilter._WordIndex``) and the walk checks a string or subtree
against them the same way. Each test compares the pass with the searches it replaces on generated text.
"""

from __future__ import annotations

import random

import orjson

from windtunnel.leakage import prefilter
from windtunnel.leakage.scan import _prepared, audit_item

LABELS = ("High", "Medium", "Low")


def _needles():  # type: ignore[no-untyped-def]
    return _prepared(("High",), (), LABELS)[0]


def _fragments(pr: prefilter._Probe) -> list[bytes]:
    words = sorted({t for toks in pr.words_upstream for t in toks})
    out = [*words, *(w.translate(prefilter._ROT_BYTES) for w in words if w.isascii())]
    out += [w[:-1] for w in words if len(w) > 2] + [w[1:] for w in words if len(w) > 2]
    out += [b"hiqh", b"rnedium", b"e1evated", b"c0smetic", b"lovv", b"hoog", b"h0og", b"mediurn"]  # misread
    return out + [b"hi", b"aitch", b"...", b"to", b"the", b"x", b"1", b" ", b",", b'"', b"\\n", b"_"]


def _texts(pr: prefilter._Probe, n: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    frags = _fragments(pr)
    return [
        b"".join(rng.choice(frags) + rng.choice([b"", b" ", b"-", b"a", b'","']) for _ in range(rng.randint(0, 8)))
        for _ in range(n)
    ]


def test_the_probe_of_a_lexicon_label_set_has_an_index() -> None:
    pr = prefilter.probe(_needles())
    assert pr.word_index is not None
    assert len({t for toks in pr.words_upstream for t in toks}) > prefilter._MANY_WORDS


def test_the_pass_finds_what_a_search_per_word_finds() -> None:
    # One pass over the folded text: the words, their rotations and the OCR gate's answer, each as the
    # searches (and the gate's own pass) give them.
    needles = _needles()
    pr = prefilter.probe(needles)
    assert pr.word_index is not None and pr.word_index.ocr is not None
    words = {t for toks in pr.words_upstream for t in toks}
    rotations = {w.translate(prefilter._ROT_BYTES) for w in words if w.isascii() and len(w) >= 3}
    misread = 0
    for low in _texts(pr, 3000, 1):
        got = prefilter._present(pr.word_index, low)
        assert got.words == {w for w in words if low.find(w) >= 0}, low
        assert got.rotated == any(low.find(r) >= 0 for r in rotations), low
        assert got.misread == needles.ocr_gate.misread_in(low), low
        misread += got.misread
    assert misread > 50  # the misreadings were there, so the comparison saw both answers


def test_the_plain_check_with_the_index_equals_the_searches() -> None:
    pr = prefilter.probe(_needles())
    without = pr._replace(word_index=None)
    for low in _texts(pr, 3000, 2):
        assert prefilter._plain_hit(pr, low) == prefilter._plain_hit(without, low), low


def test_a_needle_the_spoken_views_cannot_complete_is_not_looked_for() -> None:
    # With the index's findings the spoken gate only looks for the writable words of needles whose
    # other words occur: where it says no and the gate without them says yes, no view of the decoders
    # the plan does not model holds every word of a needle the text does not already hold (the
    # necessary condition it stands for; a needle the text holds is a plain hit at the same place).
    # (A sentiment set: the priority set's code-system needles -- `h`, `P2`, `Sev2` -- are words the
    # spoken views can write on their own, so on these texts its gate has nothing left to narrow.)
    pr = prefilter.probe(_prepared(("Positive",), (), ("Positive", "Negative", "Neutral"))[0])
    assert pr.word_index is not None
    narrowed = 0
    for low in _texts(pr, 3000, 3):
        present = prefilter._present(pr.word_index, low)
        new = prefilter._spoken_may_add(low, b"}\\n", pr.words_upstream, low, present)
        old = prefilter._spoken_may_add(low, b"}\\n", pr.words_upstream, low)
        assert old or not new, low
        if old and not new:
            narrowed += 1
            absent = [toks for toks in pr.words_upstream if not all(low.find(t) >= 0 for t in toks)]
            assert not prefilter._extra_may_hit(low.decode("latin-1"), absent), low
    assert narrowed > 0  # the narrowing happened, so the check above was made


def _item(rng: random.Random, frags: list[str], i: int) -> dict[str, object]:
    """An item whose strings, keys, embedded JSON and byte lists hold lexicon words and fragments."""

    def text() -> str:
        return " ".join(rng.choice(frags) for _ in range(rng.randint(1, 6)))

    inner = orjson.dumps({rng.choice(frags): text(), "n": [text(), i]}).decode()
    word = rng.choice(frags)
    return {
        "id": f"w{i}",
        "expected": rng.choice(LABELS),
        "label_set": list(LABELS),
        "projection": {
            "note": text(),
            "meta": {"tags": [rng.choice(frags), text()], "n": i, word: rng.choice([text(), i, True])},
            "embedded": inner if rng.random() < 0.5 else text(),
            "bytes": list(text().encode()) if rng.random() < 0.3 else [i, i + 1],
            "rows": [{"k": rng.choice(frags), "v": text()} for _ in range(rng.randint(0, 3))],
        },
    }


def test_items_of_a_lexicon_label_set_audit_as_the_reference() -> None:
    # The index, the narrowed plain checks of strings, keys and subtrees (Plan.live) and the spoken
    # gate give the reference audit (no shortcut) on items built from the lexicon's words.
    rng = random.Random(4)
    pr = prefilter.probe(_needles())
    frags = [f.decode("latin-1") for f in _fragments(pr)] + ["High", "MEDIUM", "Hoch", "elevated", "x"]
    narrowed = 0
    ascii_frags = [f for f in frags if f.isascii()]
    for i in range(300):
        item = _item(rng, frags if i % 5 == 0 else ascii_frags, i)  # a non-ASCII projection is not narrowed
        fast, ref = audit_item(item), audit_item(item, prefilter=False)
        assert fast.findings == ref.findings, orjson.dumps(item)
        needles = _prepared((str(item["expected"]),), (), LABELS)[0]
        plan = prefilter.plan_blob(orjson.dumps(item["projection"]), needles)
        narrowed += plan.live is not None and plan.walk
    assert narrowed > 50  # most walked plans were narrowed, so the comparison above tested them


def test_phrase_answers_of_a_lexicon_label_set_audit_as_the_reference() -> None:
    # Two-word answers and aliases (``not spam``, ``kein spam``) are the index's sets of several words.
    rng = random.Random(5)
    labels = ("Spam", "Not spam")
    frags = ["not", "spam", "junk", "kein", "no es", "Not spam", "not-spam", "NotSpam", "s", "ok", "x", "..."]
    walked = 0
    for i in range(200):
        text = " ".join(rng.choice(frags) for _ in range(rng.randint(1, 5)))
        item = {
            "id": f"p{i}",
            "expected": rng.choice(labels),
            "label_set": list(labels),
            "projection": {"subject": text, "thread": [{"body": rng.choice(frags)}, {"k": text}], "n": i},
        }
        fast, ref = audit_item(item), audit_item(item, prefilter=False)
        assert fast.findings == ref.findings, orjson.dumps(item)
        walked += bool(ref.findings)
    assert walked > 50


def test_the_live_sets_are_those_whose_words_the_serialisation_holds() -> None:
    needles = _needles()
    blob = orjson.dumps({"a": "we set it to Hoch today", "b": ["elevated", "nothing"]})
    plan = prefilter.plan_blob(blob, needles)
    assert plan.walk and plan.live is not None
    assert sorted(words for words, _adj in plan.live) == [("elevated",), ("hoch",)]


def test_the_automaton_is_shared_by_a_label_set_and_correlated_words_are_still_found() -> None:
    # A correlated value per item must not build an automaton per item (~200 KB each): its words are
    # found by ``find``, the label set's words by the automaton every such needle set shares.
    a = prefilter.probe(_prepared(("High",), ("user4711",), LABELS)[0]).word_index
    b = prefilter.probe(_prepared(("High",), ("queue-west",), LABELS)[0]).word_index
    assert a is not None and b is not None and a.auto is b.auto and a.ocr is b.ocr
    got = prefilter._present(a, b'{"note":"see user4711 and hiqh"}')
    assert b"user4711" in got.words and got.misread and not got.rotated
    assert prefilter._present(a, b'{"note":"hfre4711"}').rotated  # the correlated word's rotation
    assert prefilter._present(b, b'{"q":"queue-west"}').words >= {b"queue", b"west"}
