"""Ctrl-C while the `windtunnel` command is still importing (before main() installs its interrupt handling)
exits 130 with one line, not a KeyboardInterrupt traceback and the signal's status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DRIVER = """import os, signal, sys, time
import windtunnel.cli.entry  # what the console script imports first
os.kill(os.getpid(), signal.SIGINT)  # a real Ctrl-C, before main() has run
time.sleep(5)
sys.exit(0)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_while_the_command_imports_exits_130_with_one_line(tmp_path: Path) -> None:
    driver = tmp_path / "windtunnel"  # the console script's name: this process is the command
    driver.write_text(DRIVER)
    proc = subprocess.run([sys.executable, str(driver)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 130, proc.stderr
    assert "Traceback" not in proc.stderr and "KeyboardInterrupt" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "interrupted before any cell ran (the command had not started): nothing was stored"
    ]


def test_importing_the_entry_module_elsewhere_leaves_ctrl_c_alone(tmp_path: Path) -> None:
    """Only the command installs the early handler: a program (or pytest) that imports the module keeps its own."""
    code = "import signal, windtunnel.cli.entry; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "True", proc.stderr
