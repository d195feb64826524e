"""#29 item 6: MCP tool calls were listed after all model calls of a cell, numbered on their own; a cell's
calls are now one sequence in the order they happened, whichever seam saw them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_mcp_proxy import _free_port, _wait_port

from windtunnel.agents import build_agent
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import parse_config

HERE = Path(__file__).parent
pytestmark = [pytest.mark.anyio, pytest.mark.slow]


async def test_model_and_mcp_calls_are_one_sequence(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, str(HERE / "mcp_orders_server.py"), "http", str(port)],
        env={**os.environ, "WT_MCP_LOG": str(tmp_path / "executed.log")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_port(port, server)
        cfg = parse_config(
            "agent:\n  endpoint: fw_mcp_llm_agent:answer\n  llm: fw_mcp_llm_agent:client\n"
            f"  mcp_servers: {{orders: 'http://127.0.0.1:{port}/mcp'}}\n"
            "chaos:\n  tool_faults: [{tool: nothing, mode: error}]\n  llm_faults: [{mode: garbage, probability: 0}]\n",
            "w.yaml",
        )
        spec = ChaosSpec.resolve(cfg.chaos)
        async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt, build_agent(cfg.agent) as agent:
            for cell in ("a", "b"):
                with rt.cell(spec, cell) as cc:
                    out = await agent.invoke("Where is my order 42?")
                assert out.output == "Order 42 is processing."
                assert [(c["target"], c["seq"]) for c in cc.calls] == [("llm", 1), ("tool", 2), ("llm", 3)]
                assert cc.calls[1]["name"] == "get_order_status"
    finally:
        server.terminate()
        server.communicate(timeout=20)
