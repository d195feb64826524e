"""LLM faults on framework agents below the SDK: without ``agent.llm`` windtunnel finds the OpenAI client
the framework's model holds and installs the fault transport on it, so the agent meets the SDK's own
exception classes and the SDK's own retries (never windtunnel's ``LlmFaultError``)."""

from __future__ import annotations

from typing import Any

import fw_tools
import openai
import pytest
from agents.exceptions import ModelBehaviorError

from windtunnel._util.errors import AgentCrashed, ConfigError
from windtunnel.agents import build_agent
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.chaos.injected import InjectedFault
from windtunnel.config.load import parse_config

pytestmark = pytest.mark.anyio
ORDER = "Where is my order 42?"
AGENTS = {
    "openai_agents responses": '{type: openai_agents, endpoint: "fw_openai_agents:robust"}',
    "openai_agents chat": '{type: openai_agents, endpoint: "fw_openai_agents:retrying"}',
    "pydantic_ai": '{type: pydantic_ai, endpoint: "fw_pydantic_ai:robust"}',
    "langgraph ChatOpenAI": '{type: langgraph, endpoint: "fw_langgraph:retrying"}',
}
SDK_RETRIES = {"openai_agents responses": 0, "openai_agents chat": 2, "pydantic_ai": 2, "langgraph ChatOpenAI": 2}
"""max_retries of the OpenAI client each test agent's model holds."""


async def call(agent: str, faults: str, prompts: list[str]) -> list[tuple[Any, list[dict[str, Any]]]]:
    cfg = parse_config(f"agent: {agent}\nchaos:\n  llm_faults: {faults}\n", "w.yaml")
    spec = ChaosSpec.resolve(cfg.chaos)
    out: list[tuple[Any, list[dict[str, Any]]]] = []
    async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt, build_agent(cfg.agent) as a:
        for i, prompt in enumerate(prompts):
            with rt.cell(spec, f"c{i}") as cc:
                try:
                    res: Any = await a.invoke(prompt)
                except Exception as err:
                    res = err
            out.append((res, list(cc.fired)))
    return out


def chain(err: BaseException | None) -> list[BaseException]:
    out = []
    while err is not None and err not in out:
        out.append(err)
        err = err.__cause__ or err.__context__
    return out


@pytest.mark.parametrize("name", list(AGENTS))
async def test_rate_limit_is_the_sdks_rate_limit_error_after_the_sdks_retries(stub, name: str) -> None:
    [(err, fired), (err2, fired2)] = await call(AGENTS[name], "[{mode: rate_limit, retry_after: 0.01}]", [ORDER, ORDER])
    assert isinstance(err, AgentCrashed), err
    sdk_errors = [e for e in chain(err) if isinstance(e, openai.RateLimitError)]
    assert sdk_errors and sdk_errors[0].status_code == 429, [type(e) for e in chain(err)]
    assert not any(isinstance(e, InjectedFault) for e in chain(err)), "windtunnel's own error must not surface"
    # the SDK retried by itself: one fault per attempt, 1 + max_retries attempts, on every cell
    assert [f["mode"] for f in fired] == ["rate_limit"] * (1 + SDK_RETRIES[name])
    assert len(fired2) == len(fired) and isinstance(err2, AgentCrashed)
    assert stub.requests == [] and fw_tools.EXECUTED == {}, "neither the model nor a tool was reached"


@pytest.mark.parametrize("name", list(AGENTS))
async def test_error_is_the_sdks_status_error_class(stub, name: str) -> None:
    [(err, fired)] = await call(AGENTS[name], "[{mode: error, status: 500, retry_after: 0.01}]", [ORDER])
    assert any(isinstance(e, openai.InternalServerError) for e in chain(err)), [type(e) for e in chain(err)]
    assert len(fired) == 1 + SDK_RETRIES[name]


async def test_a_fault_after_the_first_call_lets_the_agent_use_its_tool_first(stub) -> None:
    """``after_calls: 1``: the model's first request goes through (it asks for the tool, which runs for real);
    the second is faulted below the SDK."""
    [(err, fired)] = await call(AGENTS["openai_agents responses"], "[{mode: rate_limit, after_calls: 1}]", [ORDER])
    assert any(isinstance(e, openai.RateLimitError) for e in chain(err))
    assert len(stub.requests) == 1 and fw_tools.EXECUTED == {"get_order_status": 1} and len(fired) == 1


async def test_a_model_named_by_string_without_a_client_says_how_to_fix_it() -> None:
    with pytest.raises(ConfigError) as info:
        await call('{type: openai_agents, endpoint: "fw_openai_agents:by_name"}', "[{mode: rate_limit}]", [ORDER])
    msg = info.value.message
    assert "cannot find the model client" in msg and "'gpt-4o-mini'" in msg and "set_default_openai_client" in msg
    assert "agent.llm" in (info.value.hint or "")


async def test_agent_llm_still_wins(stub) -> None:
    agent = '{type: langgraph, endpoint: "fw_langgraph:robust", llm: "fw_openai_agents:retrying_client"}'
    [(res, fired)] = await call(agent, "[{mode: rate_limit}]", [ORDER])
    assert res.output and fired == [], "the graph's own client was not faulted: agent.llm named another one"


@pytest.mark.parametrize(
    ("endpoint", "ok"),
    [("fw_openai_agents:robust", True), ("fw_langgraph:robust", True), ("fw_openai_agents:by_name", False)],
)
def test_validate_accepts_llm_faults_on_a_framework_agent_whose_client_it_finds(endpoint: str, ok: bool) -> None:
    from windtunnel.flows.preflight import preflight

    kind = {"fw_openai_agents": "openai_agents", "fw_langgraph": "langgraph"}[endpoint.split(":")[0]]
    agent = f'agent: {{type: {kind}, endpoint: "{endpoint}"}}\n'
    cfg = parse_config(agent + "chaos: {llm_faults: [{mode: error}]}\n", "w.yaml")
    found = preflight(cfg, imports=True)
    text = "\n".join([*found.errors, *found.warnings])
    assert "does not set agent.llm" not in text
    assert ("cannot find the model client" in text) is not ok, text


@pytest.mark.parametrize("name", ["openai_agents responses", "openai_agents chat"])
async def test_a_call_to_an_unknown_tool_is_the_agents_sdks_own_model_behavior_error(stub, name: str) -> None:
    [(err, fired)] = await call(AGENTS[name], "[{mode: tool_call_unknown}]", [ORDER])
    assert any(isinstance(e, ModelBehaviorError) and "get_order_status_v2" in str(e) for e in chain(err)), [
        type(e) for e in chain(err)
    ]
    assert [f["mode"] for f in fired] == ["tool_call_unknown"] and fw_tools.EXECUTED == {}


async def test_a_graph_that_builds_its_chat_model_in_the_node_is_faulted_below_the_sdk(stub) -> None:
    """A node that makes its ChatOpenAI on every call: no object of the graph holds the model's client before the
    run, and LLM faults were refused ("cannot find the model client"); the clients the run creates are faulted now,
    with the SDK's own exception, and the SDK classes are as they were once the run ends."""
    from openai import _base_client

    before = _base_client.SyncAPIClient.__init__, _base_client.AsyncAPIClient.__init__
    hidden = '{type: langgraph, endpoint: "fw_langgraph:hidden_model"}'
    [(err, fired), (again, fired2)] = await call(hidden, "[{mode: rate_limit, retry_after: 0.01}]", [ORDER, ORDER])
    assert any(isinstance(e, openai.RateLimitError) for e in chain(err)), [type(e) for e in chain(err)]
    assert [f["mode"] for f in fired] == ["rate_limit"] == [f["mode"] for f in fired2]  # a new client each call
    assert isinstance(again, AgentCrashed) and stub.requests == []
    assert (_base_client.SyncAPIClient.__init__, _base_client.AsyncAPIClient.__init__) == before
    client = openai.OpenAI(base_url=stub.base_url, api_key="k")
    assert not hasattr(client._client._transport, "__windtunnel_transport__")  # made after the run: untouched
    client.close()
