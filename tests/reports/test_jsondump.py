"""``_util.jsondump.dumps``: orjson with non-string keys allowed, the same bytes whichever path it takes."""

from __future__ import annotations

import orjson
import pytest

from windtunnel._util.jsondump import dumps

VALUES = [
    {"id": "g1.r0", "mutation": {"type": "noise", "args": {"edits": [["drop", 3, "a", ""]]}}, "passed": True},
    {"b": 1, "a": [{"z": None, "y": 2.5}]},
    {1: "int key", "s": {2: [3], "t": "x"}},  # needs OPT_NON_STR_KEYS
    [],
]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("option", [0, orjson.OPT_INDENT_2, orjson.OPT_SORT_KEYS])
def test_the_same_bytes_as_orjson_with_non_string_keys_allowed(value: object, option: int) -> None:
    assert dumps(value, option) == orjson.dumps(value, option=option | orjson.OPT_NON_STR_KEYS)


def test_what_orjson_refuses_either_way_is_refused() -> None:
    with pytest.raises(TypeError):
        dumps({"s": "\ud800"})  # a lone surrogate is not UTF-8
    with pytest.raises(TypeError):
        dumps({"x": object()})
