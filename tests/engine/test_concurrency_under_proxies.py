"""The plan line's concurrency is what happens: proxies (``agent.mcp_servers``, an HTTP agent's tool and LLM
proxies) hold one cell at a time, so the run says ``concurrency 1`` and why (QA pass 19, finding 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.conftest import write_config
from tests.ports import free_port
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import load_config
from windtunnel.engine.session import RunSession

PY = "  type: python\n  endpoint: tests.explore.planted:robust\n"
CASES = {
    "python agent": (PY, None),
    "python agent with MCP servers": (PY + "  mcp_servers: {orders: 'http://127.0.0.1:{port}/mcp'}\n", "mcp_servers"),
    "launched HTTP agent": (
        "  type: http\n  endpoint: 'http://127.0.0.1:{port}/chat'\n  command: 'python -c pass'\n",
        "HTTP agent",
    ),
}


def _config(tmp_path: Path, agent: str) -> Path:
    path = tmp_path / "windtunnel.yaml"
    agent = agent.replace("{port}", str(free_port()))
    path.write_text(f"agent:\n{agent}golden_prompts: [hi, ho]\nadvanced: {{concurrency: 4}}\n", encoding="utf-8")
    return path


@pytest.mark.anyio
@pytest.mark.parametrize("case", list(CASES))
async def test_the_session_knows_before_the_run_what_the_runtime_will_do(tmp_path: Path, case: str) -> None:
    agent, by = CASES[case]
    cfg = load_config(_config(tmp_path, agent))
    session = RunSession(cfg, [], concurrency=4, chaos={None: ChaosSpec(name="no_chaos")}, seed=1)
    assert (session.proxied_by is not None and by in session.proxied_by) if by else session.proxied_by is None
    assert session.effective_concurrency == (1 if by else 4)
    async with ChaosRuntime(cfg.agent, [ChaosSpec(name="no_chaos")], seed=1) as runtime:
        assert runtime.serial_cells is bool(by)  # what the run then does


def test_the_plan_line_of_a_run_through_mcp_proxies_says_one_at_a_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = _config(tmp_path, CASES["python agent with MCP servers"][0])
    assert wt("run", "-c", str(config), "--no-store", "--seed", "1") == 3  # the server is not there
    said = " ".join(capsys.readouterr().err.split())
    assert "(seed 1, concurrency 1;" in said, said
    assert "cells run one at a time, not 4 at once: the agent's calls go through agent.mcp_servers" in said


def test_a_python_agent_without_proxies_keeps_its_concurrency(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, endpoint="robust")
    assert wt("run", "-c", str(config), "--no-store", "--seed", "1", "--concurrency", "3") == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "(seed 1, concurrency 3;" in said and "one at a time" not in said
