"""The mapping of a plain record (every field a top-level key) equals the general selector path."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.leakage.dataset import FieldMap, Record, _fast_item, to_item
from windtunnel.leakage.model import DatasetError

_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.sampled_from(["High", " Low ", "", "  ", "P1"]),
    st.lists(st.sampled_from(["High", "Low", "", 3, None]), max_size=3),
    st.just({"nested": 1}),
)
_RECORD = st.dictionaries(
    st.sampled_from(
        ["id", "uid", "expected", "projection", "label_set", "correlated_values", "context_words", "target"]
    ),
    _VALUE,
    max_size=8,
)
_FMAP = st.builds(
    FieldMap,
    id_field=st.sampled_from(["id", "uid"]),
    label_set=st.sampled_from([[], ["High", "Low"]]),
    target=st.sampled_from([None, "priority"]),
    context_words=st.sampled_from([[], ["impact"]]),
    strict=st.booleans(),
)


def _general(rec: Record, fmap: FieldMap, index: int) -> Any:
    slow = dataclasses.replace(fmap)
    slow.__dict__["_plain"] = False  # the selector path
    try:
        mapped = to_item(rec, slow, index)
    except DatasetError as err:
        return str(err)
    return mapped.item, mapped.sources


@settings(max_examples=1500, deadline=None)
@given(
    data=st.one_of(_RECORD, st.lists(st.integers(), max_size=2), st.text(max_size=3)),
    fmap=_FMAP,
    index=st.integers(0, 3),
)
def test_the_plain_mapping_gives_the_item_of_the_selectors(data: Any, fmap: FieldMap, index: int) -> None:
    rec = Record(7, data)
    fast = _fast_item(rec, fmap, index)
    if fast is not None:
        assert (fast.item, fast.sources) == _general(rec, fmap, index)
    again = _fast_item(rec, fmap, index)  # the field names are kept on the map: same answer twice
    assert (again is None) == (fast is None)
