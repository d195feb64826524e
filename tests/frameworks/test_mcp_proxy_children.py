"""Issue 29 item 16: `proxy mcp` does not wait for the pipes of a server's process tree once the server is gone.

An MCP server that starts a helper which inherits its stdout and stderr, then exits, left the proxy reading
those pipes until the helper ended: the agent's MCP client waited on a proxy that never exited.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.agents.test_process_group import alive

SERVER = """
import json, os, subprocess, sys
helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])  # holds our stdout and stderr
open(sys.argv[1], "w").write(str(helper.pid))
for line in sys.stdin:
    msg = json.loads(line)
    if "id" in msg:
        print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": []}}), flush=True)
os._exit(0)  # the client closed: the server ends, its helper does not
"""


def test_a_server_whose_helper_holds_its_pipes_does_not_keep_the_proxy_running(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(SERVER)
    pidfile = tmp_path / "helper.pid"
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\nchaos:\n  tool_faults: [{tool: x, mode: error}]\n"
    )
    request = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}\n'
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "windtunnel", "proxy", "mcp", "-c", str(cfg), "--seed", "1"]
            + ["--server-command", f"{sys.executable} {tmp_path / 'server.py'} {pidfile}"],
            input=request,
            capture_output=True,
            text=True,
            timeout=90,  # the helper sleeps 300 s: a proxy that waits for its pipes times out here
            cwd=tmp_path,
        )
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout.splitlines()[0])["id"] == 1  # the answer was relayed before the stop
        assert "still holding its output" in proc.stderr and "time.sleep(300)" in proc.stderr, proc.stderr
        assert not alive(int(pidfile.read_text())), "the server's helper outlived the proxy"
    finally:
        if pidfile.exists() and alive(int(pidfile.read_text())):
            os.kill(int(pidfile.read_text()), 9)
