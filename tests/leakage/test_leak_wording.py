"""Messages name a value's type with the right article ("an int", "a list")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.leakage.test_parallel import run_cli
from windtunnel._util.words import a_type, never_run


def test_a_record_that_is_an_int_is_named_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text("1\n")
    assert run_cli("leak", "scan", str(data)) == 2
    assert "record at line 1 is an int, expected a JSON object" in capsys.readouterr().err


def test_words() -> None:
    assert [a_type(1), a_type([]), a_type(object())] == ["an int", "a list", "an object"]
    assert never_run(["a"]) == "a never runs" and never_run(["a", "b"]) == "a, b never run"
