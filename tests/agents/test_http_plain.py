"""The HTTP agent's plain-HTTP path (bytes over the lean pool, no httpx Request/Response per call) sends the
request httpx would send and reads every answer as the httpx path reads it."""

from __future__ import annotations

import gzip
import json
from typing import Any

import anyio
import pytest

from tests.conftest import RecordingServer, json_reply
from windtunnel._util.errors import AgentBadResponse, AgentCallError, AgentRateLimited, AgentResponseTooLarge
from windtunnel.agents.http import HttpAgent
from windtunnel.config.agent import HttpAgentConfig

Reply = tuple[int, dict[str, str], bytes]


def _agent(url: str, **kw: Any) -> HttpAgent:
    return HttpAgent(HttpAgentConfig(endpoint=url, request_template='{"message": "{prompt}"}', **kw))


async def _both(url: str, prompt: str, **kw: Any) -> list[Any]:
    """The same call on the plain path, then on the httpx path: (output, raw, status) or the error, each."""
    out: list[Any] = []
    for plain in (True, False):
        a = _agent(url, **kw)
        async with a:
            if not plain:
                a._plain = None
            try:
                r = await a.invoke(prompt)
                out.append((r.output, r.raw, r.status_code, r.tool_calls))
            except AgentCallError as err:
                out.append((type(err).__name__, str(err), getattr(err, "retry_after", None)))
    return out


REPLIES: dict[str, Reply] = {
    "json": json_reply({"reply": "ok ✓", "tool_calls": [{"name": "t"}]}),
    "gzip": (200, {"content-type": "application/json", "content-encoding": "gzip"}, gzip.compress(b'{"reply": "z"}')),
    "latin-1": (200, {"content-type": "text/plain; charset=iso-8859-1"}, "café".encode("latin-1")),
    "bad-utf8": (200, {"content-type": "text/plain"}, b"caf\xe9 au lait"),
    "no-ctype": (200, {}, b'{"reply": "bare"}'),
    "not-json": (200, {"content-type": "application/json"}, b"<html>oops</html>"),
    "429": (429, {"retry-after": "2", "content-type": "application/json"}, b'{"error": "slow down"}'),
    "500": (500, {"content-type": "text/plain"}, b"boom"),
    "too-large": (200, {"content-type": "application/json"}, json.dumps({"reply": "x" * 5000}).encode()),
}


@pytest.mark.parametrize("name", list(REPLIES))
@pytest.mark.parametrize("path", [None, "$.reply"])
def test_every_answer_reads_as_on_the_httpx_path(name: str, path: str | None) -> None:
    with RecordingServer(lambda m, p, h, b: REPLIES[name]) as srv:
        plain, httpx_path = anyio.run(
            lambda: _both(f"{srv.url}/chat", "hé", response_path=path, max_response_bytes=4096)
        )
        requests = srv.requests
    assert plain == httpx_path
    _probe, first, _, second = requests  # each agent probes with a GET first
    assert first["body"] == second["body"] and first["path"] == second["path"] == "/chat"
    assert first["headers"] == second["headers"]
    if name == "too-large":
        assert plain[0] == AgentResponseTooLarge.__name__
    if name == "429":
        assert plain[0] == AgentRateLimited.__name__ and plain[2] == 2.0
    if name == "not-json" and path is not None:
        assert plain[0] == AgentBadResponse.__name__


def test_the_endpoints_own_query_and_query_params_are_sent() -> None:
    with RecordingServer(lambda m, p, h, b: json_reply({"reply": "ok"})) as srv:
        anyio.run(_both, f"{srv.url}/chat?x=1", "q")
        anyio.run(lambda: _both(f"{srv.url}/chat?x=1", "q", query_params={"k": "v w"}))
        paths = [r["path"] for r in srv.requests if r["method"] == "POST"]
    # query_params are percent-encoded: %20 is a space under RFC 3986 and form decoding, + only under the latter
    assert paths == ["/chat?x=1", "/chat?x=1", "/chat?x=1&k=v%20w", "/chat?x=1&k=v%20w"]


def test_a_cookie_the_agent_sets_is_sent_back() -> None:
    def handler(m: str, p: str, h: dict[str, str], b: bytes) -> Reply:
        status, headers, body = json_reply({"reply": h.get("Cookie") or h.get("cookie") or "none"})
        return status, {**headers, "set-cookie": "session=abc; Path=/"}, body

    async def calls(url: str) -> list[str | None]:
        a = _agent(url, response_path="$.reply")
        async with a:
            return [(await a.invoke("q")).output for _ in range(3)]

    with RecordingServer(handler) as srv:
        assert anyio.run(calls, f"{srv.url}/chat") == ["session=abc", "session=abc", "session=abc"]
