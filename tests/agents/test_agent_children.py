"""Issue 29 item 16: processes an in-process agent starts and leaves running end with the run, and the run says so.

A child left running holds windtunnel's stdout and stderr: a caller that reads them through a pipe (CI, ``| tee``,
``subprocess.run(capture_output=True)``) waited for that child, not for windtunnel (785 s in the field trial).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.agents.test_process_group import alive
from tests.clirun import wt

AGENT = """
import os, subprocess, sys, time

CHILDREN = []  # kept, so that no Popen object is collected while its process runs (a ResourceWarning)
CODE = "import os, sys, time; open(sys.argv[1], 'w').write(str(os.getpid())); time.sleep(300)"
SLEEPER = [sys.executable, "-c", CODE]

def started(pidfile):
    deadline = time.monotonic() + 60
    while not (os.path.exists(pidfile) and os.path.getsize(pidfile)) and time.monotonic() < deadline:
        time.sleep(0.01)

def spawns(prompt):
    CHILDREN.append(subprocess.Popen([*SLEEPER, f"child-{prompt}.pid"]))  # inherits windtunnel's stdout and stderr
    started(f"child-{prompt}.pid")
    return "ok " + prompt

def spawns_clean_env(prompt):
    # a fresh environment: no variable of windtunnel's reaches this child
    CHILDREN.append(subprocess.Popen([*SLEEPER, f"child-{prompt}.pid"], env={"PATH": os.environ["PATH"]}))
    started(f"child-{prompt}.pid")
    return "ok " + prompt

def detaches(prompt):
    if os.fork() == 0:  # a double fork with setsid: a daemon in a session of its own, its parent gone
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [*SLEEPER, f"child-{prompt}.pid"])
        os._exit(0)
    started(f"child-{prompt}.pid")
    return "ok " + prompt

def captures(prompt):
    # the agent's own subprocess with pipes, whose background grandchild keeps them open
    script = f"{sys.executable} -c 'import time; time.sleep(300)' & echo $! > grandchild-{prompt}.pid; echo hi"
    out = subprocess.run(["sh", "-c", script], capture_output=True, text=True).stdout
    return "ok " + out
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "wt_children.py").write_text(AGENT)
    yield tmp_path
    module = sys.modules.pop("wt_children", None)
    for child in getattr(module, "CHILDREN", []):
        child.kill()
        child.wait()


def pids(project: Path, pattern: str) -> list[int]:
    return [int(p.read_text()) for p in project.glob(pattern) if p.read_text().strip()]


def run(project: Path, endpoint: str, extra: str = "") -> dict[str, object]:
    (project / "c.yaml").write_text(
        f'agent: {{type: python, endpoint: "wt_children:{endpoint}"{extra}}}\ngolden_prompts: [a, b]\n'
    )
    wt("run", "-c", "c.yaml", "--no-mutations", "--no-store", "-q", "-f", "json", "-o", "r.json")
    report: dict[str, object] = json.loads((project / "r.json").read_text())
    return report


@pytest.mark.parametrize("endpoint", ["spawns", "spawns_clean_env", "detaches"])
def test_children_an_agent_leaves_running_are_stopped_with_the_run_and_named(project: Path, endpoint: str) -> None:
    try:
        report = run(project, endpoint)
        left = pids(project, "child-*.pid")
        assert not [p for p in left if alive(p)], "a process the agent started outlived the run"
        notices = "\n".join(str(n) for n in report.get("notices") or [])
        assert "left 2 processes running" in notices and "time.sleep(300)" in notices, notices
    finally:
        for pid in pids(project, "child-*.pid"):
            if alive(pid):
                os.kill(pid, 9)


def test_a_grandchild_holding_the_agents_pipes_is_stopped_with_the_run(project: Path) -> None:
    try:
        report = run(project, "captures", ", timeout: 1000")
        cells = report["cells"]
        assert isinstance(cells, list) and len(cells) == 2
        assert not [p for p in pids(project, "grandchild-*.pid") if alive(p)], "the grandchild outlived the run"
    finally:
        for pid in pids(project, "grandchild-*.pid"):
            if alive(pid):
                os.kill(pid, 9)


def test_a_caller_reading_windtunnels_output_through_a_pipe_is_not_held_by_the_agents_child(project: Path) -> None:
    """The field trial's shape: the CLI in a subprocess with its output captured returns once the run is over."""
    (project / "c.yaml").write_text('agent: {type: python, endpoint: "wt_children:spawns"}\ngolden_prompts: [a]\n')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(project), *sys.path])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "windtunnel", "run", "-c", "c.yaml", "--no-mutations", "--no-store"],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        # the pipes reach end-of-file once every holder is gone: windtunnel and whatever it left running
        out, err = proc.communicate(timeout=120)
        code = proc.returncode
        assert code == 0, err.decode()
        assert b"left 1 process running" in err + out
    finally:
        proc.kill()
        for pid in pids(project, "child-*.pid"):
            if alive(pid):
                os.kill(pid, 9)


def test_replay_stops_what_an_in_process_agent_left_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`replay run` holds the same rule as run, contract run and ci."""
    from tests.conftest import REPO

    pidfile = tmp_path / "child-r.pid"
    (tmp_path / "wt_replay_children.py").write_text(
        AGENT + "\nfrom examples.support_agent.agent import handle as real\n\n"
        f"def handle(prompt):\n    CHILDREN.append(subprocess.Popen([*SLEEPER, {str(pidfile)!r}]))\n"
        f"    started({str(pidfile)!r})\n    return real(prompt)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(REPO)
    example = (REPO / "examples/support_agent/windtunnel.yaml").read_text()
    incident = REPO / "examples/support_agent/incidents/order-status-timeout.yaml"
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        example.replace('"examples.support_agent.agent:handle"', '"wt_replay_children:handle"').replace(
            "file: incidents/order-status-timeout.yaml", f"file: {incident}"
        )
    )
    out = tmp_path / "r.json"
    try:
        monkeypatch.setenv("WINDTUNNEL_STORE", str(tmp_path / "runs.db"))
        code = wt("replay", "run", "-c", str(cfg), "-q", "-f", "json", "-o", str(out))
        err = capsys.readouterr().err
        assert code in (0, 1), err
        left = [int(pidfile.read_text())] if pidfile.exists() else []
        assert left and not [p for p in left if alive(p)], "a process the agent started outlived the replay"
        notices = "\n".join(json.loads(out.read_text()).get("notices") or [])
        assert "left 1 process running" in notices, notices
    finally:
        if pidfile.exists() and alive(int(pidfile.read_text())):
            os.kill(int(pidfile.read_text()), 9)
        module = sys.modules.pop("wt_replay_children", None)
        for child in getattr(module, "CHILDREN", []):
            child.kill()
            child.wait()
