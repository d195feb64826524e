"""The gates of the principles applied around the walk (scan._FINDING_RULES, scan._ITEM_PRINCIPLES).

A gate reads the item and its serialised projection and may only skip a principle that would change
nothing: the default audit (gated) must equal the reference audit (``prefilter=False``, every principle
applied), on the forms each principle reports or drops (spelled with other case, spacing and escapes,
which the gates must still see) and on the four blind development batches.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.elimination import may_rule_out
from windtunnel.leakage.model import Finding
from windtunnel.leakage.ordinal import may_name_position
from windtunnel.leakage.other_inputs import may_drop
from windtunnel.leakage.schemas import may_hold_schema

LABELS = ["Positive", "Negative", "Neutral"]
QUERY = "Staff went out of their way to find my size."
BATCHES = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"


def _item(projection: Any, expected: str = "Positive", labels: list[str] = LABELS) -> dict[str, Any]:
    return {"id": "t", "expected": expected, "label_set": labels, "projection": projection}


def _same(item: dict[str, Any]) -> bool:
    """The gated audit equals the reference; returns whether the item leaks."""
    gated = audit_item(item)
    assert gated == audit_item(item, prefilter=False)
    return gated.leaked


@pytest.mark.parametrize("written", ["Positive", "positive", "  POSITIVE ", "Positive "])
def test_a_label_of_another_input_is_dropped_however_it_is_spelled(written: str) -> None:
    listed = [{"text": "Great selection and friendly staff!", "sentiment": written}, {"text": "Shop opens at nine."}]
    # the label is dropped (the gate let the rule run), and the query among them still leaks
    assert not _same(_item({"demos": listed, "example": {"text": QUERY}}))
    listed[1]["text"] = QUERY
    listed[0]["text"] = QUERY
    assert _same(_item({"demos": listed, "example": {"text": QUERY}}))


def test_demonstration_turns_are_dropped_by_the_gated_audit() -> None:
    turns = [
        {"role": "user", "content": "Food was cold again tonight."},
        {"role": "assistant", "content": "Negative"},
        {"role": "user", "content": "Great selection and friendly staff!"},
        {"role": "assistant", "content": " positive"},
        {"role": "user", "content": QUERY},
    ]
    assert not _same(_item({"messages": turns}))
    rows = (("Queue was long.", "Negative"), (QUERY, "Positive"))
    jsonl = "\n".join(json.dumps({"input": t, "sentiment": s}) for t, s in rows)
    assert _same(_item({"demos": jsonl, "query": {"input": QUERY, "sentiment": None}}))


def _finding(pointer: str, value: str, severity: str = "high") -> Finding:
    return Finding("t", "direct", severity, pointer, "json", None, "raw", "direct.value", "d", value)  # type: ignore[arg-type]


def test_the_other_inputs_gate_says_no_only_where_nothing_can_be_dropped() -> None:
    flat = orjson.dumps({"a": {"label": "Positive"}, "b": ["x"]})
    assert not may_drop(flat, [_finding("/a/label", "Positive")])  # no list on the finding's path
    assert not may_drop(flat, [_finding("/b/0", "Positive", "low")])  # not blocking
    listed = orjson.dumps({"d": [{"t": "some text here", "s": "  POSITIVE "}]})
    assert may_drop(listed, [_finding("/d/0/t", "Positive")])
    assert not may_drop(listed, [_finding("/d/0/t", "Negative")])  # no string is that label
    spaced = orjson.dumps({"d": [{"t": "some text here", "s": "  high   VALUE ", "u": "highest value"}]})
    assert may_drop(spaced, [_finding("/d/0/t", "High value")])
    assert not may_drop(spaced, [_finding("/d/0/t", "High")])  # only inside longer strings
    assert may_drop(orjson.dumps({"d": [{"High value": 1}]}), [_finding("/d/0", "high value")])  # a key too
    assert may_drop(orjson.dumps({"d": ["a\nb"]}), [_finding("/d", "Positive")])  # a line break: JSON Lines
    assert may_drop(orjson.dumps({"d": [{"s": "Pösitive"}]}), [_finding("/d/0/s", "Pösitive")])  # not ASCII


def test_the_schema_gate_needs_the_word_type() -> None:
    assert not may_hold_schema(orjson.dumps({"priority": {"example": "High"}}))
    assert may_hold_schema(orjson.dumps({"priority": {"type": "string", "example": "High"}}))
    assert may_hold_schema(orjson.dumps({"openapi": "priority: {type: string, example: High}"}))
    item = _item({"parameters": {"priority": {"type": "string", "example": "High"}}}, "High", ["Low", "High"])
    assert not _same(item)
    assert _same(_item({"priority": {"example": "High"}}, "High", ["Low", "High"]))


SCALE = ["Low", "Medium", "High", "Critical"]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Bumped it ONE NOTCH BELOW THE TOP of our scale.", "High"),
        ("Put it at the\nlowest level on the scale.", "Low"),
        ("Second-Highest priority, not an outage.", "High"),
        ("One level above the lowest option.", "Medium"),
        ("Moved up two steps from Low this morning.", "High"),
        ("right in the MIDDLE band of the scale", "Medium"),
    ],
)
def test_a_phrase_of_position_passes_the_gate(note: str, expected: str) -> None:
    # three labels or more: the odd-sized scale has a middle
    labels = SCALE if "MIDDLE" not in note else SCALE[:3]
    item = _item({"summary": "Checkout button unresponsive.", "note": note}, expected, labels)
    assert _same(item)
    assert "freetext.position" in [f.rule for f in audit_item(item).findings]


def test_the_position_gate_needs_a_whole_word_of_rank() -> None:
    def gate(projection: Any, expected: str = "High", labels: list[str] = SCALE) -> bool:
        return may_name_position(orjson.dumps(projection), [expected], labels)

    assert not gate({"n": "Upload the topology, lowering costs"})
    assert gate({"n": "UPLOAD", "m": "TOP"})
    assert gate({"n": "x", "top": 1})  # a key is read too
    assert gate({"n": "the_top"}) is False  # one word, as the patterns' \b sees it
    assert gate({"n": "a\ntopology"})  # an escape: no proof
    assert gate({"n": "mıddle"})  # not ASCII: no proof
    assert not gate({"n": "the top"}, "Urgent")  # the answer is not a label
    assert not gate({"n": "the top"}, "High", SCALE[:2])  # two labels have no position
    assert not _same(_item({"n": "the topology of the upload"}, "High", SCALE))


@pytest.mark.parametrize(
    "projection",
    [
        {"note": "Checked: DEFINITELY NOT HARDWARE, SOFTWARE or ACCESS."},
        {"note": "neither hardware\nnor software, and not access"},
        {"flags": {"isHardware": False, "is_software": False, "ACCESS": False}},
    ],
)
def test_ruling_out_every_other_label_passes_the_gate(projection: dict[str, Any]) -> None:
    item = _item(projection, "Network", ["Hardware", "Software", "Network", "Access"])
    assert _same(item)
    assert "freetext.elimination" in [f.rule for f in audit_item(item).findings]


def test_the_elimination_gate_needs_every_other_label() -> None:
    labels = ["Hardware", "Software", "Network", "Access"]
    assert not may_rule_out(orjson.dumps({"n": "not hardware or software"}), ["Network"], labels)
    assert may_rule_out(orjson.dumps({"n": "not HARDWARE or software", "accessKey": 1}), ["Network"], labels)
    assert may_rule_out(
        orjson.dumps({"n": "not hardware or software"}), ["Network"], ["Hardware", "Software", "Network"]
    )
    assert may_rule_out(orjson.dumps({"n": "ſoftware"}), ["Network"], labels)  # not ASCII: no proof
    # a quote is escaped in the serialisation: the word cannot be found as written there
    assert may_rule_out(orjson.dumps({"n": 'not Say "hi"'}), ["Network"], ['Say "hi"', "Network"])


@pytest.mark.parametrize("batch", ["blind1", "blind2", "blind3", "blind4"])
def test_every_eighth_item_of_the_blind_batches_gives_the_reference_audit(batch: str) -> None:
    lines = (BATCHES / batch / "items.jsonl").read_text(encoding="utf-8").splitlines()
    items = [json.loads(line) for line in lines if line.strip()][::8]
    assert len(items) >= 50
    for raw in items:
        item = {k: v for k, v in raw.items() if k != "truth"}
        assert audit_item(item) == audit_item(item, prefilter=False), item.get("id")


def _samples(words: list[str]) -> list[bytes]:
    """Each word alone, glued to letters, digits and ``_`` on either side, between other bytes, in any case."""
    out: list[bytes] = []
    for w in words:
        for a, b in (
            ("", ""),
            ("x", ""),
            ("", "x"),
            ("_", ""),
            ("", "_"),
            ("9", ""),
            (" ", " "),
            ('"', '":'),
            ("-", "."),
        ):
            for form in (w, w.upper(), w.title()):
                out.append(f"{a}{form}{b}".encode())
                out.append(f'{{"k":"say {a}{form}{b} now"}}'.encode())
    return out


def test_the_homophone_gate_matches_whole_words_as_before() -> None:
    from windtunnel.leakage import prefilter

    toks = (b"high", b"2", b"1", b"8", b"4", b"p2")
    rx = prefilter._heard_re(toks)
    assert rx is not None
    alts = [w for key, w in prefilter._HEARD_FOR] + [prefilter._LETTER_NAMES_RE]
    before = re.compile(rb"\b(?:" + b"|".join(alts) + rb")\b")
    words = [w.decode() for alt in alts for w in alt.split(b"|")] + ["tool", "atom", "hiking", "forty"]
    for sample in _samples(words):
        low = sample.lower()
        assert (rx.search(low) is None) == (before.search(low) is None), sample


def test_the_pointer_name_gate_finds_what_the_regex_found() -> None:
    from windtunnel.leakage import predictions

    before = re.compile(predictions.POINTER_NAME.pattern.encode())
    words = ["argmax", "index", "idx", "label_id", "labelId", "class_id", "classid", "top_1", "top1", "prediction"]
    words += ["predicted", "choice", "selected", "predict", "label id", "top 1", "indx"]
    for sample in _samples(words):
        named = before.search(sample) is not None
        assert predictions.names_pointer(sample + b'{"n":1}') == named, sample
        assert predictions.names_pointer(sample + b'{"n":-1.5}') == named, sample
        assert not predictions.names_pointer(sample + b'{"n":"1","m":true}'), sample  # no number under a key


def test_an_index_into_the_listing_passes_the_gate() -> None:
    labels = ["Low", "Medium", "High"]
    for projection in (
        {"id2label": {"0": "Low", "1": "Medium", "2": "High"}, "model": {"ARGMAX": 2}},
        {"labels": ["Low", "Medium", "High"], "top_k": [{"Label_Id": 2, "score": -0.5}]},
    ):
        item = _item(projection, "High", labels)
        assert _same(item)
        assert any("index into a listing" in f.detail for f in audit_item(item).findings), projection


def test_every_word_of_rank_of_the_position_patterns_is_in_the_gate() -> None:
    # A word added to the top or bottom of the scale must be added to the gate too (else it hides a leak).
    from windtunnel.leakage import ordinal

    for group in (ordinal._TOP, ordinal._BOTTOM):
        alternatives = re.sub(r"\\[a-z]", " ", group.split("(?:")[2]).rstrip(")").split("|")
        firsts = {alt.split()[0].strip("+?*()") for alt in alternatives}
        assert firsts and {w.encode() for w in firsts} <= ordinal._RANK_WORDS, firsts
