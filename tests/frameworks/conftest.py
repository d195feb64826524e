from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from fw_llm_stub import StubServer, llm_stub  # noqa: E402

_SERVER: list[StubServer] = []


def _server() -> StubServer:
    """One stub model server for the session, started before any test agent module is imported."""
    if not _SERVER:
        cm = llm_stub()
        _SERVER.append(cm.__enter__())
        _CLEANUP.append(cm)
    return _SERVER[0]


_CLEANUP: list[object] = []
os.environ["WT_STUB_URL"] = _server().base_url
os.environ.setdefault("OPENAI_API_KEY", "test-key")
os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # DSPy and LiteLLM read their model map offline
os.environ.setdefault("DSPY_CACHEDIR", str(Path(os.environ.get("TMPDIR", "/tmp")) / "windtunnel-tests-dspy-cache"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    for cm in _CLEANUP:
        cm.__exit__(None, None, None)  # type: ignore[attr-defined]


@pytest.fixture
def stub() -> Iterator[StubServer]:
    server = _server()
    server.requests.clear()
    yield server


@pytest.fixture(autouse=True)
def _reset_executed() -> Iterator[None]:
    import fw_tools

    fw_tools.EXECUTED.clear()
    yield
