"""The proxies as a launched agent meets them: the forward proxy is transparent to streams and cuts,
and an agent on the real openai SDK launched by windtunnel (``agent.command``) feels LLM faults as
the SDK's own exceptions."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import pytest
import requests
from tests.stubs.llm_stub import LlmStub
from threaded_proxies import llm_proxy, tool_proxy

from windtunnel.agents.process import AgentProcess
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.chaos.plan import FaultPlan
from windtunnel.config.load import parse_config

pytestmark = pytest.mark.slow

BODY = {"model": "stub-model", "messages": [{"role": "user", "content": "hi"}], "stream": True}
AGENT_PY = Path(__file__).with_name("sdk_http_agent.py")


@contextmanager
def forward_proxy() -> Iterator[str]:
    """The forward proxy, with a plan whose only fault matches nothing here (the faulted path)."""
    cfg = parse_config(
        "agent: {type: http, endpoint: 'http://127.0.0.1:1/x'}\n"
        "chaos:\n  tool_faults: [{tool: x, match_url: 'http://elsewhere.invalid/*', mode: error}]\n",
        "windtunnel.yaml",
    )
    with tool_proxy(FaultPlan(ChaosSpec.resolve(cfg.chaos), seed=1, key="s")) as proxy:
        yield proxy.url


def lines_httpx(url: str, proxy: str | None, on_line: Any) -> None:
    with httpx.Client(proxy=proxy, trust_env=False) as c, c.stream("POST", url, json=BODY) as r:
        for line in r.iter_lines():
            on_line(line)


def lines_requests(url: str, proxy: str | None, on_line: Any) -> None:
    s = requests.Session()
    s.trust_env = False
    with s.post(url, json=BODY, stream=True, proxies={"http": proxy} if proxy else {}) as r:
        for line in r.iter_lines():
            on_line(line.decode())


def lines_aiohttp(url: str, proxy: str | None, on_line: Any) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.post(url, json=BODY, proxy=proxy) as r:
            async for raw in r.content:
                on_line(raw.decode().rstrip("\n"))

    asyncio.run(go())


CLIENTS = {"httpx": lines_httpx, "requests": lines_requests, "aiohttp": lines_aiohttp}


def outcome(fn: Any, url: str, proxy: str | None, on_line: Any = lambda _: None) -> str:
    try:
        fn(url, proxy, on_line)
    except Exception as err:
        return type(err).__name__
    return "ok"


@pytest.mark.parametrize("client", CLIENTS)
def test_forward_proxy_streams_sse_through_as_it_arrives(client: str) -> None:
    with LlmStub(text=" ".join(f"w{i}" for i in range(12)), chunk_delay=0.05) as stub, forward_proxy() as proxy:
        url = stub.openai_url + "/chat/completions"
        first: list[int] = []
        before = stub.streams_done

        def on_line(line: str) -> None:
            if line.startswith("data:") and '"content": "w' in line and not first:
                first.append(stub.streams_done)

        assert outcome(CLIENTS[client], url, proxy, on_line) == "ok"
        assert first == [before], "the first event arrived only after the upstream finished the stream"
        assert stub.count() == 1


@pytest.mark.parametrize("client", CLIENTS)
def test_forward_proxy_passes_a_mid_stream_cut_on_as_a_cut(client: str) -> None:
    with LlmStub(cut_after=4) as stub, forward_proxy() as proxy:
        url = stub.openai_url + "/chat/completions"
        direct = outcome(CLIENTS[client], url, None)
        through = outcome(CLIENTS[client], url, proxy)
    assert direct != "ok" and through == direct


def test_forward_proxy_keeps_content_length_and_header_case() -> None:
    with LlmStub(headers={"X-Request-Id": "req_1"}) as stub, forward_proxy() as proxy:
        body = {**BODY, "stream": False}
        direct = requests.post(stub.openai_url + "/chat/completions", json=body, timeout=10)
        s = requests.Session()
        s.trust_env = False
        through = s.post(stub.openai_url + "/chat/completions", json=body, proxies={"http": proxy}, timeout=10)
    assert through.content == direct.content
    assert through.headers["Content-Length"] == direct.headers["Content-Length"]
    assert "X-Request-Id" in list(through.raw.headers.keys())


@dataclass
class Launched:
    """One agent on the real openai SDK, launched by windtunnel with a runtime's proxies in its environment; the
    runtime, its proxies and the agent process live on ``loop`` (an event loop on a thread of its own)."""

    loop: asyncio.AbstractEventLoop
    runtime: ChaosRuntime
    env: dict[str, str]
    endpoint: str
    port: int


@pytest.fixture(scope="module")
def launched() -> Iterator[Launched]:
    """The agent is launched once for the module, as a run launches it once for all its cells: its process and
    its ``import openai`` were most of each test's cost when every test launched its own. Each test holds one
    cell of the shared runtime (the proxies hold one cell at a time) with its own fault, as a run's cells do."""
    # The port stays bound (not listening) until the agent starts: the proxies ChaosRuntime starts on
    # port 0 cannot be handed the same one (a released port can be, and then the agent's is "in use").
    hold = socket.socket()
    hold.bind(("127.0.0.1", 0))
    port = int(hold.getsockname()[1])
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def on_loop(coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(60)

    with hold, LlmStub() as stub:
        cfg = agent_config(port, "{mode: empty}", stream=False)
        stack = AsyncExitStack()
        try:
            rt = on_loop(
                stack.enter_async_context(
                    ChaosRuntime(cfg.agent, [ChaosSpec.resolve(cfg.chaos)], seed=1, llm_upstream=stub.openai_url)
                )
            )
            env = rt.agent_env()
            hold.close()
            on_loop(stack.enter_async_context(AgentProcess(cfg.agent, extra_env=env)))
            yield Launched(loop, rt, env, cfg.agent.endpoint, port)
        finally:
            on_loop(stack.aclose())
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
            loop.close()


def agent_config(port: int, fault: str, *, stream: bool) -> Any:
    return parse_config(
        f"""
agent:
  type: http
  endpoint: http://127.0.0.1:{port}/invoke
  health_endpoint: http://127.0.0.1:{port}/health
  command: [{json.dumps(sys.executable)}, {json.dumps(str(AGENT_PY))}, "{port}"]
  request_template: '{{"prompt": "{{prompt}}", "stream": {json.dumps(stream)}}}'
chaos:
  llm_faults: [{fault}]
""",
        "windtunnel.yaml",
    )


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("{mode: rate_limit, retry_after: 0.01}", "ERROR openai.RateLimitError"),
        ("{mode: error, status: 503, retry_after: 0.01}", "ERROR openai.InternalServerError"),
        ("{mode: stream_cutoff, after_chunks: 1}", "ERROR openai.APIConnectionError"),
        ("{mode: truncated_response, max_tokens: 2}", "The stub"),
        ("{mode: malformed}", "ERROR json.decoder.JSONDecodeError"),
        ("{mode: empty}", ""),
    ],
)
def test_launched_agent_on_the_openai_sdk_feels_llm_faults_as_sdk_exceptions(
    launched: Launched, fault: str, expected: str, stream: bool
) -> None:
    rt = launched.runtime
    spec = ChaosSpec.resolve(agent_config(launched.port, fault, stream=stream).chaos)
    assert launched.env["NO_PROXY"].endswith(f":{rt.llm_proxy_url.rsplit(':', 1)[1].split('/')[0]}")

    async def one_cell() -> tuple[httpx.Response, Any]:
        async with httpx.AsyncClient(trust_env=False) as client:
            with rt.cell(spec, "c") as cc:
                r = await client.post(launched.endpoint, json={"prompt": "hi", "stream": stream}, timeout=30)
        return r, cc

    r, cc = asyncio.run_coroutine_threadsafe(one_cell(), launched.loop).result(60)
    assert r.json()["output"].startswith(expected) and (expected or r.json()["output"] == "")
    llm = [c for c in cc.calls if c["target"] == "llm"]
    # The SDK retries errors, and connection errors before the body was handed over (not mid-stream).
    retried = "rate_limit" in fault or "error" in fault or ("cutoff" in fault and not stream)
    attempts = 3 if retried else 1
    assert len(llm) == attempts and all(c["faults"] for c in llm)
    assert not [c for c in cc.calls if c["target"] == "http"], "model calls never go through the tool proxy"


def test_llm_proxy_passthrough_keeps_content_length_and_header_case() -> None:
    with LlmStub(headers={"X-Request-Id": "req_1"}) as stub:
        plan = FaultPlan(ChaosSpec("none"), seed=1, key="s")
        with llm_proxy(plan, stub.openai_url) as proxy:
            body = {**BODY, "stream": False}
            direct = requests.post(stub.openai_url + "/chat/completions", json=body, timeout=10)
            through = requests.post(proxy.url + "/v1/chat/completions", json=body, timeout=10)
    assert through.content == direct.content
    assert through.headers["Content-Length"] == direct.headers["Content-Length"]
    assert "X-Request-Id" in list(through.raw.headers.keys())
    assert plan.calls[0]["response"] == stub.default.text
