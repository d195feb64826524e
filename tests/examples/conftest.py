"""Fixtures for the example support agent's tests: clean state, hermetic env, servers in threads."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from examples.support_agent import agent, policy_server, server, tool_service, tools  # noqa: E402
from tests.conftest import SUPPORT_AGENT_ENV  # noqa: E402


@pytest.fixture(autouse=True)
def clean_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts with no memory, an empty ledger, zeroed counters and no routing env."""
    for name in SUPPORT_AGENT_ENV:
        monkeypatch.delenv(name, raising=False)
    agent.reset()
    tools.CALLS.clear()
    yield
    agent.reset()
    tools.CALLS.clear()


@pytest.fixture
def agent_server() -> Iterator[tuple[server.AgentServer, str]]:
    srv, url = server.serve_in_thread(port=0)
    yield srv, url
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def tool_server() -> Iterator[tuple[tool_service.ToolServer, str]]:
    srv, url = tool_service.serve_in_thread(port=0)
    yield srv, url
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def llm_server() -> Iterator[tuple[policy_server.PolicyServer, str]]:
    srv, url = policy_server.serve_in_thread(port=0)
    yield srv, url
    srv.shutdown()
    srv.server_close()
