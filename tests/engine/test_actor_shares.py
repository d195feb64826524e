"""#29 item 13: one HTTP agent behind every Ray actor had its concurrency split with a floor division, so
10 calls over 4 actors became 2 + 2 + 2 + 2 (two slots lost); the shares now add up to the concurrency."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from windtunnel.config.load import parse_config
from windtunnel.engine.ray_executor import actor_concurrency


def session(concurrency: int, agent: str) -> SimpleNamespace:
    cfg = parse_config(f"agent: {agent}\ngolden_prompts: [hi]\n", "w.yaml")
    return SimpleNamespace(cfg=cfg, concurrency=concurrency)


@pytest.mark.parametrize(("concurrency", "actors"), [(10, 4), (10, 3), (7, 7), (5, 2), (16, 16), (9, 1)])
def test_a_shared_agents_concurrency_is_split_without_losing_a_slot(concurrency: int, actors: int) -> None:
    s = session(concurrency, "{type: http, endpoint: 'http://127.0.0.1:9/chat'}")
    shares = [actor_concurrency(s, actors, k) for k in range(actors)]  # type: ignore[arg-type]
    assert sum(shares) == concurrency and max(shares) - min(shares) <= 1, shares


def test_an_agent_of_its_own_per_actor_keeps_the_whole_concurrency() -> None:
    s = session(10, "{type: python, endpoint: 'm:f'}")
    assert [actor_concurrency(s, 4, k) for k in range(4)] == [10, 10, 10, 10]  # type: ignore[arg-type]
