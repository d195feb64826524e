"""An HTTP agent on the real openai SDK, run as its own process: ``python sdk_http_agent.py PORT``.

``POST /invoke {"prompt": "...", "stream": bool}`` → one model call through ``openai.OpenAI()`` (which
reads ``OPENAI_BASE_URL`` from the environment, as launched agents do) and ``{"output": text}``, or
``{"output": "ERROR <exception class>", "attempts": n}`` when the SDK raises.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import openai

CLIENT = openai.OpenAI(api_key="sk-test", max_retries=2, timeout=5.0)


def answer(prompt: str, stream: bool) -> dict[str, Any]:
    try:
        res = CLIENT.chat.completions.create(
            model="stub-model", messages=[{"role": "user", "content": prompt}], stream=stream
        )
        if stream:
            return {"output": "".join((c.choices[0].delta.content or "") for c in res if c.choices)}
        return {"output": res.choices[0].message.content}
    except Exception as err:
        return {"output": f"ERROR {type(err).__module__}.{type(err).__name__}"}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._send({"ok": True})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        self._send(answer(body["prompt"], bool(body.get("stream"))))

    def _send(self, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
