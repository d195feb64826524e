"""With stderr not a terminal, a long run still shows a sign of life: a plain progress line every
``WINDTUNNEL_PROGRESS_SECONDS`` (QA-13 minor 14), even while no cell completes; never with ``-q``."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

from tests.clirun import wt
from windtunnel.cli._progress import Progress

AGENT = """
import heartbeat_gate

def agent(prompt):
    heartbeat_gate.BEAT.wait(timeout=60)  # answers only once a progress line was printed (none: after 60 s)
    return "fine answer"
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    for name in ("heartbeat_gate", "slow_agent"):  # each test imports its own (a fresh, unset gate)
        monkeypatch.delitem(sys.modules, name, raising=False)
    (tmp_path / "heartbeat_gate.py").write_text("import threading\nBEAT = threading.Event()\n")
    (tmp_path / "slow_agent.py").write_text(AGENT)
    cfg = {
        "version": "2.0",
        "agent": {"type": "python", "endpoint": "slow_agent:agent"},
        "golden_prompts": ["where is my order?"],
        "invariants": [{"type": "output_not_empty"}],
    }
    (tmp_path / "windtunnel.yaml").write_text(yaml.safe_dump(cfg))
    return tmp_path


def _gate(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import heartbeat_gate  # the project's module, importable once the fixture put it on the path

    said: list[str] = []
    real = Progress.say

    def say(self: Progress, text: str) -> None:
        real(self, text)
        said.append(text)
        heartbeat_gate.BEAT.set()

    monkeypatch.setattr(Progress, "say", say)
    return said


def test_a_piped_run_prints_a_progress_line_while_a_cell_is_slow(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WINDTUNNEL_PROGRESS_SECONDS", "0.05")
    said = _gate(monkeypatch)
    assert wt("run", "--seed", "1", "--no-mutations", "--no-store") == 0
    err = capsys.readouterr().err
    assert said and said[0].startswith("windtunnel: 0 of 1 cells done (0 failed), ")
    assert said[0] in err and said[0].endswith(" elapsed")


def test_quiet_prints_no_progress_line(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WINDTUNNEL_PROGRESS_SECONDS", "0.05")
    said = _gate(monkeypatch)
    import heartbeat_gate

    timer = threading.Timer(0.5, heartbeat_gate.BEAT.set)  # the agent answers anyway, after some heartbeats' time
    timer.start()
    try:
        assert wt("run", "--seed", "1", "--no-mutations", "--no-store", "-q") == 0
    finally:
        timer.cancel()
    assert not said and "cells done" not in capsys.readouterr().err


def test_the_elapsed_time_counts_from_the_commands_start_in_every_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    """QA pass 21 (leak, finding 8): a leak scan's progress lines restarted their clock at each phase (``(mined values)
    done, 45s elapsed`` then ``items done, 15s elapsed`` for a run of 1m56s). One clock now: the command's."""
    from windtunnel.cli import _listener, _progress
    from windtunnel.flows.events import Started, Stopped

    now = [100.0]
    monkeypatch.setattr(_progress.time, "monotonic", lambda: now[0])
    listener = _listener.RichListener(bar=True)
    now[0] = 145.0
    listener(Started(10, "items (mined values)", ""))
    now[0] = 150.0
    assert listener._progress is not None and listener._progress.line().endswith(", 50s elapsed")
    listener(Stopped())
    now[0] = 210.0
    listener(Started(10, "items", "leak"))
    now[0] = 216.0
    assert listener._progress is not None and listener._progress.line().endswith(", 1m56s elapsed")
    listener(Stopped())


def test_a_leak_command_shows_progress_between_its_phases(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA 24 #12: between two reads of the file (the mined values read, the candidates then tested) a leak command
    printed nothing (lines at 3, 9, 12, 15, 21 s with a 3 s interval; sanitize silent from 21 to 45 s). Between its
    phases the heartbeat names the phase just done, until the next one starts or the command closes its listener,
    after which no line comes; never with -q."""
    from windtunnel.cli import _listener
    from windtunnel.flows.events import Started, Stopped

    monkeypatch.setenv("WINDTUNNEL_PROGRESS_SECONDS", "0.02")
    listener = _listener.RichListener(bar=True)
    listener.between = True
    listener(Started(10, "items (mined values)", ""))
    listener(Stopped())
    deadline = time.monotonic() + 10
    while "working on the next step" not in (err := capsys.readouterr().err) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "windtunnel: items (mined values) done, working on the next step, " in err, err
    listener(Started(10, "items", "leak"))
    listener(Stopped())
    listener.close()
    capsys.readouterr()
    time.sleep(0.1)
    assert capsys.readouterr().err == ""
    quiet = _listener.RichListener(quiet=True)
    quiet.between = True
    quiet(Started(10, "items (mined values)", ""))
    quiet(Stopped())
    time.sleep(0.1)
    quiet.close()
    assert "working" not in capsys.readouterr().err
