"""The reach check binds the fixed proxy ports; another process taking one between the check and the bind
(two runs at once, or xdist workers) means the agent is not reachable through *our* proxies — never a harness
error that stops the run."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.load import load_config
from windtunnel.flows import reach


def test_a_port_taken_after_the_free_check_is_not_reachable_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as held, socket.socket() as other:
        held.bind(("127.0.0.1", 0))
        held.listen()
        other.bind(("127.0.0.1", 0))
        llm_port, tool_port = held.getsockname()[1], other.getsockname()[1]
        other.close()
        config = tmp_path / "flakestorm.yaml"
        config.write_text(
            f"version: '2.0'\nagent: {{type: http, endpoint: 'http://127.0.0.1:9/x', proxy_port: {tool_port}, "
            f"llm_proxy_port: {llm_port}}}\ngolden_prompts: ['hi']\n"
            "chaos:\n  llm_faults: [{mode: rate_limit}]\n",
            encoding="utf-8",
        )
        cfg = load_config(config)
        monkeypatch.setattr(reach, "_free", lambda port: True)  # the race: free when checked, taken when bound
        assert reach.resolve_reach(cfg, [ChaosSpec.resolve(cfg.chaos)]) is None
        assert cfg.agent.proxy_env is None
