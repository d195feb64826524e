from __future__ import annotations

import json

import anyio
import pytest

from tests.conftest import RecordingServer, json_reply
from windtunnel._util.errors import (
    AgentAuthError,
    AgentBadResponse,
    AgentClientError,
    AgentNotFound,
    AgentRateLimited,
    AgentServerError,
    AgentUnreachableError,
)
from windtunnel.agents.http import HttpAgent
from windtunnel.config.agent import HttpAgentConfig


def agent(url: str, **kw: object) -> HttpAgent:
    cfg = HttpAgentConfig(endpoint=url, request_template='{"message": "{prompt}"}', **kw)  # type: ignore[arg-type]
    return HttpAgent(cfg)


async def call(a: HttpAgent, prompt: str) -> str | None:
    async with a:
        return (await a.invoke(prompt)).output


HOSTILE = ['quotes "inside"', "new\nlines", "unicode ✓ 日本語", "NUL\x00", "\u202eRTL override", "z" * 10_000]


@pytest.mark.parametrize("prompt", HOSTILE, ids=["quotes", "newlines", "unicode", "nul", "rtl", "10k"])
def test_prompts_arrive_intact(echo_server: RecordingServer, prompt: str) -> None:
    out = anyio.run(call, agent(f"{echo_server.url}/chat", response_path="$.reply"), prompt)
    assert out == prompt
    sent = json.loads(echo_server.requests[-1]["body"])
    assert sent == {"message": prompt}


def test_get_sends_template_fields_as_query(echo_server: RecordingServer) -> None:
    a = agent(f"{echo_server.url}/ask", method="GET", query_params={"k": "${WT_TEST_KEY:-dflt}"}, response_path="path")
    out = anyio.run(call, a, "a&b=c")
    assert out is not None and "message=a%26b%3Dc" in out and "k=dflt" in out


def test_headers_expand_env(echo_server: RecordingServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WT_TOKEN", "s3cret")
    anyio.run(call, agent(f"{echo_server.url}/chat", headers={"Authorization": "Bearer ${WT_TOKEN}"}), "x")
    sent = {k.lower(): v for k, v in echo_server.requests[-1]["headers"].items()}  # names are case-insensitive
    assert sent["authorization"] == "Bearer s3cret"


@pytest.mark.parametrize(
    ("body", "path", "expected"),
    [
        ({"output": "a"}, None, "a"),
        ({"data": {"answer": "b"}}, None, "b"),
        ({"choices": [{"message": {"content": "c"}}]}, None, "c"),
        ({"result": {"items": ["d"]}}, "result.items.0", "d"),
        ({"x": {"y": 3}}, "$.x.y", "3"),
    ],
    ids=["output", "nested-auto", "openai-shape", "dotted-index", "non-string"],
)
def test_response_path_and_auto_detect(body: object, path: str | None, expected: str) -> None:
    with RecordingServer(lambda m, p, h, b: json_reply(body)) as srv:
        assert anyio.run(call, agent(srv.url, response_path=path), "q") == expected


def test_non_json_body_shows_a_preview() -> None:
    html = b"<html>" + b"oops " * 100 + b"</html>"
    reply = (200, {"content-type": "application/json"}, html)
    with RecordingServer(lambda m, p, h, b: reply) as srv, pytest.raises(AgentBadResponse) as info:
        anyio.run(call, agent(srv.url, response_path="$.reply"), "q")
    assert "not JSON" in str(info.value) and "<html>oops" in str(info.value)
    assert len(info.value.message) < 300


def test_missing_response_path_names_it() -> None:
    with (
        RecordingServer(lambda m, p, h, b: json_reply({"other": 1})) as srv,
        pytest.raises(AgentBadResponse, match=r"\$\.reply.*matched nothing.*other"),
    ):
        anyio.run(call, agent(srv.url, response_path="$.reply"), "q")


@pytest.mark.parametrize(
    ("status", "exc"),
    [
        (401, AgentAuthError),
        (404, AgentNotFound),
        (422, AgentClientError),
        (429, AgentRateLimited),
        (503, AgentServerError),
    ],
)
def test_status_codes_map_to_error_kinds(status: int, exc: type[Exception]) -> None:
    def handler(m: str, p: str, h: dict[str, str], b: bytes) -> tuple[int, dict[str, str], bytes]:
        return status, {"retry-after": "1"}, b"{}"

    with RecordingServer(handler) as srv, pytest.raises(exc) as info:
        anyio.run(call, agent(srv.url), "q")
    if status == 429:
        assert info.value.retry_after == 1.0  # type: ignore[attr-defined]


def test_unreachable_agent_is_detected_before_the_run() -> None:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    with pytest.raises(AgentUnreachableError, match=f"127.0.0.1:{port}"):
        anyio.run(call, agent(f"http://127.0.0.1:{port}/chat"), "q")


def test_plain_text_is_an_answer_but_an_html_page_is_not() -> None:
    plain = (200, {"content-type": "text/plain"}, b"just text")
    page = (200, {"content-type": "text/html; charset=utf-8"}, b"<html><body>502 Bad Gateway</body></html>")
    with RecordingServer(lambda m, p, h, b: plain) as srv:
        assert anyio.run(call, agent(srv.url), "q") == "just text"
    with RecordingServer(lambda m, p, h, b: page) as srv, pytest.raises(AgentBadResponse, match="502 Bad Gateway"):
        anyio.run(call, agent(srv.url), "q")


def test_a_slow_agent_times_out_and_the_connection_is_not_reused() -> None:
    import time

    from windtunnel._util.errors import AgentTimeout

    def slow(m: str, p: str, h: dict[str, str], b: bytes) -> tuple[int, dict[str, str], bytes]:
        if json.loads(b or b"{}").get("message") == "slow":
            time.sleep(1.0)
        return json_reply({"reply": "ok"})

    async def both(a: HttpAgent) -> str | None:
        async with a:
            with pytest.raises(AgentTimeout):
                await a.invoke("slow")
            return (await a.invoke("fast")).output  # a fresh connection, not the half-read one

    with RecordingServer(slow) as srv:
        assert anyio.run(both, agent(srv.url, timeout=200, response_path="$.reply")) == "ok"
