"""An agent whose async SDK client is made once, at import, works in every run of the process (QA-8 F8-13).

``AsyncOpenAI()`` at module level binds its connection pool to the event loop of its first request; a
runner that closes its loop after each run broke the second run (the next ``ci`` phase, a second
``windtunnel.run()``, the second pytest test) with ``RuntimeError: Event loop is closed``.
"""

from __future__ import annotations

import json
import sys
import textwrap
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import windtunnel

AGENT = textwrap.dedent(
    """
    import os

    import openai

    client = openai.AsyncOpenAI(base_url=os.environ["WT_KEEPALIVE_URL"], api_key="test-key", max_retries=0)


    async def handle(prompt: str) -> str:
        reply = await client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
        return reply.choices[0].message.content or ""
    """
)


class _KeepAlive(BaseHTTPRequestHandler):
    """A chat-completions endpoint that keeps its connections open (HTTP/1.1), as real APIs do: the
    client's pool then holds a connection made on the first run's loop."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # head and body are two writes: no 40 ms delayed-ACK wait

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        body = json.dumps(
            {
                "id": "c1",
                "object": "chat.completion",
                "created": 0,
                "model": "m",
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": "Hello!"}, "finish_reason": "stop"}
                ],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def keepalive(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _KeepAlive)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    monkeypatch.setenv("WT_KEEPALIVE_URL", url)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keepalive: str) -> Iterator[Path]:
    (tmp_path / "kept_loop_agent.py").write_text(AGENT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "kept_loop_agent", raising=False)
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'kept_loop_agent:handle'}\n"
        "golden_prompts: ['Hello there', 'Where is my order 42?']\n"
        "invariants: [{type: contains, value: 'Hello'}]\n"
    )
    yield cfg
    agent = sys.modules.get("kept_loop_agent")
    if agent is not None:  # close its pooled connections on the loop they live on
        from windtunnel._util.aioloop import run_async

        run_async(agent.client.close)
        del sys.modules["kept_loop_agent"]


def _errors(outcome: windtunnel.Outcome) -> list[str]:
    return [str(c.get("error")) for c in outcome.iter_cells() if c.get("error")]


def test_a_module_level_async_client_works_in_every_run_of_the_process(config: Path) -> None:
    for _ in range(3):
        outcome = windtunnel.run(config, use_store=False, mutations=False)
        assert not _errors(outcome), _errors(outcome)
        assert outcome.cell_count == 2 and outcome.score == 100
