"""Fixtures for mutation tests: a local HTTP server that records exactly what it received."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

import windtunnel.mutations.builtin  # noqa: F401  (registers the built-in types)


@dataclass
class Received:
    method: str
    path: str
    headers: list[tuple[str, str]]
    body: bytes
    chunked: bool
    started: float
    piece_times: list[float] = field(default_factory=list)
    """Arrival time of each piece of the body as the socket delivered it."""
    finished: float = 0.0

    def header(self, name: str) -> list[str]:
        return [v for k, v in self.headers if k.lower() == name.lower()]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # head and body are two writes: no 40 ms delayed-ACK wait
    server: _RecordingServer

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):
            return self._handle
        raise AttributeError(name)

    def _read_exact(self, n: int, times: list[float]) -> bytes:
        out = bytearray()
        while len(out) < n:
            piece = self.rfile.read1(n - len(out))
            if not piece:
                break
            times.append(time.monotonic())
            out += piece
        return bytes(out)

    def _handle(self) -> None:
        started = time.monotonic()
        times: list[float] = []
        chunked = "chunked" in (self.headers.get("Transfer-Encoding") or "").lower()
        if chunked:
            body = bytearray()
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                body += self._read_exact(size, times)
                self.rfile.readline()
            raw = bytes(body)
        else:
            raw = self._read_exact(int(self.headers.get("Content-Length") or 0), times)
        rec = Received(
            self.command,
            self.path,
            list(self.headers.items()),
            raw,
            chunked,
            started,
            times,
            time.monotonic(),
        )
        srv = self.server
        with srv.cond:
            srv.received.append(rec)
            n = len(srv.received)
            srv.in_flight += 1
            srv.max_in_flight = max(srv.max_in_flight, srv.in_flight)
            srv.cond.notify_all()
            # Hold each request until `hold_for` are in flight together (or 5 s pass): a sequential
            # client can never get there, a concurrent burst gets there at once.
            if srv.in_flight >= srv.hold_for:
                srv.released = True
            srv.cond.wait_for(lambda: srv.released, timeout=5)
        try:
            doc = json.loads(raw) if raw else {}
            echo = doc.get("input", doc.get("prompt"))
        except (ValueError, RecursionError, AttributeError):
            echo = None
        payload = json.dumps({"output": f"reply {n}", "bytes": len(raw), "echo": echo}).encode()
        self.send_response(self.server.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)
        with srv.cond:
            srv.in_flight -= 1


class _RecordingServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # a burst of simultaneous connects must not overflow the listen backlog

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.received: list[Received] = []
        self.cond = threading.Condition()
        self.status = 200
        self.hold_for = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.released = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


@pytest.fixture
def recording_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[_RecordingServer]:
    # The stdlib parser rejects > 100 headers and 64 KiB lines; the test server must record them instead.
    monkeypatch.setattr(http.client, "_MAXHEADERS", 10_000)
    monkeypatch.setattr(http.client, "_MAXLINE", 1 << 20)
    server = _RecordingServer()
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
