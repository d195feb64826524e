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


@pytest.mark.parametrize("stream", [False, True], ids=["json", "ndjson"])
@pytest.mark.parametrize("mode", sorted(llm_faults.names()))
def test_every_llm_fault_mode_acts_on_an_ollama_call(mode: str, stream: bool) -> None:
    p = plan({"mode": mode, **FAST.get(mode, {})})
    with OllamaStub(text=TEXT) as model, llm_proxy(p, upstream=model.url) as proxy:
        try:
            got: str | None = chat(proxy.url, stream=stream)
        except (ollama.ResponseError, httpx.HTTPError, ValueError):
            got = None  # the client met an error status, a cut connection or a broken line
    assert got != TEXT, f"{mode} left the answer untouched"
    assert p.calls and p.calls[-1]["faults"] == [mode]
