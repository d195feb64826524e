"""``windtunnel explore`` on Ray actors: the same search, the same minimal failure as the local executor."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.explore.conftest import write_config
from windtunnel.flows.explore import ExploreRequest, explore_flow

pytestmark = pytest.mark.slow


def test_explore_on_ray_finds_and_shrinks_what_the_local_executor_does(local_ray: Any, tmp_path: Path) -> None:
    config = write_config(tmp_path, extra="advanced:\n  ray: {num_actors: 1}\n")
    blocks = {}
    for executor in ("local", "ray"):
        req = ExploreRequest(config=config, budget=24, seed=2, persist=False, save=False, executor=executor)
        outcome = explore_flow(req)
        assert outcome.exit_code == 1
        blocks[executor] = outcome.report["explore"]
    assert blocks["ray"] == blocks["local"]
    assert blocks["ray"]["failures"][0]["labels"] == ["tool:lookup call 1 timeout", "tool:lookup call 2 empty"]
