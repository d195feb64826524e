"""Mutation generation with Ollama as upstream configures it (``base_url`` without ``/v1``)."""

from __future__ import annotations

import pytest
from tests.stubs.ollama_stub import OllamaStub

from windtunnel.config.load import parse_config
from windtunnel.flows.verify import model_problem
from windtunnel.mutations import MutationContext, mutations
from windtunnel.mutations.config import ModelConfig
from windtunnel.mutations.llm import LlmMutator

GOLDEN = "Where is my order 5521?"
CTX = MutationContext(agent_type="http")


def generate(stub: OllamaStub, n: int = 3) -> tuple[list[str | None], LlmMutator]:
    config = ModelConfig(provider="ollama", name="gemma3:1b", base_url=stub.url)
    with LlmMutator(config, cache_dir=None) as llm:
        outs = []
        for k in range(n):
            m = llm.generate(GOLDEN, mutations.get("paraphrase"), 7, k, 0, CTX)
            outs.append(None if m is None else str(m.input))
    return outs, llm


def test_the_native_api_answers_without_v1() -> None:
    with OllamaStub(text="Could you tell me where order 5521 is?") as stub:
        outs, llm = generate(stub)
    assert outs == ["Could you tell me where order 5521 is?"] * 3 and llm.stats.fell_back == 0
    assert stub.paths() == ["/api/chat"] * 3
    body = stub.requests[0][1]
    assert body["stream"] is False and body["model"] == "gemma3:1b" and "seed" in body["options"]


def test_v1_is_used_when_the_native_api_is_not_served() -> None:
    with OllamaStub(text="Where might order 5521 be?", native=False, openai=True) as stub:
        outs, llm = generate(stub)
    assert outs == ["Where might order 5521 be?"] * 3 and llm.stats.fell_back == 0
    assert stub.paths() == ["/api/chat"] + ["/v1/chat/completions"] * 3  # one probe, then pinned


def test_neither_api_is_a_counted_fallback() -> None:
    with OllamaStub(native=False, openai=False) as stub:
        outs, llm = generate(stub, 1)
    assert outs == [None] and llm.stats.failures == {"http_404": 1}


@pytest.mark.parametrize(("native", "openai"), [(True, False), (False, True)])
def test_verify_finds_the_model_either_way(native: bool, openai: bool) -> None:
    with OllamaStub(native=native, openai=openai) as stub:
        cfg = parse_config(
            f"agent: {{type: http, endpoint: 'http://127.0.0.1:1/x'}}\n"
            f"model: {{provider: ollama, name: 'gemma3:1b', base_url: '{stub.url}'}}\n",
            "flakestorm.yaml",
        )
        problem = model_problem(cfg)
    assert problem is None
