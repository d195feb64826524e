"""Local servers for the proxy tests: a tool service and an OpenAI-compatible stub upstream."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

STUB_ANSWER = "Your order has shipped and will arrive within two business days. Anything else I can do?"


class Recorder:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def add(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.requests.append(entry)

    def paths(self) -> list[str]:
        with self.lock:
            return [r["path"] for r in self.requests]


class _Server(ThreadingHTTPServer):
    request_queue_size = 128
    daemon_threads = True


class _Quiet(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(handler: type[BaseHTTPRequestHandler]) -> Iterator[tuple[ThreadingHTTPServer, int]]:
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@contextmanager
def tool_service() -> Iterator[tuple[Recorder, str]]:
    """``GET /lookup?order=N`` and ``GET /weather``; every request is recorded."""
    rec = Recorder()

    class Handler(_Quiet):
        def do_GET(self) -> None:
            url = urlsplit(self.path)
            rec.add({"path": url.path, "query": parse_qs(url.query)})
            if url.path == "/lookup":
                order = parse_qs(url.query).get("order", ["?"])[0]
                body: Any = {"order_id": order, "status": "shipped", "note": "Left the warehouse."}
            elif url.path == "/weather":
                body = {"city": "Paris", "forecast": "sunny"}
            else:
                self.send_response(404)
                self.end_headers()
                return
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    with serve(Handler) as (_, port):
        yield rec, f"http://127.0.0.1:{port}"


def _chunks(text: str) -> list[dict[str, Any]]:
    out = [
        {
            "id": "s",
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}],
        }
    ]
    for word in text.split(" "):
        out.append(
            {
                "id": "s",
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {"content": word + " "}, "finish_reason": None}],
            }
        )
    out.append(
        {
            "id": "s",
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
        }
    )
    return out


@contextmanager
def llm_upstream() -> Iterator[tuple[Recorder, str]]:
    """A stub OpenAI-compatible model: records each chat request; streams when asked."""
    rec = Recorder()

    class Handler(_Quiet):
        def do_GET(self) -> None:
            rec.add({"path": self.path})
            data = json.dumps({"object": "list", "data": [{"id": "stub-model"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            rec.add({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
            if body.get("stream"):
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for c in _chunks(STUB_ANSWER):
                    self.wfile.write(f"data: {json.dumps(c)}\n\n".encode())
                    self.wfile.flush()
                self.wfile.write(b"data: [DONE]\n\n")
                return
            data = json.dumps(
                {
                    "id": "cmpl",
                    "object": "chat.completion",
                    "model": body.get("model"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": STUB_ANSWER},
                            "finish_reason": "stop",
                        }
                    ],
                }
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    with serve(Handler) as (_, port):
        yield rec, f"http://127.0.0.1:{port}/v1"
