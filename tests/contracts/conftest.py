from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO_ROOT = HERE.parents[1]
for p in (HERE, REPO_ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import contract_agents  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_agents(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from examples.support_agent import agent

    monkeypatch.chdir(REPO_ROOT)
    contract_agents.reset()
    contract_agents.reset_history()
    contract_agents.clear_calls()
    contract_agents.reset_alternating()
    contract_agents.reset_ledger()
    agent.reset()
    yield
    agent.reset()
