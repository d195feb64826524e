"""The request handler the test agents in this folder share (they run as scripts: ``python dying_agent.py``)."""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler


class JsonHandler(BaseHTTPRequestHandler):
    """Silent; :meth:`_send` answers 200 with a JSON body."""

    def log_message(self, *args: object) -> None:
        pass

    def _send(self, payload: bytes) -> None:
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)
