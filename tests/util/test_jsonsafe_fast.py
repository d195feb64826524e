"""The C fast paths give what the careful ``json`` paths gave: ``jsonsafe.loads`` the value ``json.loads``
reads (big integers, NaN, lone surrogates included), and the call log's copy of plain data the copy the
``json`` round trip made (non-finite floats as ``null``)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel._util.jsonsafe import clip_depth, loads, plain_json
from windtunnel.chaos.plan import SUMMARY_CHARS, summarize

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(["\ud800", "\udfff"]), max_size=10),
)
VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


def _same(a: Any, b: Any) -> bool:
    """Equal, with NaN equal to NaN and types compared (``1`` is not ``1.0``)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


@settings(max_examples=300, deadline=None)
@given(VALUES, st.booleans())
def test_loads_reads_what_json_reads(value: Any, as_bytes: bool) -> None:
    text = json.dumps(value)
    data: str | bytes = text.encode("utf-8", "surrogatepass") if as_bytes and "\\ud" not in text else text
    assert _same(loads(data), json.loads(data))


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_the_call_log_copy_of_plain_data_is_the_json_round_trip(value: Any) -> None:
    """NaN and infinities become ``null``, as the run store (orjson) has always written them."""
    careful = json.dumps(clip_depth(value), ensure_ascii=False, default=repr)
    if plain_json(value) is None or len(careful) > SUMMARY_CHARS:
        return  # the careful path itself runs for these
    assert _same(summarize(value), _finite(json.loads(careful)))


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_bare_non_finite_number_is_logged_as_null_like_one_inside_a_list(value: float) -> None:
    """Hypothesis found it in a fresh-clone CI run: ``summarize(inf)`` kept ``inf`` while ``[inf]`` gave ``[None]``."""
    assert summarize(value) is None and summarize([value]) == [None]
