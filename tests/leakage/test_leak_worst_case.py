"""Work per input stays linear: worst-case inputs audited at n and 4n, and a fuzz test over leak records.

Work is counted, not timed: every Python call and every call into C (a regex search, a ``str``
method) made by the audit, through ``sys.setprofile``. The count of a given input is the same on any
machine and under any load, so a bound on it cannot flake; a super-linear step (a view per encoded
run, a check per pair of hits, a pattern that grows with the answer) shows as a count that grows
faster than the input.
"""

from __future__ import annotations

import base64
import itertools
import json
import tracemalloc
from collections.abc import Callable
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.leakage.call_count import calls_made
from windtunnel.leakage import audit_item, prefilter


def _audit_work(projection: Any, **item: Any) -> int:
    rec = {"id": "w", "expected": "High", "label_set": ["Low", "Medium", "High"], **item, "projection": projection}
    audit_item(rec)  # warm the caches that are per answer, not per input
    return calls_made(lambda: audit_item(rec))


def _img_tags(n: int) -> Any:
    return {
        "body": "Caf&eacute; review. "
        + " ".join(f'<img alt="photo {i} of the High street" src="p{i}.png">' for i in range(n))
    }


WORST: dict[str, Callable[[int], Any]] = {
    "an entity and many img alt tags": _img_tags,
    "many base64 runs": lambda n: {
        "b": " ".join(base64.b64encode(f"word {i} High".encode()).decode() for i in range(n))
    },
    "the label many times": lambda n: {"b": "High, " * n},
    "nested percent-encoding": lambda n: {"u": " ".join(["%25252548igh"] * n)},
    "hex runs": lambda n: {"h": " ".join(["48696768"] * n)},
    "quoted-printable and encoded-words": lambda n: {"m": "=?UTF-8?B?SGlnaA==?= H=69gh=\n " * n},
    "folded and hyphenated lines": lambda n: {"c": "Hi\r\n gh Hi-\ngh " * n},
    "camelCase identifiers": lambda n: {"c": " ".join(f"priorityHigh{i}x" for i in range(n))},
    "many objects": lambda n: [{"name": f"n{i}", "note": "High load", "id": i} for i in range(n)],
    "a listing of every label, many times": lambda n: {"o": "Low / Medium / High. " * n},
    "tags inside words": lambda n: {"h": "<b>Hi</b>gh " * n},
    "a table of many records, one of them this record's": lambda n: {
        "csv": "id;subject;p\n" + "".join(f"T-{i};case {i};{'High' if i % 3 else 'Low'}\n" for i in range(n)),
        "ticket": f"T-{n // 2}",
    },
    "many YAML anchors and aliases": lambda n: (
        "profiles:\n"
        + "".join(f"  p{i}: &p{i}\n    prio: High\n" for i in range(n))
        + "cases:\n"
        + "".join(f"  - key: T-{i}\n    <<: *p{i}\n" for i in range(n))
    ),
    "the label many times beside entities": lambda n: {"b": "High &amp; " * n},
    "terminal escapes and backspaces": lambda n: {"t": "\x1b[1;31mHi\x1b[0mgh H\x08Hi\x08ig\x08gh\x08h \\033[1m " * n},
    "PDF text operators": lambda n: {"p": "BT /F1 9 Tf 20 700 Td (Hi) Tj [(g)12(h)] TJ <4869> Tj ET\n" * n},
    "unclosed PDF strings and arrays": lambda n: {"p": "(Hi \\( [(g) 12 <48 " * n + ") Tj ] TJ"},
    "CSS content declarations": lambda n: {"c": '#a::before{content:"\\48 i"}#a::after{content:"gh" "\\"} ' * n},
    "lists of byte values": lambda n: {"b": "v=[72, 105, 103, 104] {0x48,0x69} (1, 2, " * n, "j": [list(b"High")] * n},
    "ASCII85 openings, unclosed and closed": lambda n: {"a": "<~87cURD]i,<~ " * n + '~> <~87cURD]i,"Ebo80~>' * n},
    "lists of byte values without commas": lambda n: {"g": "[72 105 103 104 " * n + "]"},
    "labels cut with an ellipsis": lambda n: {"s": 'gridcell "Hi\u2026" H... Hig\u2026 ' * n},
    "OCR misreadings of every label, many times": lambda n: {"o": "Hiqh Medlurn L0w rnediurn Hlgh 5mall " * n},
    "a long table of one word per row": lambda n: {
        "t": "a\tb\tc\tw\n" + "".join(f"1\t{i}\t9{i % 10}\t{'Hiqh' if i % 7 else 'Size:'}\n" for i in range(4 * n))
    },
    "many rich-text nodes": lambda n: {
        "d": {"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Hi"}] * n}]}
    },
}


@pytest.mark.parametrize("name", sorted(WORST))
def test_work_grows_linearly_with_the_input(name: str) -> None:
    make = WORST[name]
    small, big = _audit_work(make(40)), _audit_work(make(160))
    # linear work gives 4x (plus a constant); a quadratic step gives 16x
    assert big <= 6 * small + 2000, f"{name}: {small} operations for n=40, {big} for n=160"


def test_an_answer_without_letters_or_digits_costs_what_the_input_costs() -> None:
    """Issue #30 item 1: a pattern of about a million look-behinds was built before any input was read."""
    work = _audit_work({"title": "", "review": "Très bien"}, expected="👍", label_set=[])
    assert work < 5000


_PIECES = st.sampled_from(
    [
        "High",
        "high",
        "Priority: High",
        "&#72;igh",
        "%48igh",
        "%2548igh",
        "SGlnaA==",
        "48696768",
        "=?UTF-8?B?SGlnaA==?=",
        "H=69gh",
        "Hi-\ngh",
        "Hi\r\n gh",
        "<b>Hi</b>gh",
        "priorityHigh",
        "PRIORITY_HIGH",
        "Highway",
        "Low / Medium / High",
        "👍",
        "Ｈｉｇｈ",
        "Нigh",
        "\\u0048igh",
        "4/5 stars",
        "four",
        " ",
        "\n",
        "é",
    ]
)
_TEXT = st.lists(st.one_of(_PIECES, st.text(max_size=12)), max_size=12).map("".join)
_VALUE = st.recursive(
    st.one_of(_TEXT, st.integers(), st.booleans(), st.none()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(_TEXT, st.sampled_from(["aiLabel", "priority"])), inner, max_size=4),
    ),
    max_leaves=12,
)
_ANSWER = st.sampled_from(["High", "high", "Low", "👍", "4", "M", "Billing issue", "ok!", "é"])


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    projection=_VALUE,
    expected=_ANSWER,
    labels=st.sampled_from([[], ["Low", "Medium", "High"], ["1", "2", "3", "4", "5"], ["S", "M", "L"]]),
)
def test_fuzzed_leak_records_finish_in_linear_work_and_every_shortcut_agrees(
    projection: Any, expected: str, labels: list[str]
) -> None:
    rec = {"id": "f", "expected": expected, "label_set": labels, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    size = len(json.dumps(projection).encode())  # not orjson: st.integers() may exceed 64 bits
    work = calls_made(lambda: audit_item(rec))
    assert work <= 400 * size + 20000, f"{work} operations for {size} bytes"


def _long_log(n: int) -> str:
    """A tool output of ``n`` blank-separated ``x`` ending in ``category=account`` (QA pass 15, finding 7),
    as the pre-check's gate of the unmodelled decoders reads it: the ``=ac`` reads as quoted-printable, so
    every view of the decoders it nests is made over the whole string."""
    blob = orjson.dumps({"trace": [{"tool": "read_logs", "output": "Logs: " + "x " * n + "category=account"}]})
    return prefilter._json_text(blob)


def _absent_words(text: str, count: int) -> list[tuple[bytes, ...]]:
    """``count`` one-word needles of the text's own letters, none of them in it (none completes a set)."""
    low = text.lower().encode()
    words = ("".join(p).encode() for p in itertools.product("logscatery", repeat=4))
    return [(w,) for w in itertools.islice((w for w in words if w not in low), count)]


def test_the_gate_of_unmodelled_decoders_reads_a_long_string_once_whatever_the_needles() -> None:
    """A label set's lexicon brings ~100 word sets: the gate's work on a long string (every view of it)
    must not grow with them (it searched each view once per word of each set: 3,436 searches of 2 MB for
    ``account``), nor with the string, and its memory stays a bounded number of copies of the string (each
    view carried two offset lists, ~500 bytes a character: 1 GB for 2 MB)."""
    text = _long_log(20_000)
    few, many = _absent_words(text, 4), _absent_words(text, 800)
    assert len(many) == 800
    assert not prefilter._extra_may_hit(text, few) and not prefilter._extra_may_hit(text, many)
    w_few = calls_made(lambda: prefilter._extra_may_hit(text, few))
    w_many = calls_made(lambda: prefilter._extra_may_hit(text, many))
    assert w_many <= 1.25 * w_few, f"{w_few} operations for 4 needles, {w_many} for 800"
    longer = _long_log(80_000)
    prefilter._extra_may_hit(longer, many)
    assert calls_made(lambda: prefilter._extra_may_hit(longer, many)) <= 1.25 * w_many
    tracemalloc.start()
    try:
        prefilter._extra_may_hit(longer, many)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= 100 * len(longer), f"{peak / len(longer):.0f} bytes a character"
