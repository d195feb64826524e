"""Conformance of the answer-level LLM fault modes (broken tool calls, content filter, HTML error page,
stale answer, duplicated chunk) with the real openai and anthropic SDKs, on both LLM seams.

As in ``test_sdk_seam``: a real SDK client (sync and async; Chat Completions, Responses, Anthropic
Messages; streamed and not) against the local stub, in process and through ``proxy llm``. Each mode
must reach the agent as the SDK's own parse result or exception, fire when scheduled, and leave the
answer as the model sent it when it is not scheduled or has nothing to act on.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import sdk_clients as sc
from seam_harness import STREAMS, direct, faulted, sdk
from tests.stubs.llm_stub import LlmStub, Reply

from windtunnel.chaos.llm_answer_faults import HtmlErrorFault

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("_closed_clients")]

PATHS = ["inproc", pytest.param("proxy", marks=pytest.mark.slow)]
ARGS = {"order_id": "A1", "reason": "late delivery"}
CALL = Reply(tool_calls=[("lookup_order", ARGS)])
FINISH = {
    "length": {"chat": "length", "responses": "incomplete", "messages": "max_tokens"},
    "tool_calls": {"chat": "tool_calls", "responses": "completed", "messages": "tool_use"},
    "stop": {"chat": "stop", "responses": "completed", "messages": "end_turn"},
    "content_filter": {"chat": "content_filter", "responses": "incomplete", "messages": "refusal"},
}


def args_seen(kind: str, stream: bool, args: Any) -> Any:
    """Tool arguments as the agent holds them, parsed when they are JSON text."""
    if isinstance(args, str):
        try:
            return json.loads(args)
        except ValueError:
            return args
    return args


def expect_finish(kind: str, out: dict[str, Any], reason: str) -> None:
    assert out["finish"] == FINISH[reason][sc.api(kind)], out["finish"]


# -- tool calls -----------------------------------------------------------------------------------

TRUNCATED = json.dumps(ARGS)[: len(json.dumps(ARGS)) // 2]
INVALID = repr(ARGS)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_tool_call_faults_reach_the_sdks_parsed_tool_calls(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub)
    stub.default = CALL
    real = await sc.call(kind, stream)
    assert [(n, args_seen(kind, stream, a)) for n, a in real["tools"]] == [("lookup_order", ARGS)]
    anthropic_json = sc.api(kind) == "messages" and not stream

    out, cc = await faulted(kind, "{mode: tool_args_truncated}", stream, path=path)
    ((name, args),) = out["tools"]
    assert name == "lookup_order"
    # Anthropic's non-streamed input is an object: the fields complete before the cut
    assert args == ({"order_id": "A1"} if anthropic_json else TRUNCATED), args
    expect_finish(kind, out, "length")
    assert [f["mode"] for f in cc.fired] == ["tool_args_truncated"]

    out, cc = await faulted(kind, "{mode: tool_args_invalid}", stream, path=path)
    assert out["tools"] == [("lookup_order", INVALID)], "the arguments arrive as text that is not JSON"
    with pytest.raises(ValueError):
        json.loads(out["tools"][0][1])

    out, _ = await faulted(kind, "{mode: tool_args_field_dropped}", stream, path=path)
    assert [(n, args_seen(kind, stream, a)) for n, a in out["tools"]] == [("lookup_order", {"reason": "late delivery"})]
    out, _ = await faulted(kind, "{mode: tool_args_field_renamed, field: reason, to: why}", stream, path=path)
    assert [args_seen(kind, stream, a) for _, a in out["tools"]] == [{"order_id": "A1", "why": "late delivery"}]

    out, cc = await faulted(kind, "{mode: tool_call_unknown}", stream, path=path)
    assert [n for n, _ in out["tools"]] == ["lookup_order_v2"]
    expect_finish(kind, out, "tool_calls")

    out, cc = await faulted(kind, "{mode: tool_calls_stripped}", stream, path=path)
    assert out["tools"] == [] and [f["mode"] for f in cc.fired] == ["tool_calls_stripped"]
    expect_finish(kind, out, "stop")
    assert stub.count() == 7, "tool-call faults act on the model's real answer"


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_tool_call_faults_do_nothing_unscheduled_or_without_a_tool_call(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub)
    text_only = await sc.call(kind, stream)
    stub.default = CALL
    real = await sc.call(kind, stream)
    for mode in ("tool_args_truncated", "tool_args_invalid", "tool_call_unknown", "tool_calls_stripped"):
        out, cc = await faulted(kind, f"{{mode: {mode}, after_calls: 1}}", stream, path=path)
        assert out["tools"] == real["tools"] and cc.fired == [], mode
        if mode != "tool_calls_stripped":
            out, cc = await faulted(kind, f"{{mode: {mode}, tool: other_tool}}", stream, path=path)
            assert out["tools"] == real["tools"] and cc.fired == [], mode
    stub.default = Reply()
    out, cc = await faulted(kind, "{mode: tool_args_invalid}", stream, path=path)
    assert out["text"] == text_only["text"] == stub.default.text and cc.fired == []
    assert "only tool calls" not in cc.calls[0].get("note", "")


# -- content filter -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_content_filter_stops_the_answer_with_the_apis_own_reason(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub)
    out, cc = await faulted(kind, "{mode: content_filter}", stream, path=path)
    assert out["text"] in ("", None) and out["refusal"] is None and out["tools"] == []
    expect_finish(kind, out, "content_filter")
    assert [f["mode"] for f in cc.fired] == ["content_filter"]
    refusal = "{mode: content_filter, answer: refusal, refusal: No can do.}"
    out, cc = await faulted(kind, refusal, stream, path=path)
    expect_finish(kind, out, "content_filter")
    if sc.api(kind) == "messages":  # Anthropic: the refusal is the text, with stop_reason refusal
        assert out["text"] == "No can do."
    else:  # OpenAI: the refusal field, no text
        assert out["refusal"] == "No can do." and out["text"] in ("", None)
    assert cc.calls[0]["response"] == "No can do."
    stub.default = CALL
    out, _ = await faulted(kind, "{mode: content_filter}", stream, path=path)
    assert out["tools"] == [], "a filtered answer carries no tool call"
    out, cc = await faulted(kind, "{mode: content_filter, probability: 0}", stream, path=path)
    assert [n for n, _ in out["tools"]] == ["lookup_order"] and cc.fired == []


# -- an HTML error page from a proxy ----------------------------------------------------------------


def html_page(server: str) -> bytes:
    page = HtmlErrorFault(server=server).replace(None, None)  # type: ignore[arg-type]
    assert page.raw is not None
    return page.raw


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_html_error_page_is_what_the_sdk_raises_for_that_page(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    server = "cloudflare" if kind.startswith("async") else "nginx"
    sc.make(kind, stub, max_retries=0)
    stub.default = Reply(status=502, body=html_page(server), headers={"Content-Type": "text/html"})
    real = await direct(kind, stream)
    stub.default = Reply()
    out, cc = await faulted(kind, f"{{mode: html_error, server: {server}}}", stream, path=path)
    assert type(out) is type(real) and isinstance(out, sdk(kind).InternalServerError)
    assert out.status_code == 502 and out.body == real.body and "<html" in str(out.body).lower()
    assert stub.count() == 1, "the model never sees the call the page answers"
    assert cc.calls[0]["error"].startswith("502") and cc.calls[0]["faults"] == ["html_error"]
    out, cc = await faulted(kind, "{mode: html_error, after_calls: 5}", stream, path=path)
    assert out["text"] == stub.default.text and cc.fired == []


@pytest.mark.parametrize("kind", ["openai", "async_anthropic"])
async def test_html_error_page_is_retried_as_the_sdk_retries_the_real_page(stub: LlmStub, kind: str) -> None:
    sc.make(kind, stub, max_retries=1)
    stub.default = Reply(status=502, body=html_page("nginx"), headers={"Content-Type": "text/html"})
    await direct(kind, False)
    real_attempts = stub.count()
    stub.default = Reply()
    out, cc = await faulted(kind, "{mode: html_error}", False)
    assert isinstance(out, sdk(kind).InternalServerError)
    assert len(cc.calls) == real_attempts == 2 and stub.count() == real_attempts


# -- a stale answer -------------------------------------------------------------------------------


async def two_calls(kind: str, stream: bool) -> list[dict[str, Any]]:
    return [await sc.call(kind, stream), await sc.call(kind, stream)]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_stale_answer_replays_the_previous_answer_in_the_apis_shape(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub)
    stub.default = Reply(text="The second answer.")
    stub.queue(Reply(text="The first answer."))
    out, cc = await faulted(kind, "{mode: stale_answer}", stream, path=path, action=two_calls)
    assert [o["text"] for o in out] == ["The first answer.", "The first answer."]
    assert stub.count() == 1, "the stale answer is served instead of calling the model"
    assert [c["faults"] for c in cc.calls] == [[], ["stale_answer"]] and len(cc.fired) == 1
    stub.queue(Reply(tool_calls=[("lookup_order", ARGS)]))
    out, _ = await faulted(kind, "{mode: stale_answer}", stream, path=path, action=two_calls)
    assert [n for o in out for n, _ in o["tools"]] == ["lookup_order", "lookup_order"], "tool calls replayed too"
    stub.queue(Reply(text="The first answer."))
    out, cc = await faulted(kind, "{mode: stale_answer, after_calls: 2}", stream, path=path, action=two_calls)
    assert [o["text"] for o in out] == ["The first answer.", "The second answer."] and cc.fired == []


# -- a duplicated stream chunk ----------------------------------------------------------------------


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_duplicate_chunk_repeats_one_streamed_chunk(stub: LlmStub, path: str, kind: str, stream: bool) -> None:
    sc.make(kind, stub)
    out, cc = await faulted(kind, "{mode: duplicate_chunk, chunk: 1}", stream, path=path)
    if stream:
        assert out["text"] == stub.default.text.replace(" stub", " stub stub", 1)
        assert [f["mode"] for f in cc.fired] == ["duplicate_chunk"]
        assert cc.calls[0]["response"] == out["text"]
    else:
        assert out["text"] == stub.default.text and cc.fired == [], "an answer that is not streamed has no chunk"
    out, cc = await faulted(kind, "{mode: duplicate_chunk, chunk: 99}", stream, path=path)
    assert out["text"] == stub.default.text and cc.fired == []


@pytest.mark.parametrize("path", PATHS)
async def test_anthropic_stream_helper_parses_broken_tool_input_as_it_does_a_real_one(stub: LlmStub, path: str) -> None:
    sc.make("async_anthropic", stub)

    async def helper(kind: str, stream: bool) -> Any:
        async with sc.CLIENT.messages.stream(
            model="stub-model", max_tokens=64, messages=[{"role": "user", "content": "hi"}]
        ) as s:
            return (await s.get_final_message()).content[0].input

    stub.default = CALL
    out, _ = await faulted("async_anthropic", "{mode: tool_args_truncated}", True, path=path, action=helper)
    assert out == {"order_id": "A1"}, "the helper's partial parse keeps the fields complete before the cut"
    out, cc = await faulted("async_anthropic", "{mode: tool_args_invalid}", True, path=path, action=helper)
    assert isinstance(out, ValueError) and "Unable to parse tool parameter JSON" in str(out)
    assert [f["mode"] for f in cc.fired] == ["tool_args_invalid"]


SCHEMA = {"type": "object", "properties": {"order_id": {}, "reason": {}}, "required": ["reason"]}


async def with_tools(kind: str, stream: bool) -> Any:
    """One call declaring the tool ``lookup_order`` (``reason`` required) in the API's own shape."""
    a, msgs = sc.api(kind), [{"role": "user", "content": "hi"}]
    if a == "chat":
        tool = {"type": "function", "function": {"name": "lookup_order", "parameters": SCHEMA}}
        res = sc.CLIENT.chat.completions.create(model="stub-model", messages=msgs, tools=[tool])
        return json.loads(res.choices[0].message.tool_calls[0].function.arguments)
    if a == "responses":
        tool = {"type": "function", "name": "lookup_order", "parameters": SCHEMA}
        res = sc.CLIENT.responses.create(model="stub-model", input="hi", tools=[tool])
        return json.loads(next(o for o in res.output if o.type == "function_call").arguments)
    tool = {"name": "lookup_order", "input_schema": SCHEMA}
    res = sc.CLIENT.messages.create(model="stub-model", max_tokens=64, messages=msgs, tools=[tool])
    return res.content[0].input


@pytest.mark.parametrize("kind", ["openai", "responses", "anthropic"])
async def test_field_faults_pick_the_field_the_requests_tool_schema_requires(stub: LlmStub, kind: str) -> None:
    sc.make(kind, stub)
    stub.default = CALL
    out, _ = await faulted(kind, "{mode: tool_args_field_dropped}", False, action=with_tools)
    assert out == {"order_id": "A1"}, "the required field goes, not the first one"
    out, _ = await faulted(kind, "{mode: tool_args_field_renamed}", False, action=with_tools)
    assert out == {"order_id": "A1", "reason_v2": "late delivery"}
