"""The shared anchor pass (views/anchors.py) decides nothing a gate did not.

A decoder that declares anchors is skipped by the pre-check where none of them occurs, instead of being
asked through its gates (``blob_marker``, ``blob_may_hit``, or the pre-check's own check of a view it
models). That is sound only if every anchor set is a necessary condition of its gate: these tests
generate serialisations holding the forms the decoders read (reversed, substituted, rotated, spelled,
leet, Morse, headers …) beside ordinary text and check, decoder by decoder, that where the pass rules a
decoder out its gate says no, and that the pass leaves in every decoder whose gate says yes often enough
to matter (no vacuous pass). A plug-in decoder with anchors is skipped without a call to its gates where
its anchors are absent and asked where one is present.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import orjson
import pytest

from windtunnel.leakage import audit_item, prefilter
from windtunnel.leakage.scan import _prepared
from windtunnel.leakage.views import anchors
from windtunnel.leakage.views.ciphers import _ROT_BYTES, _WRITE_TABLES
from windtunnel.leakage.views.letters import pieces_may_cross, spelled_may_add
from windtunnel.leakage.views.registry import DECODERS, Replacement, decoder, unregister

_WORDS = (
    *("critical", "jukebox", "quartz", "jovial", "falcon", "amber", "meadow", "login", "deploy", "error"),
    *("timeout", "customer", "refund", "the", "and", "with", "this", "that", "for", "high", "low", "medium"),
    *("tier", "sev2", "p2", "ok", "bay", "odd", "zephyr", "vortex", "xenial", "kayak", "puzzle", "jazz"),
    *("quiz", "fizz", "level", "noon"),
)
_PHRASES = ("the jukebox is quite critical", "a jovial quartz vortex", "zephyr over the kayak puzzle")
_SEPARATORS = ("-", " - ", ".", ". ", " ", "\n", "\r\n", " . ")
_SIGNALS = (".- -... -.-.", "di-dah dit", "xn--bcher-kva", "run--on", ". .. ...  .. .", "x . . . y")
_SIGNALS += ("begin 644 x", "=ybegin", "{\\rtf1 x}", 'a = "b" c = "d" e = "f"')
_LEET = {"a": "4@", "e": "3", "i": "1!", "o": "0", "s": "5$", "t": "7+", "g": "96", "b": "8", "z": "2", "l": "1"}


def _form(rng: random.Random, word: str) -> str:
    """``word`` as one of the views reads it back (or as written)."""
    kind = rng.randrange(9)
    if kind == 0:
        return word[::-1]
    if kind == 1:
        table = rng.choice(_WRITE_TABLES)
        return word.encode().translate(table).decode()
    if kind == 2:
        return word.encode().translate(_ROT_BYTES).decode()
    if kind == 3:
        return rng.choice(_SEPARATORS).join(word.upper() if rng.random() < 0.5 else word)
    if kind == 4:
        return "".join(rng.choice(_LEET[c]) if c in _LEET and rng.random() < 0.6 else c for c in word)
    if kind == 5:  # a substituted line: anchors with rare letters, then the word
        table = rng.choice(_WRITE_TABLES)
        return f"{rng.choice(_PHRASES)} {word}".encode().translate(table).decode()
    if kind == 6:
        return rng.choice(_SIGNALS)
    if kind == 7:
        return word.capitalize()[::-1]
    return word


def _case(rng: random.Random) -> tuple[bytes, tuple[tuple[bytes, ...], ...]]:
    """A serialised projection and the needle words of two answers or labels."""
    needles = tuple(tuple(w.encode() for w in rng.sample(_WORDS, rng.randint(1, 2))) for _ in range(2))
    words = [w.decode() for toks in needles for w in toks]
    text = []
    for _ in range(rng.randint(3, 12)):
        text.append(_form(rng, rng.choice(words)) if rng.random() < 0.3 else rng.choice(_WORDS))
    projection = {"summary": " ".join(text[: len(text) // 2]), "note": {"body": " ".join(text[len(text) // 2 :])}}
    return orjson.dumps(projection), needles


def _gates(blob: bytes, low: bytes, sets: tuple[tuple[bytes, ...], ...]) -> dict[str, bool]:
    """Each anchored decoder's gate as the pre-check asks it without the pass."""
    out = {d.name: prefilter._may_add(d, blob, sets) for d in prefilter._unplanned()}
    rotations_too = prefilter._spoken_may_add(blob, b"}\\n", sets, low)
    out["rot13"] = rotations_too and not prefilter._spoken_may_add(blob, b"}\\n", sets, low, rotations=False)
    out["letters"] = spelled_may_add(low, sets, json=True)
    return out


def test_every_decoder_ruled_out_by_its_anchors_has_a_closed_gate() -> None:
    rng = random.Random(25)
    anchored = {n for n, d in DECODERS.items() if d.blob_anchors is not None or d.word_anchors is not None}
    assert {"reversed", "substitution", "rot13", "letters", "morse", "tap_code", "punycode"} <= anchored
    skipped: Counter[str] = Counter()
    asked_open: Counter[str] = Counter()
    for _ in range(600):
        blob, sets = _case(rng)
        for low in (blob.lower(), blob.translate(prefilter._LOWER_KEYS)):
            anchors.absent(low, sets)  # a word's index is made on its second sighting
            skip = anchors.absent(low, sets)
            gates = _gates(blob, low, sets)
            for name in anchored & gates.keys():
                if name in skip:
                    assert not gates[name], (name, blob, sets)
                    skipped[name] += 1
                elif gates[name]:
                    asked_open[name] += 1
    # Not vacuous: each anchored decoder was both skipped and, elsewhere, asked with its gate open.
    names = ("reversed", "substitution", "rot13", "letters", "morse", "punycode", "binary_blocks", "rtf", "word_fields")
    for name in names:
        assert skipped[name] >= 20, (name, skipped)
        assert asked_open[name] >= 5, (name, asked_open)


def test_the_pass_is_exact_where_literals_overlap() -> None:
    # Leftmost-first search reports "abcd" in "abcdef" and hides "cdef": the overlapping pass finds both.
    index = anchors._Literals({"first": (b"abcd",), "second": (b"cdef",), "third": (b"zzz",)})
    assert index.present(b"xx abcdef xx") == {"first", "second"}
    assert index.present(b"nothing here") == frozenset()
    assert index.anchored == {"first", "second", "third"}
    # More literals than one automaton holds (several searches), each hiding the next: all are found.
    many = anchors._Literals({f"d{i}": (b"%02d%02d" % (i, i + 1),) for i in range(90)})
    assert len(many.fast) == 2
    text = b"".join(b"%02d" % i for i in range(91))
    assert many.present(text) == many.anchored
    assert many.present(b"0001") == {"d0"}


def test_past_the_cap_a_new_word_is_asked_through_the_gates(monkeypatch: pytest.MonkeyPatch) -> None:
    anchors.forget()
    monkeypatch.setattr(anchors, "MAX_WORDS", 1)
    for _ in range(2):
        anchors.absent(b'{"a":"x"}', ((b"zephyrine",),))
        skip = anchors.absent(b'{"a":"x"}', ((b"quixotic",),))
    assert "reversed" not in skip  # not indexed (and nothing dropped to make room)
    assert "reversed" in anchors.absent(b'{"a":"x"}', ((b"zephyrine",),))
    anchors.forget()


def test_a_word_is_indexed_on_its_second_sighting() -> None:
    anchors.forget()
    sets = ((b"zephyrine",),)
    first = anchors.absent(b'{"a":"nothing"}', sets)
    assert "reversed" not in first and "substitution" not in first  # first sighting: gates asked as before
    second = anchors.absent(b'{"a":"nothing"}', sets)
    assert {"reversed", "substitution", "rot13", "letters"} <= second
    assert "reversed" not in anchors.absent(b'{"a":"eniryhpez"}', sets)
    assert "letters" not in anchors.absent(b'{"a":"z-e-p-h-y-r"}', sets)


def test_a_word_too_short_to_anchor_leaves_the_decoder_to_its_gates() -> None:
    anchors.forget()
    sets = ((b"bay", b"falcon"),)
    for _ in range(2):
        skip = anchors.absent(b'{"a":"nothing"}', sets)
    assert "substitution" not in skip and "reversed" not in skip  # "bay" has no anchors
    assert "rot13" in skip and "letters" in skip


_CALLS: Counter[str] = Counter()
_MIRRORED_TEXT = "~~"


def _unmirror(text: str) -> list[Replacement]:
    """Read ``~~xyz~~`` as ``zyx`` (a form no built-in decoder reads)."""
    out: list[Replacement] = []
    at = text.find(_MIRRORED_TEXT)
    while at >= 0:
        end = text.find(_MIRRORED_TEXT, at + 2)
        if end < 0:
            break
        out.append((at, end + 2, text[at + 2 : end][::-1]))
        at = text.find(_MIRRORED_TEXT, end + 2)
    return out


def _blob_marker(blob: bytes) -> bool:
    _CALLS["marker"] += 1
    return blob.find(b"~~") >= 0


def _blob_may_hit(blob: bytes, sets: object) -> bool:
    _CALLS["may_hit"] += 1
    return True


@pytest.fixture
def mirrored() -> Iterator[None]:
    decoder(
        "mirrored_anchor_test",
        order=99,
        marker=lambda t: "~~" in t,
        blob_marker=_blob_marker,
        blob_may_hit=_blob_may_hit,
        word_anchors=lambda w: (w[::-1],),
    )(_unmirror)
    anchors.forget()
    _CALLS.clear()
    try:
        yield
    finally:
        unregister("mirrored_anchor_test")
        anchors.forget()


def _item(note: str) -> dict[str, object]:
    return {"id": "m1", "expected": "Escalate", "projection": {"summary": "printer jams", "note": note}}


def test_a_plug_in_decoder_whose_anchors_are_absent_is_not_asked(mirrored: None) -> None:
    needles = _prepared(("Escalate",), (), ())[0]
    blob = orjson.dumps(_item("~~nothing here~~")["projection"])
    prefilter.plan_blob(blob, needles)  # the first sighting of the word: asked as before
    assert _CALLS["marker"] == 1
    _CALLS.clear()
    plan = prefilter.plan_blob(blob, needles)
    assert _CALLS["marker"] == 0 and _CALLS["may_hit"] == 0
    assert not plan.walk


def test_a_plug_in_decoder_whose_anchor_is_present_is_asked_and_finds(mirrored: None) -> None:
    needles = _prepared(("Escalate",), (), ())[0]
    item = _item("we should ~~etalacse~~ now")
    blob = orjson.dumps(item["projection"])
    prefilter.plan_blob(blob, needles)
    _CALLS.clear()
    plan = prefilter.plan_blob(blob, needles)
    assert _CALLS["marker"] == 1 and _CALLS["may_hit"] == 1
    assert plan.walk and [d.name for d in plan.more] == ["mirrored_anchor_test"]
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    assert any("mirrored_anchor_test" in f.view for f in fast.findings), fast.findings


_PIECE_WORDS = ("negative", "urgent", "falcon", "amber", "ok", "not", "spam", "e", "tier")


def _pieces_case(rng: random.Random) -> tuple[bytes, tuple[tuple[bytes, ...], ...]]:
    """A serialised projection with a list of short strings (tags, or a word cut into pieces, or a
    phrase cut at its break, each piece maybe padded with a byte), and two needles' words."""
    needles = tuple(tuple(w.encode() for w in rng.sample(_PIECE_WORDS, rng.randint(1, 2))) for _ in range(2))
    words = [w.decode() for toks in needles for w in toks]
    items: list[object] = []
    for _ in range(rng.randint(1, 4)):
        word = rng.choice([*words, *_WORDS]) if rng.random() < 0.5 else " ".join(words)
        cuts = sorted(rng.sample(range(1, len(word)), min(len(word) - 1, rng.randint(0, 3))))
        parts = [word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True)]
        if rng.random() < 0.3:
            parts[0] = rng.choice(["{", ",", " ", "x", "-", '"']) + parts[0]
        if rng.random() < 0.3:
            parts[-1] += rng.choice(["{", ",", " ", "x", "-", '"'])
        items += [{"p": p} if rng.random() < 0.3 else p for p in parts]
    return orjson.dumps({"id": "c1", "steps": items, "note": rng.choice(_WORDS)}), needles


def test_pieces_ruled_out_by_their_sided_anchors_fail_the_exact_check() -> None:
    rng = random.Random(6)
    anchors.forget()
    ruled_out = asked_open = 0
    for _ in range(1500):
        blob, sets = _pieces_case(rng)
        for low in (blob.lower(), blob.translate(prefilter._LOWER_KEYS)):
            anchors.sided_absent("pieces", low, sets)  # a word's automata are made on its second sighting
            if anchors.sided_absent("pieces", low, sets):
                assert not pieces_may_cross(blob.lower(), sets), (blob, sets)
                ruled_out += 1
            elif pieces_may_cross(blob.lower(), sets):
                asked_open += 1
    assert ruled_out >= 200 and asked_open >= 200, (ruled_out, asked_open)


def test_the_pieces_check_runs_only_where_its_anchors_are(monkeypatch: pytest.MonkeyPatch) -> None:
    from windtunnel.leakage import scan

    calls: list[bytes] = []

    def counted(low: bytes, sets: object) -> bool:
        calls.append(low)
        return pieces_may_cross(low, sets)  # type: ignore[arg-type]

    monkeypatch.setattr(scan, "pieces_may_cross", counted)
    anchors.forget()
    item = {"id": "p", "expected": "Negative"}
    tags = {"ticket": {"tags": ["login", "deploy", "error"], "body": "the export timed out"}}
    for _ in range(3):  # the word's automata are made on its second sighting
        assert not audit_item({**item, "projection": tags}).leaked
    assert len(calls) == 1  # asked while the words were new, then ruled out by the anchors
    calls.clear()
    pieces = {"ticket": {"tags": ["login", "Neg", "ative"], "body": "the export timed out"}}
    audit = audit_item({**item, "projection": pieces})
    assert calls and audit.leaked and audit.findings[0].pointer == "/ticket/tags/1"
    # a string ending with a piece of the word alone (no string starting with the rest) is ruled out too
    calls.clear()
    assert not audit_item({**item, "projection": {"ticket": {"tags": ["Neg", "login"]}}}).leaked
    assert not calls


def test_a_boundary_needs_a_words_end_with_its_own_start_or_the_next_words() -> None:
    """The sided gate reads a boundary between two strings inside a needle: a word's ends with its own
    starts (the word cut) or with the needle's next word's starts (cut at the break); a start of one word
    and an end of another are no such boundary."""
    anchors.forget()
    sets = ((b"amber", b"falcon"),)
    cases = {
        b'{"t":["amb","er"]}': False,  # amber cut in two
        b'{"t":["amber-","falcon"]}': False,  # cut at the break
        b'{"t":["falc","on"]}': False,
        b'{"t":["falc","ber x"]}': True,  # falcon's end, amber's start: no boundary of either
        b'{"t":["falcon","amber"]}': False,  # each word is a string alone (its own start and end)
        b'{"t":["falco","x"]}': True,  # the last word's end, and no next word to start
    }
    for text, absent in cases.items():
        anchors.sided_absent("pieces", text, sets)  # the words' automata are made on their second sighting
        assert anchors.sided_absent("pieces", text, sets) is absent, text
        if absent:
            assert not pieces_may_cross(text, sets), text


def test_the_pass_rules_out_what_its_definition_does() -> None:
    # ``absent`` (the per-set record: the words' shared decoder sets intersected only where they differ,
    # the skip set made once per decoder set) equals its definition: the marker literals' decoders with
    # none present, and the decoders every word anchors with none of their words' anchors present.
    rng = random.Random(42)
    state = anchors._state()
    checked = 0
    for _ in range(400):
        blob, sets = _case(rng)
        low = blob.translate(prefilter._LOWER_KEYS)
        anchors.absent(low, sets)  # the words' indexes are made on their second sighting
        got = anchors.absent(low, sets)
        words = dict.fromkeys(w for toks in sets for w in toks)
        indexes = [state.by_word.get(w) for w in words]
        if any(ix is None for ix in indexes) or not words:
            continue
        want = state.literals.anchored - state.literals.present(low)
        common = frozenset.intersection(*(ix.anchored for ix in indexes if ix is not None))
        present: set[str] = set()
        for ix in indexes:
            if ix is not None:
                present |= ix.present(low)
        assert got == want | (common - present), (blob, sets)
        checked += 1
    assert checked >= 300
