"""``agent.type: langgraph``: ToolNode tools faulted by name, message state in and out, fresh threads."""

from __future__ import annotations

import fw_tools
import pytest
from fw_helpers import run, seams_of, tools_of

from windtunnel._util.errors import AgentCrashed, AgentUnreachableError, ConfigError

pytestmark = pytest.mark.anyio

ROBUST = '{type: langgraph, endpoint: "fw_langgraph:robust"}'
FABRICATOR = '{type: langgraph, endpoint: "fw_langgraph:fabricator"}'
ORDER = "Where is my order 42?"


async def test_clean_run_reads_the_last_message_and_usage(stub) -> None:
    [(res, cc)] = await run(ROBUST, None, [ORDER])
    assert res.output == "Order 42 is processing."
    assert res.tool_calls == [
        {"name": "get_order_status", "args": {"order_id": "42"}, "output": res.tool_calls[0]["output"]}
    ]
    assert '"processing"' in res.tool_calls[0]["output"]
    assert res.metadata["usage"] == {
        "input_tokens": 200,
        "output_tokens": 40,
        "total_tokens": 240,
        "requests": 2,
        "model": "robust",
    }
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


async def test_async_tool_named_by_its_tool_name(stub) -> None:
    [(res, cc)] = await run(ROBUST, "[{tool: lookup_customer, mode: error}]", ["Who is ada@example.com?"])
    assert res.output.startswith("Sorry") and fw_tools.EXECUTED["lookup_customer"] == 0
    [call] = tools_of(cc.calls)
    assert call["name"] == "lookup_customer" and call["args"] == {"email": "ada@example.com"}


async def test_without_handle_tool_errors_a_fault_fails_the_run_like_a_real_failure(stub) -> None:
    [(res, _)] = await run(
        '{type: langgraph, endpoint: "fw_langgraph:brittle"}', "[{tool: get_order_status, mode: error}]", [ORDER]
    )
    assert isinstance(res, AgentCrashed) and "503" in str(res)


async def test_each_call_gets_a_fresh_thread(stub) -> None:
    results = await run('{type: langgraph, endpoint: "fw_langgraph:with_memory"}', None, [ORDER, "Hi again"])
    assert results[1][0].output == "Hello!", "the second cell must not see the first cell's thread"


async def test_unknown_tool_and_wrong_kind() -> None:
    with pytest.raises(ConfigError) as info:
        await run(ROBUST, "[{tool: find_customer_record, mode: error}]", [ORDER])
    assert "'get_order_status', 'lookup_customer'" in info.value.message
    with pytest.raises(AgentUnreachableError) as wrong:
        await run('{type: langgraph, endpoint: "fw_langgraph:uncompiled"}', None, [ORDER])
    assert "StateGraph" in wrong.value.message and ".compile()" in (wrong.value.hint or "")


async def test_langchain_type_accepts_a_graph_as_a_message_shaped_runnable(stub) -> None:
    [(res, _)] = await run('{type: langchain, endpoint: "fw_langgraph:robust"}', None, [ORDER])
    assert res.output == "Order 42 is processing."
