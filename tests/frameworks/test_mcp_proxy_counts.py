"""#29 items 7 and 8: `proxy mcp --upstream` prints its summary on SIGTERM like `proxy llm`; and
`--kill-server-after N` counts every tool call the client makes (faulted ones too), and says so when the
server was never killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from test_mcp_proxy import _free_port, is_error, session_calls
from tests.conftest import sigint_default

WINDTUNNEL = str(Path(sys.executable).with_name("windtunnel"))


def start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [WINDTUNNEL, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        preexec_fn=sigint_default,
    )


def wait_healthy(url: str, proc: subprocess.Popen[str]) -> None:
    for _ in range(400):
        if proc.poll() is not None:
            raise AssertionError(f"proxy exited: {proc.communicate()}")
        try:
            if httpx.get(url + "/__windtunnel/health", trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise AssertionError("proxy never became healthy")


pytestmark = pytest.mark.slow
SOURCE = {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
"""The MCP client starts the proxy with a minimal environment: keep the source under test on its path."""


@pytest.mark.anyio
async def test_a_faulted_call_counts_towards_kill_server_after(tmp_path: Path) -> None:
    """The first call is faulted (the proxy answers it), the second kills the server: before, only calls
    that reached the server counted, so it ran and the server was never killed."""
    extra = ("--error-style", "isError", "--kill-server-after", "1")  # not first: the helper makes both calls
    with pytest.raises(Exception) as info:  # the client raises the JSON-RPC error of the killed server
        await session_calls(tmp_path, "[{tool: get_order_status, mode: error}]", *extra, env=SOURCE)
    assert "the MCP server exited (code -9)" in repr(info.value), info.value
    stderr = (tmp_path / "proxy.err").read_text()
    assert "tools/call get_order_status -> 503" in stderr
    assert "killing the MCP server after 1 tool call(s)" in stderr, stderr
    log = tmp_path / "executed.log"
    assert not log.exists() or log.read_text().split() == [], "the server died before it ran a tool"


@pytest.mark.anyio
async def test_a_server_never_killed_is_said_so(tmp_path: Path) -> None:
    out = await session_calls(
        tmp_path, "[{tool: nothing, mode: error}]", "--error-style", "isError", "--kill-server-after", "5", env=SOURCE
    )
    assert not is_error(out["order"]) and out["executed"] == ["get_order_status", "lookup_customer"]
    flat = " ".join(out["stderr"].split())
    assert "the server was never killed: the client made 2 tool call(s)" in flat, out["stderr"]


def test_proxy_mcp_upstream_prints_its_summary_on_sigterm(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("chaos:\n  tool_faults: [{tool: get_order_status, mode: error}]\n")
    port = _free_port()
    proc = start(
        ["proxy", "mcp", "--upstream", f"http://127.0.0.1:{_free_port()}/mcp", "-c", str(cfg), "--port", str(port)]
    )
    try:
        wait_healthy(f"http://127.0.0.1:{port}", proc)
        call = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "get_order_status", "arguments": {"order_id": "42"}},
        }
        answer = httpx.post(f"http://127.0.0.1:{port}/mcp", json=call, trust_env=False).json()
    finally:
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=20)
    assert answer["result"]["isError"] is True
    assert proc.returncode == 0, err
    assert "stopped (SIGTERM)" in err and "1 tool call(s) seen, 1 fault(s) fired" in err, err
