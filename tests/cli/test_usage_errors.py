"""Usage errors are exit 2 with click's message, whichever click modules are importable.

typer >= 0.29 raises exceptions from its vendored click (`typer._click`); the real `click` arrives with
uvicorn, ray, mcp and many other packages. A check against the wrong class turned every usage error into a
traceback and exit 1, which CI reads as "checks failed".
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from tests.clirun import wt

BAD_USAGE = [
    ("run", "--bogus"),
    ("leak", "mine", "x.jsonl", "--min-purity", "2"),
    ("validate", "--no-such-option"),
    ("no-such-command",),
]


@pytest.mark.parametrize("argv", BAD_USAGE, ids=lambda a: " ".join(a))
def test_usage_error_exits_2_in_process(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    assert wt(*argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "Error" in err


def test_real_click_is_installed_beside_typer() -> None:
    # the dev extra installs click so that the case which broke in users' environments is the one tested
    assert importlib.util.find_spec("click") is not None


@pytest.mark.slow
def test_console_script_usage_error_is_exit_2() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "windtunnel", "run", "--bogus"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "--bogus" in proc.stderr
