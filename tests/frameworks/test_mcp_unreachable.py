"""#29 item 5: an unreachable server in ``agent.mcp_servers`` ran every cell into the MCP client's own
``Failed to parse JSON response`` (the proxy answered a single request with a JSON-RPC batch), with a
traceback per call and exit 1. Now a preflight reaches each server before any cell: exit 3 naming it."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import anyio
import httpx
import pytest
from tests.clirun import wt

from windtunnel.chaos.proxy.mcp import McpFaults
from windtunnel.chaos.proxy.mcp_http import McpHttpProxy


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_mcp_server_stops_the_run_with_exit_3_before_any_cell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()  # nothing listens there
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        "agent:\n  endpoint: fw_mcp_agent:answer\n"
        f"  mcp_servers: {{orders: 'http://127.0.0.1:{port}/mcp'}}\n"
        "golden_prompts: ['Where is order 42?', 'And order 7?']\n"
        "invariants: [{type: contains, value: 'could not check'}]\n"
        "chaos: {tool_faults: [{tool: get_order_status, mode: error}]}\n"
    )
    code = wt("run", "-c", "windtunnel.yaml", "--chaos-only", "--no-store", "-o", "r.json")
    err = capsys.readouterr().err
    flat = " ".join(err.split())
    assert code == 3, err
    assert f"agent.mcp_servers.orders (http://127.0.0.1:{port}/mcp) is unreachable" in flat, err
    assert "Traceback" not in err and "Failed to parse JSON" not in err


async def test_a_single_request_to_a_dead_upstream_gets_a_single_json_rpc_error() -> None:
    proxy = McpHttpProxy(McpFaults(), upstream=f"http://127.0.0.1:{free_port()}/mcp")
    await proxy.start()
    try:
        call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "x", "arguments": {}}}
        async with httpx.AsyncClient() as client:
            one = await client.post(f"{proxy.url}/mcp", json=call)
            batch = await client.post(f"{proxy.url}/mcp", json=[call, {**call, "id": 8}])
    finally:
        await proxy.aclose()
    answer = one.json()
    assert isinstance(answer, dict) and answer["id"] == 7 and "unreachable" in answer["error"]["message"], answer
    assert [m["id"] for m in batch.json()] == [7, 8]
    json.dumps(answer)


pytestmark = pytest.mark.anyio
_ = anyio


def test_verify_reaches_the_mcp_servers_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        "agent:\n  endpoint: fw_mcp_agent:answer\n"
        f"  mcp_servers: {{orders: 'http://127.0.0.1:{port}/mcp'}}\n"
        "golden_prompts: ['Where is order 42?']\n"
        "invariants: [{type: contains, value: 'could not check'}]\n"
    )
    code = wt("verify", "-c", "windtunnel.yaml")
    err = " ".join(capsys.readouterr().err.split())
    assert code == 3 and f"agent.mcp_servers.orders (http://127.0.0.1:{port}/mcp) is unreachable" in err, err
