from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import chaos_agents  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_agents() -> Iterator[None]:
    chaos_agents.reset()
    chaos_agents.MODEL_CALLS.clear()
    yield


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Record the delays the seams ask for instead of sleeping."""
    import asyncio

    from windtunnel.chaos import wrappers

    seen: list[float] = []

    async def fake_async_sleep(seconds: float) -> None:
        seen.append(seconds)

    monkeypatch.setattr(wrappers.time, "sleep", lambda s: seen.append(s))
    monkeypatch.setattr(wrappers.asyncio, "sleep", fake_async_sleep)
    assert wrappers.asyncio is asyncio
    return seen


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
