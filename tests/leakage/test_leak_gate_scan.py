"""The one-pass gate scan (views/gate_scan.py) decides nothing a gate did not.

The pre-check skips a needle-independent gate (the markers of the decoders it does not model: its own
``_base_markers`` and the decoders' ``blob_patterns``) where the one Hyperscan pass finds none of its patterns. That is
sound only if each gate's patterns are a necessary condition of it: generated serialisations built from the
pieces every gate reads check, gate by gate, that where the gate holds the pass names it, and that each gate
holds on some of them (no vacuous pass). The plans with and without the engine are then compared on the
blind batches' items and on tickets built like the speed benchmark's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windtunnel.leakage import prefilter
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.scan import _alias_key, _prepared, audit_item
from windtunnel.leakage.views import gate_scan

pytest.importorskip("hyperscan")  # the `fast` extra (in `dev`): without it every gate is asked, tested below

_PIECES = (
    *(b"=", b"?", b"3D", b"\\n", b"\\r", b"\\t", b" ", b"-", b"0", b"12", b"345", b"ab", b"AB", b"Zz", b"/", b"+"),
    *(b"width", b":", b"%", b"\\b", b"\\u001b", b"\\u009b", b"^[", b"<~", b"TJ", b"tj", b"<BDO", b"<bdo", b"Content"),
    *(b"content", b"[", b"]", b",", b"0x41", b"65", b"200", b"'", b'\\"', b"&", b"||", b"..", b".", b"<", b">"),
    *(b"</b>", b"<b>", b"x", b"{", b"}", b'"', b"ai", b"Auto", b"ML", b"gpt", b"Guess", b"triage", b"pred"),
    *(b"suggest", b"classif", b"infer", b"confidence", b"$", b"@", b"_", b"<!ENTITY", b"\\command", b"\\def"),
    *(b"#define", b"#set", b"{%", b"var(--", b":=", b'text":', b"\\u0000", b"''", b"do.", b"ditto", b"id."),
    *(b'\\"\\"', b"abcdefgh", b"234567", b"!", b"1", b"4", b"q", b"j", b"xn--", b"example.", b"AAAABBBBCCCCDDDD"),
    *(b"12345678", b"name", b'":"', b'","', b"A1B", b"h3llo", b"f0r", b"s7"),
)


def _gates() -> dict[str, Callable[[bytes], bool]]:
    """Every gate the pass stands for, by its name in the pass, as the pre-check asks it."""
    out: dict[str, Callable[[bytes], bool]] = {
        "base": lambda b: (
            prefilter._base_markers(b, b.translate(prefilter._LOWER_KEYS)) or prefilter._base_markers(b, b.lower())
        ),
    }
    for d in prefilter._unplanned():
        if d.blob_patterns:
            assert d.blob_marker is not None
            out[d.name] = d.blob_marker
    return out


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=24))
def test_every_gate_that_holds_is_named(pieces: list[bytes]) -> None:
    text = b"".join(pieces)
    named = prefilter._gate_scan().holding(text)
    assert named is not None
    for name, gate in _gates().items():
        if gate(text):
            assert name in named, f"gate {name!r} holds of {text!r} but the one pass did not name it"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (b'{"a":"=?utf-8?q?x?="}', "base"),
        (b'{"a":"x=3Dy"}', "base"),
        (b'{"a":"x\\n y"}', "base"),
        (b'{"a":"<b>x</b>y"}', "base"),
        (b'{"a":"[65, 66, 67]"}', "base"),
        (b'{"a":"\\"ab\\" + \\"cd\\""}', "base"),
        (b'{"a":"BT (x) Tj ET"}', "base"),
        (b'{"a":"l33t h4x"}', "leet"),
        (b'{"a":"+AGgAaQBnAGg-"}', "utf7"),
        (b'{"a":"h\\u0000i"}', "wide_text"),
        (b'{"a":"x\\ny\\ndo."}', "ditto"),
        (b'{"a":"nbswy3dpeb3w64tmmq.example"}', "dns_base32"),
    ],
)
def test_each_gate_holds_and_is_named(text: bytes, name: str) -> None:
    """Each gate holds of a form it reads and the pass names it there (and names none on a plain ticket)."""
    assert _gates()[name](text), f"the example for {name!r} no longer opens its gate: {text!r}"
    assert name in (prefilter._gate_scan().holding(text) or ())
    assert prefilter._gate_scan().holding(b'{"summary":"Login error on page","labels":["export"]}') == frozenset()


def test_the_pass_is_not_vacuous() -> None:
    """On 3,000 texts of the same pieces (seeded), every gate holds somewhere and is named there."""
    rng = random.Random(25)
    held: dict[str, int] = {}
    for _ in range(3000):
        text = b"".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 24)))
        named = prefilter._gate_scan().holding(text) or frozenset()
        for name, gate in _gates().items():
            if gate(text):
                held[name] = held.get(name, 0) + 1
                assert name in named, f"gate {name!r} holds of {text!r} but the one pass did not name it"
    assert set(held) == set(_gates()), f"gates no text opened: {sorted(set(_gates()) - set(held))}"


def _ticket(i: int, answer: str) -> dict[str, object]:
    """A ticket like the speed benchmark's (benchmarks/leak_scan.py), with the answer planted in some."""
    words = [
        "login",
        "deploy",
        "error",
        "timeout",
        "customer",
        "invoice",
        "refund",
        "export",
        "page",
        "search",
        "filter",
        "cache",
        "token",
    ]
    text = " ".join(words[(i * 7 + k) % len(words)] for k in range(12))
    fields: dict[str, object] = {
        "summary": text.capitalize(),
        "status": {"name": "Open", "id": str(i % 9)},
        "reporter": {"displayName": f"user{i}", "email": f"u{i}@example.test"},
        "created": f"2024-0{i % 9 + 1}-1{i % 10}T10:00:00Z",
        "labels": [words[i % 5], words[i % 7]],
        "comments": [{"author": f"agent{i % 80}", "body": text}],
    }
    if i % 5 == 1:
        fields["aiCategory"] = answer
    elif i % 5 == 2:
        fields["comments"][0]["body"] += f". Resolution: {answer}."  # type: ignore[index]
    return {"id": f"t{i}", "expected": answer, "projection": {"key": f"WEB-{i}", "fields": fields}}


def _items() -> list[LeakItem]:
    """Every eighth item of the blind batches (all of them: ~25 s; ``benchmarks/leak_findings.py`` compares
    every item's findings) and a hundred tickets."""
    out = [LeakItem.from_mapping(_ticket(i, ("Amber falcon", "Quiet reef", "Bold dune")[i % 3])) for i in range(100)]
    root = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"
    for batch in sorted(root.glob("blind*")):
        for line in (batch / "items.jsonl").read_text(encoding="utf-8").splitlines()[::8]:
            if line.strip():
                raw = {k: v for k, v in json.loads(line).items() if k != "truth"}
                out.append(LeakItem.from_mapping(raw))
    return out


def test_the_plans_are_the_same_without_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every item's plan, with the pass and with every gate asked (the engine absent), is the same."""
    items = _items()
    blobs = []
    for it in items:
        needles = _prepared(
            tuple(it.expected), tuple(it.correlated_values), tuple(it.label_set), _alias_key(it.aliases)
        )[0]
        blob = prefilter.dumps(it.projection)
        if blob is not None:
            blobs.append((blob, needles))
    for b, n in blobs:  # the anchors' automata are built on a word's second sighting: plans settle after it
        prefilter.plan_blob(b, n)
        prefilter.plan_blob(b, n)
    with_engine = [prefilter.plan_blob(b, n) for b, n in blobs]
    monkeypatch.setattr(gate_scan.MultiGate, "holding", lambda _self, _text: None)
    without = [prefilter.plan_blob(b, n) for b, n in blobs]
    assert with_engine == without
    assert sum(p.walk for p in without) < len(without)  # some items are cleared by the pre-check


def test_without_hyperscan_every_gate_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the package cannot be imported the pass answers ``None`` and the audits are unchanged."""
    real = gate_scan.importlib.import_module

    def refuse(name: str) -> object:
        if name == "hyperscan":
            raise ImportError(name)
        return real(name)

    item = _ticket(1, "Amber falcon")
    before = audit_item(item)
    monkeypatch.setattr(gate_scan.importlib, "import_module", refuse)
    fresh = gate_scan.MultiGate({"x": ((b"x",),)})
    assert fresh.holding(b"xyz") is None
    assert not gate_scan.available()
    monkeypatch.setattr(prefilter, "_GATE_SCAN", None)
    assert prefilter._gate_scan().holding(b'{"a":"<b>x</b>y"}') is None
    assert audit_item(item) == before
    assert before.leaked


def test_the_compiled_database_is_kept_and_read_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A database is compiled once, kept in the cache folder and loaded by the next gate of the same
    patterns; a damaged file is compiled again and replaced."""
    monkeypatch.setenv("WINDTUNNEL_CACHE_DIR", str(tmp_path))
    gates = {"tag": ((rb"<b>",),), "pair": ((rb"x", rb"y"),)}
    first = gate_scan.MultiGate(gates)
    assert first.holding(b"a <b> y x") == frozenset({"tag", "pair"})
    kept = list(tmp_path.glob("gates-*.hsdb"))
    assert len(kept) == 1
    hsmod = pytest.importorskip("hyperscan")
    compiled = []
    real = hsmod.Database
    monkeypatch.setattr(hsmod, "Database", lambda *a, **k: compiled.append(1) or real(*a, **k))
    again = gate_scan.MultiGate(gates)
    assert again.holding(b"just x") == frozenset() and again.holding(b"<b>") == frozenset({"tag"})
    assert not compiled  # read back, not compiled
    kept[0].write_bytes(b"not a database")
    third = gate_scan.MultiGate(gates)
    assert third.holding(b"y and x") == frozenset({"pair"})
    assert compiled == [1]
    assert kept[0].read_bytes() != b"not a database"
