"""HTTP agents: faults act on the agent's real outbound traffic, through windtunnel's proxies."""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from chaos_servers import STUB_ANSWER, llm_upstream, tool_service
from tests.ports import free_port

from windtunnel._util.errors import ExitCode, HarnessError
from windtunnel.agents.process import AgentProcess
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.config.load import parse_config

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

AGENT_PY = Path(__file__).with_name("chaos_http_agent.py")


def http_agent_config(tools_url: str, matrix: str) -> Any:
    port = free_port()
    text = f"""
agent:
  type: http
  endpoint: http://127.0.0.1:{port}/invoke
  health_endpoint: http://127.0.0.1:{port}/health
  command: [{json.dumps(sys.executable)}, {json.dumps(str(AGENT_PY))}, "{port}"]
  env: {{TOOLS_URL: "{tools_url}"}}
chaos_matrix:
{matrix}
"""
    return parse_config(text, "windtunnel.yaml")


async def ask(client: httpx.AsyncClient, cfg: Any, prompt: str) -> str:
    r = await client.post(cfg.agent.endpoint, json={"prompt": prompt})
    r.raise_for_status()
    return str(r.json()["output"])


async def test_match_url_503_never_reaches_the_tool_service() -> None:
    with tool_service() as (rec, tools_url):
        cfg = http_agent_config(
            tools_url,
            f"  - name: lookup_down\n"
            f'    tool_faults: [{{tool: lookup, match_url: "{tools_url}/lookup*", mode: error}}]\n'
            "  - {name: calm}\n",
        )
        down, calm = (ChaosSpec.resolve(s) for s in cfg.scenarios)
        async with ChaosRuntime(cfg.agent, [down, calm], seed=42) as rt:
            env = rt.agent_env()
            assert env["HTTP_PROXY"] == rt.tool_proxy_url and env["NO_PROXY"] == ""
            async with AgentProcess(cfg.agent, extra_env=env), httpx.AsyncClient(trust_env=False) as client:
                faulted = []
                for i in range(4):
                    with rt.cell(down, f"down-{i}") as cc:
                        faulted.append((await ask(client, cfg, f"order {i}"), cc))
                lookups_during_outage = rec.paths().count("/lookup")
                with rt.cell(calm, "calm-0") as calm_cc:
                    calm_out = await ask(client, cfg, "order 9")
    assert lookups_during_outage == 0, "no faulted call may reach the tool service"
    assert rec.paths().count("/weather") == 5, "the unfaulted tool still gets every call"
    for out, cc in faulted:
        assert "FALLBACK lookup failed (503)" in out and "weather sunny" in out
        assert [(f["target"], f["name"], f["mode"]) for f in cc.fired] == [("http", "lookup", "error")]
        assert {c["name"] for c in cc.calls} == {"lookup", "127.0.0.1/weather"}
    assert calm_out.startswith("order 9 is shipped") and calm_cc.fired == []


async def test_probability_half_fails_the_same_calls_on_every_rerun() -> None:
    with tool_service() as (rec, tools_url):
        cfg = http_agent_config(
            tools_url,
            "  - name: flaky\n"
            f'    tool_faults: [{{tool: lookup, match_url: "{tools_url}/lookup*", mode: error,\n'
            "                   probability: 0.5}]\n",
        )
        spec = ChaosSpec.resolve(cfg.scenarios[0])

        async def run(order: list[int]) -> set[int]:
            failed: set[int] = set()
            async with (
                ChaosRuntime(cfg.agent, [spec], seed=7) as rt,
                AgentProcess(cfg.agent, extra_env=rt.agent_env()),
                httpx.AsyncClient(trust_env=False) as client,
            ):
                for i in order:
                    with rt.cell(spec, f"c{i}"):
                        if "FALLBACK lookup" in await ask(client, cfg, f"order {i}"):
                            failed.add(i)
            return failed

        first = await run(list(reversed(range(24))))
        before = rec.paths().count("/lookup")
        second = await run(list(range(24)))
    assert 3 <= len(first) <= 21, f"probability 0.5 failed {len(first)} of 24"
    assert first == second, "same seed: the same cells' calls fail, whatever the order"
    assert before == 24 - len(first), "the service saw exactly the unfaulted lookups"


async def test_on_call_counts_the_tool_calls_of_each_cell() -> None:
    with tool_service() as (rec, tools_url):
        cfg = http_agent_config(
            tools_url,
            "  - name: first_fails\n"
            f'    tool_faults: [{{tool: lookup, match_url: "{tools_url}/lookup*", mode: error, on_call: 1}}]\n',
        )
        spec = ChaosSpec.resolve(cfg.scenarios[0])
        async with (
            ChaosRuntime(cfg.agent, [spec], seed=7) as rt,
            AgentProcess(cfg.agent, extra_env=rt.agent_env()),
            httpx.AsyncClient(trust_env=False) as client,
        ):
            outs = []
            for i in range(3):  # each cell makes two lookups: the first of each cell fails
                with rt.cell(spec, f"c{i}") as cc:
                    outs.append((await ask(client, cfg, f"order {i}"), await ask(client, cfg, f"order {i}")))
                assert [f["name"] for f in cc.fired] == ["lookup"]
    assert all("FALLBACK lookup" in a and "FALLBACK lookup" not in b for a, b in outs), outs
    assert rec.paths().count("/lookup") == 3


async def test_llm_proxy_faults_the_launched_agents_model_call() -> None:
    with tool_service() as (_, tools_url), llm_upstream() as (up, upstream_url):
        cfg = http_agent_config(tools_url, "  - {name: limited, llm_faults: [{mode: rate_limit, probability: 0.5}]}\n")
        spec = ChaosSpec.resolve(cfg.scenarios[0])
        outs = {}
        async with ChaosRuntime(cfg.agent, [spec], seed=3, llm_upstream=upstream_url) as rt:
            assert rt.agent_env()["OPENAI_BASE_URL"] == rt.llm_proxy_url
            async with (
                AgentProcess(cfg.agent, extra_env=rt.agent_env()),
                httpx.AsyncClient(trust_env=False) as client,
            ):
                for i in range(12):
                    with rt.cell(spec, f"c{i}"):
                        outs[f"order {i}"] = await ask(client, cfg, f"order {i}")
    limited = {p for p, o in outs.items() if "FALLBACK model 429" in o}
    answered = {p for p, o in outs.items() if f"model: {STUB_ANSWER}" in o}
    assert limited and answered and limited | answered == set(outs)
    seen = {r["body"]["messages"][0]["content"] for r in up.requests}
    assert seen == answered, "the upstream sees exactly the calls that were not faulted"
    assert all(r["auth"] == "Bearer test-key" for r in up.requests)


async def test_llm_upstream_from_agent_env_is_env_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    with llm_upstream() as (up, upstream_url):
        monkeypatch.setenv("WT_TEST_LLM_UPSTREAM", upstream_url)
        cfg = http_agent_config(
            "http://127.0.0.1:1", "  - {name: calm, llm_faults: [{mode: rate_limit, probability: 0.0}]}\n"
        )
        cfg.agent.env["OPENAI_BASE_URL"] = "${WT_TEST_LLM_UPSTREAM}"  # as agent.command gets it, expanded
        spec = ChaosSpec.resolve(cfg.scenarios[0])
        async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt, httpx.AsyncClient(trust_env=False) as client:
            with rt.cell(spec, "c0"):
                resp = await client.post(f"{rt.llm_proxy_url}/chat/completions", json=chat("hello"))
    assert resp.status_code == 200 and resp.json()["choices"][0]["message"]["content"] == STUB_ANSWER
    assert [r["path"] for r in up.requests] == ["/v1/chat/completions"]


# -- the LLM proxy on its own -------------------------------------------------------------------------


def plan_of(chaos: str) -> FaultPlan:
    cfg = parse_config('agent: {endpoint: "http://127.0.0.1:1/x"}\nchaos:\n' + chaos)
    return FaultPlan(ChaosSpec.resolve(cfg.chaos), seed=1, key="scenario")


@asynccontextmanager
async def proxied(plan: FaultPlan, upstream_url: str) -> AsyncIterator[httpx.AsyncClient]:
    async with LlmProxy(lambda: plan, upstream=upstream_url) as proxy:  # noqa: SIM117 (proxy.url needed)
        async with httpx.AsyncClient(base_url=proxy.url + "/v1", trust_env=False) as client:
            yield client


def chat(content: str, stream: bool = False) -> dict[str, Any]:
    return {"model": "stub-model", "messages": [{"role": "user", "content": content}], "stream": stream}


async def test_llm_proxy_rate_limit_and_truncation() -> None:
    with llm_upstream() as (up, upstream_url):
        plan = plan_of("  llm_faults: [{mode: rate_limit, after_calls: 1, retry_after: 3}]")
        async with proxied(plan, upstream_url) as client:
            ok = await client.post("/chat/completions", json=chat("first"))
            limited = await client.post("/chat/completions", json=chat("second"))
            models = await client.get("/models")
        assert ok.json()["choices"][0]["message"]["content"] == STUB_ANSWER
        assert limited.status_code == 429 and limited.headers["retry-after"] == "3"
        assert limited.json()["error"]["code"] == "rate_limit_exceeded"
        assert models.json()["data"][0]["id"] == "stub-model", "other paths pass through"
        assert [r["path"] for r in up.requests] == ["/v1/chat/completions", "/v1/models"]

        plan = plan_of("  llm_faults: [{mode: truncated_response, max_tokens: 4}]")
        async with proxied(plan, upstream_url) as client:
            cut = (await client.post("/chat/completions", json=chat("third"))).json()
        assert cut["choices"][0]["message"]["content"] == "Your order has shipped"
        assert cut["choices"][0]["finish_reason"] == "length"
        assert len(up.requests) == 3, "truncation corrupts the upstream's real answer"


async def sse_text(client: httpx.AsyncClient, body: dict[str, Any]) -> tuple[str, bool]:
    text, done = "", False
    async with client.stream("POST", "/chat/completions", json=body) as resp:
        async for line in resp.aiter_lines():
            if not line.startswith("data: "):
                continue
            if line == "data: [DONE]":
                done = True
                continue
            delta = json.loads(line[6:])["choices"][0]["delta"]
            text += delta.get("content") or ""
    return text, done


async def test_llm_proxy_streams() -> None:
    with llm_upstream() as (_, upstream_url):
        async with proxied(plan_of("  llm_faults: []"), upstream_url) as client:
            text, done = await sse_text(client, chat("s", stream=True))
        assert text.strip() == STUB_ANSWER and done, "unfaulted streams pass through intact"

        plan = plan_of("  llm_faults: [{mode: response_drift, drift_type: tone_shift, severity: significant}]")
        async with proxied(plan, upstream_url) as client:
            text, done = await sse_text(client, chat("s", stream=True))
        assert text.startswith("lol ok so your order") and done

        plan = plan_of("  llm_faults: [{mode: stream_cutoff, keep: 0.3}]")
        got: list[str] = []
        async with proxied(plan, upstream_url) as client:
            with pytest.raises(httpx.RemoteProtocolError):
                async with client.stream("POST", "/chat/completions", json=chat("s", stream=True)) as resp:
                    async for line in resp.aiter_lines():
                        got.append(line)
        text = "".join(
            json.loads(ln[6:])["choices"][0]["delta"].get("content") or "" for ln in got if ln.startswith("data: {")
        )
        assert 0 < len(text) < len(STUB_ANSWER) / 2 and STUB_ANSWER.startswith(text)
        assert "data: [DONE]" not in got
        assert plan.fired[0]["mode"] == "stream_cutoff"


# -- bad input ------------------------------------------------------------------------------------------


async def test_port_in_use_is_a_clear_harness_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(HarnessError) as info:
            async with ToolProxy(lambda: None, port=port):
                pass
    assert f"127.0.0.1:{port}" in str(info.value) and "already in use" in str(info.value)
    assert info.value.exit_code == ExitCode.HARNESS


CRASH = "import sys; sys.stderr.write('boom: OPENAI_API_KEY missing'); sys.exit(4)"


async def test_agent_command_that_exits_at_start_shows_its_stderr() -> None:
    port = free_port()
    cfg = parse_config(
        f"agent:\n  type: http\n  endpoint: http://127.0.0.1:{port}/invoke\n"
        f"  command: [{json.dumps(sys.executable)}, -c, {json.dumps(CRASH)}]\n"
    )
    with pytest.raises(HarnessError) as info:
        async with AgentProcess(cfg.agent):
            pass
    msg = str(info.value)
    assert "exited with code 4" in msg and "boom: OPENAI_API_KEY missing" in msg
    assert info.value.exit_code == ExitCode.HARNESS


async def test_agent_port_already_taken() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        cfg = parse_config(
            f"agent:\n  type: http\n  endpoint: http://127.0.0.1:{port}/invoke\n  command: [sleep, '30']\n"
        )
        with pytest.raises(HarnessError) as info:
            async with AgentProcess(cfg.agent):
                pass
    assert "already in use" in str(info.value)


async def test_agent_process_is_stopped_after_the_block() -> None:
    with tool_service() as (_, tools_url):
        cfg = http_agent_config(tools_url, "  - {name: calm}\n")
        async with AgentProcess(cfg.agent) as proc:
            pid = proc.pid
            assert proc.proc is not None and proc.proc.poll() is None
        assert proc.proc.poll() is not None
        with pytest.raises(ProcessLookupError):
            import os

            os.kill(pid, 0)  # type: ignore[arg-type]


async def test_http_agent_without_command_needs_a_proxy_port() -> None:
    from windtunnel._util.errors import ConfigError

    cfg = parse_config(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\nchaos:\n  tool_faults: [{tool: '*', mode: error}]\n"
    )
    with pytest.raises(ConfigError) as info:
        async with ChaosRuntime(cfg.agent, [ChaosSpec.resolve(cfg.chaos)], seed=1):
            pass
    assert "agent.command" in str(info.value) and "HTTP_PROXY" in str(info.value)


async def test_http_cells_must_run_in_sequence() -> None:
    cfg = parse_config(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\n"
        "chaos_matrix:\n"
        "  - {name: a, tool_faults: [{mode: error}]}\n"
        "  - {name: b, tool_faults: [{mode: slow}]}\n"
    )
    a, b = (ChaosSpec.resolve(s) for s in cfg.scenarios)
    async with ChaosRuntime(cfg.agent, [a, b], seed=1, tool_proxy_port=0) as rt:
        assert rt.serial_cells
        for second in (ChaosSpec.resolve(cfg.scenarios[0]), b):  # of the same scenario or of another
            with rt.cell(a, "a1"), pytest.raises(HarnessError) as info, rt.cell(second, "x2"):
                pass
            assert "'a1' is still running" in str(info.value) and "one after another" in (info.value.hint or "")
        with rt.cell(b, "b2") as cc:
            pass
    assert cc.fired == []
