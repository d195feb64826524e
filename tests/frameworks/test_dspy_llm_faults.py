"""LLM faults reach a DSPy program in process, at the transport of DSPy's lm15 engine (issue #29 item 2).

The real dspy package against the stub model: the program meets DSPy's own error mapping and retries, and a
fault that edits the model's answer reaches DSPy's own parser.
"""

from __future__ import annotations

from pathlib import Path

import dspy
import fw_stacks
import fw_tools
import pytest
from test_framework_llm_faults import call, chain
from test_stacks import ORDER, agent_of
from tests.clirun import wt

from windtunnel._util.errors import AgentCrashed

pytestmark = pytest.mark.anyio


async def test_a_rate_limit_is_dspys_own_error_after_its_own_retries(stub) -> None:
    [(err, fired)] = await call(agent_of("dspy"), "[{mode: rate_limit, retry_after: 0.01}]", [ORDER])
    assert isinstance(err, AgentCrashed), err
    assert "LMRateLimitError" in str(err), err  # DSPy's own class for a 429
    assert fired and {f["mode"] for f in fired} == {"rate_limit"}
    assert len(fired) > 1, "DSPy's own retries: each attempt went through the seam"
    assert fw_tools.EXECUTED["get_order_status"] == 0


async def test_without_a_fault_the_model_is_called_through_the_same_seam(stub) -> None:
    [(res, fired)] = await call(agent_of("dspy"), "[{mode: rate_limit, probability: 0.0}]", [ORDER])
    assert res.output == "Order 42 is processing.", res
    assert fired == []


async def test_an_empty_answer_reaches_dspys_own_parser(stub) -> None:
    [(err, fired)] = await call(agent_of("dspy"), "[{mode: empty}]", [ORDER])
    assert isinstance(err, AgentCrashed), err
    assert [type(e).__name__ for e in chain(err)][1:] == ["AdapterParseError"] * 2  # ChatAdapter, then JSONAdapter
    assert "empty or null response" in str(err)
    assert fired and {f["mode"] for f in fired} == {"empty"}


def ask_dspy(prompt: str) -> str:
    """A sync python agent that calls the DSPy program synchronously (lm15's sync transport)."""
    return str(fw_stacks.dspy_robust(question=prompt).answer)


SYNC_AGENT = '{type: python, endpoint: "test_dspy_llm_faults:ask_dspy", llm: "fw_stacks:dspy_lm"}'


async def test_a_sync_program_meets_the_fault_at_lm15s_sync_transport(stub) -> None:
    [(clean, none)] = await call(SYNC_AGENT, "[{mode: rate_limit, probability: 0.0}]", [ORDER])
    [(err, fired)] = await call(SYNC_AGENT, "[{mode: error, status: 503, retry_after: 0.01}]", [ORDER])
    assert clean.output == "Order 42 is processing." and none == [], clean
    assert isinstance(err, AgentCrashed) and "LMServerError" in str(err), err  # DSPy's own class for a 503
    assert len(fired) > 1 and {f["mode"] for f in fired} == {"error"}


def test_validate_accepts_dspy_llm_faults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {agent_of('dspy')}\ngolden_prompts: [hi]\nchaos: {{llm_faults: [{{mode: rate_limit}}]}}\n"
    )
    assert wt("validate", "-c", "windtunnel.yaml") == 0, capsys.readouterr().err


litellm_react = dspy.ReAct("question -> answer", tools=[fw_stacks.order_lookup], max_iters=3)
litellm_react.set_lm(dspy.LM("openai/robust", api_base="http://127.0.0.1:9/v1", api_key="k", engine="litellm"))


def test_validate_refuses_llm_faults_on_an_lm_with_the_litellm_engine_and_says_how(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: dspy, endpoint: "test_dspy_llm_faults:litellm_react"}\ngolden_prompts: [hi]\n'
        "chaos: {llm_faults: [{mode: rate_limit}]}\n"
    )
    assert wt("validate", "-c", "windtunnel.yaml") == 2
    err = capsys.readouterr().err
    assert "engine='litellm'" in err and "engine='lm15'" in err, err


async def test_a_recorded_cut_replays_at_lm15s_transport_as_the_cut_dspy_met(stub, monkeypatch) -> None:
    """QA 22 finding 6 at DSPy's seam: a call the live ``stream_cutoff`` cut is recorded as a cut (``cut: true``) and
    replayed as one (lm15's ``ReadError`` after the body's start), so DSPy meets the same error after the same
    attempts, and not a 500 it would map and retry as a server error."""
    import dspy.clients.execution as dspy_execution

    # DSPy sleeps 1, 2 and 4 s between its retries of a dropped connection (no Retry-After to read): 14 s of the
    # suite's wall for the live run and the replay. The attempts and their errors are the same without the pauses.
    monkeypatch.setattr(dspy_execution, "_delay", lambda exc, attempt: 0.0, raising=False)
    from windtunnel.agents import build_agent
    from windtunnel.chaos import ChaosRuntime, ChaosSpec
    from windtunnel.config.load import parse_config
    from windtunnel.replay.calllog import recorded_calls
    from windtunnel.replay.matcher import RecordedResponder
    from windtunnel.replay.session import Session

    cfg = parse_config(f"agent: {SYNC_AGENT}\nchaos:\n  llm_faults: [{{mode: stream_cutoff}}]\n", "w.yaml")
    spec = ChaosSpec.resolve(cfg.chaos)
    async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt, build_agent(cfg.agent) as agent:
        with rt.cell(spec, "live") as live, pytest.raises(AgentCrashed) as live_err:
            await agent.invoke(ORDER)
    calls, _ = recorded_calls([dict(c) for c in live.calls])
    assert calls and all(c.cut for c in calls if c.kind == "llm"), calls
    session = Session(id="cut", input=ORDER, calls=calls, replay={"inject": ["llm"]})  # type: ignore[arg-type]
    responder = RecordedResponder(session, latency_scale=0)
    asked = len(stub.requests)
    replay = ChaosSpec(name="replay")
    async with ChaosRuntime(cfg.agent, [], seed=1) as rt, build_agent(cfg.agent) as agent:
        with rt.cell(replay, "replay", responder=responder) as replayed, pytest.raises(AgentCrashed) as replay_err:
            await agent.invoke(ORDER)
    assert [type(e).__name__ for e in chain(replay_err.value)] == [type(e).__name__ for e in chain(live_err.value)]
    assert responder.mismatches == [] and responder.unused() == []
    assert [c["error"] for c in replayed.calls] == [c["error"] for c in live.calls]
    assert len(stub.requests) == asked, "the replay never reached the model"
