from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from tests.stubs.llm_stub import LlmStub  # noqa: E402


@pytest.fixture
def stub() -> Iterator[LlmStub]:
    with LlmStub() as s:
        yield s


@pytest.fixture
async def _closed_clients() -> AsyncIterator[None]:
    import sdk_clients

    yield
    await sdk_clients.close_all()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
