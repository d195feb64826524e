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


def _time_wait_port() -> int:
    """A port no one listens on whose last connection is in TIME_WAIT on the server side (the server closed first), as
    the fixed proxy ports are just after a run ends."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's server (the proxies) binds
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        conn, _ = server.accept()
        conn.close()  # the server side closes first: it goes to TIME_WAIT once the client closes too
        client.recv(1)
        client.close()
    return int(port)


def test_a_fixed_port_whose_last_connection_is_closing_is_free_for_the_proxies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA-11 major 3: a second run right after the first found the proxy ports still in TIME_WAIT, read them as taken,
    and told an agent already behind the proxies that it was not."""
    tool_port, llm_port = _time_wait_port(), _time_wait_port()
    with socket.socket() as plain, pytest.raises(OSError):  # a bind without SO_REUSEADDR (the old probe): refused
        plain.bind(("127.0.0.1", tool_port))
    assert reach._free(tool_port) and reach._free(llm_port)
    config = tmp_path / "flakestorm.yaml"
    config.write_text(
        f"version: '2.0'\nagent: {{type: http, endpoint: 'http://127.0.0.1:9/tw', proxy_port: {tool_port}, "
        f"llm_proxy_port: {llm_port}}}\ngolden_prompts: ['hi']\n"
        "chaos:\n  llm_faults: [{mode: rate_limit}]\n",
        encoding="utf-8",
    )
    cfg = load_config(config)

    async def one_call(cfg: object) -> int:  # the agent behind the proxies: one call passed through
        return 1

    monkeypatch.setattr(reach, "_probe", one_call)
    note = reach.resolve_reach(cfg, [ChaosSpec.resolve(cfg.chaos)])
    assert note is not None and "pass through windtunnel's proxies" in note
    assert cfg.agent.proxy_env == "honoured"


def test_a_port_another_server_listens_on_is_taken() -> None:
    with socket.socket() as held:
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        held.bind(("127.0.0.1", 0))
        held.listen()
        assert not reach._free(held.getsockname()[1])
