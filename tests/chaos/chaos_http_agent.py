"""An HTTP agent run as its own process: ``python chaos_http_agent.py PORT``.

``POST /invoke {"input": "order 7"}`` → it calls its tool service (``TOOLS_URL``) for ``/lookup`` and
``/weather`` through whatever ``HTTP_PROXY`` says, asks its model at ``OPENAI_BASE_URL`` when set, and
answers ``{"output": ...}`` with a fallback sentence for every failed call (with ``AGENT_MODE=defect``, a failed
lookup is answered as if the order had shipped; with ``AGENT_MODE=err500``, it fails the turn with a 500).
"""

from __future__ import annotations

import json
import os
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

TOOLS_URL = os.environ["TOOLS_URL"]
DEFECT = os.environ.get("AGENT_MODE") == "defect"
CRASH = os.environ.get("AGENT_MODE") == "err500"
CLIENT = httpx.Client(timeout=10.0)  # trust_env: HTTP_PROXY / NO_PROXY from the environment


def answer(prompt: str) -> str:
    order = (re.findall(r"\d+", prompt) or ["0"])[0]
    parts = []
    try:
        r = CLIENT.get(f"{TOOLS_URL}/lookup", params={"order": order})
        r.raise_for_status()
        parts.append(f"order {r.json()['order_id']} is {r.json()['status']}")
    except (httpx.HTTPError, ValueError, KeyError) as err:
        if CRASH:  # the retry tests: a failed lookup fails the whole turn with a 500
            raise
        if DEFECT:  # the planted defect of the replay tests: a failed lookup answered from thin air
            parts.append(f"order {order} is shipped")
        else:
            parts.append(f"FALLBACK lookup failed ({getattr(getattr(err, 'response', None), 'status_code', err)})")
    try:
        r = CLIENT.get(f"{TOOLS_URL}/weather")
        r.raise_for_status()
        parts.append(f"weather {r.json()['forecast']}")
    except (httpx.HTTPError, ValueError, KeyError) as err:
        parts.append(f"FALLBACK weather failed ({err})")
    base = os.environ.get("OPENAI_BASE_URL")
    if base:
        try:
            r = CLIENT.post(
                f"{base}/chat/completions",
                json={"model": "stub-model", "messages": [{"role": "user", "content": prompt}]},
                headers={"Authorization": "Bearer test-key"},
            )
            r.raise_for_status()
            parts.append("model: " + r.json()["choices"][0]["message"]["content"])
        except httpx.HTTPStatusError as err:
            parts.append(f"FALLBACK model {err.response.status_code}")
    return "; ".join(parts)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        try:
            data = json.dumps({"output": answer(body.get("input", body.get("prompt", "")))}).encode()
        except httpx.HTTPError as err:
            data = json.dumps({"error": str(err)}).encode()
            self.send_response(500)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")


class Server(ThreadingHTTPServer):
    request_queue_size = 128
    daemon_threads = True


if __name__ == "__main__":
    Server(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
