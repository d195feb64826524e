"""The faster forms of the hot path's checks decide exactly what the forms they replace decided.

Each test compares a rewritten check with its earlier definition (kept here) on generated inputs.
"""

from __future__ import annotations

import random
import re
from typing import Any

import orjson

from windtunnel.leakage import prefilter
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.views.tokens import _glued, has_humps, identifier_span

_ALPHABET = "aAbBzZhH19 _-.:/\t\n,;é%&=<>\"'"


def _texts(n: int, seed: int, alphabet: str = _ALPHABET) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(n)]


def test_the_hump_check_led_by_the_capital_equals_the_pair_pattern() -> None:
    before = re.compile(r"[a-z][A-Z]|[A-Z][A-Z][a-z]")
    snake = re.compile(r"[^\W_]_[^\W_]")  # an underscore joining two words splits too
    # and capitals glued to a code's digits, or a capital after two digits or more
    glued = re.compile(r"[A-Z]{2}[0-9]|[0-9][A-Z]{2}|[0-9]{2}[A-Z]|(?<![A-Za-z0-9.])[A-Z][0-9]+\.[0-9]")
    texts = [*_texts(3000, 1), "priorityHigh", "HTTPServer", "HIGH", "High", "high", "5G", "aB", "ABc", "A_B", "_a_"]
    for text in texts:
        split = snake.search(text) is not None or glued.search(text) is not None
        expected = split or (not text.islower() and before.search(text) is not None)
        assert has_humps(text) == expected, text


def test_the_identifier_start_read_backwards_equals_the_search() -> None:
    left = re.compile(r"[\w.:/-]*\Z")
    right = re.compile(r"[\w.:/-]*")

    def before(text: str, a: int, b: int, joiners: str = "._:/") -> tuple[int, int] | None:
        m = left.search(text, max(0, a - 80), a)
        i = m.start() if m is not None else a
        mr = right.match(text, b, b + 80)
        j = mr.end() if mr is not None else b
        while i < a and text[i] in ".:/-_":
            i += 1
        while j > b and text[j - 1] in ".:/-_":
            j -= 1
        joined = any(ch in joiners for ch in text[i:a]) or any(ch in joiners for ch in text[b:j])
        hump = (a > i and text[a - 1].islower() and text[a].isupper()) or (
            j > b and text[b - 1].islower() and text[b].isupper()
        )
        glued = {i + p for p in _glued(text[i:j])}
        hump = hump or a in glued or b in glued
        return (i, j) if (joined or hump) and (i, j) != (a, b) else None

    rng = random.Random(2)
    texts = [*_texts(1500, 3), "x" * 200 + ".High", "RiskLevel.CRITICAL", "a_" * 60 + "High", "SND-T05-MSE20 HH19"]
    for text in texts:
        for _ in range(4):
            if not text:
                break
            a = rng.randrange(len(text))
            b = rng.randint(a + 1, len(text))
            for joiners in ("._:/", "._:/-"):
                assert identifier_span(text, a, b, joiners) == before(text, a, b, joiners), (text, a, b)


def _trees(n: int, seed: int) -> list[object]:
    rng = random.Random(seed)
    words = ["amber", "Falcon", "amber_falcon", "AmberFalcon", "1,000", "1000", "x", "open", "&amp;", "50%"]

    def value(depth: int) -> object:
        r = rng.random()
        if depth > 2 or r < 0.5:
            return " ".join(rng.choice(words) for _ in range(rng.randint(0, 4)))
        if r < 0.75:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        return {rng.choice(words): value(depth + 1) for _ in range(rng.randint(0, 3))}

    return [value(0) for _ in range(n)]


def test_a_subtree_checked_as_text_is_checked_as_bytes() -> None:
    needle_sets = [
        NeedleSet.build(["Amber falcon"]),
        NeedleSet.build(["amber"], ["1000"]),
        NeedleSet.build(["Falcon"], labels=["Open", "Closed"]),
    ]
    plans = [
        prefilter.Plan(True, False, False, True),
        prefilter.Plan(True, True, True, True, ("QW1i",), True, True, (b'"amber":', b'"x":')),
    ]
    for tree in _trees(600, 4):
        blob = orjson.dumps(tree)
        for needles in needle_sets:
            pr = prefilter.probe(needles)
            assert prefilter._plain_hit_text(pr, blob.decode().lower()) == prefilter._plain_hit(pr, blob.lower())
            for plan in plans:
                assert plan.subtree_may_hit(tree, needles) == plan._subtree_bytes_may_hit(blob, needles), tree


def test_the_path_separator_check_equals_the_separator_pattern() -> None:
    from windtunnel.leakage.formats import _PATH_SEP_RE, _PATH_SEPARATORS

    for text in [*_texts(3000, 5, _ALPHABET + "|>→»"), "a::b", "a:b", "Billing / High", "x » y"]:
        assert any(sep in text for sep in _PATH_SEPARATORS) == (_PATH_SEP_RE.search(text) is not None), text


def test_a_finding_made_fast_is_the_finding() -> None:
    # Every field of Finding is set, to what its constructor sets (a field added without a default fails).
    import dataclasses

    from windtunnel.leakage.model import Finding
    from windtunnel.leakage.scan import _finding

    args = ("t1", "direct", "high", "/a/0", "json", (3, 7), "raw", "direct.value", "value is x", "High", "key", "/b")
    fast, slow = _finding(*args), Finding(*args)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert vars(fast) == vars(slow)
    assert set(vars(fast)) == {f.name for f in dataclasses.fields(Finding)}
    assert dataclasses.replace(fast, hashed_pointer="h").hashed_pointer == "h"


def test_printable_is_its_definition() -> None:
    from windtunnel.leakage.views.binary import printable

    def before(s: str) -> bool:
        if not s:
            return False
        bad = sum(1 for ch in s if not ch.isprintable() and ch not in "\n\r\t")
        return bad == 0 and any(ch.isalnum() for ch in s)

    odd = "\x00\x07\u200b\u00a0\u0660\u00b2\u2167\u00bd_ \n\t\r\x85é漢🙂"
    for text in [*_texts(3000, 6, _ALPHABET + odd), "_", "__ \n", "٣", "Ⅷ", "½", "\u200b"]:
        assert printable(text) == before(text), repr(text)


def test_a_run_is_read_as_hex_or_base32_only_when_its_alphabet_allows() -> None:
    # The pre-check tries the hex and base32 decoders on a base64 run only when every character is in
    # their alphabet and the run is long enough: a necessary condition of either finding anything.
    import base64

    from windtunnel.leakage.prefilter import _BASE32_ALPHABET, _HEX_DIGITS
    from windtunnel.leakage.views.binary import base32_runs, hex_runs

    rng = random.Random(7)
    runs = [base64.b32encode(w.encode()).decode() for w in ("High", "Critical", "amber falcon", "P1")]
    runs += [w.encode().hex() for w in ("High", "Low", "Critical!")] + ["4869676", "NBUWO2A", "nbuwo2a"]
    runs += [
        "".join(rng.choice("ABCDEF0123456789abcdefZ27=+/_-") for _ in range(rng.randint(1, 24))) for _ in range(3000)
    ]
    for run in runs:
        if hex_runs(run):
            assert len(run) >= 6 and not run.strip(_HEX_DIGITS), run
        if base32_runs(run):
            assert len(run) >= 7 and not run.strip(_BASE32_ALPHABET), run


def test_the_stream_cell_and_bidi_markers_led_by_one_byte_equal_the_searches() -> None:
    # ``_spoken_may_add`` and ``_document_markers`` look for a line break's byte (or '<') by memchr before
    # the multi-byte searches that need it: the same answers as the searches alone.
    def stream_or_cell(raw: bytes, eol: bytes) -> bool:
        return raw.count(eol) >= 2 or prefilter._wrapped_cell(raw, eol)

    pieces = ["}\\n", "}\n", "\\n |  |", "\n | |", "<bdo dir=rtl>", "<b>", "x", " ", "\\", "|", "\t", "amber"]
    rng = random.Random(11)
    for _ in range(3000):
        raw = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))).encode()
        for eol in (b"}\\n", b"}\n"):
            assert prefilter._spoken_may_add(raw, eol, [(b"zzzz",)]) == stream_or_cell(raw, eol), raw
        low = raw.lower()
        masked = raw.replace(b"<", b"(")  # the other markers, without the bidi element
        want = low.find(b"<bdo") >= 0 or prefilter._document_markers(masked, True, masked.lower())
        assert prefilter._document_markers(raw, True, low) == want, raw


def test_the_line_break_gates_led_by_the_backslash_equal_the_searches() -> None:
    from windtunnel.leakage.bars import may_chart, may_draw
    from windtunnel.leakage.onehot import may_one_hot

    texts = _texts(3000, 7, _ALPHABET + "\u2588\u2592")
    corners = [b'"a\\\\n"', b'"\\\\"', b'"n\\\\"', b'"\\n\\u2588"', b'"x\xe2\x96\x88\\n"']
    blobs = [orjson.dumps(t) for t in texts] + corners
    held = 0
    for blob in blobs:
        assert may_chart(blob) == (b"\\n" in blob), blob
        assert may_draw(blob) == (b"\\n" in blob and b"\xe2\x96" in blob), blob
        assert may_one_hot(blob) == (b"\\n" in blob), blob
        held += b"\\n" in blob
    assert 0 < held < len(blobs)  # both answers were asked


def test_the_field_name_tests_memoised_are_the_tests() -> None:
    from windtunnel.leakage import mention
    from windtunnel.leakage.formats import is_upstream_name
    from windtunnel.leakage.records import PLAIN_NAME
    from windtunnel.leakage.scan import _field_name, _plain_other_name

    names = ["", "gemstone", "toner_level", "aiCategory", "outcome", "final answer", "cf_10234", "x-y", "2", "Näme"]
    for name in names:
        expected = bool(name) and bool(PLAIN_NAME.fullmatch(name)) and not is_upstream_name(name)
        assert _plain_other_name(name) == (expected and not mention.names_answer(name)), name
    for pointer, field in [("/a/b", "b"), ("/a/0", "a"), ("/a/name", "a"), ("/0/1", ""), ("", ""), ("/x/Value/2", "x")]:
        assert _field_name(pointer) == field


def test_the_letter_items_gate_counting_all_matches_equals_the_third_match() -> None:
    # ``has_letter_items`` counts every match in one ``findall``; before, ``finditer`` stopped at the third.
    import itertools

    from windtunnel.leakage.views.letters import _ONE_CHAR_JSON_RE, MIN_LETTER_ITEMS, has_letter_items

    def before(blob: bytes) -> bool:
        it = itertools.islice(_ONE_CHAR_JSON_RE.finditer(blob), MIN_LETTER_ITEMS - 1, None)
        return next(it, None) is not None

    rng = random.Random(7)
    blobs = [t.encode() for t in _texts(3000, 8, 'ab1_ "",]}:[{ \t')]
    for _ in range(500):  # lists and objects of short strings, one letter or more each
        items = ["".join(rng.choice("ab1_é") for _ in range(rng.randint(1, 2))) for _ in range(rng.randint(0, 6))]
        blobs.append(orjson.dumps(items if rng.random() < 0.5 else {f"k{i}": v for i, v in enumerate(items)}))
    assert any(before(b) for b in blobs) and not all(before(b) for b in blobs)
    for blob in blobs:
        assert has_letter_items(blob) == before(blob), blob


def _views_before(text: str) -> list[tuple[str, str]]:
    """:func:`canonical_views` (texts only) as it read each decoder's marker inside the loop, after the
    decoders that the view's name rules out (the form before the markers were asked in one comprehension)."""
    from windtunnel.leakage.views import pipeline as pl

    base = pl.Mapped(text)
    limit = pl.MAX_GROWTH * len(text) + 64
    seen = {text}
    out: list[tuple[str, str]] = []
    frontier: list[tuple[str, pl.Mapped, Any]] = [("", base, None)]
    steps = pl._steps(None)
    for _depth in range(pl.MAX_DEPTH):
        nxt: list[tuple[str, pl.Mapped, Any]] = []
        for name, view, segments in frontier:
            vt = view.text
            windows = None if segments is None else [(lo, vt[lo:hi]) for lo, hi in pl._windows(vt, segments)]
            one = vt if windows is None else windows[0][1] if len(windows) == 1 else None
            for dec, marker, undone in steps:
                if undone and name.endswith(("+" + dec.name, ":" + dec.name)):
                    continue
                after = pl._NEVER_AFTER.get(dec.name)
                if after and name and not after.isdisjoint(name.removeprefix("decoded:").split("+")):
                    continue
                if not (marker(one) if one is not None else any(marker(w) for _lo, w in windows or ())):
                    continue
                got = pl._decode_segments(view, dec, windows, one is not None, pl.apply)
                if got is None:
                    continue
                child, changed = got
                if child.text in seen or len(child.text) > limit:
                    continue
                seen.add(child.text)
                cname = f"{name}+{dec.name}" if name else f"decoded:{dec.name}"
                out.append((cname, child.text))
                nxt.append((cname, child, changed))
                if len(out) >= pl.MAX_VIEWS:
                    return out
        if not nxt:
            break
        frontier = nxt
    return out


def test_the_views_with_every_marker_asked_first_are_the_views() -> None:
    # canonical_views asks each level's markers in one comprehension, then decodes in order: the same views.
    import base64

    from windtunnel.leakage.views.pipeline import canonical_views

    words = ["Amber falcon", "High", "priority: P2", "caf\u00e9 ol\u00e9", "x=1&y=2"]
    texts = [
        *(base64.b64encode(w.encode()).decode() for w in words),
        *(base64.b32encode(w.encode()).decode() for w in words),
        *(w.encode().hex() for w in words),
        "Uvtu cevbevgl",  # rot13 of "High priority"
        "hgih ytiroirp",
        "H\u0456gh &amp; %48igh",
        "=48=69gh soft=\nbreak",
        "H-I-G-H and h.i.g.h",
        "SGlnaA%3D%3D then \\x48igh",
        "<b>Hi</b>gh, d\u0131g\u0131t 4 two",
        "QW1iZXIgZmFsY29u/V2VyZQ== path",
        *_texts(300, 9, "aAbBzZhH19 _-.:/\t\n,;%&=<>\"'+"),
    ]
    for text in texts:
        assert [(n, v.text) for n, v in canonical_views(text)] == _views_before(text), text


def test_a_word_searched_by_its_own_automaton_is_found_as_find_finds_it() -> None:
    # ``occurs`` (views/anchors.py) answers ``text.find(word) >= 0`` before, at and after the sighting that
    # builds the word's search, and ``has_inline_text`` searches ``text":`` by a one-literal automaton.
    from windtunnel.leakage.views import anchors
    from windtunnel.leakage.views.inline import has_inline_text

    anchors.forget()
    words = [b"pebble", b"eager", b"ab", b"a", b"b b", b'"x', b"text", b"zz9"]
    texts = [t.encode() for t in _texts(400, 12, 'abpelgrz9 "x:t')]
    texts += [orjson.dumps({"k": "pebble eager", "text": "a b b"}), b"", b"pebblepebble"]
    for word in words:  # the first sighting: ``find``, no search built
        assert anchors.occurs(texts[-1], word) == (texts[-1].find(word) >= 0)
        assert word not in anchors.FINDERS
    for text in texts:  # the second builds the word's search, used from then on
        for word in words:
            assert anchors.occurs(text, word) == (text.find(word) >= 0), (text, word)
    assert set(anchors.FINDERS) == set(words)
    for text in [*texts, b'{"type":"text","text":"x"}', b'{"plain_text":1}', b'{"a":"text"}', b'text"']:
        assert has_inline_text(text) == (text.find(b'text":') >= 0)
    anchors.forget()
