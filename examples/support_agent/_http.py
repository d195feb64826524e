"""Shared plumbing of the example's three stdlib HTTP servers.

A JSON request handler base, a request log (so tests can prove which calls reached a
service), and the two ways to run a server: in a background thread for tests, or in the
foreground as ``python -m …`` printing ``listening on http://HOST:PORT`` once it accepts.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

MAX_BODY_BYTES = 1_000_000


class BadRequest(Exception):
    """The request body is unusable; answered with HTTP ``status`` and a JSON error."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class JSONServer(ThreadingHTTPServer):
    """A threading HTTP server that records every request it handles (except ``/__`` paths)."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(address, handler)
        self.requests: list[dict[str, Any]] = []
        self.requests_lock = threading.Lock()

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}"

    def record(self, entry: dict[str, Any]) -> None:
        with self.requests_lock:
            self.requests.append(entry)

    def recorded(self) -> list[dict[str, Any]]:
        with self.requests_lock:
            return list(self.requests)

    def clear_recorded(self) -> None:
        with self.requests_lock:
            self.requests.clear()


class JSONHandler(BaseHTTPRequestHandler):
    """Routes ``GET``/``POST`` to :meth:`route`; every answer is a JSON object."""

    server: JSONServer
    server_version = "support-example/1.0"

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def do_PUT(self) -> None:
        self._dispatch("PUT")

    def do_DELETE(self) -> None:
        self._dispatch("DELETE")

    def route(self, method: str, path: str, query: dict[str, list[str]], body: bytes) -> tuple[int, Any]:
        """Answer one request with ``(status, JSON-serialisable body)``."""
        raise NotImplementedError

    def log_message(self, format: str, *args: Any) -> None:
        """Silent: tests and demos read stdout, and a log line per request is noise there."""

    def _dispatch(self, method: str) -> None:
        parts = urlsplit(self.path)
        try:
            body = self._read_body()
            if not parts.path.startswith("/__"):
                self.server.record({"method": method, "path": parts.path, "query": parts.query,
                                    "body": _decode(body)})
            status, payload = self.route(method, parts.path, parse_qs(parts.query), body)
        except BadRequest as exc:
            status, payload = exc.status, {"error": str(exc)}
        except Exception as exc:  # a handler bug is a 500 with a message, not a dropped connection
            status, payload = 500, {"error": f"internal error: {type(exc).__name__}: {exc}"}
        self.send_json(status, payload)

    def send_json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _read_body(self) -> bytes:
        length = self.headers.get("Content-Length")
        if not length:
            return b""
        try:
            size = int(length)
        except ValueError:
            raise BadRequest(f"Content-Length {length!r} is not a number") from None
        if size > MAX_BODY_BYTES:
            raise BadRequest(f"request body of {size} bytes exceeds the {MAX_BODY_BYTES}-byte limit", 413)
        return self.rfile.read(size)


def json_body(body: bytes) -> dict[str, Any]:
    """The request body as a JSON object, or :class:`BadRequest` saying what is wrong."""
    if not body:
        raise BadRequest("request body is empty; send a JSON object")
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(f"request body is not valid UTF-8 JSON: {exc}") from None
    if not isinstance(value, dict):
        raise BadRequest(f"request body must be a JSON object, got {type(value).__name__}")
    return value


def _decode(body: bytes) -> Any:
    if not body:
        return None
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return body.decode("utf-8", "replace")


def start_in_thread(server: JSONServer) -> tuple[JSONServer, str]:
    """Serve in a daemon thread; stop with ``server.shutdown(); server.server_close()``."""
    # A short poll interval so shutdown() returns quickly (tests start and stop many servers).
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              name=f"serve-{server.url}", daemon=True)
    thread.start()
    return server, server.url


def base_parser(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port to bind; 0 picks a free one (default)")
    return parser


def run_forever(make: Callable[[], JSONServer]) -> int:
    """Bind, announce ``listening on URL`` on stdout, serve until Ctrl-C."""
    server = make()
    sys.stdout.write(f"listening on {server.url}\n")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
