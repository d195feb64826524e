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


@pytest.fixture(autouse=True)
def _short_sdk_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDKs' own retry backoff (0.5 s, then 1 s, ... less up to 25 % jitter, where no usable Retry-After is
    given) shortened to 10 ms: these tests count the SDK's attempts and check its errors, never how long it paused,
    and the pauses were most of the package's wall time (a timeout retried once: ~0.4 s of sleeping a test)."""
    import anthropic._base_client
    import openai._base_client

    for module in (openai._base_client, anthropic._base_client):
        monkeypatch.setattr(module, "INITIAL_RETRY_DELAY", 0.01, raising=False)
