"""A local server that speaks Ollama's native API (and, optionally, its OpenAI-compatible ``/v1``).

Serves on ``127.0.0.1`` and a free port:

* ``POST /api/chat`` — ``{"model", "messages", "stream"}`` → ``{"message": {"role", "content"}, "done": true,
  "done_reason": "stop", …}``; streamed (the default, as in Ollama) as NDJSON: one object per word with
  ``"done": false``, then a final ``"done": true`` object with the counts;
* ``POST /api/generate`` — ``{"model", "prompt", "stream"}`` → ``{"response", "done", …}``, NDJSON likewise;
* ``GET /api/tags``, ``GET /api/version``;
* ``POST /v1/chat/completions`` (JSON only) and ``GET /v1/models`` when ``openai=True``; ``native=False``
  answers 404 on ``/api/*``.

The answer is :attr:`OllamaStub.text`; every request body is kept in :attr:`OllamaStub.requests` as
``(path, body)``. Use as a context manager: ``with OllamaStub(text="hi") as stub: stub.url``.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CREATED_AT = "2025-01-01T00:00:00.000000Z"


class OllamaStub(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(
        self,
        text: str = "The stub model says hello.",
        *,
        native: bool = True,
        openai: bool = False,
        tool_calls: list[tuple[str, dict[str, Any]]] | None = None,
        later: list[str] | None = None,
    ):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.text, self.native, self.openai = text, native, openai
        self.tool_calls = tool_calls
        """``[(name, arguments)]``: /api/chat answers with these tool calls (and no text)."""
        self.later = list(later or [])
        """Texts for the following calls, one each, after :attr:`text` answered the first."""
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._thread = threading.Thread(target=self.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        """The base URL, as upstream configures Ollama (``http://localhost:11434``: no ``/v1``)."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    def paths(self) -> list[str]:
        return [p for p, _ in self.requests]

    def __enter__(self) -> OllamaStub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()
        self._thread.join(5)


def _final(model: str, key: str, text: str, calls: list[tuple[str, dict[str, Any]]] | None = None) -> dict[str, Any]:
    base: dict[str, Any] = {"model": model, "created_at": CREATED_AT, "done": True, "done_reason": "stop"}
    base.update(total_duration=1000, prompt_eval_count=5, eval_count=len(text.split()))
    if key == "message":
        base["message"] = {"role": "assistant", "content": text}
        if calls:
            base["message"]["tool_calls"] = [{"function": {"name": n, "arguments": a}} for n, a in calls]
    else:
        base["response"] = text
    return base


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # head and body are two writes: no 40 ms delayed-ACK wait
    server: OllamaStub

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, body: bytes, ctype: str = "application/json; charset=utf-8") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        if self.server.native and self.path == "/api/tags":
            self._send(200, json.dumps({"models": [{"name": "stub:1b", "model": "stub:1b"}]}).encode())
        elif self.server.native and self.path == "/api/version":
            self._send(200, b'{"version": "0.6.0"}')
        elif self.server.openai and self.path == "/v1/models":
            self._send(200, b'{"object": "list", "data": [{"id": "stub:1b", "object": "model"}]}')
        else:
            self._send(404, b"404 page not found", "text/plain")

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = json.loads(raw or b"{}")
        self.server.requests.append((self.path, body))
        model, text = body.get("model", "stub:1b"), self.server.text
        if self.server.later and self.path.startswith("/api/"):
            self.server.text = self.server.later.pop(0)  # the next call's answer
        if self.path == "/v1/chat/completions" and self.server.openai:
            answer = {"id": "c1", "object": "chat.completion", "created": 1, "model": model, "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}  # fmt: skip
            self._send(200, json.dumps(answer).encode())
            return
        if not self.server.native or self.path not in ("/api/chat", "/api/generate"):
            self._send(404, b"404 page not found", "text/plain")
            return
        key = "message" if self.path == "/api/chat" else "response"
        calls = self.server.tool_calls if key == "message" else None
        if body.get("stream", True) is False:
            self._send(200, json.dumps(ollama_json(model, text, calls, key)).encode())
            return
        lines = [json.dumps(obj) for obj in ollama_lines(model, text, calls, key)]
        payload = ("\n".join(lines) + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for line in payload.splitlines(keepends=True):
            self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")


def ollama_json(model: str, text: str, calls: list[tuple[str, dict[str, Any]]] | None, key: str) -> dict[str, Any]:
    """The JSON answer the stub sends (``key``: ``message`` for /api/chat, ``response`` for /api/generate)."""
    return _final(model, key, "" if calls else text, calls)


def ollama_lines(model: str, text: str, calls: list[tuple[str, dict[str, Any]]] | None, key: str) -> list[Any]:
    """The NDJSON objects of the stub's stream of the same answer."""
    out: list[Any] = []
    for i, word in enumerate(text.split(" ") if text and not calls else []):
        piece = word if i == 0 else " " + word
        chunk: dict[str, Any] = {"model": model, "created_at": CREATED_AT, "done": False}
        chunk.update({"message": {"role": "assistant", "content": piece}} if key == "message" else {"response": piece})
        out.append(chunk)
    if calls:
        line = _final(model, key, "", calls)
        line.update(done=False)
        for k in ("done_reason", "total_duration", "prompt_eval_count", "eval_count"):
            line.pop(k)
        out.append(line)
    out.append(_final(model, key, ""))
    return out
