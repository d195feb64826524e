"""An HTTP agent windtunnel does not launch, which stops answering: it answers ``K`` prompts, then exits.

``python stopping_agent.py PORT K``: POST /invoke (a JSON body) and GET /invoke?prompt=... answer
``{"output": ...}``; a GET without a prompt (the reachability probe) answers 200 and is not counted.
After the K-th answer the process exits: nothing accepts connections at PORT any more.
"""

from __future__ import annotations

import json
import sys
from http.server import HTTPServer
from urllib.parse import parse_qs, urlsplit

from json_handler import JsonHandler  # beside this script (run as `python <script>`)

answered = 0


class Handler(JsonHandler):
    def _answer(self, prompt: str) -> None:
        global answered
        answered += 1
        self._send(json.dumps({"output": f"answer to {prompt}"}).encode())

    def do_GET(self) -> None:
        prompt = parse_qs(urlsplit(self.path).query).get("input")
        if not prompt:
            self._send(b"{}")
            return
        self._answer(prompt[0])

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        self._answer(json.loads(body or b"{}").get("input", ""))


def main() -> None:
    port, k = int(sys.argv[1]), int(sys.argv[2])
    server = HTTPServer(("127.0.0.1", port), Handler)
    print("listening", flush=True)
    while answered < k:
        server.handle_request()
    server.server_close()


if __name__ == "__main__":
    main()
