"""An HTTP agent that answers ``K`` prompts, writes to stderr and exits with code 7.

``python dying_agent.py PORT K [NOISE] [--code N] [--helper PIDFILE]``: POST /invoke answers
``{"output": ...}``; any GET (reachability) answers 200, and so does POST /reset (not counted). After the K-th
answer it writes NOISE lines of chatter to stderr, then the fatal line, and exits (with code N, 7 by default).
With ``--helper`` it first starts a helper process that stays in its process group, holds its stdout and
stderr and outlives it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from http.server import HTTPServer

from json_handler import JsonHandler  # beside this script (run as `python <script>`)

answered = 0


class Handler(JsonHandler):
    def do_GET(self) -> None:
        self._send(b"{}")

    def do_POST(self) -> None:
        global answered
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        if self.path == "/reset":
            self._send(b"{}")
            return
        prompt = json.loads(body or b"{}").get("input", "")
        answered += 1
        self._send(json.dumps({"output": f"answer {answered} to {prompt}"}).encode())


def main() -> None:
    port, k = int(sys.argv[1]), int(sys.argv[2])
    noise = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    if "--helper" in sys.argv:
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
        with open(sys.argv[sys.argv.index("--helper") + 1], "w") as f:
            f.write(str(helper.pid))
    code = int(sys.argv[sys.argv.index("--code") + 1]) if "--code" in sys.argv else 7
    server = HTTPServer(("127.0.0.1", port), Handler)
    while answered < k:
        server.handle_request()
    server.server_close()
    for i in range(noise):
        sys.stderr.write(f"chatter line {i}\n")
    sys.stderr.write(f"fatal: model quota exhausted after {k} prompts\n")
    sys.stderr.flush()
    sys.exit(code)


if __name__ == "__main__":
    main()
