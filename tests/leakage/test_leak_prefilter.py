"""The pre-check is sound on the corner cases it reasons about: each case is audited with and without it."""

from __future__ import annotations

import base64
import re
import sys
import unicodedata
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.prefilter import plan
from windtunnel.leakage.text import _full_char


def b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    # a phrase half in plain text, half in a base64 blob
    ("straddle", {"id": "s", "expected": "Amber falcon", "projection": {"t": f"Amber {b64('falcon')}"}}, []),
    # a blob right after a JSON escape (newline): the escape is not part of the blob
    ("after-escape", {"id": "e", "expected": "High", "projection": {"t": f"Notes:\n{b64('High')}"}}, []),
    # a label of the set, base64-encoded inside an upstream field
    (
        "upstream-label",
        {
            "id": "u",
            "expected": "Low",
            "label_set": ["Low", "High"],
            "projection": {"aiGuess": b64("High"), "body": "nothing here"},
        },
        [],
    ),
    # an upstream key that starts with an underscore or a space
    ("underscore-key", {"id": "k", "expected": "High", "projection": {"_aiLabel": "x"}}, []),
    ("space-key", {"id": "k2", "expected": "High", "projection": {" predicted": "x"}}, []),
    # a camel-case key holding a two-word answer
    ("camel-key", {"id": "c", "expected": "Amber falcon", "projection": {"amberFalcon": 1}}, []),
    # a non-ASCII blob whose folded view holds the answer (fullwidth letters)
    ("fullwidth-b64", {"id": "f", "expected": "High", "projection": {"t": b64("ＨＩＧＨ")}}, []),
    # an encoded path segment
    ("encoded-segment", {"id": "p", "expected": "Aoè", "projection": {"category": "Support > QW/DqA=="}}, []),
    # base64 in a query string, its padding percent-encoded (the scan decodes base64 inside the URL view)
    (
        "percent-b64",
        {"id": "q", "expected": "Amber falcon", "projection": {"u": f"see {b64('Amber falcon!!')[:-1]}%3D"}},
        [],
    ),
    # base64 every character of which is percent-encoded
    (
        "all-percent-b64",
        {"id": "q2", "expected": "High", "projection": {"u": "".join(f"%{ord(c):02X}" for c in b64("High"))}},
        [],
    ),
    # unpadded base64url (JWT payloads): 2 or 3 characters past a multiple of 4
    ("unpadded-2", {"id": "u2", "expected": "High", "projection": {"t": b64("-High").rstrip("=")}}, []),
    ("unpadded-3", {"id": "u3", "expected": "High", "projection": {"t": b64("High").rstrip("=")}}, []),
    (
        "jwt-payload",
        {
            "id": "j",
            "expected": "High",
            "projection": {"t": "eyJhbGciOiJub25lIn0." + b64('{"pr": "High"}').rstrip("=")},
        },
        [],
    ),
    # the value of a lone name=value pair (no '&' after it): the pair's '=' is in the pre-check's alphabet, so the run
    # holds the name too and does not decode whole; the decoder reads the value alone (a deep link's context)
    (
        "pair-b64-url",
        {
            "id": "pu",
            "expected": "High",
            "projection": {"u": "https://ehr.example.test/nb/view?ctx=" + b64('{"tab":"x","prio":"High"}').rstrip("=")},
        },
        [],
    ),
    (
        "pair-b64",
        {"id": "pp", "expected": "High", "projection": {"u": "ctx=" + b64('{"prio":"High"}').rstrip("=")}},
        [],
    ),
    # base64 of base64 (the scan decodes two levels)
    ("b64-in-b64", {"id": "n", "expected": "Amber falcon", "projection": {"t": b64(b64("Amber falcon"))}}, []),
    # base64 behind an HTML entity
    ("entity-b64", {"id": "h", "expected": "High", "projection": {"t": "x &#83;" + b64("High")[1:]}}, []),
    # an upstream key holding a quote, and one of JSON held in a string
    ("quoted-key", {"id": "k3", "expected": "High", "projection": {'ai"label': "x"}}, []),
    ("embedded-key", {"id": "k4", "expected": "High", "projection": {"t": '{"aiLabel": "x"}'}}, []),
]


@pytest.mark.parametrize(("name", "item", "_unused"), CASES, ids=[c[0] for c in CASES])
def test_prefilter_matches_the_full_scan(name: str, item: dict[str, Any], _unused: list[str]) -> None:
    fast = audit_item(item)
    slow = audit_item(item, prefilter=False)
    assert fast == slow
    assert fast.findings, name


def test_decoy_words_apart_are_skipped_but_a_real_phrase_is_not() -> None:
    needles = NeedleSet.build(["Amber falcon"])
    assert plan({"t": "amber login falcon"}, needles) == (False, False)
    assert plan({"t": "amber\nfalcon"}, needles) == (True, False)
    assert audit_item({"id": "d", "expected": "Amber falcon", "projection": {"t": "amber\nfalcon"}}).leaked


def test_encoded_path_segment_is_an_upstream_path_leak() -> None:
    audit = audit_item({"id": "p", "expected": "Aoè", "projection": {"category": "Support > QW/DqA=="}})
    assert [(f.rule, f.view) for f in audit.findings] == [("upstream.path-segment", "decoded:base64")]


def test_folding_never_makes_more_than_four_ascii_letters_per_three_bytes() -> None:
    # The base64 length bound of the pre-check rests on this: a blob of L characters decodes to at
    # most 3L/4 bytes, which fold to at most L consecutive ASCII characters in the scan's view.
    ascii_run = re.compile(r"[\x00-\x7f]+")
    worst = 0.0
    for cp in range(0x80, sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cn", "Co"):
            continue
        out = _full_char(ch)
        runs = ascii_run.findall(out)
        if runs:
            worst = max(worst, max(map(len, runs)) / len(ch.encode()))
    assert worst <= 4 / 3


def test_the_upstream_start_pattern_names_every_prefix() -> None:
    # The hand-grouped alternatives of the cheap upstream check are exactly the prefixes.
    from windtunnel.leakage import prefilter

    pattern = prefilter._UPSTREAM_AFTER
    body = pattern[pattern.index(b"(?:") :]
    found = re.findall(rb"[a-z]+(?:\(\?:[a-z|]+\))?", body)
    expanded = set()
    for part in found:
        if b"(?:" in part:
            head, alts = part.split(b"(?:")
            expanded |= {head + a for a in alts.rstrip(b")").split(b"|")}
        else:
            expanded.add(part)
    assert expanded == set(prefilter._UPSTREAM_PREFIXES)


# --- the candidate runs and the upstream gate of the pre-check, against what they replace

_B64_WORDS = ["High", "falcon", "Amber falcon", "x", "Priority: High", "ok", "Low!"]
_RUN_TOKEN = st.one_of(
    st.tuples(
        st.sampled_from(_B64_WORDS),
        st.integers(1, 3),
        st.text(alphabet="abcdefghijklmnop", max_size=12),
        st.sampled_from(["", "strip", "urlsafe"]),
    ).map(lambda p: _encoded_run(*p)),
    st.text(alphabet='",:{}[] .\\', min_size=1, max_size=3),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEF0123456789-_=+", min_size=1, max_size=14),
)


def _encoded_run(word: str, times: int, prefix: str, form: str) -> str:
    run = b64(word * times)
    if form == "strip":
        run = run.rstrip("=")
    elif form == "urlsafe":
        run = run.replace("+", "-").replace("/", "_")
    return prefix + run.replace("/", "_")


@settings(max_examples=2000, deadline=None)
@given(tokens=st.lists(_RUN_TOKEN, min_size=1, max_size=8), min_len=st.sampled_from([4, 8, 12, 16]))
def test_decodable_runs_are_every_run_that_decodes(tokens: list[str], min_len: int) -> None:
    # The regex that skips runs which cannot decode gives exactly the runs (and pieces) of the
    # general one, whatever the lowercase prefix before a run's first other character.
    from windtunnel.leakage.prefilter import _INNER_EQUALS, _class_runs, _json_runs

    blob = "".join(tokens).encode()
    assert b"/" not in blob
    if _INNER_EQUALS.search(blob):  # a name=value pair's value is decoded apart: the general reading only (_runs)
        return
    assert _json_runs(blob, min_len) == _class_runs(blob, min_len, json=True)


_GATE_KEY = st.sampled_from(
    ["summary", "aiLabel", "_predicted", "x confidence", 'a"b confidence', 'ai"x', 'x"aiY', "note", ",aiX", "{ml"]
)
_GATE_TEXT = st.sampled_from(
    ["low confidence", 'say \\"x confidence\\": y', "confidence", '{"confidence": 1}', '{"aiLabel": "x"}', "plain"]
)
_GATE_TREE = st.recursive(
    st.one_of(_GATE_TEXT, st.integers(0, 9)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_GATE_KEY, inner, max_size=3)),
    max_leaves=6,
)


# 500 examples: the tree has ~10 keys and ~6 texts, at most 6 leaves. Mutants of the gate (no backslash lead; the
# "confidence" key only at the key's start) were found on 10 of 10 seeds at 300 examples (9/10 at 150), as at 2000.
@settings(max_examples=500, deadline=None)
@given(tree=_GATE_TREE)
def test_upstream_gate_is_necessary_for_the_key_patterns(tree: Any) -> None:
    # The one-pass gate never says "no" where the key patterns find a key.
    from windtunnel.leakage.prefilter import _may_have_upstream_key, _upstream_keys

    blob = orjson.dumps(tree)
    low = blob.lower()
    if _upstream_keys(low):
        assert _may_have_upstream_key(blob, low)


def test_upstream_gate_finds_a_quoted_confidence_in_a_value() -> None:
    # "confidence" before an escaped quote and ':' inside a value: the key pattern matches it, so
    # the gate must too (with a backslash in the text, the word anywhere counts).
    from windtunnel.leakage.prefilter import _may_have_upstream_key, _upstream_keys

    blob = orjson.dumps({"note": 'low confidence": x'})
    assert _upstream_keys(blob.lower())
    assert _may_have_upstream_key(blob, blob.lower())


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_the_ascii_word_pattern_finds_the_words_of_ascii_text(text: str) -> None:
    """The probe splits ASCII answers with ``[A-Za-z0-9_]+`` instead of the Unicode word pattern."""
    from windtunnel.leakage.prefilter import _ASCII_WORD_RE
    from windtunnel.leakage.text import WORD_RE

    assert _ASCII_WORD_RE.findall(text) == WORD_RE.findall(text)


def test_a_plan_with_a_plain_hit_only_is_the_shared_one() -> None:
    """A projection whose only possible finding is a plain hit gets the shared plan: walk, nothing to
    decode, no upstream key, exact; one with nothing gets the "no" plan."""
    from windtunnel.leakage.prefilter import Plan, plan_blob
    from windtunnel.leakage.views import anchors

    needles = NeedleSet.build(["Amber falcon"])
    # (the words' anchors of pieces across list items are indexed on their second sighting: then the
    # shared plan without them, ``pieces=False``)
    anchors.forget()
    assert plan_blob(b'{"note":"amber falcon"}', needles) == Plan(True, False, False, True)
    assert plan_blob(b'{"note":"amber hawk"}', needles) == Plan(False, False, False, True, pieces=False)
    # a string starting with the first word and one ending with the last (one string here) cross no
    # boundary: ruled out; a string ending with the first word and one starting with the next leave it open
    assert plan_blob(b'{"note":"amber falcon"}', needles) == Plan(True, False, False, True, pieces=False)
    assert plan_blob(b'{"note":["amber ","falcon"]}', needles) == Plan(True, False, False, True)
    assert plan_blob(b'{"tags":["amb","er hawk"]}', needles) == Plan(False, False, False, True)
    assert plan_blob(b'{"aiNote":"hawk"}', needles).upstream


_BRACE_TEXT = st.sampled_from(["{ml x", "a{aiX", "1{234", "{confidence", "x, aiY", "plain", "{", ","])
_BRACE_TREE = st.recursive(
    st.one_of(_GATE_TEXT.filter(lambda t: "\\" not in t), _BRACE_TEXT, st.integers(0, 9)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.one_of(_GATE_KEY, _BRACE_TEXT), inner, max_size=3)
    ),
    max_leaves=6,
)


# 500 examples: mutants of the key-start gate ('{' not written as ','; "confidence" only at the key's start;
# X and Y not lowercased) were found on 10 of 10 seeds at 150 examples, as at 2000.
@settings(max_examples=500, deadline=None)
@given(tree=_BRACE_TREE)
def test_the_key_start_gate_equals_the_quote_led_one(tree: Any) -> None:
    # Without a backslash, the ',"'-led gate on the text lowercased with '{' as ',' says exactly what
    # the quote-led gate says on the lowercased text, and every answer word is found the same way.
    from windtunnel.leakage.prefilter import _KEY_START_RE, _LOWER_KEYS, _may_have_upstream_key

    blob = orjson.dumps(tree)
    if b"\\" in blob:
        return
    low, keyed = blob.lower(), blob.translate(_LOWER_KEYS)
    assert (_KEY_START_RE.search(keyed) is not None) == _may_have_upstream_key(blob, low)
    for word in (b"ml", b"aix", b"confidence", b"234", b"plain", b"x"):
        assert (word in keyed) == (word in low)


@pytest.mark.parametrize("name", ["q", "id", "ctx", "sess"])
@pytest.mark.parametrize("extra", [{}, {"note": "line one\nline two"}, {"path": "a/b"}])
def test_a_lone_pairs_value_is_read_whatever_the_runs_length(name: str, extra: dict[str, str]) -> None:
    # The run with its name glued is 4k+1 characters for one name of these and not for the others; whether another
    # field holds a '/' or a backslash must not decide whether the pre-check reads the value (the common path goes
    # through the same run reading as the others).
    value = b64('{"tab":"x","apgar5":"reassuring"}').replace("+", "-").replace("/", "_").rstrip("=")
    item = {
        "id": "x",
        "expected": "reassuring",
        "label_set": ["reassuring", "concerning"],
        "projection": {"link": "open chart " + name + "=" + value, **extra},
    }
    fast, slow = audit_item(item), audit_item(item, prefilter=False)
    assert slow.findings
    assert len(fast.findings) == len(slow.findings)
