"""``agent.type: pydantic_ai``: async API in the cell's task, ``.output``, tools faulted by name, usage."""

from __future__ import annotations

import fw_tools
import pytest
from fw_helpers import run, seams_of, tools_of

from windtunnel._util.errors import AgentCrashed, AgentUnreachableError, ConfigError

pytestmark = pytest.mark.anyio

ROBUST = '{type: pydantic_ai, endpoint: "fw_pydantic_ai:robust"}'
FABRICATOR = '{type: pydantic_ai, endpoint: "fw_pydantic_ai:fabricator"}'
ORDER = "Where is my order 42?"


async def test_clean_run_answers_from_output_with_usage(stub) -> None:
    [(res, cc)] = await run(ROBUST, None, [ORDER])
    assert res.output == "Order 42 is processing."
    assert res.metadata["usage"]["input_tokens"] == 200 and res.metadata["usage"]["requests"] == 2
    assert res.tool_calls[0]["name"] == "get_order_status" and res.tool_calls[0]["args"] == {"order_id": "42"}
    assert fw_tools.EXECUTED["get_order_status"] == 1 and tools_of(cc.calls)[0]["args"] == {"order_id": "42"}
    assert seams_of(cc.calls) == [("llm", "robust"), ("tool", "get_order_status"), ("llm", "robust")]


@pytest.mark.parametrize("mode", ["timeout", "error", "malformed", "malicious_response"])
@pytest.mark.parametrize("stream", [False, True])
async def test_faults_by_tool_name(stub, mode: str, stream: bool) -> None:
    s = f", stream: {str(stream).lower()}}}"
    faults = f"[{{tool: get_order_status, mode: {mode}}}]"
    [(robust, cc)] = await run(ROBUST.replace("}", s), faults, [ORDER])
    [(fabricated, _)] = await run(FABRICATOR.replace("}", s), faults, [ORDER])
    assert robust.output == "Sorry, I could not check 42 right now.", robust
    assert fabricated.output == "Order 42 has shipped."
    assert [f["mode"] for f in cc.fired] == [mode]
    assert fw_tools.EXECUTED["get_order_status"] == (2 if mode == "malformed" else 0)


async def test_context_tool_named_by_its_tool_name(stub) -> None:
    [(res, cc)] = await run(ROBUST, "[{tool: lookup_customer, mode: error}]", ["Who is ada@example.com?"])
    assert res.output.startswith("Sorry") and fw_tools.EXECUTED["lookup_customer"] == 0
    assert tools_of(cc.calls)[0]["args"] == {"email": "ada@example.com"}, "the RunContext is not an argument"


async def test_without_an_error_hook_a_fault_fails_the_run_like_a_real_failure(stub) -> None:
    agent = '{type: pydantic_ai, endpoint: "fw_pydantic_ai:brittle"}'
    [(res, _)] = await run(agent, "[{tool: get_order_status, mode: timeout}]", [ORDER])
    assert isinstance(res, AgentCrashed) and "timed out" in str(res)


async def test_unknown_tool_and_wrong_kind() -> None:
    with pytest.raises(ConfigError) as info:
        await run(ROBUST, "[{tool: find_customer_record, mode: error}]", [ORDER])
    assert "'get_order_status', 'lookup_customer'" in info.value.message
    with pytest.raises(AgentUnreachableError) as wrong:
        await run('{type: pydantic_ai, endpoint: "fw_tools:order_status"}', None, [ORDER])
    assert "pydantic_ai.Agent" in wrong.value.message and "function" in wrong.value.message
