"""The support agent variant on the real openai SDK: LLM faults reach it below the SDK."""

from __future__ import annotations

from typing import Any

import openai
import pytest

from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import parse_config

pytestmark = pytest.mark.anyio

AGENT = (
    "{type: python, endpoint: 'examples.support_agent.openai_llm:handle', "
    "llm: 'examples.support_agent.openai_llm:client', tools: ['examples.support_agent.tools:order_status']}"
)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def run(fault: str, prompt: str) -> tuple[dict[str, Any], Any]:
    from examples.support_agent import openai_llm

    openai_llm.reset()
    cfg = parse_config(f"agent: {AGENT}\nchaos:\n  llm_faults: [{fault}]\n", "windtunnel.yaml")
    spec = ChaosSpec.resolve(cfg.chaos)
    async with ChaosRuntime(cfg.agent, [spec], seed=3) as rt:
        with rt.cell(spec, "c") as cc:
            out = openai_llm.handle(prompt)
    return out, cc


async def test_rate_limited_model_is_retried_by_the_sdk_then_answered_gracefully() -> None:
    from examples.support_agent import openai_llm

    assert isinstance(openai_llm.client, openai.OpenAI)
    out, cc = await run("{mode: rate_limit, retry_after: 0.01}", "Where is my order ORD-10002?")
    llm_calls = [c for c in cc.calls if c["target"] == "llm"]
    # The agent tries the model twice; the SDK makes 1 + max_retries (2) attempts each time.
    assert len(llm_calls) == 2 * (1 + openai_llm.client.max_retries)
    assert all(c["faults"] == ["rate_limit"] and c["error"].startswith("429") for c in llm_calls)
    assert out["output"] and "Traceback" not in out["output"]
    assert any("RateLimitError" in e for e in out["metadata"].get("errors", [])), out["metadata"]


async def test_unfaulted_the_openai_variant_answers_like_the_policy() -> None:
    out, cc = await run("{mode: empty, probability: 0}", "What is your return policy?")
    assert "return" in out["output"].lower()
    assert all(c["error"] is None for c in cc.calls if c["target"] == "llm")
