"""The LLM proxy faults Ollama's native API (``/api/chat``, ``/api/generate``, NDJSON streams included) as the
real ``ollama`` client meets it, against a local stub that speaks that API."""

from __future__ import annotations

from typing import Any

import httpx
import ollama
import pytest
from tests.sdk.threaded_proxies import llm_proxy
from tests.stubs.ollama_stub import OllamaStub

from windtunnel.chaos import ChaosSpec
from windtunnel.chaos.base import llm_faults
from windtunnel.chaos.config import ChaosConfig
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.runtime import ollama_origin

TEXT = "Paris is the capital and largest city of France, on the Seine."
MESSAGES = [{"role": "user", "content": "What is the capital of France?"}]


def plan(*faults: dict[str, Any]) -> FaultPlan:
    return FaultPlan(ChaosSpec.resolve(ChaosConfig.model_validate({"llm_faults": list(faults)})), seed=1, key="s")


def chat(host: str, *, stream: bool) -> str:
    with ollama.Client(host=host) as client:
        if stream:
            return "".join(part.message.content or "" for part in client.chat("stub:1b", MESSAGES, stream=True))
        return client.chat("stub:1b", MESSAGES, stream=False).message.content or ""


def generate(host: str, *, stream: bool) -> str:
    with ollama.Client(host=host) as client:
        if stream:
            return "".join(p.response for p in client.generate("stub:1b", "capital of France?", stream=True))
        return client.generate("stub:1b", "capital of France?", stream=False).response


@pytest.mark.parametrize("call", [chat, generate], ids=["chat", "generate"])
@pytest.mark.parametrize("stream", [False, True], ids=["json", "ndjson"])
def test_truncated_response_cuts_the_answer_the_client_reads(call: Any, stream: bool) -> None:
    p = plan({"mode": "truncated_response", "max_tokens": 3})
    with OllamaStub(text=TEXT) as model, llm_proxy(p, upstream=model.url + "/v1", ollama_upstream=model.url) as proxy:
        got = call(proxy.url, stream=stream)
    assert got and TEXT.startswith(got.rstrip()) and len(got) < len(TEXT) / 2, got
    assert [f["mode"] for f in p.fired] == ["truncated_response"]
    assert p.calls[-1]["response"] == got


@pytest.mark.parametrize("stream", [False, True], ids=["json", "ndjson"])
def test_an_unfaulted_call_passes_through_whole(stream: bool) -> None:
    p = plan({"mode": "empty", "probability": 0.0})
    with OllamaStub(text=TEXT) as model, llm_proxy(p, upstream=model.url) as proxy:
        assert chat(proxy.url, stream=stream) == TEXT
    assert p.calls[-1]["response"] == TEXT and not p.fired


def test_rate_limit_is_ollamas_own_error_the_client_raises() -> None:
    p = plan({"mode": "rate_limit"})
    with OllamaStub(text=TEXT) as model, llm_proxy(p, upstream=model.url) as proxy:
        with pytest.raises(ollama.ResponseError) as info:
            chat(proxy.url, stream=True)
        assert info.value.status_code == 429 and model.requests == []
    assert p.calls[-1]["error"].startswith("429") and p.calls[-1]["faults"] == ["rate_limit"]


@pytest.mark.parametrize("stream", [False, True], ids=["json", "ndjson"])
def test_empty_blanks_the_text(stream: bool) -> None:
    p = plan({"mode": "empty"})
    with OllamaStub(text=TEXT) as model, llm_proxy(p, upstream=model.url) as proxy:
        assert chat(proxy.url, stream=stream) == ""


def test_ollama_host_spellings_become_an_origin() -> None:
    assert ollama_origin("localhost:11434") == "http://localhost:11434"
    assert ollama_origin("0.0.0.0") == "http://127.0.0.1:11434"
    assert ollama_origin("https://ollama.example/") == "https://ollama.example:11434"


FAST: dict[str, dict[str, Any]] = {"timeout": {"delay_ms": 300}, "response_drift": {"drift_type": "verbosity_shift"}}
"""Parameters that make a mode act on a plain-text answer quickly (timeout: held 0.3 s, then 504)."""
TOOL_MODES = sorted(n for n in llm_faults.names() if n.startswith("tool_"))
"""Modes that act on an answer's tool calls (a text answer has none to fault)."""
STREAM_ONLY = {"duplicate_chunk"}
"""Modes that act on a stream's chunks (a JSON answer has none)."""
TEXT_MODES = sorted(
    n for n in llm_faults.names() if n not in TOOL_MODES and not getattr(llm_faults.get(n), "needs_previous", False)
)


def outcome(proxy_url: str, *, stream: bool) -> str | None:
    try:
        return chat(proxy_url, stream=stream)
    except (ollama.ResponseError, httpx.HTTPError, ValueError):
        return None  # the client met an error status, a cut connection or a broken line


@pytest.mark.parametrize("stream", [False, True], ids=["json", "ndjson"])
@pytest.mark.parametrize("mode", TEXT_MODES)
def test_every_text_fault_mode_acts_on_an_ollama_answer(mode: str, stream: bool) -> None:
    p = plan({"mode": mode, **FAST.get(mode, {})})
    with OllamaStub(text=TEXT) as model, llm_proxy(p, upstream=model.url) as proxy:
        got = outcome(proxy.url, stream=stream)
    assert p.calls and p.calls[-1]["faults"] == ([mode] if stream or mode not in STREAM_ONLY else [])
    assert (got == TEXT) == (not stream and mode in STREAM_ONLY), f"{mode}: {got!r}"


CALL = ("lookup_order", {"order_id": "A1", "reason": "late"})


@pytest.mark.parametrize("stream", [False, True], ids=["json", "ndjson"])
@pytest.mark.parametrize("mode", TOOL_MODES)
def test_every_tool_call_fault_mode_acts_on_an_ollama_tool_call(mode: str, stream: bool) -> None:
    p = plan({"mode": mode})
    with (
        OllamaStub(tool_calls=[CALL]) as model,
        llm_proxy(p, upstream=model.url) as proxy,
        ollama.Client(host=proxy.url) as client,
    ):
        try:
            if stream:
                parts = list(client.chat("stub:1b", MESSAGES, stream=True))
                calls = [c for part in parts for c in part.message.tool_calls or []]
            else:
                calls = list(client.chat("stub:1b", MESSAGES, stream=False).message.tool_calls or [])
            got: Any = [(c.function.name, dict(c.function.arguments)) for c in calls]
        except (ollama.ResponseError, httpx.HTTPError, ValueError):
            got = None
    assert got != [CALL], f"{mode} left the tool call untouched"
    assert p.calls[-1]["faults"] == [mode]


def test_stale_answer_replays_the_previous_ollama_answer() -> None:
    p = plan({"mode": "stale_answer"})
    with OllamaStub(text="first answer", later=["second answer"]) as model, llm_proxy(p, upstream=model.url) as proxy:
        assert chat(proxy.url, stream=False) == "first answer"
        assert chat(proxy.url, stream=True) == "first answer"  # the model was not asked again
    assert len(model.requests) == 1
