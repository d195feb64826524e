"""The proxies under a burst of connections: every caller gets an answer (served as slots free up, or a
503 with Retry-After past the connection limit, never silence), at most ``max_active`` requests reach the
upstream at once, the MCP proxy opens connections to its server gradually, and SIGTERM stops a proxy that
is in the middle of hundreds of requests (issue #29 item 17)."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import anyio
import pytest

from tests.conftest import RecordingServer, json_reply, sigint_default
from windtunnel._util.hostgate import START_CAP
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.chaos.proxy.common import ProxyServer
from windtunnel.chaos.proxy.mcp import McpFaults
from windtunnel.chaos.proxy.mcp_http import McpHttpProxy

WINDTUNNEL = [str(Path(sys.executable).with_name("windtunnel"))]
BODY = b'{"jsonrpc":"2.0","id":1,"method":"ping","model":"m","messages":[]}'


class HeldServer:
    """An HTTP/1.1 upstream on an event loop in its own thread that holds every answer until :meth:`release`,
    counting the requests that reached it, the most in flight at once and the connections opened."""

    def __init__(self) -> None:
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.connections = 0
        self.max_unanswered = 0
        self._unanswered = 0
        self._loop = asyncio.new_event_loop()
        self._open: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self.port = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: list[asyncio.StreamWriter] = []

    async def _conn(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self._open is not None
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._writers.append(writer)
        self.connections += 1
        self._unanswered += 1
        self.max_unanswered = max(self.max_unanswered, self._unanswered)
        first = True
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.lower().split(b"\r\n"):
                    if line.startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                await reader.readexactly(length)
                self.requests += 1
                self.in_flight += 1
                self.max_in_flight = max(self.max_in_flight, self.in_flight)
                await self._open.wait()
                self.in_flight -= 1
                body = b'{"jsonrpc":"2.0","id":1,"result":{}}'
                writer.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                    % (len(body), body)
                )
                await writer.drain()
                if first:
                    first = False
                    self._unanswered -= 1
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            if first:
                self._unanswered -= 1
            writer.close()

    async def _start(self) -> int:
        self._open = asyncio.Event()
        self._server = await asyncio.start_server(self._conn, "127.0.0.1", 0, backlog=1024)
        return int(self._server.sockets[0].getsockname()[1])

    def release(self) -> None:
        assert self._open is not None
        self._loop.call_soon_threadsafe(self._open.set)

    def __enter__(self) -> HeldServer:
        self._thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    async def _stop(self) -> None:
        assert self._open is not None
        self._server.close()
        self._open.set()
        for writer in self._writers:
            writer.transport.abort()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def _proxy(kind: str, up: str) -> tuple[ProxyServer, str]:
    """A proxy of ``kind`` in front of ``up`` and the request target a client sends it."""
    if kind == "tools":
        return ToolProxy(lambda: None), f"{up}/tool"
    if kind == "llm":
        return LlmProxy(lambda: None, upstream=up + "/v1"), "/v1/chat/completions"
    return McpHttpProxy(McpFaults(plan=None), upstream=up + "/mcp"), "/mcp"


def _request(target: str) -> bytes:
    head = f"POST {target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(BODY)}\r\n\r\n"
    return head.encode() + BODY


async def _call(port: int, data: bytes) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        return int(head.split()[1])
    finally:
        writer.close()


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_500_connections_at_once_wait_unread_for_a_slot_and_are_all_answered(kind: str) -> None:
    """500 callers at once against an upstream that holds its answers, 20 requests served at a time: the
    other 480 wait with their bodies unread (back-pressure), then all 500 are answered, and the upstream
    never has more than 20 in flight nor more than 20 new connections waiting for their first answer."""
    with HeldServer() as up:
        proxy, target = _proxy(kind, up.url)
        proxy.max_active = 20

        async def main() -> tuple[Counter[int], int, int]:
            async with proxy:
                calls = [asyncio.ensure_future(_call(proxy.port, _request(target))) for _ in range(500)]
                with anyio.fail_after(60):  # a bound on a hang, not a timing assertion
                    while proxy.waiting < 480 or up.requests < START_CAP:
                        await asyncio.sleep(0.01)
                waiting, unanswered = proxy.waiting, up.max_unanswered
                up.release()
                with anyio.fail_after(60):
                    statuses = await asyncio.gather(*calls)
                return Counter(statuses), waiting, unanswered

        statuses, waiting, unanswered = anyio.run(main)
    assert statuses == Counter({200: 500}), statuses
    assert waiting == 480 and up.requests == 500
    assert up.max_in_flight <= 20
    assert unanswered <= 20  # connections to the upstream bounded by the requests served (MCP too), not 500


def test_past_the_connection_limit_a_caller_gets_503_with_retry_after() -> None:
    with HeldServer() as up:
        proxy, target = _proxy("llm", up.url)
        proxy.max_connections = 3

        async def main() -> tuple[bytes, int]:
            async with proxy:
                held = [await asyncio.open_connection("127.0.0.1", proxy.port) for _ in range(3)]
                for _, writer in held:  # three requests the upstream holds: three open connections
                    writer.write(_request(target))
                    await writer.drain()
                while up.requests < 3:
                    await asyncio.sleep(0.01)
                reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
                writer.write(_request(target))
                await writer.drain()
                with anyio.fail_after(10):
                    refused = await reader.read()
                writer.close()
                up.release()
                with anyio.fail_after(10):
                    statuses = [int((await r.readuntil(b"\r\n\r\n")).split()[1]) for r, _ in held]
                for _, w in held:
                    w.close()
                return refused, statuses.count(200)

        refused, served = anyio.run(main)
    assert refused.startswith(b"HTTP/1.1 503 "), refused
    assert b"Retry-After: 1" in refused and b"max_connections" in refused
    assert served == 3


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_stopping_answers_queued_requests_503_and_lets_in_flight_ones_finish(kind: str) -> None:
    """10 callers, 2 served at a time by an upstream that holds its answers: stopping the proxy answers the 8
    still waiting for a slot at once (503, ``Connection: close``, a reason: they were never forwarded), and the
    2 in flight are answered by the upstream within the grace; none is dropped without a word."""
    with HeldServer() as up:
        proxy, target = _proxy(kind, up.url)
        proxy.max_active = 2

        async def main() -> tuple[list[bytes], list[bytes]]:
            await proxy.start()
            conns = [await asyncio.open_connection("127.0.0.1", proxy.port) for _ in range(10)]
            for _, writer in conns:
                writer.write(_request(target))
                await writer.drain()
            with anyio.fail_after(30):  # a bound on a hang, not a timing assertion
                while proxy.waiting < 8 or up.requests < 2:
                    await asyncio.sleep(0.01)
            stopping = asyncio.ensure_future(proxy.aclose(grace=60))
            reads = [asyncio.ensure_future(reader.read()) for reader, _ in conns]
            with anyio.fail_after(30):
                while sum(r.done() for r in reads) < 8:  # the queued ones are answered before the upstream lets go
                    await asyncio.sleep(0.01)
            first = [r for r in reads if r.done()]
            answers = [r.result() for r in first]
            up.release()
            with anyio.fail_after(30):
                await stopping
                rest = [await r for r in reads if r not in first]
            for _, writer in conns:
                writer.close()
            return answers, rest

        queued, in_flight = anyio.run(main)
    assert len(queued) == 8 and len(in_flight) == 2
    for answer in queued:
        assert answer.startswith(b"HTTP/1.1 503 "), answer
        assert b"Connection: close" in answer and b"stopping" in answer and b"not forwarded" in answer, answer
    for answer in in_flight:
        assert answer.startswith(b"HTTP/1.1 200 "), answer
    assert up.requests == 2


@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_stopping_answers_503_to_a_request_whose_body_was_still_arriving(kind: str) -> None:
    """A request holding a slot while its body arrives was never forwarded: stopping answers it 503 with the
    reason (safe to send again) instead of closing the connection without a word."""
    with HeldServer() as up:
        proxy, target = _proxy(kind, up.url)

        async def main() -> bytes:
            await proxy.start()
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
            writer.write(_request(target)[:-10])
            await writer.drain()
            with anyio.fail_after(30):  # a bound on a hang, not a timing assertion
                while proxy.active < 1:
                    await asyncio.sleep(0.01)
                await proxy.aclose()
                answer = await reader.read()
            writer.close()
            return answer

        answer = anyio.run(main)
    assert answer.startswith(b"HTTP/1.1 503 "), answer
    assert b"Connection: close" in answer and b"not forwarded" in answer, answer
    assert up.requests == 0


def test_a_burst_of_2000_mcp_clients_against_a_threaded_server_is_all_answered() -> None:
    """A threaded ``http.server`` (listen backlog 5, as most local MCP servers): a pool that opens one
    connection per waiting request overflows the backlog and stalls on SYN retries past any timeout."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 8192:
        if hard != resource.RLIM_INFINITY and hard < 8192:
            pytest.skip(f"needs 8,192 open files (ulimit -n); the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (8192, hard))

    def rpc(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        return json_reply({"jsonrpc": "2.0", "id": 1, "result": {}})

    try:
        with RecordingServer(rpc) as up:
            proxy, target = _proxy("mcp", up.url)

            async def main() -> Counter[int]:
                async with proxy:
                    with anyio.fail_after(60):  # a bound on a hang, not a timing assertion
                        return Counter(
                            await asyncio.gather(*(_call(proxy.port, _request(target)) for _ in range(2000)))
                        )

            statuses = anyio.run(main)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert statuses == Counter({200: 2000}), statuses


async def _answer(reader: asyncio.StreamReader) -> bytes:
    """All the proxy sent on a connection; a connection the proxy reset (a request cut after the stop's grace,
    whose socket still held unread bytes) sent nothing."""
    try:
        return await reader.read()
    except ConnectionResetError:
        return b""


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["tools", "llm", "mcp"])
def test_sigterm_stops_a_proxy_in_the_middle_of_500_requests(kind: str, tmp_path: Path) -> None:
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\n"
        "chaos:\n  llm_faults: [{mode: rate_limit, probability: 0.0}]\n"
        "  tool_faults: [{mode: error, tool: '*', probability: 0.0}]\n"
    )
    with HeldServer() as up:  # holds every answer: the proxy is busy with every request when stopped
        args = {
            "tools": ["proxy", "tools"],
            "llm": ["proxy", "llm", "--upstream", up.url + "/v1"],
            "mcp": ["proxy", "mcp", "--upstream", up.url + "/mcp"],
        }[kind]
        proc = subprocess.Popen(
            [*WINDTUNNEL, *args, "-c", str(cfg), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "COLUMNS": "200"},
            preexec_fn=sigint_default,
        )
        try:
            assert proc.stdout is not None
            line = ""
            while "http://127.0.0.1:" not in line:
                line = proc.stdout.readline()
                assert line, "the proxy exited before listening"
            port = int(line.split("http://127.0.0.1:", 1)[1].split()[0].split("/")[0])
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # never let its output block it
            target = _proxy(kind, up.url)[1]

            async def load() -> None:
                conns = [await asyncio.open_connection("127.0.0.1", port) for _ in range(500)]
                for _, writer in conns:
                    writer.write(_request(target))
                    await writer.drain()
                with anyio.fail_after(60):
                    while up.requests < START_CAP:  # the proxy is forwarding: it is busy
                        await asyncio.sleep(0.01)
                proc.send_signal(signal.SIGTERM)
                with anyio.fail_after(60):
                    await asyncio.to_thread(proc.wait)
                    answers = [await _answer(reader) for reader, _ in conns]
                for _, writer in conns:
                    writer.close()
                # a request waiting for a slot is told so (503); the ones in flight are cut after the grace (the
                # upstream holds them for ever), and so is a connection whose head the busy proxy had not read yet
                # when it stopped (how many depends on the machine's load: the exact split is pinned at a small
                # scale by test_stopping_answers_queued_requests_503_and_lets_in_flight_ones_finish)
                others = [a[:60] for a in answers if a and not (a.startswith(b"HTTP/1.1 503 ") and b"stopping" in a)]
                assert others == [], others

            anyio.run(load)
            err = proc.stderr.read() if proc.stderr else ""
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for pipe in (proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
