"""The HTTP side shared by the agents in this folder that run on their own (``python <agent>.py PORT``).

``POST /invoke`` with a JSON body is answered with what the agent's ``reply`` returns, as JSON; ``POST /reset``
and ``GET`` (a health check) with ``{"ok": true}``. Threaded, quiet (no request log on stderr), bound to 127.0.0.1.
The agents import it as a sibling module: they are started as scripts, so their own folder is on ``sys.path``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def serve(port: int, reply: Callable[[dict[str, Any]], Any]) -> None:
    """Answer ``POST /invoke`` with ``reply(body)`` on 127.0.0.1:``port`` until the process is stopped."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _send(self, obj: Any) -> None:
            data = json.dumps(obj).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if self.path.startswith("/reset"):
                self._send({"ok": True})
                return
            self._send(reply(json.loads(body or b"{}")))

        def do_GET(self) -> None:
            self._send({"ok": True})

    class Server(ThreadingHTTPServer):
        daemon_threads = True

    Server(("127.0.0.1", port), Handler).serve_forever()
