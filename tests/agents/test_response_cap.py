"""agent.max_response_bytes: an oversize or endless answer is a `too_large` cell, never read in full."""

from __future__ import annotations

import socket
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import anyio
import httpx
import pytest

from windtunnel._util.errors import AgentCrashed, AgentResponseTooLarge, AgentUnreachableError
from windtunnel.agents.http import HttpAgent
from windtunnel.agents.openai_chat import OpenAIChatAgent
from windtunnel.agents.python import PythonAgent
from windtunnel.config.agent import (
    DEFAULT_MAX_RESPONSE_BYTES,
    HttpAgentConfig,
    LangchainAgentConfig,
    OpenAIChatAgentConfig,
    PythonAgentConfig,
)
from windtunnel.engine.cells import OUTPUT_DISPLAY_LIMIT, Cell
from windtunnel.engine.runner import CellRunner
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec

CAP = 64 * 1024


class RawServer:
    """Answers every request on 127.0.0.1 with ``mode``: an endless chunked body, a declared huge body, or a
    body without length that streams until the client gives up (50 times the cap at most)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        self.sock.settimeout(0.1)
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(5)
            data = b""
            while b"\r\n\r\n" not in data:
                got = conn.recv(65536)
                if not got:
                    return
                data += got
            head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
            if self.mode == "chunked":
                head += b"transfer-encoding: chunked\r\n\r\n"
            elif self.mode == "declared":
                head += b"content-length: 200000000\r\n\r\n"
            else:
                head += b"connection: close\r\n\r\n"
            block = b"A" * 16384
            piece = f"{len(block):x}\r\n".encode() + block + b"\r\n" if self.mode == "chunked" else block
            sent = 0
            try:
                conn.sendall(head)
                while not self.stop.is_set() and sent < 50 * CAP:  # "endless" from the client's view
                    conn.sendall(piece)
                    sent += len(piece)
            except OSError:
                return

    def __enter__(self) -> RawServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.sock.close()


@pytest.fixture(params=["chunked", "declared", "to-eof"])
def flood(request: pytest.FixtureRequest) -> Iterator[RawServer]:
    with RawServer(request.param) as srv:
        yield srv


def test_default_cap_is_set() -> None:
    assert HttpAgentConfig(endpoint="http://x").max_response_bytes == DEFAULT_MAX_RESPONSE_BYTES


def test_http_agent_oversize_answer_is_too_large(flood: RawServer) -> None:
    cfg = HttpAgentConfig(endpoint=flood.url, max_response_bytes=CAP, timeout=10000)

    async def main() -> None:
        async with HttpAgent(cfg) as a:
            await a.invoke("hi")

    with pytest.raises(AgentResponseTooLarge) as info:
        anyio.run(main)
    assert info.value.kind == "too_large"
    assert "max_response_bytes" in str(info.value)


def test_transport_mutation_path_is_capped_too(flood: RawServer) -> None:
    """Transport mutations send through the httpx shards, not the lean transport: the same cap applies."""
    cfg = HttpAgentConfig(endpoint=flood.url, max_response_bytes=CAP, timeout=10000)

    class PassThrough:
        async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
            return await client.send(request)

    async def main() -> None:
        async with HttpAgent(cfg) as a:
            await a.invoke("hi", transport=PassThrough())

    with pytest.raises(AgentResponseTooLarge):
        anyio.run(main)


def test_openai_chat_agent_is_capped(flood: RawServer) -> None:
    cfg = OpenAIChatAgentConfig(base_url=flood.url, model="m", max_response_bytes=CAP, timeout=10000)

    async def main() -> None:
        async with OpenAIChatAgent(cfg) as a:
            await a.invoke("hi")

    with pytest.raises(AgentResponseTooLarge):
        anyio.run(main)


@pytest.fixture
def py_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "wt_cap_agent.py").write_text(
        textwrap.dedent(
            """
            def huge(prompt): return "B" * 300_000
            def long(prompt): return "C" * 150_000
            def own_timeout(prompt): raise TimeoutError("upstream db timed out")
            class NotRunnable: pass
            not_runnable = NotRunnable()
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "wt_cap_agent"
    sys.modules.pop("wt_cap_agent", None)


def test_python_agent_output_over_the_cap_is_too_large(py_module: str) -> None:
    async def main() -> None:
        async with PythonAgent(PythonAgentConfig(endpoint=f"{py_module}:huge", max_response_bytes=CAP)) as a:
            await a.invoke("hi")

    with pytest.raises(AgentResponseTooLarge) as info:
        anyio.run(main)
    # QA-28: the message compared 300,000 characters with the cap in bytes
    assert (
        f"at least 300,000 bytes in UTF-8 (300,000 characters), more than agent.max_response_bytes ({CAP:,} bytes)"
        in str(info.value)
    )


def test_agents_own_timeout_error_is_agent_exception_not_the_harness_deadline(py_module: str) -> None:
    async def main() -> None:
        async with PythonAgent(PythonAgentConfig(endpoint=f"{py_module}:own_timeout")) as a:
            await a.invoke("hi")

    with pytest.raises(AgentCrashed) as info:
        anyio.run(main)
    assert info.value.kind == "agent_exception"
    assert "TimeoutError: upstream db timed out" in str(info.value)


def test_langchain_object_without_invoke_is_a_clear_error(py_module: str) -> None:
    async def main() -> None:
        async with PythonAgent(LangchainAgentConfig(endpoint=f"{py_module}:not_runnable")):
            pass

    with pytest.raises(AgentUnreachableError, match="no invoke"):
        anyio.run(main)


def test_stored_output_is_clipped_with_marker_and_full_length(py_module: str) -> None:
    class EndsWithC(InvariantSpec):
        type: Literal["ends_with_c"] = "ends_with_c"

        def check(self, ctx: CheckContext) -> CheckResult:
            return CheckResult(ctx.output == "C" * 150_000, "the full answer")

    inv = EndsWithC()

    async def main() -> tuple[str | None, bool]:
        async with PythonAgent(PythonAgentConfig(endpoint=f"{py_module}:long")) as a:
            result = await CellRunner(a, [inv], reset=False)(Cell(id="c", kind="golden", input="hi"))
            return result.output, result.passed

    output, passed = anyio.run(main)
    assert passed  # the check saw the whole answer
    assert output is not None and len(output) < OUTPUT_DISPLAY_LIMIT + 100
    assert output.startswith("C" * 1000) and "150,000" in output and "truncated" in output


def test_tool_proxy_relays_no_answer_over_its_cap() -> None:
    """To transform a tool's answer the proxy must buffer it: a flood is then a 502, never read in full.

    (An answer with no transform planned streams through as it arrives, and is never buffered.)
    """
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.proxy import ToolProxy
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.config.load import parse_config

    def plan_for(url: str) -> FaultPlan:
        cfg = parse_config(
            'agent: {endpoint: "http://127.0.0.1:1/x"}\n'
            f"chaos:\n  tool_faults: [{{tool: lookup, match_url: '{url}/lookup*', mode: truncated}}]\n"
        )
        return FaultPlan(ChaosSpec.resolve(cfg.chaos), seed=1, key="scenario")

    async def main(url: str) -> httpx.Response:
        plan = plan_for(url)
        async with ToolProxy(lambda: plan, max_body=CAP) as proxy:  # noqa: SIM117 (proxy.url needed)
            async with httpx.AsyncClient(proxy=proxy.url, trust_env=False, timeout=10) as client:
                return await client.get(f"{url}/lookup")

    for mode in ("chunked", "declared", "to-eof"):
        with RawServer(mode) as srv:
            resp = anyio.run(main, srv.url)
        assert resp.status_code == 502 and "too large" in resp.text, mode
