"""``agent.type: openai_agents``: tool faults by framework tool name, at the SDK's tool invocation."""

from __future__ import annotations

import fw_tools
import pytest
from fw_helpers import run, seams_of

from windtunnel._util.errors import AgentCrashed, AgentUnreachableError, ConfigError

pytestmark = pytest.mark.anyio

ROBUST = '{type: openai_agents, endpoint: "fw_openai_agents:robust"}'
FABRICATOR = '{type: openai_agents, endpoint: "fw_openai_agents:fabricator"}'
ORDER = "Where is my order 42?"


async def test_clean_run_calls_the_real_tool_and_records_usage(stub) -> None:
    [(res, cc)] = await run(ROBUST, None, [ORDER])
    assert res.output == "Order 42 is processing."
    assert fw_tools.EXECUTED["get_order_status"] == 1
    assert res.tool_calls[0]["name"] == "get_order_status" and res.tool_calls[0]["args"] == {"order_id": "42"}
    assert res.metadata["usage"]["input_tokens"] == 200 and res.metadata["usage"]["requests"] == 2
    assert res.metadata["usage"]["model"] == "robust"
    assert seams_of(cc.calls) == [("llm", "robust"), ("tool", "get_order_status"), ("llm", "robust")]


@pytest.mark.parametrize("mode", ["timeout", "error", "malformed", "malicious_response"])
@pytest.mark.parametrize("stream", [False, True])
async def test_faults_by_tool_name_reach_the_model_through_the_sdk(stub, mode: str, stream: bool) -> None:
    agent = ROBUST.replace("}", f", stream: {str(stream).lower()}}}")
    fabricating = FABRICATOR.replace("}", f", stream: {str(stream).lower()}}}")
    faults = f"[{{tool: get_order_status, mode: {mode}}}]"
    [(robust, cc)] = await run(agent, faults, [ORDER])
    [(fabricated, _)] = await run(fabricating, faults, [ORDER])
    assert robust.output == "Sorry, I could not check 42 right now.", robust
    assert fabricated.output == "Order 42 has shipped."
    assert [f["mode"] for f in cc.fired] == [mode] and cc.fired[0]["name"] == "get_order_status"
    replaced = mode != "malformed"  # malformed corrupts the real reply; the others answer instead of the tool
    assert fw_tools.EXECUTED["get_order_status"] == (0 if replaced else 2)
    if mode in ("timeout", "error"):
        # the SDK's failure_error_function turned the injected failure into the tool output the model read
        sent = stub.requests[1][1]["input"]
        outputs = [i["output"] for i in sent if i.get("type") == "function_call_output"]
        assert "An error occurred while running the tool" in outputs[0]


async def test_tool_name_is_the_framework_name_not_the_python_name(stub) -> None:
    [(res, cc)] = await run(ROBUST, "[{tool: lookup_customer, mode: error}]", ["Who is ada@example.com?"])
    assert res.output.startswith("Sorry") and fw_tools.EXECUTED["lookup_customer"] == 0
    assert cc.fired[0]["name"] == "lookup_customer"


async def test_chat_completions_model_too(stub) -> None:
    agent = '{type: openai_agents, endpoint: "fw_openai_agents:robust_chat", stream: true}'
    [(res, _)] = await run(agent, "[{tool: get_order_status, mode: error}]", [ORDER])
    assert res.output.startswith("Sorry") and fw_tools.EXECUTED["get_order_status"] == 0
    assert res.metadata["usage"]["output_tokens"] == 40


async def test_tools_of_handoff_targets_are_found() -> None:
    from windtunnel.agents.frameworks import tool_names
    from windtunnel.config.load import parse_config

    cfg = parse_config('agent: {type: openai_agents, endpoint: "fw_openai_agents:triage"}', "w.yaml")
    assert tool_names(cfg.agent) == ["get_order_status", "lookup_customer"]


async def test_unknown_tool_name_lists_the_tools() -> None:
    with pytest.raises(ConfigError) as info:
        await run(ROBUST, "[{tool: find_customer_record, mode: error}]", [ORDER])
    msg = info.value.message
    assert "'find_customer_record'" in msg and "'get_order_status', 'lookup_customer'" in msg


async def test_wrong_object_kind_says_what_was_found() -> None:
    agent = '{type: openai_agents, endpoint: "fw_openai_agents:not_an_agent"}'
    with pytest.raises(AgentUnreachableError) as info:
        await run(agent, None, [ORDER])
    assert "FunctionTool" in info.value.message and "agents.Agent" in info.value.message
    assert "'get_order_status'" in (info.value.hint or "")


async def test_originals_are_restored_after_the_run() -> None:
    import fw_openai_agents as m

    invoker = m.get_order_status.on_invoke_tool
    before = invoker._invoke_tool_impl
    await run(ROBUST, "[{tool: get_order_status, mode: error}]", [ORDER])
    assert invoker._invoke_tool_impl is before


async def test_llm_faults_through_agent_llm_on_the_sdk_client(stub) -> None:
    """agent.llm names the AsyncOpenAI client of the agent's chat-completions model: LLM faults reach it."""
    agent = '{type: openai_agents, endpoint: "fw_openai_agents:robust_chat", llm: "fw_openai_agents:client"}'
    from windtunnel.agents import build_agent
    from windtunnel.chaos import ChaosRuntime, ChaosSpec
    from windtunnel.config.load import parse_config

    cfg = parse_config(f"agent: {agent}\nchaos:\n  llm_faults: [{{mode: rate_limit}}]\n", "w.yaml")
    spec = ChaosSpec.resolve(cfg.chaos)
    async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt, build_agent(cfg.agent) as a:
        with rt.cell(spec, "c") as cc, pytest.raises(AgentCrashed) as info:
            await a.invoke(ORDER)
    assert "429" in str(info.value) and [f["target"] for f in cc.fired] == ["llm"]
    assert stub.requests == [], "the model was not called"


async def test_tools_of_a_handoff_target_are_faulted_by_name(stub) -> None:
    agent = '{type: openai_agents, endpoint: "fw_openai_agents:triage"}'
    prompt = "Billing question: who is ada@example.com?"
    [(clean, _)] = await run(agent, None, [prompt])
    assert clean.output == "The customer is Ada Lovelace." and clean.metadata["last_agent"] == "billing"
    assert {"handoff": True, "from": "triage", "to": "billing"} in clean.tool_calls
    [(res, cc)] = await run(agent, "[{tool: lookup_customer, mode: error}]", [prompt])
    assert res.output.startswith("Sorry") and [f["name"] for f in cc.fired] == ["lookup_customer"]
    assert fw_tools.EXECUTED["lookup_customer"] == 1, "only the clean run reached the real tool"
