"""A launched agent dies with windtunnel, even with ``kill -9`` (QA-13 minor 4): the watchdog stops it, its port is
free again, and the run id that ``-q`` prints at the start resumes the run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tests.agents.test_process_group import alive
from tests.conftest import eventually
from tests.ports import free_port

REPO = Path(__file__).resolve().parents[2]

AGENT = """
import json, os, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
open(sys.argv[2] + ".tmp", "w").write(str(os.getpid())); os.replace(sys.argv[2] + ".tmp", sys.argv[2])
class H(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.send_header("content-length", "2"); self.end_headers(); self.wfile.write(b"ok")
    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        if os.path.exists(sys.argv[3]):
            time.sleep(0.3)
        body = json.dumps({"output": "fine"}).encode()
        self.send_response(200); self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def log_message(self, *a): pass
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
"""


def _windtunnel(tmp: Path, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), os.environ.get("PYTHONPATH", "")])}
    env.pop("WINDTUNNEL_STORE", None)
    return subprocess.Popen(
        [sys.executable, "-m", "windtunnel", *args], cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not Path("/proc").is_dir(), reason="needs POSIX and /proc")
def test_kill_9_takes_the_launched_agent_along_and_the_printed_run_resumes(tmp_path: Path) -> None:
    port = free_port()
    (tmp_path / "agent.py").write_text(AGENT)
    slow, pidfile = tmp_path / "slow.flag", tmp_path / "agent.pid"
    slow.write_text("1")
    cfg = {
        "version": "2.0",
        "agent": {
            "type": "http",
            "endpoint": f"http://127.0.0.1:{port}/chat",
            "command": f"python agent.py {port} {pidfile} {slow}",
            "timeout": 5000,
        },
        "golden_prompts": [f"question number {i}" for i in range(8)],
        "invariants": [{"type": "output_not_empty"}],
        "advanced": {"concurrency": 1},
    }
    (tmp_path / "slow.yaml").write_text(yaml.safe_dump(cfg))
    run = _windtunnel(tmp_path, "run", "-c", "slow.yaml", "--seed", "1", "--no-mutations", "-q")
    assert run.stderr is not None
    line = run.stderr.readline().decode()  # -q: the run id comes first, before any cell
    assert line.startswith("run id "), line
    run_id = line.split()[2]
    assert f"windtunnel run -c slow.yaml --resume {run_id}" in line
    assert eventually(pidfile.exists)
    agent = int(pidfile.read_text())
    time.sleep(0.5)  # some cells under way (not asserted on: the resume below runs what is left, whatever that is)
    run.send_signal(signal.SIGKILL)
    run.communicate(timeout=60)
    try:
        assert eventually(lambda: not alive(agent)), "the launched agent outlived windtunnel's kill -9"
    finally:
        if alive(agent):  # the test's own leftover: never leave it running
            os.kill(agent, signal.SIGKILL)

    slow.unlink()
    resumed = _windtunnel(tmp_path, "run", "-c", "slow.yaml", "--resume", run_id, "-q")
    _, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err.decode()  # the port was free: the agent launched again
    assert "already in use" not in err.decode()
