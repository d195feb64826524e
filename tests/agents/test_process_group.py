"""Issue 18 item 5: an agent.command that daemonises is still ended with windtunnel."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import httpx

from tests.conftest import eventually
from tests.ports import free_port
from windtunnel.agents.process import AgentProcess
from windtunnel.config.agent import HttpAgentConfig

SERVER = """
import http.server, os, sys
pidfile, port = sys.argv[1], int(sys.argv[2])
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.send_header("content-length", "2"); self.end_headers(); self.wfile.write(b"ok")
    def log_message(self, *a): pass
srv = http.server.HTTPServer(("127.0.0.1", port), H)
open(pidfile + ".tmp", "w").write(str(os.getpid())); os.replace(pidfile + ".tmp", pidfile)
srv.serve_forever()
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")


def test_daemonising_command_is_served_and_its_server_stopped(tmp_path: Path) -> None:
    port = free_port()
    server = tmp_path / "server.py"
    server.write_text(SERVER)
    pidfile = tmp_path / "server.pid"
    # the shell starts the server in the background and exits 0 as soon as it listens: a daemonising command
    command = f"{sys.executable} {server} {pidfile} {port} & while [ ! -s {pidfile} ]; do sleep 0.05; done; exit 0"
    cfg = HttpAgentConfig(endpoint=f"http://127.0.0.1:{port}/", command=["sh", "-c", command])

    async def main() -> tuple[int, int | None]:
        async with AgentProcess(cfg, stop_timeout=2) as proc:
            assert proc.proc is not None
            while proc.proc.poll() is None:  # the leader exits; its server is the agent
                await anyio.sleep(0.02)
            async with httpx.AsyncClient(trust_env=False) as client:
                status = (await client.get(cfg.endpoint)).status_code
            return status, proc.exited()

    status, exited = anyio.run(main)
    assert status == 200 and exited is None, "a daemonised server that serves is not an exited agent"
    pid = int(pidfile.read_text())
    assert eventually(lambda: not alive(pid)), "the daemonised server outlived windtunnel"


DETACHER = """
import os, sys, time
pidfile = sys.argv[1]
if os.fork() == 0:  # a double fork with setsid: a daemon in a session (and process group) of its own
    os.setsid()
    if os.fork() == 0:
        open(pidfile + ".tmp", "w").write(str(os.getpid())); os.replace(pidfile + ".tmp", pidfile)
        time.sleep(300)
    os._exit(0)
"""


def test_descendants_that_left_the_process_group_are_stopped_with_the_agent(tmp_path: Path) -> None:
    """Issue 29 item 16: setsid and a double fork escape the process group; the inherited tag does not."""
    port = free_port()
    (tmp_path / "server.py").write_text(SERVER)
    (tmp_path / "detach.py").write_text(DETACHER)
    pidfile, daemon = tmp_path / "server.pid", tmp_path / "daemon.pid"
    py = sys.executable
    command = f"{py} {tmp_path / 'detach.py'} {daemon}; exec {py} {tmp_path / 'server.py'} {pidfile} {port}"
    cfg = HttpAgentConfig(endpoint=f"http://127.0.0.1:{port}/", command=["sh", "-c", command])

    async def main() -> tuple[int, int]:
        async with AgentProcess(cfg, stop_timeout=2) as agent, httpx.AsyncClient(trust_env=False) as client:
            status = (await client.get(cfg.endpoint)).status_code
            assert eventually(daemon.exists), "the daemon never started"
            pid = int(daemon.read_text())
            assert agent.proc is not None and os.getpgid(pid) != agent.proc.pid  # it left the group
            return status, pid

    status, pid = anyio.run(main)
    try:
        assert status == 200
        assert eventually(lambda: not alive(pid)), "the detached daemon outlived windtunnel"
    finally:
        if alive(pid):
            os.kill(pid, 9)
