"""``response_path`` of plain member names is walked without python-jsonpath (start-up of the first
answer, issue 16): it must select exactly what the JSONPath selects."""

from __future__ import annotations

from typing import Any

import jsonpath
import pytest

from windtunnel.agents import response
from windtunnel.agents.response import normalize_path

BODIES: list[Any] = [
    {"reply": "hi"},
    {"reply": None},
    {"reply": {"text": "deep", "n": 3}},
    {"data": {"text": "x"}, "reply": ["a", "b"]},
    {"true": 1, "null": 2, "keys": 3, "length": 4, "_x": 5},
    [{"reply": "in a list"}],
    "a string",
    {"a": [{"b": 1}]},
    {},
]
PATHS = [
    "$.reply",
    "reply",
    "reply.text",
    "$.data.text",
    "$.true",
    "null",
    "keys",
    "$.length",
    "_x",
    "$.a.b",
    " $.reply ",
]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("body", BODIES)
def test_member_paths_select_what_jsonpath_selects(body: Any, path: str) -> None:
    assert response._member_names(path) is not None
    assert response._find(body, path) == jsonpath.compile(normalize_path(path)).findall(body)


@pytest.mark.parametrize("path", ["$", "$.a[0]", "a.0.b", "$..reply", "$.a.*", "$['reply']", "$.é"])
def test_other_paths_go_to_jsonpath(path: str) -> None:
    assert response._member_names(path) is None
