"""Plain callable LLMs keep the wrapper: async read from the returned awaitable, loop never blocked,
clean records; ``validate`` names a mode the callable cannot express."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openai
import pytest
import sdk_clients as sc

from windtunnel.chaos import ChaosRuntime, ChaosSpec, LlmTimeout
from windtunnel.chaos import wrappers as wrappers_module
from windtunnel.config.load import parse_config
from windtunnel.contracts.validate import check_contract
from windtunnel.flows.preflight import preflight

pytestmark = pytest.mark.anyio


def cfg_of(llm: str, fault: str) -> Any:
    text = f"agent: {{endpoint: 'sdk_clients:plain_llm', llm: '{llm}'}}\nchaos:\n  llm_faults: [{fault}]\n"
    return parse_config(text, str(Path(__file__).with_name("windtunnel.yaml")))


async def test_sync_declared_callable_returning_an_awaitable_is_async_and_never_sleeps_the_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def blocking_sleep(seconds: float) -> None:
        raise AssertionError("time.sleep in an async call blocks the event loop")

    monkeypatch.setattr(wrappers_module.time, "sleep", blocking_sleep)
    sc.PLAIN_CALLS.clear()
    cfg = cfg_of("sdk_clients:plain_llm", "{mode: garbage}")
    spec = ChaosSpec.resolve(cfg.chaos)
    async with ChaosRuntime(cfg.agent, [spec], seed=2) as rt:
        with rt.cell(spec, "c") as cc:
            first = sc.plain_llm("hello")  # the agent calls it through the module attribute
            out = await first
        timeout = ChaosSpec.resolve(cfg_of("sdk_clients:plain_llm", "{mode: timeout, delay_ms: 30}").chaos)
        with rt.cell(timeout, "t") as tc, pytest.raises(LlmTimeout):
            await sc.plain_llm("again")
    assert sc.PLAIN_CALLS == ["hello"], "the model never sees the timed-out call"
    assert out != "The plain model answers hello with several words of text." and len(out) >= 16
    assert cc.calls[0]["response"] == out and cc.calls[0]["faults"] == ["garbage"]
    assert tc.calls[0]["error"].startswith("timeout") or "timed out" in tc.calls[0]["error"]


async def test_create_style_callable_records_no_sdk_sentinels() -> None:
    cfg = cfg_of("sdk_clients:create_like", "{mode: empty, probability: 0}")
    spec = ChaosSpec.resolve(cfg.chaos)
    async with ChaosRuntime(cfg.agent, [spec], seed=2) as rt:
        with rt.cell(spec, "c") as cc:
            sc.create_like(model="m", messages=[{"role": "user", "content": "hi"}], temperature=openai.NOT_GIVEN)
    assert cc.calls[0]["args"] == {"model": "m", "messages": [{"role": "user", "content": "hi"}]}


def test_validate_names_a_mode_the_callable_cannot_express(stub: Any) -> None:
    found = preflight(cfg_of("sdk_clients:plain_llm", "{mode: malformed}"))
    assert any("'malformed' cannot act on agent.llm" in e and "OpenAI" in e for e in found.errors), found.errors
    found = preflight(cfg_of("sdk_clients:plain_llm", "{mode: html_error}"))
    assert any("'html_error' cannot act on agent.llm" in e and "HTML page" in e for e in found.errors), found.errors
    for ok in ("tool_args_invalid", "content_filter", "stale_answer", "duplicate_chunk"):
        assert preflight(cfg_of("sdk_clients:plain_llm", f"{{mode: {ok}}}")).errors == [], ok
    sc.make("openai", stub)
    for mode in ("malformed", "html_error"):
        assert not any(mode in e for e in preflight(cfg_of("sdk_clients:CLIENT", f"{{mode: {mode}}}")).errors)
    sc.CREATED.pop().close()


def matrix_cfg_of(mode: str) -> Any:
    text = (
        "agent: {endpoint: 'sdk_clients:plain_llm', llm: 'sdk_clients:plain_llm'}\n"
        "golden_prompts: [hi]\n"
        "contract:\n  invariants: [{type: output_not_empty}]\n"
        f"  chaos_matrix:\n    - name: none\n    - name: broken\n      llm_faults: [{{mode: {mode}}}]\n"
    )
    return parse_config(text, str(Path(__file__).with_name("windtunnel.yaml")))


def test_validate_contract_validate_and_verify_refuse_a_matrix_mode_the_callable_cannot_express(stub: Any) -> None:
    """#29 item 11: the matrix scenario's `malformed` is refused by the same check as the chaos block's."""
    cfg = matrix_cfg_of("malformed")
    found = preflight(cfg, imports=True)  # `validate` and `verify`
    hits = [e for e in found.errors if "'malformed' cannot act on agent.llm" in e]
    assert hits and "scenario 'broken'" in hits[0] and hits[0].startswith("line 8"), found.errors
    problems = check_contract(cfg, imports=True)  # `contract validate`
    assert any("scenario 'broken'" in p and "'malformed' cannot act" in p for p in problems), problems
    assert not [p for p in check_contract(matrix_cfg_of("garbage"), imports=True) if "cannot act" in p]
