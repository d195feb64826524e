"""A crash inside a command is a bug in windtunnel: its traceback, one line saying so, and exit 3 — never 1.

Exit 1 means "checks failed" / "the dataset leaks" to CI; a `TypeError` on one record of a leak scan used to end the
process with Python's own exit 1 and nothing else, indistinguishable from a leak found.
"""

from __future__ import annotations

import pytest

from windtunnel._util.errors import ExitCode, UsageError
from windtunnel.cli._guard import guarded


def _crash() -> None:
    {}[{}]  # TypeError: unhashable type: 'dict'


def test_a_bug_exits_3_with_its_traceback_and_says_it_is_a_bug(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        guarded(_crash)
    assert ended.value.code == ExitCode.HARNESS == 3
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "TypeError: unhashable type" in err
    assert "internal error (TypeError)" in err and "bug in windtunnel" in err


def test_a_windtunnel_error_keeps_its_own_code_and_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    def usage() -> None:
        raise UsageError("no such dataset 'x.jsonl'", hint="check the path")

    with pytest.raises(SystemExit) as ended:
        guarded(usage)
    assert ended.value.code == ExitCode.USAGE
    assert "Traceback" not in capsys.readouterr().err
