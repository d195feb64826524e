"""Conformance of the LLM seams with the real openai and anthropic SDKs.

Each test drives a real SDK client (sync and async; Chat Completions, the Responses API, Anthropic
Messages; streamed and not) against the local stub, on both paths: in process (``agent.llm`` points at
the client) and through ``proxy llm`` (the client's base URL points at the proxy). What the agent sees
under a fault must be what the SDK does with that event on a real wire: the same exception class as
the stub sending the event itself, the SDK's own retry count, text that streams.
"""

from __future__ import annotations

import json
import threading
from types import SimpleNamespace
from typing import Any

import anthropic
import openai
import pytest
import sdk_clients as sc
from seam_harness import STREAMS, direct, eventually, faulted, sdk, spec_of
from tests.stubs.llm_stub import LlmStub, Reply
from threaded_proxies import llm_proxy

from windtunnel._util.errors import ConfigError
from windtunnel.chaos import ChaosRuntime
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.wire_apis import error_body

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("_closed_clients")]

PATHS = ["inproc", pytest.param("proxy", marks=pytest.mark.slow)]


# -- no fault: byte for byte ----------------------------------------------------------------------


@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_unfaulted_calls_are_byte_identical_and_recorded(stub: LlmStub, kind: str, stream: bool) -> None:
    sc.make(kind, stub)
    plain = await sc.raw_bytes(kind, stream)
    agent, _ = spec_of(None)
    async with ChaosRuntime(agent, [], seed=1) as rt:
        with rt.cell(None, "clean") as cc:
            inside = await sc.raw_bytes(kind, stream)
            parsed = await sc.call(kind, stream)
    assert inside == plain
    assert parsed["text"] == stub.default.text
    assert all("note" not in c for c in cc.calls)
    assert [c["response"] for c in cc.calls] == [stub.default.text, stub.default.text]
    assert cc.fired == [] and all(c["error"] is None for c in cc.calls)
    dumped = json.dumps(cc.calls[1]["args"])
    assert "Omit" not in dumped and "NOT_GIVEN" not in dumped and "NotGiven" not in dumped
    assert cc.calls[1]["args"]["model"] == "stub-model"
    assert type(sc.CLIENT._client._transport).__name__ not in ("FaultTransport", "AsyncFaultTransport"), (
        "the transport is restored after the run"
    )


# -- errors: the SDK's own exception and retry policy ---------------------------------------------


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
@pytest.mark.parametrize(
    ("fault", "status", "retry_after"),
    [
        ("{mode: rate_limit, retry_after: 0.01}", 429, "0.01"),
        ("{mode: error, status: 529, retry_after: 0.01}", 529, "0.01"),
        ("{mode: error, status: 503, retry_after: 0.01}", 503, "0.01"),
    ],
)
async def test_error_faults_raise_what_the_sdk_raises_for_that_status(
    stub: LlmStub, path: str, kind: str, stream: bool, fault: str, status: int, retry_after: str
) -> None:
    sc.make(kind, stub, max_retries=2)
    body = error_body(sc.api(kind), status, "Rate limit exceeded" if status == 429 else None)
    stub.default = Reply(status=status, body=body, headers={"Retry-After": retry_after})
    real = await direct(kind, stream)
    real_attempts = stub.count()
    stub.default = Reply()
    out, cc = await faulted(kind, fault, stream, path=path)
    assert type(out) is type(real) and isinstance(out, sdk(kind).APIStatusError)
    assert out.status_code == status and out.body == real.body
    assert len(cc.calls) == real_attempts == 3, "the SDK retries the injected error as it does the real one"
    assert stub.count() == real_attempts, "the model never sees a pre-empted call"


@pytest.mark.parametrize("kind", ["openai", "async_anthropic"])
async def test_retry_after_beyond_the_sdk_limit_is_not_retried_like_the_real_header(stub: LlmStub, kind: str) -> None:
    sc.make(kind, stub, max_retries=2)
    stub.default = Reply(status=429, body=error_body(sc.api(kind), 429, None), headers={"Retry-After": "0"})
    await direct(kind, False)
    real_attempts = stub.count()
    stub.default = Reply()
    out, cc = await faulted(kind, "{mode: rate_limit, retry_after: 0}", False)
    assert isinstance(out, sdk(kind).RateLimitError)
    assert len(cc.calls) == real_attempts


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_timeout_is_the_sdks_timeout_error_after_its_retries(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub, max_retries=1, timeout=0.2)
    out, cc = await faulted(kind, "{mode: timeout, delay_ms: 5000}", stream, path=path)
    assert isinstance(out, sdk(kind).APITimeoutError)
    assert eventually(lambda: len(cc.calls) == 2) and stub.count() == 0
    assert all(c["error"].startswith("timeout") for c in cc.calls)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_stream_cutoff_is_the_sdks_dropped_connection(stub: LlmStub, path: str, kind: str, stream: bool) -> None:
    sc.make(kind, stub, max_retries=0)
    stub.default = Reply(cut_after=5 if stream else 40)
    real = await direct(kind, stream)
    stub.default = Reply()
    out, cc = await faulted(kind, "{mode: stream_cutoff, after_chunks: 2}", stream, path=path)
    assert type(out) is type(real), (out, real)
    assert [f["mode"] for f in cc.fired] == ["stream_cutoff"]
    assert "connection dropped" in cc.calls[0]["error"]
    if path == "inproc":  # a cell numbers the fault as the call it cut (it read 2: it fires after the call started)
        assert [f["seq"] for f in cc.fired] == [1] == [c["seq"] for c in cc.calls]
    else:  # the proxy's own plan (numbered process-wide): the fault is stamped with the call it cut, which a cell
        assert [f["call"] for f in cc.fired] == [c["seq"] for c in cc.calls], (cc.fired, cc.calls)  # numbers it by


@pytest.mark.parametrize("kind", sc.KINDS)
async def test_an_answer_fault_on_consecutive_calls_is_numbered_as_each_call(stub: LlmStub, kind: str) -> None:
    """opens22 review #2 (i): a fault acting on a model call's answer fires after the call took its place; when the
    next call listed the same mode, the cell numbered both faults as that next call (``[2, 2]``). Each fault is
    stamped with its own call now."""
    sc.make(kind, stub, max_retries=0)

    async def twice(kind: str, stream: bool) -> None:
        await sc.call(kind, stream)
        await sc.call(kind, stream)

    _out, cc = await faulted(kind, "{mode: content_filter}", False, action=twice)
    assert [c["seq"] for c in cc.calls] == [1, 2] and all(c["faults"] == ["content_filter"] for c in cc.calls)
    assert [f["seq"] for f in cc.fired] == [1, 2], cc.fired


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_malformed_answer_fails_in_the_sdks_parser(stub: LlmStub, path: str, kind: str, stream: bool) -> None:
    sc.make(kind, stub)
    out, cc = await faulted(kind, "{mode: malformed, after_chunks: 2}", stream, path=path)
    assert isinstance(out, ValueError), out
    if not stream:
        stub.default = Reply(body=b'{"id": "chatcmpl-x", "choices": [{"mess')
        real = await direct(kind, stream)
        assert type(out) is type(real)
    assert [f["mode"] for f in cc.fired] == ["malformed"]


# -- text faults ----------------------------------------------------------------------------------

LENGTH = {"chat": "length", "responses": "incomplete", "messages": "max_tokens"}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_text_faults_edit_the_answer_the_sdk_parses(stub: LlmStub, path: str, kind: str, stream: bool) -> None:
    sc.make(kind, stub)
    out, cc = await faulted(kind, "{mode: truncated_response, max_tokens: 3}", stream, path=path)
    assert out["text"] == "The stub model"
    if not stream:
        assert out["finish"] == LENGTH[sc.api(kind)]
    assert cc.calls[0]["response"] == "The stub model" and cc.calls[0]["faults"] == ["truncated_response"]
    out, cc = await faulted(kind, "{mode: empty}", stream, path=path)
    assert out["text"] in ("", None) and [f["mode"] for f in cc.fired] == ["empty"]
    out, cc = await faulted(kind, "{mode: garbage}", stream, path=path)
    assert out["text"] != stub.default.text and len(out["text"]) >= len(stub.default.text)
    drift = "{mode: response_drift, drift_type: tone_shift, severity: significant}"
    out, cc = await faulted(kind, drift, stream, path=path)
    assert out["text"].startswith("lol ok so ")


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_streamed_text_arrives_while_the_model_is_still_sending(stub: LlmStub, path: str, kind: str) -> None:
    sc.make(kind, stub)
    first: list[bool] = []
    seen_text = ending = threading.Event()

    def on_chunk(chunk: Any) -> None:
        if sc.chunk_text(kind, chunk) and not first:
            first.append(ending.is_set())
            seen_text.set()  # the stub holds its last event until text has arrived (10 s at most)

    for fault in (None, "{mode: truncated_response, max_tokens: 8}", "{mode: garbage}"):
        first.clear()
        seen_text, ending = threading.Event(), threading.Event()  # this stream's own (an earlier one may linger)
        text = " ".join(f"w{i}" for i in range(12))
        stub.default = Reply(text=text, chunk_delay=0.01, hold_last=seen_text, ending=ending)
        out, _ = await faulted(kind, fault, True, path=path, on_chunk=on_chunk)
        assert not isinstance(out, Exception), out
        assert first == [False], f"{fault}: the first text chunk came only after the stream ended"


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_tool_call_only_replies_are_left_alone_and_not_counted(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub)
    stub.default = Reply(tool_calls=[("lookup_order", {"order_id": "A1"})])
    real = await sc.call(kind, stream)
    for fault in ("{mode: garbage}", "{mode: empty}", "{mode: truncated_response, max_tokens: 1}"):
        out, cc = await faulted(kind, fault, stream, path=path)
        assert cc.fired == [], fault
        assert "only tool calls" in cc.calls[0]["note"], "the call log says why the fault did not act"
        if stream:
            assert [c.model_dump() for c in out["chunks"]] == [c.model_dump() for c in real["chunks"]]
        else:
            assert out == real


async def test_identical_seeded_runs_record_identical_calls(stub: LlmStub) -> None:
    records = []
    for _ in range(2):
        sc.make("async_openai", stub)
        _, cc = await faulted("async_openai", "{mode: garbage, probability: 0.5}", True, seed=11)
        _, cc2 = await faulted("async_openai", "{mode: garbage}", False, seed=11)
        records.append([{k: v for k, v in c.items() if k != "latency_ms"} for c in cc.calls + cc2.calls])
    assert records[0] == records[1]


# -- bad input ------------------------------------------------------------------------------------


async def test_agent_llm_that_is_not_a_client_or_callable_is_named() -> None:
    sc.CLIENT = 42
    agent, spec = spec_of("{mode: empty}")
    with pytest.raises(ConfigError) as err:
        async with ChaosRuntime(agent, [spec], seed=1):
            pass
    assert "is an int," in str(err.value) and "OpenAI" in str(err.value) and "callable" in str(err.value)


async def test_sdk_object_without_a_reachable_transport_suggests_the_proxy() -> None:
    class Opaque:
        pass

    Opaque.__module__ = "openai.custom"
    sc.CLIENT = Opaque()
    agent, spec = spec_of("{mode: empty}")
    with pytest.raises(ConfigError) as err:
        async with ChaosRuntime(agent, [spec], seed=1):
            pass
    assert "cannot be reached" in str(err.value) and "proxy llm" in err.value.hint


async def test_a_langchain_style_model_gets_every_sdk_client_it_holds_wrapped(stub: LlmStub) -> None:
    from windtunnel.chaos.sdk_clients import sdk_clients_of
    from windtunnel.chaos.sdk_transport import MARK

    sync_client, async_client = sc.make("openai", stub), sc.make("async_openai", stub)
    chat_model = SimpleNamespace(root_client=sync_client, root_async_client=async_client, client=sync_client.chat)
    assert sdk_clients_of(chat_model) == [sync_client, async_client]
    sc.CLIENT = chat_model
    agent, spec = spec_of("{mode: empty}")
    async with ChaosRuntime(agent, [spec], seed=1):
        assert getattr(sync_client._client._transport, MARK, None) is not None
        assert getattr(async_client._client._transport, MARK, None) is not None
    assert getattr(sync_client._client._transport, MARK, None) is None


class _Replayer:
    """A responder answering every model call from a 'recording' (text only, as call logs keep streams)."""

    def tool(self, call: Any, target: str) -> Any:
        return None

    def llm(self, call: Any) -> Any:
        from windtunnel.chaos.base import LlmReply
        from windtunnel.chaos.plan import Answer

        return Answer(LlmReply(body="The recorded answer, replayed."))


@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_replayed_answers_reach_the_sdk_in_its_own_api_shape(stub: LlmStub, kind: str, stream: bool) -> None:
    sc.make(kind, stub)
    agent, _ = spec_of(None)
    async with ChaosRuntime(agent, [], seed=1) as rt:
        with rt.cell(None, "replay", responder=_Replayer()) as cc:
            out = await sc.call(kind, stream)
    assert out["text"] == "The recorded answer, replayed."
    assert stub.count() == 0 and cc.calls[0]["faults"] == ["replay"]


@pytest.mark.parametrize("path", PATHS)
async def test_other_model_api_calls_pass_through_and_are_logged_with_the_reason(stub: LlmStub, path: str) -> None:
    sc.make("openai", stub, max_retries=0)

    async def embed(kind: str, stream: bool) -> Any:
        return sc.CLIENT.embeddings.create(model="stub-embed", input="hi")

    original, sc.call = sc.call, embed  # type: ignore[assignment]
    try:
        out, cc = await faulted("openai", "{mode: rate_limit}", False, path=path)
    finally:
        sc.call = original  # type: ignore[assignment]
    assert isinstance(out, openai.NotFoundError), "the stub's own answer, not an injected 429"
    assert cc.fired == [] and cc.calls[0]["note"].startswith("not a model call windtunnel faults")


@pytest.mark.slow
async def test_proxy_sends_messages_calls_to_the_anthropic_upstream_and_the_rest_to_openais(stub: LlmStub) -> None:
    plan = FaultPlan(spec_of("{mode: truncated_response, max_tokens: 2}")[1], seed=1, key="s")
    with llm_proxy(plan, "http://127.0.0.1:9/v1", anthropic_upstream=stub.url) as proxy:
        client = anthropic.AsyncAnthropic(base_url=proxy.url, api_key="k", max_retries=0)
        try:
            res = await client.messages.create(model="m", max_tokens=9, messages=[{"role": "user", "content": "hi"}])
        finally:
            await client.close()
    assert res.content[0].text == "The stub" and res.stop_reason == "max_tokens"
    assert stub.count("messages") == 1
