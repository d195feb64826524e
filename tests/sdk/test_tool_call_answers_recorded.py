"""#29 item 12: a model call answered only with tool calls was recorded with ``response: null``; the call
log now keeps the tool calls the model asked for, on every wire API, streamed or not, faulted or not."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sdk_clients as sc
from seam_harness import STREAMS, spec_of
from tests.stubs.llm_stub import LlmStub, Reply

from windtunnel.chaos import ChaosRuntime

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("_closed_clients")]

ASKED = [("get_order_status", {"order_id": "42"}), ("lookup_customer", {"email": "a@b.c"})]


def asked(response: Any) -> list[tuple[str, Any]]:
    assert isinstance(response, dict), response
    return [(t["name"], json.loads(t["arguments"])) for t in response["tool_calls"]]


@pytest.mark.parametrize("fault", [None, "{mode: garbage}", "{mode: tool_args_field_renamed}"])
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", ["openai", "async_responses", "async_anthropic"])
async def test_a_tool_calls_only_answer_is_recorded_with_its_tool_calls(
    stub: LlmStub, kind: str, stream: bool, fault: str | None
) -> None:
    stub.default = Reply(tool_calls=ASKED)
    sc.make(kind, stub)
    agent, spec = spec_of(fault)
    async with ChaosRuntime(agent, [spec] if spec else [], seed=1) as rt:
        with rt.cell(spec, "c") as cc:
            got = await sc.call(kind, stream)
    (call,) = cc.calls
    assert call["response"] is not None, call
    seen = [(name, json.loads(args) if isinstance(args, str) else args) for name, args in got["tools"]]
    assert asked(call["response"]) == seen, "the log says what the agent received"
    assert [name for name, _ in seen] == ["get_order_status", "lookup_customer"]
    assert call["response"]["text"] is None


@pytest.mark.parametrize("stream", STREAMS)
async def test_a_text_answer_is_still_its_text(stub: LlmStub, stream: bool) -> None:
    sc.make("async_openai", stub)
    agent, _ = spec_of(None)
    async with ChaosRuntime(agent, [], seed=1) as rt:
        with rt.cell(None, "c") as cc:
            await sc.call("async_openai", stream)
    assert [c["response"] for c in cc.calls] == [stub.default.text]
