"""An HTTP agent that answers something that is not HTTP fails that call (kind ``transport``), never the
run; credentials in the endpoint URL are sent as httpx sends them; redirects and empty bodies say so."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from tests.clirun import wt
from windtunnel._util.errors import AgentBadResponse, AgentCallError, AgentTransportError
from windtunnel.agents.http import HttpAgent
from windtunnel.config.agent import HttpAgentConfig

OK = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"reply": "ok"}'
ANSWERS = {
    "/badstatus": b"HTTP/1.1 abc OK\r\nContent-Length: 2\r\n\r\n{}",
    "/badchunk": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
    "/badclen": b"HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n{}",
    "/bigheader": b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * (2 * 2**20) + b"\r\nContent-Length: 2\r\n\r\n{}",
    "/nothttp": b"SSH-2.0-OpenSSH_9.6\r\n\r\n",
    "/redirect": b"HTTP/1.1 302 Found\r\nLocation: /ok\r\nContent-Length: 0\r\n\r\n",
    "/empty": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
    "/hangup": b"",  # reads the request, then closes without a byte
    "/halfbody": b'HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n{"reply": ',
}
MALFORMED = ["/badstatus", "/badchunk", "/badclen", "/bigheader", "/nothttp"]


class RawServer:
    """Answers a GET with a JSON 200 (the reachability probe) and a POST with ``ANSWERS[path]`` (else OK),
    then closes; keeps each request's head."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.heads: list[str] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
                self.heads.append(head)
                method, target = head.split(" ", 2)[:2]
                reply = OK if method == "GET" else ANSWERS.get(target.split("?")[0], OK)
                try:
                    conn.sendall(reply)
                    conn.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

    def __enter__(self) -> RawServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()


@pytest.fixture
def raw() -> Iterator[RawServer]:
    with RawServer() as server:
        yield server


async def _call(url: str, *, plain: bool) -> Any:
    a = HttpAgent(HttpAgentConfig(endpoint=url, request_template='{"message": "{prompt}"}', timeout=10_000))
    async with a:
        if not plain:
            a._plain = None  # the httpx path (its transport is the same lean pool)
        try:
            return await a.invoke("hi")
        except AgentCallError as err:
            return err


@pytest.mark.parametrize("path", MALFORMED)
@pytest.mark.parametrize("plain", [True, False])
def test_an_answer_that_is_not_http_fails_the_call_as_transport(raw: RawServer, path: str, plain: bool) -> None:
    err = anyio.run(lambda: _call(raw.url + path, plain=plain))
    assert isinstance(err, AgentTransportError), err
    assert "RemoteProtocolError" in str(err) and "not HTTP" in str(err), str(err)


@pytest.mark.parametrize("path", ["/hangup", "/halfbody"])
@pytest.mark.parametrize("plain", [True, False])
def test_an_agent_that_closes_the_connection_mid_answer_is_not_said_to_be_unreachable(
    raw: RawServer, path: str, plain: bool
) -> None:
    """QA-13 minor 6: it read "transport: ConnectError … IncompleteReadError('0 bytes read …')", which reads as a
    connection that could not be opened; the agent accepted it and then closed it (as httpx says it)."""
    err = anyio.run(lambda: _call(raw.url + path, plain=plain))
    assert isinstance(err, AgentTransportError), err
    text = str(err)
    assert "RemoteProtocolError" in text and "closed the connection" in text, text
    assert "ConnectError" not in text and "IncompleteReadError" not in text, text
    assert ("(10 bytes of it read)" in text) == (path == "/halfbody"), text


@pytest.mark.parametrize("plain", [True, False])
def test_a_redirect_and_an_empty_body_say_what_they_are(raw: RawServer, plain: bool) -> None:
    err = anyio.run(lambda: _call(raw.url + "/redirect", plain=plain))
    assert isinstance(err, AgentBadResponse) and "HTTP 302, a redirect to /ok" in str(err), str(err)
    assert "does not follow redirects" in str(err)
    err = anyio.run(lambda: _call(raw.url + "/empty", plain=plain))
    assert isinstance(err, AgentBadResponse) and str(err).endswith("with an empty body"), str(err)


@pytest.mark.parametrize("plain", [True, False])
def test_credentials_in_the_endpoint_are_sent_as_basic_auth(raw: RawServer, plain: bool) -> None:
    url = raw.url.replace("http://", "http://us%40er:p%3Aw@") + "/chat"
    out = anyio.run(lambda: _call(url, plain=plain))
    assert out.output == "ok", out
    post = next(h for h in raw.heads if h.startswith("POST"))
    assert "Authorization: Basic dXNAZXI6cDp3" in post.replace("authorization", "Authorization"), post  # us@er:p:w
    assert "@" not in post.split("Host: ", 1)[1].split("\r\n", 1)[0]


def test_a_run_against_an_agent_answering_garbage_finishes_with_every_cell_errored(
    raw: RawServer, tmp_path: Path
) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent: {{type: http, endpoint: '{raw.url}/badchunk', request_template: '{{\"input\": \"{{prompt}}\"}}'}}\n"
        "golden_prompts: [one, two]\nadvanced: {seed: 1}\n"
    )
    out = tmp_path / "r.json"
    assert wt("run", "-c", str(cfg), "--no-mutations", "--no-store", "-q", "-f", "json", "-o", str(out)) == 1
    cells = json.loads(out.read_text())["cells"]
    assert len(cells) == 2 and all(c["error_kind"] == "transport" for c in cells), cells


@pytest.mark.parametrize("path", ["/badstatus", "/badchunk", "/nothttp"])
def test_the_tools_proxy_answers_a_bad_upstream_and_goes_on_serving(raw: RawServer, path: str) -> None:
    """QA-5 F13: the proxy dropped the agent's connection with a traceback in its log. A head that is not
    HTTP is a 502; a body that breaks after the head was relayed is passed on as a cut body."""
    from windtunnel.chaos.proxy import ToolProxy

    async def go() -> httpx.Response | Exception:
        async with ToolProxy(lambda: None) as proxy, httpx.AsyncClient(proxy=proxy.url, trust_env=False) as client:
            try:
                first: httpx.Response | Exception = await client.post(raw.url + path, json={})
            except httpx.RemoteProtocolError as err:
                first = err
            again = await client.post(raw.url + "/fine", json={})  # the proxy goes on serving
            assert again.status_code == 200 and again.json() == {"reply": "ok"}
            return first

    first = anyio.run(go)
    if path == "/badchunk":
        assert isinstance(first, httpx.RemoteProtocolError), first
    else:
        assert isinstance(first, httpx.Response), first
        assert first.status_code == 502 and "not HTTP" in first.text, (first.status_code, first.text)


@pytest.mark.parametrize("plain", [True, False])
def test_the_endpoint_query_is_kept_as_written_and_a_configured_content_type_wins(raw: RawServer, plain: bool) -> None:
    """QA-5 F10: `%20` in the endpoint's query was re-encoded as `+`; agent.headers' Content-Type was replaced."""

    async def go() -> Any:
        cfg = HttpAgentConfig(
            endpoint=raw.url + "/chat?x=1&y=%20z",
            request_template='{"message": "{prompt}"}',
            query_params={"tenant": "t 2"},
            headers={"Content-Type": "application/vnd.custom+json"},
        )
        a = HttpAgent(cfg)
        async with a:
            if not plain:
                a._plain = None
            return await a.invoke("hi")

    assert anyio.run(go).output == "ok"
    post = next(h for h in raw.heads if h.startswith("POST")).lower()
    assert post.startswith("post /chat?x=1&y=%20z&tenant=t%202 http/1.1"), post
    assert "content-type: application/vnd.custom+json" in post and "application/json" not in post, post
