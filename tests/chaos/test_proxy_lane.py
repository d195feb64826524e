"""The LLM proxy's synchronous lane (``chaos/proxy/lane.py``, ``_util/http1proto.py``) against a scripted raw
upstream: pipelined requests, a request handed over to the stream path mid-connection, a pooled connection the
upstream closed (retried), answers framed by the end of the connection, chunked streams passed on as they came,
answers without a body, cut answers, clients that leave, an upstream that goes silent, and a stop that answers a
request whose head had begun."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import pytest

from windtunnel._util.aioloop import server_loop_options
from windtunnel.chaos.llm_faults import LlmRateLimitFault
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.chaos.spec import ChaosSpec

ANSWER = b'{"choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}'
BODY = b'{"model":"m","messages":[{"role":"user","content":"x"}]}'
Script = Callable[[asyncio.StreamReader, asyncio.StreamWriter, "Upstream"], Awaitable[None]]


class Upstream:
    """A raw HTTP upstream on this event loop, each connection served by ``script``; counts connections and
    requests and keeps the bodies it read."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.connections = 0
        self.bodies: list[bytes] = []
        self.closed = asyncio.Event()
        self.server: asyncio.Server | None = None

    async def __aenter__(self) -> Upstream:
        self.server = await asyncio.start_server(self._conn, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def _conn(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            await self.script(reader, writer, self)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()
            self.closed.set()

    async def read_request(self, reader: asyncio.StreamReader) -> bytes:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            (int(ln.split(b":")[1]) for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length:")), 0
        )
        body = await reader.readexactly(length)
        self.bodies.append(body)
        return head


def _ok(body: bytes = ANSWER, extra: bytes = b"") -> bytes:
    return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n%sContent-Length: %d\r\n\r\n%s" % (
        extra,
        len(body),
        body,
    )


async def keep_alive(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
    while True:
        await up.read_request(reader)
        writer.write(_ok())
        await writer.drain()


def _request(body: bytes = BODY, target: str = "/v1/chat/completions") -> bytes:
    return b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (
        target.encode(),
        len(body),
        body,
    )


async def _answer(reader: asyncio.StreamReader) -> tuple[int, bytes, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    if b"Transfer-Encoding: chunked" in head:
        raw = await reader.readuntil(b"\r\n0\r\n\r\n")
        body = b""
        while raw:
            size, _, rest = raw.partition(b"\r\n")
            n = int(size, 16)
            body, raw = body + rest[:n], rest[n + 2 :]
    else:
        length = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        body = await reader.readexactly(length)
    return int(head.split()[1]), head, body


def _plan() -> FaultPlan:
    return FaultPlan(ChaosSpec("lane", llm_faults=(LlmRateLimitFault(probability=0.0),)), seed=1, key="lane")


LOOPS = [pytest.param({}, id="asyncio"), pytest.param(server_loop_options(), id="server-loop")]
"""The standard loop, and the loop ``windtunnel proxy llm`` serves on (uvloop with the ``fast`` extra): the lane
hands a connection over by swapping its transport's protocol, which both must support."""


def _run(
    script: Script,
    test: Callable[[LlmProxy, Upstream], Awaitable[None]],
    plan: FaultPlan | None = None,
    loop: dict[str, Any] | None = None,
) -> None:
    async def main() -> None:
        async with Upstream(script) as up:
            proxy = LlmProxy(lambda: plan, upstream=up.url + "/v1")
            async with proxy:
                with anyio.fail_after(20):  # a bound on a hang, not a timing assertion
                    await test(proxy, up)

    anyio.run(main, backend_options=loop or {})


@pytest.mark.parametrize("loop", LOOPS)
def test_pipelined_requests_are_answered_in_order_on_one_upstream_connection(loop: dict[str, Any]) -> None:
    plan = _plan()

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request(b'{"model":"a"}') + _request(b'{"model":"b"}') + _request(b'{"model":"c"}'))
        answers = [await _answer(reader) for _ in range(3)]
        writer.close()
        assert [a[0] for a in answers] == [200, 200, 200]
        assert all(a[2] == ANSWER for a in answers)
        assert up.bodies == [b'{"model":"a"}', b'{"model":"b"}', b'{"model":"c"}']
        assert up.connections == 1
        assert [c["name"] for c in plan.calls] == ["a", "b", "c"]
        assert all(c["error"] is None for c in plan.calls)

    _run(keep_alive, test, plan, loop)


@pytest.mark.parametrize("loop", LOOPS)
def test_a_chunked_request_is_handed_to_the_stream_path_and_the_connection_goes_on(loop: dict[str, Any]) -> None:
    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request(b'{"model":"first"}'))
        assert (await _answer(reader))[0] == 200
        assert proxy.lanes  # the first request was served on the lane
        writer.write(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            b'5\r\n{"mod\r\n9\r\nel":"ch"}\r\n0\r\n\r\n'
        )
        assert (await _answer(reader))[0] == 200
        writer.write(_request(b'{"model":"after"}'))
        assert (await _answer(reader))[2] == ANSWER
        assert not proxy.lanes  # the connection now runs on streams
        writer.close()
        assert up.bodies == [b'{"model":"first"}', b'{"model":"ch"}', b'{"model":"after"}']

    _run(keep_alive, test, loop=loop)


def test_a_bad_request_on_the_lane_is_answered_400_by_the_stream_path() -> None:
    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(b"POST /v1/chat/completions HTTP/1.1\r\nHost : x\r\nContent-Length: 2\r\n\r\n{}")
        answer = await reader.read()
        writer.close()
        assert answer.startswith(b"HTTP/1.1 400 "), answer
        assert up.bodies == []

    _run(keep_alive, test)


def test_a_pooled_connection_the_upstream_closed_is_retried_on_a_new_one() -> None:
    async def one_answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        await up.read_request(reader)
        writer.write(_ok())  # keep-alive announced, then closed: the next request finds it gone
        await writer.drain()

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        for i in range(3):
            writer.write(_request())
            status, _, body = await _answer(reader)
            assert (status, body) == (200, ANSWER), i
            await up.closed.wait()
            up.closed.clear()
        writer.close()
        assert up.connections == 3

    _run(one_answer, test)


def test_an_answer_that_runs_to_the_end_of_the_connection_is_relayed_whole() -> None:
    plan = _plan()

    async def to_eof(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        await up.read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n" + ANSWER[:20])
        await writer.drain()
        await asyncio.sleep(0.01)
        writer.write(ANSWER[20:])

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request())
        status, head, body = await _answer(reader)
        writer.close()
        assert (status, body) == (200, ANSWER)
        assert b"Transfer-Encoding: chunked" in head
        assert plan.calls[-1]["response"] == "hi"

    _run(to_eof, test, plan)


def test_an_answer_cut_mid_body_is_cut_for_the_client_and_logged() -> None:
    plan = _plan()

    async def cut(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        await up.read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n" + ANSWER)
        await writer.drain()

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request())
        head = await reader.readuntil(b"\r\n\r\n")
        try:
            rest = await reader.read()
        except ConnectionError:
            rest = b""
        writer.close()
        assert b"Content-Length: 500" in head and len(rest) < 500
        assert "dropped mid-body" in (plan.calls[-1]["error"] or "")

    _run(cut, test, plan)


@pytest.mark.parametrize("loop", LOOPS)
def test_a_client_that_leaves_mid_answer_drops_the_upstream_connection_and_the_proxy_serves_on(
    loop: dict[str, Any],
) -> None:
    async def slow(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        head = await up.read_request(reader)
        if b"Content-Length: 2\r\n" in head:  # the quick request
            writer.write(_ok())
            await writer.drain()
            return
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in range(200):
            writer.write(b'd\r\ndata: {"a":1}\n\r\n')
            await writer.drain()
            await asyncio.sleep(0.01)

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request())
        await reader.readuntil(b"data:")
        writer.transport.abort()
        await up.closed.wait()  # the proxy closed its upstream connection rather than reading 2 s of stream
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request(b"{}"))
        assert (await _answer(reader))[0] == 200
        writer.close()

    _run(slow, test, loop=loop)


def test_an_upstream_silent_past_the_timeout_is_answered_502() -> None:
    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        await up.read_request(reader)
        await asyncio.sleep(30)

    async def main() -> None:
        async with Upstream(silent) as up:
            proxy = LlmProxy(lambda: None, upstream=up.url + "/v1", upstream_timeout=0.2)
            async with proxy:
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(_request())
                with anyio.fail_after(20):
                    status, _, body = await _answer(reader)
                writer.close()
        assert status == 502 and b"sent nothing" in body

    anyio.run(main)


@pytest.mark.parametrize("begun", [b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n", b""])
def test_stopping_answers_a_request_whose_head_had_begun_503_and_closes_idle_ones(begun: bytes) -> None:
    async def main() -> bytes:
        async with Upstream(keep_alive) as up:
            proxy = LlmProxy(lambda: None, upstream=up.url + "/v1")
            await proxy.start()
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
            writer.write(_request())
            await _answer(reader)
            writer.write(begun)
            await writer.drain()
            with anyio.fail_after(20):
                while begun and not any(lane._buf for lane in proxy.lanes):
                    await asyncio.sleep(0.005)
                await proxy.aclose()
                answer = await reader.read()
            writer.close()
            return answer

    answer = anyio.run(main)
    if begun:
        assert answer.startswith(b"HTTP/1.1 503 ") and b"not forwarded" in answer, answer
    else:
        assert answer == b""


@pytest.mark.parametrize("loop", LOOPS)
def test_the_lane_forwards_and_relays_end_to_end_headers_only(loop: dict[str, Any]) -> None:
    heads: list[bytes] = []

    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        while True:
            heads.append(await up.read_request(reader))
            writer.write(_ok(extra=b"X-Up: 1\r\nKeep-Alive: timeout=5\r\nConnection: keep-alive\r\nTrailer: x\r\n"))
            await writer.drain()

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        for _ in range(2):  # the second request on the same connection reads its own headers, not the first's
            writer.write(
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: client-side\r\nConnection: keep-alive\r\n"
                b"Keep-Alive: timeout=5\r\nTE: trailers\r\nX-Custom: a  \r\nAuthorization: Bearer k\r\n"
                b"Content-Length: %d\r\n\r\n%s" % (len(BODY), BODY)
            )
            status, head, body = await _answer(reader)
            assert (status, body) == (200, ANSWER)
            lines = head.split(b"\r\n")
            assert b"X-Up: 1" in lines and b"Content-Type: application/json" in lines
            assert not [ln for ln in lines if ln.lower().startswith((b"keep-alive", b"trailer"))], head
            assert [ln for ln in lines if ln.lower().startswith(b"connection")] == [b"Connection: keep-alive"]
        writer.close()
        assert proxy.lanes
        for sent in heads:
            lines = sent.split(b"\r\n")
            assert lines[0] == b"POST /v1/chat/completions HTTP/1.1"
            assert b"X-Custom: a" in lines and b"Authorization: Bearer k" in lines
            assert [ln for ln in lines if ln.lower().startswith(b"host:")] == [b"Host: " + up.url[7:].encode()]
            assert not [ln for ln in lines if ln.lower().startswith((b"connection", b"keep-alive", b"te:"))], sent

    _run(script, test, _plan(), loop)


def test_a_502_on_the_lane_leaves_the_connection_serving_the_next_request() -> None:
    async def garbage_then_ok(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        await up.read_request(reader)
        if up.connections == 1:
            writer.write(b"SPLAT\r\n\r\n")  # not HTTP: the lane answers 502 and keeps the client's connection
            await writer.drain()
            return
        writer.write(_ok())
        await writer.drain()
        await keep_alive(reader, writer, up)

    plan = _plan()

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_request(b'{"model":"a"}'))
        status, _, body = await _answer(reader)
        assert status == 502 and b"not HTTP" in body, body
        for name in (b"b", b"c"):
            writer.write(_request(b'{"model":"%s"}' % name))
            assert (await _answer(reader))[2] == ANSWER
        writer.close()
        assert proxy.lanes
        assert [c["name"] for c in plan.calls] == ["a", "b", "c"]
        assert plan.calls[0]["error"] and [c["error"] for c in plan.calls[1:]] == [None, None]

    _run(garbage_then_ok, test, plan)


SSE_EVENTS = [b'data: {"choices":[{"index":0,"delta":{"content":"%s"}}]}\n\n' % w for w in (b"he", b"llo")]
SSE_CHUNKED = (
    b"".join(b"%x;ext=1\r\n%s\r\n" % (len(e), e) for e in SSE_EVENTS)  # extensions, kept as they came
    + b"e\r\ndata: [DONE]\n\n\r\n0\r\nX-Trailer: t\r\n\r\n"
)


async def chunked_stream(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
    while True:
        await up.read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        for i in range(0, len(SSE_CHUNKED), 7):  # split anywhere: size lines, chunks, CRLFs, trailers
            writer.write(SSE_CHUNKED[i : i + 7])
            await writer.drain()


def _stream_request(path: str) -> bytes:
    """A streamed model call served on the lane, or on the stream path (a chunked request body: the lane hands the
    connection over, and the stream path serves it from then on)."""
    body = b'{"model":"m","stream":true}'
    if path == "lane":
        return _request(body)
    head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    return head + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)


PATHS = [
    pytest.param("lane", {}, id="lane-asyncio"),
    pytest.param("lane", server_loop_options(), id="lane-server-loop"),
    pytest.param("streams", {}, id="streams"),
]


@pytest.mark.parametrize(("path", "loop"), PATHS)
def test_a_chunked_stream_no_fault_touches_goes_on_as_the_upstream_chunked_it(path: str, loop: dict[str, Any]) -> None:
    """On both paths, byte for byte: the client gets the upstream's chunks (the stream path no longer decodes them
    and chunks them again), and the call log decodes the bytes it kept."""
    plan = _plan()

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        for _ in range(2):
            writer.write(_stream_request(path))
            head = await reader.readuntil(b"\r\n\r\n")
            raw = await reader.readuntil(b"\r\n0\r\nX-Trailer: t\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200 ") and b"Transfer-Encoding: chunked" in head
            assert raw == SSE_CHUNKED  # byte for byte: sizes, extensions, trailers
        writer.close()
        assert up.connections == 1  # the upstream connection was reused: the proxy found the body's end
        assert [c["response"] for c in plan.calls] == ["hello", "hello"]
        assert bool(proxy.lanes) == (path == "lane")

    _run(chunked_stream, test, plan, loop)


@pytest.mark.parametrize("path", ["lane", "streams"])
def test_a_bad_chunk_size_passed_through_is_cut_for_the_client_and_logged(path: str) -> None:
    plan = _plan()

    async def bad(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
        await up.read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        writer.write(b"%x\r\n%s\r\n0x5\r\nhello\r\n0\r\n\r\n" % (len(SSE_EVENTS[0]), SSE_EVENTS[0]))
        await writer.drain()
        await asyncio.sleep(5)

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_stream_request(path))
        try:
            got = await reader.read()
        except ConnectionError:
            got = b""
        writer.close()
        assert b"0x5" not in got and not got.endswith(b"0\r\n\r\n")  # cut, not a clean end
        assert "bad chunk size" in (plan.calls[-1]["error"] or "")

    _run(bad, test, plan)


@pytest.mark.parametrize("path", ["lane", "streams"])
def test_a_stale_answer_replays_a_stream_passed_through_chunked(path: str) -> None:
    from windtunnel.chaos.llm_answer_faults import StaleAnswerFault

    plan = FaultPlan(ChaosSpec("lane", llm_faults=(StaleAnswerFault(on_call=2),)), seed=1, key="lane")

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(_stream_request(path))
        await reader.readuntil(b"\r\n0\r\nX-Trailer: t\r\n\r\n")
        writer.write(_stream_request(path))
        status, _, body = await _answer(reader)
        writer.close()
        assert status == 200 and len(up.bodies) == 1  # the second call never reached the model
        assert b'"he' in body and b"llo" in body
        assert [c["faults"] for c in plan.calls] == [[], ["stale_answer"]]

    _run(chunked_stream, test, plan)


async def bodiless_answers(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: Upstream) -> None:
    """204 to the first request, 304 to the second, the head of a 12-byte answer to a HEAD, then JSON answers."""
    answers = [
        b"HTTP/1.1 204 No Content\r\n\r\n",
        b"HTTP/1.1 304 Not Modified\r\nETag: x\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\n",
    ]
    while True:
        await up.read_request(reader)
        writer.write(answers.pop(0) if answers else _ok())
        await writer.drain()


@pytest.mark.parametrize("path", ["lane", "streams"])
def test_an_answer_without_a_body_goes_on_without_framing_and_the_connection_serves_on(path: str) -> None:
    """A 204, a 304 and the answer to HEAD have no body: the proxy must neither announce chunks nor send a last
    chunk, or a keep-alive client reads those bytes as the start of its next answer."""

    def request(method: bytes) -> bytes:
        if path == "lane":
            return _request().replace(b"POST", method, 1)
        head = method + b" /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        return head + b"2\r\n{}\r\n0\r\n\r\n"  # a chunked request body: the lane hands it to the stream path

    async def test(proxy: LlmProxy, up: Upstream) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        heads = []
        for method in (b"POST", b"GET", b"HEAD"):
            writer.write(request(method))
            heads.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(_request())
        status, _, body = await _answer(reader)  # the next answer starts right after the bodiless ones
        writer.close()
        assert heads[0].startswith(b"HTTP/1.1 204 No Content\r\n") and heads[1].startswith(b"HTTP/1.1 304 ")
        assert not any(b"Transfer-Encoding" in h for h in heads)
        assert b"Content-Length" not in heads[0] and b"Content-Length: 12\r\n" in heads[2]
        assert (status, body) == (200, ANSWER)

    _run(bodiless_answers, test)


def test_the_tools_proxy_relays_answers_without_a_body_as_they_are() -> None:
    """The tools forward proxy relays them the same way (its own stream relay, the same rule)."""

    async def main() -> None:
        async with Upstream(bodiless_answers) as up, ToolProxy(lambda: None) as proxy:
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
            heads = []
            for method in (b"GET", b"GET", b"HEAD", b"GET"):
                writer.write(b"%s %s/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % (method, up.url.encode()))
                if len(heads) < 3:
                    with anyio.fail_after(20):  # a bound on a hang, not a timing assertion
                        heads.append(await reader.readuntil(b"\r\n\r\n"))
            with anyio.fail_after(20):
                status, _, body = await _answer(reader)
            writer.close()
        assert [h.split(b"\r\n")[0] for h in heads] == [
            b"HTTP/1.1 204 No Content",
            b"HTTP/1.1 304 Not Modified",
            b"HTTP/1.1 200 OK",
        ]
        assert not any(b"Transfer-Encoding" in h for h in heads)
        assert b"Content-Length: 12\r\n" in heads[2]
        assert (status, body) == (200, ANSWER)

    anyio.run(main)
