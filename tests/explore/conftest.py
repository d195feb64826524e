"""Fixtures for the explore tests: a config for the planted agents of ``planted.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.explore import planted


def write_config(folder: Path, endpoint: str = "fragile", extra: str = "") -> Path:
    path = folder / "windtunnel.yaml"
    path.write_text(
        f"""version: "2.0"
agent:
  type: python
  endpoint: tests.explore.planted:{endpoint}
  tool_registry: tests.explore.planted:TOOLS
  llm: tests.explore.planted:model
golden_prompts:
  - "Where is my order?"
mutations:
  count: 2
  types: [noise]
{extra}""",
        encoding="utf-8",
    )
    return path


@pytest.fixture(autouse=True)
def _unfixed() -> Iterator[None]:
    planted.FIXED["on"] = False
    yield
    planted.FIXED["on"] = False
