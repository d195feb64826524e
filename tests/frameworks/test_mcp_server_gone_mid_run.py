"""QA 19: an MCP server of ``agent.mcp_servers`` that goes away in the middle of a run.

Every later cell failed inside the agent's MCP client (10 of 12 failed, score 16.7, exit 1): the harness's
dependency dying was scored as the agent's failure, nothing said the server was gone, and ``--resume`` could not
rerun the cells. Now the run is cut short as for an agent that stops answering (engine/procwatch.ExitWatch, one
mechanism): exit 3 naming the server, the completed cells kept, the cell it cut short not run, ``--resume`` runs
the rest once the server is back.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_mcp_proxy import _free_port, _wait_port
from tests.clirun import wt

HERE = Path(__file__).parent
pytestmark = pytest.mark.slow

AGENT = """
import os, signal, socket

import anyio
import fw_mcp_agent


async def answer(prompt):
    if "order 7" in prompt and not os.path.exists("killed"):  # the server dies while this cell runs, once
        open("killed", "w").close()
        os.kill(int(os.environ["WT_SERVER_PID"]), signal.SIGKILL)
        for _ in range(400):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", int(os.environ["WT_SERVER_PORT"]))) != 0:
                    break
            await anyio.sleep(0.05)
    return await fw_mcp_agent.answer(prompt)
"""


def _server(port: int, monkeypatch: pytest.MonkeyPatch) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, str(HERE / "mcp_orders_server.py"), "http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _wait_port(port, server)
    monkeypatch.setenv("WT_SERVER_PID", str(server.pid))
    return server


def test_an_mcp_server_gone_mid_run_cuts_the_run_short_and_resume_finishes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = _free_port()
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("WT_SERVER_PORT", str(port))
    (tmp_path / "dying_agent.py").write_text(AGENT)
    (tmp_path / "windtunnel.yaml").write_text(
        "agent:\n  endpoint: dying_agent:answer\n  timeout: 20000\n"
        f"  mcp_servers: {{orders: 'http://127.0.0.1:{port}/mcp'}}\n"
        "golden_prompts: ['Where is order 42?', 'And order 7?', 'Order 9?', 'Order 11?']\n"
        "invariants: [{type: contains, value: 'Order is'}]\n"
    )
    servers = [_server(port, monkeypatch)]
    try:
        code = wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "r.json")
        err = " ".join(capsys.readouterr().err.split())
        assert code == 3, err
        assert f"the MCP server agent.mcp_servers.orders (http://127.0.0.1:{port}/mcp) stopped answering" in err, err
        assert "once agent.mcp_servers.orders runs again, continue with" in err, err
        report = json.loads((tmp_path / "r.json").read_text())
        aborted = report["run"]["aborted"]
        assert aborted["reason"] == "agent_stopped" and aborted["mcp_server"] == "orders", aborted
        by_prompt = {c["prompt"]: c for c in report["cells"]}
        assert by_prompt["Where is order 42?"]["status"] == "passed"
        assert by_prompt["And order 7?"]["error_kind"] == "agent_exited", by_prompt["And order 7?"]
        assert not any(c["status"] == "failed" for c in report["cells"]), "no cell is scored as the agent's failure"
        assert report["summary"]["partial"] is True

        servers.append(_server(port, monkeypatch))  # back again: the rest of the run completes
        code = wt("run", "-o", "r.json", "--resume", report["run"]["id"])
        err = capsys.readouterr().err
        assert code == 0, err
        resumed = json.loads((tmp_path / "r.json").read_text())
        assert [c["status"] for c in resumed["cells"]] == ["passed"] * 4
    finally:
        for server in servers:
            if server.poll() is None:
                server.terminate()
            server.communicate(timeout=20)
