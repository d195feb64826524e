"""--shard I/N: every cell in exactly one shard, stable, in plan order; bad forms are usage errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from windtunnel._util.errors import UsageError
from windtunnel.engine.shard import Shard, parse_shard, require_fixed_seed


@given(n=st.integers(0, 500), count=st.integers(1, 40))
def test_shards_partition_the_plan_in_order(n: int, count: int) -> None:
    cells = list(range(n))
    parts = [Shard(i, count).select(cells) for i in range(1, count + 1)]
    assert [c for p in parts for c in p] == cells  # each cell once, concatenation is plan order
    sizes = [len(p) for p in parts]
    assert max(sizes) - min(sizes) <= 1  # near-equal


def test_the_same_plan_gives_the_same_shard() -> None:
    cells = [f"g{i}" for i in range(10)]
    assert Shard(2, 3).select(cells) == Shard(2, 3).select(list(cells)) == ["g3", "g4", "g5"]


@pytest.mark.parametrize("text", ["", "3", "0/3", "4/3", "1/0", "a/b", "1/2/3", "-1/3"])
def test_bad_shard_forms_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError):
        parse_shard(text)


def test_parse() -> None:
    assert parse_shard(" 2 / 3 ") == Shard(2, 3)
    assert str(parse_shard("1/1")) == "1/1"


def test_a_shard_needs_a_fixed_seed() -> None:
    with pytest.raises(UsageError, match="fixed seed"):
        require_fixed_seed(Shard(1, 2), None, None)
    require_fixed_seed(Shard(1, 2), 5, None)
    require_fixed_seed(Shard(1, 2), None, 7)
    require_fixed_seed(None, None, None)
