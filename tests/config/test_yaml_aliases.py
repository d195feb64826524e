"""Hostile YAML: a recursive alias and an alias bomb are usage errors with a line, not tracebacks."""

from __future__ import annotations

import pytest

from windtunnel._util import yamlsource
from windtunnel._util.errors import ConfigError
from windtunnel.config.load import read_yaml


def test_a_recursive_alias_is_named() -> None:
    with pytest.raises(ConfigError, match=r"c.yaml:1: an alias refers to a value that contains it"):
        read_yaml("a: &a [*a]\n", "c.yaml")
    with pytest.raises(ConfigError, match="recursive YAML alias"):
        read_yaml("a: &a {b: {c: *a}}\n", "c.yaml")


def test_an_alias_bomb_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsource, "MAX_YAML_NODES", 5_000)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    with pytest.raises(ConfigError, match="expands to more than 5,000 values"):
        read_yaml("\n".join(lines) + "\n", "laughs.yaml")


def test_shared_aliases_that_are_not_cycles_still_work() -> None:
    data, _ = read_yaml("base: &b {x: 1}\none: *b\ntwo: {<<: *b, y: 2}\nkeys: [*b, *b]\n")
    assert data == {"base": {"x": 1}, "one": {"x": 1}, "two": {"x": 1, "y": 2}, "keys": [{"x": 1}, {"x": 1}]}


def test_a_collection_as_key_is_refused() -> None:
    with pytest.raises(ConfigError, match="a mapping key must be a scalar"):
        read_yaml("{[1]: x}\n", "k.yaml")
