"""A reader of stdout or stderr that goes away (``windtunnel run … | head`` under ``set -o pipefail``) stops the
printing, not the command: the run finishes, writes its report and exits with its own code (QA pass 19, finding 6)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.explore.conftest import write_config
from windtunnel.cli._pipes import ReaderMayLeave

BOTH = "stdout and stderr"


def _windtunnel(args: list[str], closed: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m windtunnel ARGS`` with stdout (and with ``closed == BOTH`` stderr too) a pipe whose reader is
    gone before the first line is written."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "windtunnel", *args],
            stdout=write,
            stderr=write if closed == BOTH else subprocess.PIPE,
            text=True,
            cwd=REPO,
            env=env,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize("closed", ["stdout", BOTH])
def test_a_passing_run_whose_reader_left_writes_its_report_and_exits_0(tmp_path: Path, closed: str) -> None:
    config = write_config(tmp_path, endpoint="robust")
    report = tmp_path / "report.json"
    done = _windtunnel(["run", "-c", str(config), "--seed", "3", "--no-store", "-o", str(report)], closed)
    assert done.returncode == 0, done.stderr
    assert closed == BOTH or "Traceback" not in done.stderr
    summary = json.loads(report.read_text())["summary"]
    assert summary["passed"] is True and summary["cells_total"] == 3  # the golden prompt and its two mutations


def test_a_failing_run_whose_reader_left_still_exits_1(tmp_path: Path) -> None:
    config = write_config(tmp_path)  # the fragile agent, under a fault it does not survive
    schedule = (
        "{faults: [{seam: 'tool:lookup', on_call: 1, fault: {mode: timeout}},"
        " {seam: 'tool:lookup', on_call: 2, fault: {mode: empty}}]}"
    )
    args = ["run", "-c", str(config), "--seed", "3", "--no-store", "--no-mutations", "--schedule", schedule]
    assert _windtunnel(args, "stdout").returncode == 1


def test_a_listing_whose_reader_left_exits_0() -> None:
    done = _windtunnel(["faults"], "stdout")
    assert (done.returncode, done.stderr) == (0, "")


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no descriptor")


def test_once_the_reader_is_gone_every_write_is_dropped_and_said_to_succeed() -> None:
    stream = ReaderMayLeave(_ClosedPipe())
    assert stream.write("first line\n") == len("first line\n")
    assert stream.gone
    stream.flush()
    assert stream.write("second\n") == len("second\n")
