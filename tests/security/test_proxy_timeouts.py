"""A proxy's head timeouts: a connection that never starts a request, or stops mid-head, is closed (408 when a
request had begun), so silent sockets cannot hold every connection slot; a request whose body is still
arriving, or whose answer is still on its way, is never cut by them."""

from __future__ import annotations

import asyncio
import time

import anyio
import pytest

from tests.conftest import RecordingServer, json_reply
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.chaos.proxy.common import ProxyServer
from windtunnel.chaos.proxy.mcp import McpFaults
from windtunnel.chaos.proxy.mcp_http import McpHttpProxy

BODY = b'{"jsonrpc":"2.0","id":1,"method":"ping","model":"m","messages":[]}'
SHORT = 0.1
"""The timeouts under test, in seconds; every wait below is a multiple of it or a bound on a hang."""


def _slow_ok(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
    if b"slow" in body:
        time.sleep(SHORT * 4)  # an answer in progress for longer than either timeout
    return json_reply({"jsonrpc": "2.0", "id": 1, "result": {}})


def _proxy(kind: str, up: str) -> tuple[ProxyServer, str]:
    if kind == "tools":
        proxy: ProxyServer = ToolProxy(lambda: None)
        target = f"{up}/tool"
    elif kind == "llm":
        proxy, target = LlmProxy(lambda: None, upstream=up + "/v1"), "/v1/chat/completions"
    else:
        proxy, target = McpHttpProxy(McpFaults(plan=None), upstream=up + "/mcp"), "/mcp"
    proxy.idle_timeout = proxy.header_timeout = SHORT
    return proxy, target


def _head(target: str, length: int) -> bytes:
    head = f"POST {target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    return head.encode()


async def _read_all(reader: asyncio.StreamReader) -> bytes:
    with anyio.fail_after(10):  # a bound on a hang: without a timeout the proxy never closes these
        return await reader.read()


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_silent_connections_are_closed_and_free_their_slots(kind: str) -> None:
    """As many silent connections as the proxy keeps (scaled down from 4,096 to 3): once the idle timeout
    closes them, the next caller is served instead of refused 503."""
    with RecordingServer(_slow_ok) as up:
        proxy, target = _proxy(kind, up.url)
        proxy.max_connections = 3

        async def main() -> tuple[list[bytes], bytes]:
            async with proxy:
                silent = [await asyncio.open_connection("127.0.0.1", proxy.port) for _ in range(3)]
                closed = [await _read_all(r) for r, _ in silent]
                for _, w in silent:
                    w.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(_head(target, len(BODY)) + BODY)
                answer = await _read_all(reader)  # then idle on keep-alive: closed after its answer too
                writer.close()
                return closed, answer

        closed, answer = anyio.run(main)
    assert closed == [b"", b"", b""]  # closed without a word: no request had begun
    assert answer.startswith(b"HTTP/1.1 200 "), answer
    assert answer.count(b"HTTP/1.1 ") == 1


@pytest.mark.parametrize("cut", [b"POST /x HTTP/1.1\r\n", b"POST /x HTTP/1.1\r\nHost: x\r\nContent-Ty"])
def test_a_head_stopped_half_way_is_answered_408_and_closed(cut: bytes) -> None:
    with RecordingServer(_slow_ok) as up:
        proxy, _ = _proxy("llm", up.url)

        async def main() -> bytes:
            async with proxy:
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(cut)
                answer = await _read_all(reader)
                writer.close()
                return answer

        answer = anyio.run(main)
        assert up.requests == []
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), answer
    assert b"Connection: close" in answer and b"header_timeout" in answer


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_a_slow_body_and_a_slow_answer_are_never_cut(kind: str) -> None:
    """A body that arrives over four timeouts, then an answer that takes four: both served in full."""
    with RecordingServer(_slow_ok) as up:
        proxy, target = _proxy(kind, up.url)
        slow = BODY.replace(b'"ping"', b'"slow"')

        async def main() -> list[bytes]:
            async with proxy:
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(_head(target, len(BODY)) + BODY[:10])
                await writer.drain()
                await asyncio.sleep(SHORT * 4)
                writer.write(BODY[10:])
                first = await reader.readuntil(b"\r\n\r\n")
                writer.write(_head(target, len(slow)) + slow)
                rest = await _read_all(reader)
                writer.close()
                return [first, rest]

        first, rest = anyio.run(main)
    assert first.startswith(b"HTTP/1.1 200 "), first
    assert b"HTTP/1.1 200 " in rest, rest


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_a_body_that_stops_arriving_is_answered_408_and_frees_its_slot(kind: str) -> None:
    """One request slot, taken by a request whose body stops half-way: after ``body_timeout`` of silence it
    is answered 408 and closed, and the next caller gets the slot and is served."""
    with RecordingServer(_slow_ok) as up:
        proxy, target = _proxy(kind, up.url)
        proxy.idle_timeout = proxy.header_timeout = None
        proxy.body_timeout = SHORT
        proxy.max_active = 1

        async def main() -> tuple[bytes, bytes]:
            async with proxy:
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(_head(target, len(BODY)) + BODY[:10])
                await writer.drain()
                stalled = await _read_all(reader)
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(_head(target, len(BODY)) + BODY)
                with anyio.fail_after(10):
                    served = await reader.readuntil(b"\r\n\r\n")
                writer.close()
                return stalled, served

        stalled, served = anyio.run(main)
    assert stalled.startswith(b"HTTP/1.1 408 "), stalled
    assert b"body stopped arriving" in stalled and b"body_timeout" in stalled, stalled
    assert served.startswith(b"HTTP/1.1 200 "), served
