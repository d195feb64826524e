"""A plain python agent may list framework tool objects in ``agent.tools``: wrapped where the framework
invokes them, faulted by their framework name."""

from __future__ import annotations

import fw_tools
import pytest
from fw_helpers import run

pytestmark = pytest.mark.anyio


async def test_openai_agents_function_tool_in_agent_tools(stub) -> None:
    agent = '{endpoint: "fw_openai_agents:plain_entry", tools: ["fw_openai_agents:find_customer_record"]}'
    [(res, cc)] = await run(agent, "[{tool: lookup_customer, mode: error}]", ["Who is ada@example.com?"])
    assert res.output.startswith("Sorry") and fw_tools.EXECUTED["lookup_customer"] == 0
    assert cc.fired[0]["name"] == "lookup_customer"


async def test_langchain_tool_func_attribute_is_named_after_the_tool(stub) -> None:
    agent = '{endpoint: "fw_langgraph:plain_entry", tools: ["fw_langgraph:get_order_status.func"]}'
    [(res, cc)] = await run(agent, "[{tool: get_order_status, mode: malicious_response}]", ["Where is my order 42?"])
    assert res.output.startswith("Sorry") and fw_tools.EXECUTED["get_order_status"] == 0
    assert cc.fired[0]["name"] == "get_order_status"


def test_validate_names_a_framework_tool_in_agent_tools_by_its_framework_name() -> None:
    from windtunnel.config.load import parse_config
    from windtunnel.flows.preflight import preflight

    cfg = parse_config(
        'agent: {endpoint: "fw_openai_agents:plain_entry", tools: ["fw_openai_agents:find_customer_record"]}\n'
        "chaos: {tool_faults: [{tool: lookup_customer, mode: error}]}\n",
        "w.yaml",
    )
    found = preflight(cfg, imports=True)
    assert found.ok and not [w for w in found.warnings if "lookup_customer" in w], found.warnings


def test_a_missing_framework_package_names_the_extra() -> None:
    from windtunnel._util.errors import ConfigError
    from windtunnel.agents._framework import require

    with pytest.raises(ConfigError) as info:
        require("wt_no_such_framework.sub", agent_type="openai_agents", extra="openai-agents")
    assert "'wt_no_such_framework' package" in info.value.message
    assert info.value.hint == "pip install 'windtunnel[openai-agents]'"
