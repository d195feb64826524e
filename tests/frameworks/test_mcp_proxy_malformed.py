"""Issue 29 item 17: `proxy mcp` over stdio answers malformed client messages with JSON-RPC errors, never dies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SERVER = """
import json, sys
for line in sys.stdin:  # answers every request it is sent with a JSON-RPC error, as a strict server would
    msg = json.loads(line)
    if "id" in msg:
        print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32602, "message": "bad params"}}))
        sys.stdout.flush()
"""


def test_malformed_client_messages_are_answered_and_the_proxy_lives_on(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(SERVER)
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\nchaos:\n  tool_faults: [{tool: x, mode: error}]\n"
    )
    lines = [
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "a string"}',
        "not json",
        "[1, 2]",
        '"a string"',
        '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "x", "arguments": {}}}',
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "windtunnel", "proxy", "mcp", "-c", str(cfg), "--seed", "1"]
        + ["--server-command", f"{sys.executable} {tmp_path / 'server.py'}"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    by_id = {a["id"]: a for a in answers if a["id"] is not None}
    assert by_id[1]["error"]["code"] == -32602  # the server's own answer to params that are not an object
    assert by_id[2]["result"]["isError"] is True  # the fault still fires on the next call
    anonymous = sorted(a["error"]["code"] for a in answers if a["id"] is None)
    assert anonymous == [-32700, -32600, -32600], answers
