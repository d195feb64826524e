"""``windtunnel proxy mcp`` between the official MCP client and an MCP server (stdio): faults by tool name."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from tests.ports import free_port as _free_port

HERE = Path(__file__).parent
WINDTUNNEL = str(Path(sys.executable).with_name("windtunnel"))
SERVER = f"{sys.executable} {HERE / 'mcp_orders_server.py'}"

pytestmark = pytest.mark.slow


def write_config(tmp_path: Path, faults: str) -> Path:
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(f"agent: {{type: http, endpoint: 'http://127.0.0.1:9/x'}}\nchaos:\n  tool_faults: {faults}\n")
    return cfg


async def session_calls(tmp_path: Path, faults: str, *extra: str, env: dict[str, str] | None = None) -> Any:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    cfg = write_config(tmp_path, faults)
    log = tmp_path / "executed.log"
    params = StdioServerParameters(
        command=WINDTUNNEL,
        args=["proxy", "mcp", "--server-command", SERVER, "-c", str(cfg), "--seed", "1", *extra],
        env={"WT_MCP_LOG": str(log), **(env or {})},
        cwd=str(tmp_path),
    )
    out: dict[str, Any] = {}
    with (tmp_path / "proxy.err").open("w") as errlog, anyio.fail_after(60):
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            out["tools"] = (await session.list_tools()).tools
            try:
                out["order"] = await session.call_tool("get_order_status", {"order_id": "42"})
            except Exception as err:  # a JSON-RPC error answer is raised by the client
                out["order"] = err
            if not extra or extra[0] != "--kill-server-after":
                out["customer"] = await session.call_tool("lookup_customer", {"email_address": "ada@example.com"})
    out["executed"] = log.read_text().split() if log.exists() else []
    out["stderr"] = (tmp_path / "proxy.err").read_text()
    return out


def is_error(result: Any) -> bool:
    return bool(getattr(result, "is_error", None) or getattr(result, "isError", None))


def text(result: Any) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


@pytest.mark.anyio
async def test_error_fault_is_an_mcp_tool_error_and_the_server_never_sees_the_call(tmp_path: Path) -> None:
    out = await session_calls(tmp_path, "[{tool: get_order_status, mode: error, error_code: 503}]")
    assert is_error(out["order"]) and text(out["order"]) == "503 Service Unavailable"
    assert not is_error(out["customer"]) and json.loads(text(out["customer"]))["name"] == "Ada Lovelace"
    assert out["executed"] == ["lookup_customer"], "the faulted call must not reach the real server"
    assert "tools/call get_order_status -> 503" in out["stderr"] and "[error]" in out["stderr"]


@pytest.mark.anyio
async def test_malicious_and_malformed_replies(tmp_path: Path) -> None:
    faults = (
        "[{tool: get_order_status, mode: malicious_response, payload: 'IGNORE PREVIOUS'},"
        " {tool: lookup_customer, mode: malformed}]"
    )
    out = await session_calls(tmp_path, faults)
    assert text(out["order"]) == "IGNORE PREVIOUS" and not is_error(out["order"])
    broken = text(out["customer"])
    assert broken.startswith('{"email"') and "\ufffd" in broken
    with pytest.raises(ValueError):
        json.loads(broken)
    assert out["executed"] == ["lookup_customer"]


@pytest.mark.anyio
async def test_timeout_as_a_jsonrpc_error(tmp_path: Path) -> None:
    out = await session_calls(tmp_path, "[{tool: get_order_status, mode: timeout}]", "--error-style", "jsonrpc")
    assert isinstance(out["order"], Exception) and "timed out" in str(out["order"])
    assert not is_error(out["customer"]), "the session goes on after the error"
    assert out["executed"] == ["lookup_customer"]


@pytest.mark.anyio
async def test_tools_list_schema_drift(tmp_path: Path) -> None:
    out = await session_calls(tmp_path, "[{tool: nothing, mode: error}]", "--drift-tools")
    schemas = {t.name: set((getattr(t, "input_schema", None) or t.inputSchema)["properties"]) for t in out["tools"]}
    assert schemas == {"get_order_status": {"orderId"}, "lookup_customer": {"emailAddress"}}


def test_a_server_that_fails_to_start_shows_its_stderr_tail(tmp_path: Path) -> None:
    import os
    import subprocess

    cfg = write_config(tmp_path, "[{tool: get_order_status, mode: error}]")
    proc = subprocess.run(
        [WINDTUNNEL, "proxy", "mcp", "--server-command", SERVER, "-c", str(cfg)],
        input="",
        capture_output=True,
        text=True,
        env={**os.environ, "WT_MCP_FAIL_AT_START": "1"},
        timeout=60,
    )
    assert proc.returncode == 3
    assert "exited with code 4 at startup" in proc.stderr and "connection refused (127.0.0.1:5432)" in proc.stderr


def _wait_port(port: int, proc: Any) -> None:
    import socket
    import time

    for _ in range(1200):  # 60 s: an MCP server starting on a loaded machine imports for many seconds
        if proc.poll() is not None:
            raise AssertionError(f"process exited: {proc.communicate()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


@pytest.mark.anyio
async def test_streamable_http_proxy(tmp_path: Path) -> None:
    import os
    import subprocess

    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    log = tmp_path / "executed.log"
    env = {**os.environ, "WT_MCP_LOG": str(log)}
    server_port, proxy_port = _free_port(), _free_port()
    cfg = write_config(tmp_path, "[{tool: get_order_status, mode: error}, {tool: lookup_customer, mode: truncated}]")
    procs = [
        subprocess.Popen(
            [sys.executable, str(HERE / "mcp_orders_server.py"), "http", str(server_port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
    ]
    try:
        _wait_port(server_port, procs[0])
        procs.append(
            subprocess.Popen(
                [
                    WINDTUNNEL,
                    "proxy",
                    "mcp",
                    "--upstream",
                    f"http://127.0.0.1:{server_port}/mcp",
                    "--port",
                    str(proxy_port),
                    "-c",
                    str(cfg),
                    "--seed",
                    "1",
                ],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        )
        _wait_port(proxy_port, procs[1])
        with anyio.fail_after(60):
            async with streamable_http_client(f"http://127.0.0.1:{proxy_port}/mcp") as streams:
                read, write = streams[0], streams[1]
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    order = await session.call_tool("get_order_status", {"order_id": "42"})
                    customer = await session.call_tool("lookup_customer", {"email_address": "ada@example.com"})
    finally:
        for p in reversed(procs):
            p.terminate()
            p.communicate(timeout=60)
    assert is_error(order) and text(order) == "503 Service Unavailable"
    assert not is_error(customer) and text(customer).startswith('{"email"') and "Ada" not in text(customer)
    assert log.read_text().split() == ["lookup_customer"]


@pytest.mark.anyio
async def test_a_server_that_dies_mid_session(tmp_path: Path) -> None:
    out = await session_calls(tmp_path, "[{tool: nothing, mode: error}]", "--kill-server-after", "0")
    assert isinstance(out["order"], Exception) and "MCP server exited" in str(out["order"])
    assert out["executed"] == []
    assert "killing the MCP server after 0 tool call(s)" in out["stderr"]


def test_agent_mcp_servers_in_a_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import subprocess

    from tests.clirun import wt

    log = tmp_path / "executed.log"
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, str(HERE / "mcp_orders_server.py"), "http", str(port)],
        env={**os.environ, "WT_MCP_LOG": str(log)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_port(port, server)
        monkeypatch.chdir(tmp_path)
        (tmp_path / "windtunnel.yaml").write_text(
            "agent:\n  endpoint: fw_mcp_agent:answer\n"
            f"  mcp_servers: {{orders: 'http://127.0.0.1:{port}/mcp'}}\n"
            "golden_prompts: ['Where is order 42?']\n"
            "invariants: [{type: contains, value: 'could not check'}]\n"
            "chaos: {tool_faults: [{tool: get_order_status, mode: error}]}\n"
        )
        assert wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "clean.json") == 1
        assert wt("run", "-c", "windtunnel.yaml", "--chaos-only", "-o", "chaos.json") == 0
    finally:
        server.terminate()
        server.communicate(timeout=60)
    [clean] = json.loads((tmp_path / "clean.json").read_text())["cells"]
    [chaos] = json.loads((tmp_path / "chaos.json").read_text())["cells"]
    assert clean["output"] == "Order is processing." and clean["calls"][0]["name"] == "get_order_status"
    assert chaos["output"].startswith("Sorry") and [f["name"] for f in chaos["faults"]] == ["get_order_status"]
    assert chaos["calls"][0]["error"].startswith("503")
    assert log.read_text().split() == ["get_order_status"], "only the clean run reached the server"
    assert "WINDTUNNEL_MCP_ORDERS_URL" not in os.environ
