"""Fuzzers with a fixed seed and budget over the inputs a stranger writes: config files (every input loads or is
a ConfigError naming the problem) and leak records (every record is scanned, or refused as bad input, and no
record makes the scan hang: a generous timeout per test, as hypothesis' own deadline is wall-clock)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import windtunnel
from windtunnel.config.load import parse_config
from windtunnel.errors import ConfigError, UsageError

_KEYS = st.sampled_from(
    ["agent", "type", "endpoint", "golden_prompts", "invariants", "chaos", "tool_faults", "llm_faults", "mode",
     "advanced", "seed", "concurrency", "mutations", "types", "count", "value", "contract", "scenarios", "headers",
     "timeout", "command", "response_path", "request_template", "model", "x", ""]
)  # fmt: skip
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["http", "python", "error", "timeout", "${UNSET_VAR}", "${HOME}", "m:a", "http://127.0.0.1:9/x"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_KEYS, inner, max_size=5)),
    max_leaves=25,
)
_CONFIGS = st.one_of(
    st.dictionaries(_KEYS, _VALUES, max_size=6).map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
    st.text(max_size=200),  # anything at all: tabs, NUL, anchors, unbalanced brackets
    st.sampled_from(["a: &x [*x]", "a: !!python/object:os.system ls", "[" * 2000, "a:\n  - b: {c: [d, {e: f}]}"]),
)


@seed(30)
@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_CONFIGS)
@pytest.mark.timeout(120)
def test_any_config_text_loads_or_is_a_config_error(text: str) -> None:
    try:
        parse_config(text, "fuzz.yaml")
    except ConfigError as err:
        assert str(err).strip(), "a config error must say what is wrong"


_ANSWERS = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["👍", "", " ", "-", "...", "٣", "refund", "A", "a b", "${x}", "\x00", "[]", "\\u0041"]),
    st.integers(),
    st.none(),
    st.lists(st.text(max_size=5), max_size=3),
)
_CONTEXT = st.recursive(
    st.one_of(st.text(max_size=40), st.integers(), st.none(), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


@seed(30)
@settings(max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(
        st.fixed_dictionaries({"id": st.text(max_size=6), "expected": _ANSWERS, "projection": _CONTEXT}),
        min_size=1,
        max_size=3,
    )
)
@pytest.mark.timeout(120)  # ~4 s when healthy; a super-linear scan (issue #30 item 1) stops here
def test_any_leak_record_is_scanned_or_refused_and_never_hangs(tmp_path_factory: Any, records: list[Any]) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "d.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    try:
        outcome = windtunnel.leak.scan(path)
    except UsageError as err:
        assert str(err).strip()
        return
    assert outcome.summary["items"] == len(records)
