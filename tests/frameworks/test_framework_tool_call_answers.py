"""#29 item 12 on the framework stacks: the model call that asked for a tool is recorded with the tool it
asked for (it was ``response: null``), whatever the framework's client and wire API."""

from __future__ import annotations

import json
from typing import Any

import pytest

from windtunnel.agents import build_agent
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import parse_config

pytestmark = pytest.mark.anyio
AGENTS = {
    "openai_agents responses": '{type: openai_agents, endpoint: "fw_openai_agents:robust"}',
    "openai_agents chat": '{type: openai_agents, endpoint: "fw_openai_agents:retrying"}',
    "pydantic_ai": '{type: pydantic_ai, endpoint: "fw_pydantic_ai:robust"}',
    "langgraph ChatOpenAI": '{type: langgraph, endpoint: "fw_langgraph:retrying"}',
}


@pytest.mark.parametrize("name", list(AGENTS))
async def test_the_model_call_that_asked_for_a_tool_records_it(stub: Any, name: str) -> None:
    cfg = parse_config(f"agent: {AGENTS[name]}\nchaos:\n  llm_faults: [{{mode: garbage, probability: 0}}]\n", "w.yaml")
    spec = ChaosSpec.resolve(cfg.chaos)
    async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt, build_agent(cfg.agent) as agent:
        with rt.cell(spec, "c") as cc:
            await agent.invoke("Where is my order 42?")
    llm = [c for c in cc.calls if c["target"] == "llm"]
    assert len(llm) >= 2, cc.calls
    first = llm[0]["response"]
    assert isinstance(first, dict), llm[0]
    (tool,) = first["tool_calls"]
    assert tool["name"] == "get_order_status" and json.loads(tool["arguments"]) == {"order_id": "42"}
    assert "42" in str(llm[-1]["response"]), "the answer after the tool result is still its text"
