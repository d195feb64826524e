"""The scan's shortcuts never change a result.

``audit_item(prefilter=False)`` walks and searches everything; the default run skips items, subtrees,
keys and strings that the sound pre-check clears, and matches plain phrases without a regex. Both
must give the same audit on every item, leaky or clean, whatever carries the answer.
"""

from __future__ import annotations

import base64
import json
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import _bounded, _find_phrase, _phrase_parts, _phrase_re

WORDS = [
    "login",
    "deploy",
    "error",
    "timeout",
    "invoice",
    "refund",
    "export",
    "page",
    "cache",
    "token",
    "session",
    "replica",
    "queue",
]
ANSWERS = ["Amber falcon", "High", "P1", "Billing/EU", "1,000", "2024-03-05", "Sev 2", "résiliation", "C++"]


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _plant(rng: random.Random, answer: str, fields: dict[str, Any]) -> None:
    kind = rng.randrange(12)
    if kind == 0:
        fields["category"] = answer
    elif kind == 1:
        fields["comments"][0]["body"] += f". Resolution: {answer}."
    elif kind == 2:
        fields["aiCategory"] = f"Support/{answer}"
    elif kind == 3:
        fields["trace"] = base64.b64encode(answer.encode()).decode()
    elif kind == 4:
        fields["meta"] = json.dumps({"note": {"value": answer}})
    elif kind == 5:
        fields["flags"] = {answer: True}
    elif kind == 6:
        fields["link"] = f"https://tracker.test/browse/{answer.replace(' ', '%20')}"
    elif kind == 7:
        fields["html"] = f"<p>set to <b>{answer}</b></p>"
    elif kind == 8:
        fields["options"] = ["High", "Medium", "Low"]
    elif kind == 9:
        fields["description"] += f" {answer.upper()} and {answer.lower()}"
    elif kind == 10:
        fields["labels"].append(answer.replace(" ", "\u00a0"))
    # 11: clean


def _item(rng: random.Random, i: int) -> dict[str, Any]:
    answer = rng.choice(ANSWERS)
    fields: dict[str, Any] = {
        "summary": _words(rng, 6).capitalize(),
        "description": ". ".join(_words(rng, 8).capitalize() for _ in range(3)) + ".",
        "status": {"name": "Open", "id": str(rng.randint(1, 9))},
        "created": "2024-03-15T10:00:00Z",
        "labels": [rng.choice(WORDS) for _ in range(2)],
        "comments": [{"author": f"agent{rng.randint(1, 80)}", "body": _words(rng, 10)} for _ in range(2)],
    }
    if rng.random() < 0.3:  # decoy: the answer's words apart
        fields["description"] += " " + " login ".join(answer.split())
    for _ in range(rng.randint(0, 2)):
        _plant(rng, answer, fields)
    item: dict[str, Any] = {"id": f"t{i}", "expected": answer, "projection": {"key": f"WEB-{i}", "fields": fields}}
    if rng.random() < 0.2:
        item["label_set"] = [answer, "Low", "Medium"]
    if rng.random() < 0.1:
        item["correlated_values"] = ["queue"]
    return item


def test_shortcuts_give_the_reference_audit_on_a_mixed_dataset() -> None:
    rng = random.Random(8)
    leaked = 0
    for i in range(600):
        item = _item(rng, i)
        fast = audit_item(item)
        assert fast == audit_item(item, prefilter=False), item
        leaked += fast.leaked
    # The dataset exercises both paths.
    assert 150 < leaked < 550


@pytest.mark.parametrize("answer", ANSWERS)
def test_each_answer_shape_is_found_with_and_without_shortcuts(answer: str) -> None:
    item = {"id": "x", "expected": answer, "projection": {"a": {"b": [{"c": f"it is {answer} now"}]}}}
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    assert fast.findings


_TEXT = st.text(alphabet=list("abcd -.,\u00a0\né1"), max_size=14)


@settings(max_examples=400, deadline=None)
@given(norm=st.text(alphabet=list("ab -.,é1"), min_size=1, max_size=6).map(str.strip), text=_TEXT)
def test_phrase_matching_without_regex_equals_the_regex(norm: str, text: str) -> None:
    parts = _phrase_parts(norm) if norm else None
    if parts is None:
        return
    pattern = _phrase_re(norm)
    assert pattern is not None
    expected: list[tuple[int, int]] = []
    pos = 0
    while (mt := pattern.search(text, pos)) is not None:
        a, b = mt.span()
        if _bounded(text, a, b, norm):
            expected.append((a, b))
            pos = b
        else:
            pos = a + 1
    assert _find_phrase(parts, norm, text) == expected


def test_regex_whitespace_is_str_isspace() -> None:
    # The regex-free phrase matcher skips whitespace with str.isspace, the regex with \s.
    space = re.compile(r"\s")
    for cp in list(range(0x3000 + 1)) + [0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F, 0xFEFF]:
        ch = chr(cp)
        assert (space.match(ch) is not None) == ch.isspace(), hex(cp)


@pytest.mark.parametrize("value", ["High", "  High  ", "HIGH", "\tHigh\n"])
def test_the_target_is_inferred_the_same_with_and_without_shortcuts(value: str) -> None:
    item = {"id": "t", "expected": "High", "projection": {"priority": {"name": value}, "note": "we said high priority"}}
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    assert "freetext.target-mention" in {f.rule for f in fast.findings}


# ---------------------------------------------------------------- the fast paths, generated
#
# Every shortcut of the default scan (the item plan: hot base64 runs, entity and percent flags,
# upstream keys; strings and containers skipped against it; the lone container walked unchecked;
# the target inferred lazily; pointers not re-hashed; the raw view of an ASCII hit) must leave the
# audit exactly as ``prefilter=False`` gives it. Strings are built from the pieces those shortcuts
# reason about, nested and encoded in every way the scan decodes.

_ANS = ["High", "Amber falcon", "P1", "naïve", "Low"]
_LABELS = ["High", "Low", "Medium"]


def _b64s(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


_ENCODERS = [
    lambda s: s,
    lambda s: s.upper(),
    _b64s,
    lambda s: _b64s(_b64s(s)),
    lambda s: _b64s(s).rstrip("=") + "%3D" * _b64s(s).count("="),
    lambda s: base64.urlsafe_b64encode(json.dumps({"priority": s}).encode()).decode().rstrip("="),
    lambda s: "eyJhbGciOiJub25lIn0." + base64.urlsafe_b64encode(s.encode()).decode().rstrip("=") + ".",
    lambda s: "".join(f"%{ord(c):02X}" for c in _b64s(s)),
    lambda s: "".join(f"%{b:02X}" for b in s.encode()),
    lambda s: "".join(f"&#{ord(c)};" for c in s),
    lambda s: f"&#{ord(s[0])};" + _b64s(s)[1:] if s else s,
    lambda s: f"https://x.test/a/{s.lower()}.png",
    lambda s: f"Support/{s}",
    lambda s: f"**Priority:** {s}",
    lambda s: json.dumps({"note": s}),
    lambda s: json.dumps({"aiLabel": s}),
    lambda s: s.replace("a", "\u0430"),
    lambda s: f"Pick one of: {', '.join(_LABELS)}",
]
_WORDS_ST = st.sampled_from(["login", "deploy", "we agreed this is", "priority", "WEB-12", "2024-03-05T10:00:00Z"])
_PIECE = st.one_of(
    _WORDS_ST,
    st.tuples(st.sampled_from(_ANS + ["Amber", "falcon", "QWxs", "user1561"]), st.sampled_from(_ENCODERS)).map(
        lambda p: p[1](p[0])
    ),
)
_TEXT = st.lists(_PIECE, min_size=1, max_size=4).map(" ".join)
_KEY = st.sampled_from(
    [
        "summary",
        "body",
        "aiCategory",
        "_aiLabel",
        ",aiX",
        'ai"x',
        'x"aiY',
        "confidence_score",
        "High",
        "amberFalcon",
        "type",
    ]
)
_SCALAR = st.one_of(_TEXT, st.integers(-2, 1001), st.booleans(), st.none())
_TREE = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEY, inner, max_size=4)),
    max_leaves=10,
)


@settings(max_examples=500, deadline=None)
@given(
    projection=st.dictionaries(_KEY, _TREE, min_size=1, max_size=4),
    answer=st.sampled_from(_ANS),
    labels=st.booleans(),
    correlated=st.booleans(),
    target=st.booleans(),
)
def test_generated_items_give_the_reference_audit(
    projection: dict[str, Any], answer: str, labels: bool, correlated: bool, target: bool
) -> None:
    item: dict[str, Any] = {"id": "g", "expected": answer, "projection": projection}
    if labels:
        item["label_set"] = [answer, *(lab for lab in _LABELS if lab != answer)]
    if correlated:
        item["correlated_values"] = ["login"]
    if target:
        item["target"] = "priority"
    assert audit_item(item) == audit_item(item, prefilter=False)


_KV_PIECES = [
    "a",
    "Priority",
    "1",
    ")",
    "]",
    ":",
    "=",
    "->",
    "=>",
    " ",
    "\t",
    "\n",
    "*",
    "_",
    "`",
    "'",
    '"',
    "(",
    "[",
    "~",
    "<b>",
    "</b>",
    "<strong>",
    "</strong>",
    "<bold>",
    "<span class='x'>",
    "<td>",
    "</td>",
    "<th>",
    "</th>",
    "<td align=left>",
    "<p>",
    "</p>",
    "<",
    ">",
    ".",
]


@settings(max_examples=1500, deadline=None)
@given(pieces=st.lists(st.sampled_from(_KV_PIECES), max_size=24))
def test_key_value_check_read_backwards_equals_the_forward_regex(pieces: list[str]) -> None:
    """``_kv_before`` (one anchored match on the reversed window) decides exactly what the forward
    ``_KV_BEFORE`` search decides, at every position of the text, also past its 80-character window."""
    from windtunnel.leakage.scan import _KV_BEFORE, _kv_before

    text = "".join(pieces) + "High"
    for va in range(len(text) + 1):
        assert _kv_before(text, va) == bool(_KV_BEFORE.search(text, max(0, va - 80), va)), (text, va)


@pytest.mark.parametrize(
    "text",
    [
        "Priority: High",
        "*Priority:* High",
        "**Priority:** High",
        "<b>Priority</b>: <strong>High",
        "<tr><td>Priority</td> <td class='v'>High",
        "priority =\nHigh",
        "we agreed this is High",
        "x" * 100 + "Priority: High",
    ],
)
def test_key_value_check_read_backwards_on_examples(text: str) -> None:
    from windtunnel.leakage.scan import _KV_BEFORE, _kv_before

    va = text.rindex("High")
    assert _kv_before(text, va) == bool(_KV_BEFORE.search(text, max(0, va - 80), va))


@settings(max_examples=1500, deadline=None)
@given(
    text=st.lists(
        st.sampled_from(
            [
                "a",
                "High",
                " ",
                "  ",
                "\t",
                "\u00a0",
                "\u2003",
                "\n",
                "-",
                "+",
                "1",
                "12",
                "٣",
                "²",
                ".",
                "*",
                "**",
                "_",
                "__",
                "`",
                "#",
                ">",
                "|",
                "[",
                "]",
                "(",
                ")",
                "x y",
            ]
        ),
        max_size=12,
    ).map("".join)
)
def test_markdown_pre_check_never_misses_what_the_regex_finds(text: str) -> None:
    from windtunnel.leakage.formats import _MD_RE, _may_be_markdown

    if _MD_RE.search(text):
        assert _may_be_markdown(text), text


@settings(max_examples=500, deadline=None)
@given(
    lead=st.lists(st.sampled_from([" ", "\t", "\u00a0", "\u2003", "\x0b"]), max_size=5).map("".join),
    marker=st.sampled_from(["-", "+", "1.", "12.", "٣.", "²."]),
    rest=st.sampled_from([" item", "\u2003item", "item", ""]),
)
def test_markdown_pre_check_on_list_markers(lead: str, marker: str, rest: str) -> None:
    from windtunnel.leakage.formats import _MD_RE, _may_be_markdown

    text = lead + marker + rest
    if _MD_RE.search(text):
        assert _may_be_markdown(text), text


def test_a_string_classified_once_gives_each_item_its_own_findings() -> None:
    """The same string in items that differ in what its findings depend on (target, context words,
    strict, label set, an upstream field, a marked rich-text node, JSON nesting): every audit, in any
    order and repeated, equals the reference audit, which never uses the classification cache."""
    from windtunnel.leakage.model import LeakItem

    def adf(text: str, marks: list[Any]) -> dict[str, Any]:
        node: dict[str, Any] = {"type": "text", "text": text}
        if marks:
            node["marks"] = marks
        return {"type": "doc", "content": [{"type": "paragraph", "content": [node]}]}

    texts = ["flavour High", "High", "we said High", "Support/High", "Priority: High", "High, Low", _b64s("High")]
    variants: list[dict[str, Any]] = []
    for text in texts:
        for extra in (
            {},
            {"target": "flavour"},
            {"strict": True},
            {"label_set": ["High", "Low"]},
            {"context_words": ["said"]},
        ):
            for projection in (
                {"note": text},
                {"aiNote": text},
                {"doc": adf(text, [{"type": "strong"}])},
                {"doc": adf(text, [])},
                {"meta": json.dumps({"a": {"b": text}})},
                {"options": [text, "Low"]},
            ):
                variants.append({"expected": ["High"], "projection": projection, **extra})
    rng = random.Random(3)
    for round_ in range(3):
        order = list(range(len(variants)))
        rng.shuffle(order)
        for n in order:
            item = LeakItem(id=f"v{n}-{round_}", **variants[n])
            decode = rng.random() < 0.7
            assert audit_item(item, decode=decode) == audit_item(item, decode=decode, prefilter=False), item
    # The variants do differ: the cache must tell them apart.
    kinds = {tuple((f.rule, f.severity) for f in audit_item(LeakItem(id="x", **v)).findings) for v in variants}
    assert len(kinds) > 5


def test_the_mixed_dataset_audited_again_gives_the_reference_audit() -> None:
    """Later passes over the same items are served from the classification cache (a string is
    kept from its second sighting on)."""
    rng = random.Random(8)
    items = [_item(rng, i) for i in range(300)]
    first = [audit_item(it) for it in items]
    for _ in range(2):
        for it, before in zip(items, first, strict=True):
            assert audit_item(it) == before == audit_item(it, prefilter=False), it


@settings(max_examples=800, deadline=None)
@given(
    values=st.lists(
        st.sampled_from(["High", "high ", " HIGH", "Low", "lo w", "Medium", "Höh", "HÖH", "x", ""]), max_size=5
    ),
    labels=st.lists(st.sampled_from(["High", "Low", "Medium", "Höh", "lo w", "Very High"]), min_size=2, max_size=3),
)
def test_label_cover_check_equals_its_definition(values: list[str], labels: list[str]) -> None:
    """The quick word check in ``_covers_labels`` only ever answers "no" when normalising says so."""
    from windtunnel.leakage.scan import _context
    from windtunnel.leakage.text import normalize_needle

    ctx = _context("x", [labels[0]], [], labels, True)
    expected = (
        bool(ctx.label_norms)
        and len(values) >= len(ctx.label_norms)
        and ctx.label_norms <= {normalize_needle(v) for v in values}
    )
    from windtunnel.leakage.scan import _covers_labels

    assert _covers_labels(values, ctx) == expected


# ---------------------------------------------------------------- values the serialisation hides
#
# orjson writes a float ``nan`` or ``inf`` as ``null``, while the walk reads it as ``repr`` writes it:
# an answer that can match it gets no pre-check.


@pytest.mark.parametrize("value", [float("nan"), float("inf"), True, 3])
def test_a_scalar_that_reads_as_the_answer_is_found_the_same_way(value: Any) -> None:
    answer = {True: "true", 3: "3"}.get(value, repr(value))
    item = {"id": "s", "expected": answer, "projection": {"a": [{"b": "x", "c": value}], "d": "Amber falcon"}}
    assert audit_item(item) == audit_item(item, prefilter=False)


def test_scan_fields_finds_a_non_finite_float_that_reads_as_the_answer() -> None:
    from windtunnel.leakage.scan import scan_fields

    fields = {"a": [{"b": float("nan")}, {"c": 1}], "d": "x"}
    assert [f.pointer for f in scan_fields(fields, "nan")] == ["/a/0/b"]


# ---------------------------------------------------------------- fourth round: the hit's search and hiding


@settings(max_examples=500, deadline=None)
@given(
    text=st.text(alphabet=list("HhIiGg  -.,*_:1\n"), max_size=24),
    needles=st.lists(st.sampled_from(["High", "high", "hi gh", "High-1", "1", "g"]), min_size=1, max_size=3),
    labels=st.lists(st.sampled_from(["High", "Low", "G"]), max_size=2),
)
@example(text="H1GH", needles=["High"], labels=[])  # an OCR look-alike: once missing from this test's expectation
def test_the_ascii_search_equals_the_search_of_the_full_view(text: str, needles: list[str], labels: list[str]) -> None:
    """``NeedleSet.search`` of an ASCII string without decoded views takes a path with no offset map;
    it finds the same hits, views and spans as the mapped full view."""
    from windtunnel.leakage.needles import NeedleSet
    from windtunnel.leakage.text import Mapped

    ns = NeedleSet.build(needles[:1], needles[1:], labels)
    if ns.any_canon and any(ch.isdigit() for ch in text):
        return  # the canonical view is searched too: the mapped path
    full = ns._search_views(text, Mapped(text), "full")
    expected = full + ns._search_identifiers(Mapped(text), "identifier", full)
    if ns.ocr:  # OCR look-alikes (`H1GH`) are searched on both paths, after the rest
        expected += ns._search_ocr(Mapped(text), expected)
    assert ns.search(text, decode=False) == expected


@settings(max_examples=500, deadline=None)
@given(
    pointers=st.lists(st.text(alphabet=list("/abHhé~1 "), max_size=10), min_size=1, max_size=3),
    secrets=st.lists(st.sampled_from(["High", "a b", "ab", "H1", "é"]), min_size=1, max_size=2),
    key=st.booleans(),
)
def test_the_nothing_to_hide_check_is_its_definition(pointers: list[str], secrets: list[str], key: bool) -> None:
    """``_may_hide`` (plain loops) answers as its definition: a key finding, a secret it cannot
    reason about, a non-ASCII pointer, or a pointer holding every word of a secret."""
    import re as _re

    from windtunnel.leakage.model import Finding
    from windtunnel.leakage.pointers import _may_hide

    base = audit_item({"id": "p", "expected": "Amber falcon", "projection": {"a": "Amber falcon"}}).findings[0]
    assert base.inner is None
    findings: list[Finding] = [
        replace(base, pointer=p, target="key" if key and i == 0 else base.target) for i, p in enumerate(pointers)
    ]
    words = [tuple(_re.findall(r"[a-z0-9]+", s.lower())) for s in secrets]
    expected = (
        key
        or any(not s.isascii() or any(c.isdigit() for c in s) for s in secrets)
        or any(not p.isascii() for p in pointers)
        or any(all(w in p.lower() for w in ws) for p in pointers for ws in words)
    )
    assert _may_hide(findings, secrets) == expected


def test_objects_with_the_same_keys_are_walked_by_their_own_keys_and_values() -> None:
    """The walk keeps what depends on an object's keys per key tuple (pointer tokens, whether the
    keys can hold an answer, whether they can make a rich-text format): equal-comparing keys of
    other types (``1``, ``True``, ``1.0``) and same-keyed objects of other formats are told apart."""
    from windtunnel.leakage.scan import scan_fields

    for _ in range(2):  # the second time from the cache
        assert [f.pointer for f in scan_fields({1: "Amber falcon"}, "Amber falcon")] == ["/1"]
        assert [f.pointer for f in scan_fields({True: "Amber falcon"}, "Amber falcon")] == ["/True"]
        assert [f.pointer for f in scan_fields({1.0: "Amber falcon"}, "Amber falcon")] == ["/1.0"]
    items = [
        {"id": f"s{i}", "expected": "Amber falcon", "projection": projection}
        for i, projection in enumerate(
            [
                {"a/b~": {"type": "doc", "content": [{"type": "text", "text": "Amber falcon"}]}},
                {"a/b~": {"type": "paragraph", "content": "Amber falcon"}},
                {"a/b~": {"type": "x", "content": "**Amber falcon**"}},
                {"Amber falcon": 1, "type": "doc", "content": []},
                {"Amber falcon": 1, "type": "unknown", "content": "x"},
            ]
            * 2
        )
    ]
    seen = []
    for item in items:
        audit = audit_item(item)
        assert audit == audit_item(item, prefilter=False)
        seen.append([(f.pointer, f.representation) for f in audit.findings])
    assert seen[:5] == [
        [("/a~1b~0/content/0/text", "adf")],
        [("/a~1b~0/content", "adf")],
        [("/a~1b~0/content", "markdown")],
        [("/Amber falcon", "adf")],
        [("/Amber falcon", "json")],
    ]
    assert seen[5:] == seen[:5]
