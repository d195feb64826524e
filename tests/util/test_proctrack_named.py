"""What the run says an agent left running: only processes still there when named (a process found on its way out,
such as the middle of a double fork, is not counted)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import anyio
import pytest

from windtunnel._util import proctrack

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")


def _zombie() -> subprocess.Popen[bytes]:
    """A child of this process that has exited and is not reaped yet."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    for _ in range(1000):
        if proctrack._zombie(proctrack._PROC / str(child.pid)):
            return child
        time.sleep(0.01)
    raise AssertionError("the child never became a zombie")


def test_a_process_gone_by_the_time_it_is_named_is_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    gone = _zombie()
    dead = gone.pid
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    for _ in range(1000):  # its command line is there once it runs
        if "sleep" in proctrack.command_line(live.pid):
            break
        time.sleep(0.01)
    try:
        tracker = proctrack.LeftBehind(grace=0.5)
        calls = iter([[dead, live.pid]])  # listed while both were there; then only the live one is found
        monkeypatch.setattr(tracker, "find", lambda: next(calls, [p for p in [live.pid] if live.poll() is None]))
        notice = anyio.run(tracker.stop)
        assert notice is not None
        assert "left 1 process running" in notice and f"pid {live.pid}" in notice
        assert f"pid {dead}" not in notice
        live.wait(timeout=10)  # stopped by the tracker
    finally:
        if live.poll() is None:
            live.kill()
            live.wait()
        gone.wait()


def test_nothing_is_said_when_every_process_found_was_on_its_way_out(monkeypatch: pytest.MonkeyPatch) -> None:
    gone = _zombie()
    dead = gone.pid
    try:
        tracker = proctrack.LeftBehind(grace=0.2)
        calls = iter([[dead]])
        monkeypatch.setattr(tracker, "find", lambda: next(calls, []))
        assert anyio.run(tracker.stop) is None
    finally:
        gone.wait()
