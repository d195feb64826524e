"""Ctrl-C at the moments where QA-5's interrupted run printed nothing (docs/dev/qa-pass-5.md, "Not reproduced").

Each test sends a real SIGINT to this process at a named point of `windtunnel run` (from a listener
event, or from inside the store close, the report writer or the summary), as a user's Ctrl-C would land
there. Expected whatever the moment (docs/cli.md): exit 130, the completed cells kept in the store, the
partial report written, the summary and the `--resume` line printed; before the command body runs, a
clear "interrupted before any cell ran". scripts/sigint_stress.py is the random search that found them.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from windtunnel.cli import _console
from windtunnel.cli._listener import RichListener
from windtunnel.flows.events import Done, Event, Planned, Stopped

AGENT = 'def handle(prompt: str) -> str:\n    return "answer: " + prompt\n'
CONFIG = """version: "2.0"
agent:
  type: python
  endpoint: "sigint_agent:handle"
mutations:
  count: 4
  types: [paraphrase, noise]
golden_prompts: ["Where is my order ORD-10002?", "What is your return policy?"]
invariants:
  - type: output_not_empty
advanced:
  concurrency: 1
"""
CELLS = 10


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "sigint_agent.py").write_text(AGENT)
    (tmp_path / "slow.yaml").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    _console._stdout_console.cache_clear()  # capsys's stdout, not an earlier test's
    previous = signal.getsignal(signal.SIGINT)
    yield tmp_path
    signal.signal(signal.SIGINT, previous)
    _console._stdout_console.cache_clear()


def ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def ctrl_c_at(monkeypatch: pytest.MonkeyPatch, when: Callable[[Event], bool]) -> None:
    """A Ctrl-C as the CLI's listener receives each event for which ``when`` holds."""
    original = RichListener.__call__

    def call(self: RichListener, event: Event) -> None:
        if when(event):
            ctrl_c()
        original(self, event)

    monkeypatch.setattr(RichListener, "__call__", call)


def after_cells(n: int) -> Callable[[Event], bool]:
    seen = [0]

    def when(event: Event) -> bool:
        if type(event) is Done:
            seen[0] += 1
            return seen[0] == n
        return False

    return when


def ctrl_c_inside(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
    """A Ctrl-C as ``owner.name`` starts (the store close, the report writer, the summary)."""
    original = getattr(owner, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        ctrl_c()
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapped)


def run(project: Path) -> int:
    return wt("run", "-c", "slow.yaml", "-f", "json", "-o", "int.json", "--store", str(project / "runs.db"))


def stored(project: Path) -> tuple[str, int]:
    con = sqlite3.connect(project / "runs.db")
    try:
        run_id, status = con.execute("SELECT id, status FROM runs").fetchone()
        (n,) = con.execute("SELECT COUNT(*) FROM cells WHERE run_id = ?", (run_id,)).fetchone()
        return str(status), int(n)
    finally:
        con.close()


def assert_interrupted_and_kept(project: Path, code: int, out: str, err: str) -> int:
    """Everything docs/cli.md promises for a run stopped by Ctrl-C; returns the cells kept."""
    assert code == 130, err
    status, kept = stored(project)
    assert status == "interrupted"
    report = json.loads((project / "int.json").read_text())
    assert report["run"]["status"] == "interrupted"
    assert report["summary"]["partial"] is True
    assert len(report["cells"]) == kept
    assert "INTERRUPTED" in out  # the summary table
    assert f"interrupted: {kept} of {CELLS} cells completed and kept" in err
    # the report options the run was started with are kept by the resume, and shown (QA-13 major 2)
    assert f"continue with: windtunnel run -c slow.yaml --store {project / 'runs.db'} -o int.json" in err
    assert " --resume " in err.split("continue with: ", 1)[1]
    return kept


def test_ctrl_c_before_the_command_runs_says_so(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from windtunnel.cli import app

    original = app._invoke

    def invoke(argv: list[str] | None) -> object:
        ctrl_c()  # while the CLI parses the command line: typer would turn it into a silent exit 130
        return original(argv)

    monkeypatch.setattr(app, "_invoke", invoke)
    assert run(project) == 130
    assert "interrupted before any cell ran" in capsys.readouterr().err
    assert not (project / "int.json").exists()


def test_ctrl_c_after_the_plan_line_stops_before_the_first_cell(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ctrl_c_at(monkeypatch, lambda e: isinstance(e, Planned))  # the run is stored, no cell has run
    code = run(project)
    out, err = capsys.readouterr()
    assert assert_interrupted_and_kept(project, code, out, err) == 0


@pytest.mark.parametrize(
    "second",
    ["progress-bar-teardown", "store-close", "report-writing", "summary"],
)
def test_a_second_ctrl_c_on_the_interrupt_path_changes_nothing(
    second: str, project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from windtunnel.flows import run as run_flow
    from windtunnel.reports import terminal
    from windtunnel.store.runstore import RunStore

    first = after_cells(3)
    if second == "progress-bar-teardown":  # the listener's Stopped, in execute()'s finally
        ctrl_c_at(monkeypatch, lambda e: first(e) or isinstance(e, Stopped))
    else:
        ctrl_c_at(monkeypatch, first)
        owner, name = {
            "store-close": (RunStore, "finish_run"),
            "report-writing": (run_flow, "write_report"),
            "summary": (terminal, "print_summary"),
        }[second]
        ctrl_c_inside(monkeypatch, owner, name)
    code = run(project)
    out, err = capsys.readouterr()
    assert 3 <= assert_interrupted_and_kept(project, code, out, err) < CELLS


def test_ctrl_c_while_a_complete_run_reports_keeps_its_verdict(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from windtunnel.reports import terminal

    ctrl_c_inside(monkeypatch, terminal, "print_summary")  # every cell ran: the run is complete
    code = run(project)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert stored(project) == ("passed", CELLS)
    assert json.loads((project / "int.json").read_text())["run"]["status"] == "completed"
    assert "PASSED" in out


def test_ctrl_c_pressed_three_times_while_held_stops_at_once(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from windtunnel._util.signals import INSISTED

    def insist(event: Event) -> bool:  # a set-up that hangs: the user presses Ctrl-C again and again
        if isinstance(event, Planned):
            for _ in range(INSISTED - 1):
                ctrl_c()
            return True
        return False

    ctrl_c_at(monkeypatch, insist)
    assert run(project) == 130
    assert f"interrupted ({INSISTED} times): stopping at once" in capsys.readouterr().err
