"""What the proxies accept: origin-form targets to the configured upstream only (LLM), bad framing a 400
with no traceback, a body over the limit a 413, a client that leaves mid-request nothing at all; and a
framing fuzzer (fixed seed and budget) after which the proxy still serves and still stops on SIGTERM."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import anyio
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.conftest import RecordingServer, json_reply, sigint_default
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.chaos.proxy.common import ProxyServer
from windtunnel.chaos.proxy.mcp import McpFaults
from windtunnel.chaos.proxy.mcp_http import McpHttpProxy

WINDTUNNEL = [str(Path(sys.executable).with_name("windtunnel"))]


def _ok(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
    return json_reply({"ok": True, "path": path})


async def _exchange(port: int, data: bytes, *, close_after_send: bool = False) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        if close_after_send:
            return b""
        writer.write_eof()  # a request cut short is cut here, not left waiting for bytes that never come
        with anyio.fail_after(10):
            return await reader.read(4096)
    finally:
        writer.close()


def _with(proxy: ProxyServer, go: Callable[[ProxyServer], Awaitable[object]]) -> object:
    async def main() -> object:
        async with proxy:
            return await go(proxy)

    return anyio.run(main)


@pytest.mark.parametrize(
    "target",
    ["@{other}/steal", "http://{other}/steal", "//{other}/steal", "@{other}/v1/messages", "x@{other}/v1"],
)
def test_the_llm_proxy_only_talks_to_its_configured_upstream(target: str) -> None:
    with RecordingServer(_ok) as up, RecordingServer(_ok) as other:
        other_host = other.url.removeprefix("http://")
        head = f"GET {target.format(other=other_host)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk-secret\r\n\r\n"
        proxy = LlmProxy(lambda: None, upstream=up.url + "/v1", anthropic_upstream=up.url)
        answer = _with(proxy, lambda p: _exchange(p.port, head.encode()))
        assert other.requests == [], "the caller's Authorization header reached another host"
        assert isinstance(answer, bytes) and answer.startswith(b"HTTP/1.1 400 "), answer


def test_the_llm_proxy_still_forwards_paths_to_its_upstream() -> None:
    with RecordingServer(_ok) as up:
        head = b"GET /v1/models?x=1 HTTP/1.1\r\nHost: x\r\n\r\n"
        answer = _with(LlmProxy(lambda: None, upstream=up.url + "/v1"), lambda p: _exchange(p.port, head))
        assert isinstance(answer, bytes) and answer.startswith(b"HTTP/1.1 200 "), answer
        assert [r["path"] for r in up.requests] == ["/v1/models?x=1"]


BAD = {
    "negative length": b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "signed length": b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nhello",
    "bad chunk": b"POST /v1/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n\r\n",
    "bad port": b"GET http://example.invalid:abc/x HTTP/1.1\r\nHost: x\r\n\r\n",
    "ipv6 port": b"GET http://[::1]:99999/x HTTP/1.1\r\nHost: x\r\n\r\n",
    "ipv6 bracket": b"GET http://[zz/x HTTP/1.1\r\nHost: x\r\n\r\n",
    "connect port": b"CONNECT example.invalid:abc HTTP/1.1\r\nHost: x\r\n\r\n",
    "not a path": b"GET nothere HTTP/1.1\r\nHost: x\r\n\r\n",
    "not http": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 HTTP/1.1\r\n\r\n",
}


def _proxies(up: str) -> dict[str, ProxyServer]:
    return {
        "tools": ToolProxy(lambda: None),
        "llm": LlmProxy(lambda: None, upstream=up + "/v1"),
        "mcp": McpHttpProxy(McpFaults(plan=None), upstream=up + "/mcp"),
    }


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_bad_framing_is_a_400_without_a_traceback(kind: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with RecordingServer(_ok) as up:
        proxy = _proxies(up.url)[kind]

        async def go(p: ProxyServer) -> dict[str, bytes]:
            answers = {}
            for name, data in BAD.items():
                if kind == "mcp" and name in ("bad port", "ipv6 port", "ipv6 bracket", "connect port", "not a path"):
                    continue  # the MCP proxy forwards every request to its one upstream URL: the target is unused
                if kind == "llm" and name == "connect port":
                    continue
                answers[name] = await _exchange(p.port, data)
            return answers

        answers = _with(proxy, go)
    assert isinstance(answers, dict)
    for name, answer in answers.items():
        assert answer.startswith(b"HTTP/1.1 400 "), (kind, name, answer)
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_a_client_leaving_mid_request_is_quiet_and_a_huge_body_is_413(
    kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with RecordingServer(_ok) as up:
        target = f"{up.url}/x" if kind == "tools" else "/v1/chat/completions"

        async def go(p: ProxyServer) -> bytes:
            for cut in (b"POST / HTTP/1.1\r\nHost: x\r\n", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Le"):
                for _ in range(20):
                    await _exchange(p.port, cut, close_after_send=True)
            await _exchange(
                p.port, f"POST {target} HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc".encode(), close_after_send=True
            )
            await asyncio.sleep(0.1)
            return await _exchange(p.port, f"POST {target} HTTP/1.1\r\nContent-Length: 5000\r\n\r\n".encode())

        proxy = _proxies(up.url)[kind]
        proxy.max_request_body = 1000
        answer = _with(proxy, go)
        assert up.requests == []
    assert isinstance(answer, bytes) and answer.startswith(b"HTTP/1.1 413 "), answer
    assert b"1,000 bytes" in answer
    assert [r for r in caplog.records if r.levelno >= logging.INFO] == [], [r.getMessage() for r in caplog.records]


def test_mcp_http_non_object_params_and_deep_json_are_passed_on_not_dropped() -> None:
    def rpc(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        return json_reply({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "invalid params"}})

    with RecordingServer(rpc) as up:
        bodies = [b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}', b"[" * 1500 + b"]" * 1500]

        async def go(p: ProxyServer) -> list[bytes]:
            out = []
            for body in bodies:
                head = f"POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                out.append(await _exchange(p.port, head.encode() + body))
            return out

        answers = _with(McpHttpProxy(McpFaults(plan=None), upstream=up.url + "/mcp"), go)
    assert isinstance(answers, list)
    assert all(a.startswith(b"HTTP/1.1 200 ") and b"-32602" in a for a in answers), answers


_METHODS = st.sampled_from([b"GET", b"POST", b"CONNECT", b"PUT", b"G\x00T", b""])
_TARGETS = st.sampled_from(
    [b"/v1/chat/completions", b"http://127.0.0.1:1/x", b"@h/x", b"[::1]:x", b"*", b"http://[::1", b"/\xff"]
)
_HEADERS = st.lists(
    st.sampled_from(
        [
            b"Content-Length: 3",
            b"Content-Length: -1",
            b"Content-Length: 99999999999999999999",
            b"Content-Length: 0x10",
            b"Transfer-Encoding: chunked",
            b"Connection: close",
            b"Host: x",
            b"no colon",
            b"X: " + b"a" * 70_000,  # longer than a header line may be
        ]
    ),
    max_size=4,
)


@seed(30)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(method=_METHODS, target=_TARGETS, headers=_HEADERS, body=st.binary(max_size=64), cut=st.booleans())
@pytest.mark.timeout(120)
def test_fuzzed_framing_never_kills_the_proxy(
    method: bytes, target: bytes, headers: list[bytes], body: bytes, cut: bool
) -> None:
    data = method + b" " + target + b" HTTP/1.1\r\n" + b"".join(h + b"\r\n" for h in headers) + b"\r\n" + body

    async def go(p: ProxyServer) -> bytes:
        await _exchange(p.port, data, close_after_send=cut)
        return await _exchange(p.port, b"GET /__windtunnel/health HTTP/1.1\r\nHost: x\r\n\r\n")

    for proxy in (ToolProxy(lambda: None), LlmProxy(lambda: None, upstream="http://127.0.0.1:1/v1")):
        health = _with(proxy, go)
        assert isinstance(health, bytes) and health.startswith(b"HTTP/1.1 200 "), health


@pytest.mark.slow
def test_the_llm_proxy_stops_on_sigterm_after_abuse_and_writes_no_traceback(tmp_path: Path) -> None:
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\nchaos:\n  llm_faults: [{mode: rate_limit}]\n"
    )
    proc = subprocess.Popen(
        [*WINDTUNNEL, "proxy", "llm", "--upstream", "http://127.0.0.1:9/v1", "-c", str(cfg), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        preexec_fn=sigint_default,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = int(line.split("http://127.0.0.1:", 1)[1].split()[0].rstrip("/"))

        async def abuse() -> None:
            for _ in range(50):
                await _exchange(port, b"POST /v1/x HTTP/1.1\r\nHost: x\r\n", close_after_send=True)
            for data in BAD.values():
                await _exchange(port, data)

        anyio.run(abuse)
        time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and len(err) < 2000, err


RPC = b'{"jsonrpc":"2.0","id":1,"method":"ping","model":"m","messages":[]}'
AMBIGUOUS = {
    "two different lengths": [f"Content-Length: {len(RPC)}", f"Content-Length: {len(RPC) + 1}"],
    "length and chunked": [f"Content-Length: {len(RPC)}", "Transfer-Encoding: chunked"],
    "chunked and length": ["Transfer-Encoding: chunked", f"Content-Length: {len(RPC)}"],
    "space before the colon": [f"Content-Length: {len(RPC)}", "X-Trace : 1"],
    "tab before the colon": [f"Content-Length: {len(RPC)}", "X-Trace\t: 1"],
    "folded line": [f"Content-Length: {len(RPC)}", "X-Trace: 1", " continued: 2"],
}
"""Request heads two parsers could frame differently (RFC 9112 §5.1, §6.1, §6.3): the smuggling shapes."""


def _post(target: str, lines: list[str], body: bytes) -> bytes:
    head = f"POST {target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + "".join(
        line + "\r\n" for line in lines
    )
    return head.encode() + b"\r\n" + body


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_ambiguous_framing_is_a_400_and_never_reaches_the_upstream(kind: str) -> None:
    """Each smuggling shape is refused with a reason, while the same request framed once (or with an identical
    duplicate ``Content-Length``, which RFC 9112 lets a server accept) is forwarded: the 400 is the framing's."""
    with RecordingServer(_ok) as up:
        target = {"tools": f"{up.url}/tool", "llm": "/v1/chat/completions", "mcp": "/mcp"}[kind]
        chunked = f"{len(RPC):x}\r\n".encode() + RPC + b"\r\n0\r\n\r\n"

        async def go(p: ProxyServer) -> dict[str, bytes]:
            answers = {}
            for name, lines in AMBIGUOUS.items():
                body = chunked if any("chunked" in line for line in lines) else RPC
                answers[name] = await _exchange(p.port, _post(target, lines, body))
            refused = len(up.requests)
            answers["plain"] = await _exchange(p.port, _post(target, [f"Content-Length: {len(RPC)}"], RPC))
            same = [f"Content-Length: {len(RPC)}"] * 2
            answers["identical lengths"] = await _exchange(p.port, _post(target, same, RPC))
            answers["chunked alone"] = await _exchange(p.port, _post(target, ["Transfer-Encoding: chunked"], chunked))
            answers["refused reached the upstream"] = str(refused).encode()
            return answers

        proxy = {
            "tools": ToolProxy(lambda: None),
            "llm": LlmProxy(lambda: None, upstream=up.url + "/v1"),
            "mcp": McpHttpProxy(McpFaults(plan=None), upstream=up.url + "/mcp"),
        }[kind]
        answers = _with(proxy, go)
    assert isinstance(answers, dict)
    assert answers.pop("refused reached the upstream") == b"0"
    for name in ("plain", "identical lengths", "chunked alone"):
        assert answers.pop(name).startswith(b"HTTP/1.1 200 "), name
    assert [json.loads(r["body"]) for r in up.requests] == [json.loads(RPC)] * 3
    for name, answer in answers.items():
        assert answer.startswith(b"HTTP/1.1 400 "), (name, answer)
        assert b"Connection: close" in answer and b"RFC 9112" in answer, (name, answer)
