"""Issue 18 item 4: a secret in a URL never lands in a call record, a message or a banner."""

from __future__ import annotations

import anyio
import httpx
import pytest
from chaos_servers import tool_service

from windtunnel._util.errors import AgentServerError
from windtunnel._util.redact import REDACTED, redact_url, redact_urls_in
from windtunnel.agents.http import HttpAgent, raise_for_status, transport_error
from windtunnel.chaos import ChaosSpec
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy import ToolProxy
from windtunnel.config.agent import HttpAgentConfig
from windtunnel.config.load import parse_config


@pytest.mark.parametrize(
    ("url", "kept", "gone"),
    [
        ("http://h/x?api_key=S1&q=1", ["api_key=REDACTED", "q=1"], ["S1"]),
        ("https://u:S2@h:8/p?token=S3&x=2#f", ["h:8/p", "x=2", "#f"], ["S2", "S3", "u:"]),
        ("http://h?X-Amz-Signature=S4&X-Amz-Date=20240101", ["X-Amz-Date=20240101"], ["S4"]),
        ("http://h?apiKey=S5&authToken=S6&client_secret=S7&password=S8&sig=S9", [], ["S5", "S6", "S7", "S8", "S9"]),
        ("http://h/?author=me&monkey=1&page=2", ["author=me", "monkey=1", "page=2"], [REDACTED]),
    ],
)
def test_redact_url(url: str, kept: list[str], gone: list[str]) -> None:
    out = redact_url(url)
    for part in kept:
        assert part in out
    for part in gone:
        assert part not in out


def test_redact_urls_in_text_keeps_punctuation() -> None:
    assert redact_urls_in("from http://h/a?key=S: boom") == f"from http://h/a?key={REDACTED}: boom"


def test_agent_error_messages_are_redacted() -> None:
    request = httpx.Request("POST", "http://h/chat?key=SECRET1")
    with pytest.raises(AgentServerError) as info:
        raise_for_status(httpx.Response(503, request=request, text="down"))
    assert "SECRET1" not in str(info.value) and "key=REDACTED" in str(info.value)
    err = transport_error(httpx.ConnectError("refused"), "http://u:SECRET2@h/x?token=SECRET3", 1000)
    assert "SECRET2" not in str(err) and "SECRET3" not in str(err)


def test_unreachable_agent_message_is_redacted() -> None:
    from windtunnel._util.errors import AgentUnreachableError

    async def main() -> None:
        async with HttpAgent(HttpAgentConfig(endpoint="http://127.0.0.1:9/x?api_key=SECRET4", timeout=500)):
            pass

    with pytest.raises(AgentUnreachableError) as info:
        anyio.run(main)
    assert "SECRET4" not in str(info.value) and "api_key=REDACTED" in str(info.value)


def test_tool_call_through_the_proxy_records_no_secret() -> None:
    cfg = parse_config(
        'agent: {endpoint: "http://127.0.0.1:1/x"}\nchaos:\n  tool_faults: [{tool: nothing, mode: error}]\n'
    )
    plan = FaultPlan(ChaosSpec.resolve(cfg.chaos), seed=1, key="scenario")

    async def main(tools_url: str) -> int:
        async with ToolProxy(lambda: plan) as proxy:  # noqa: SIM117 (proxy.url needed)
            async with httpx.AsyncClient(proxy=proxy.url, trust_env=False) as client:
                resp = await client.get(f"{tools_url}/lookup?order=7&api_key=SECRET5")
        return resp.status_code

    with tool_service() as (rec, tools_url):
        assert anyio.run(main, tools_url) == 200
        assert rec.requests[-1]["query"]["api_key"] == ["SECRET5"]  # the real call carried the key
    (call,) = plan.calls
    assert "SECRET5" not in str(call) and "api_key=REDACTED" in call["args"]["url"] and "order=7" in call["args"]["url"]
