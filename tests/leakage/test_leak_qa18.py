"""QA-18's findings on the leak commands' edges, as a new user meets them: each message names the problem and the
fix, each exit code is the documented one. The inputs are small invented files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as run_cli


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    got = capsys.readouterr()
    return " ".join((got.out + got.err).split())


@pytest.mark.parametrize("agent", ["copy", "blind", "majority", "prior"])
@pytest.mark.parametrize("content", ["", "[]\n"])
def test_a_simulated_baseline_on_an_empty_dataset_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: str, content: str
) -> None:
    """qa-pass-18-leak #1: `copy` raised a traceback and exited 1 (the code of a leak), `blind` blamed `--folds 5`,
    `majority` asked for `--chance`."""
    empty = tmp_path / ("empty.json" if content else "empty.jsonl")
    empty.write_text(content)
    assert run_cli("leak", "baseline", "--simulate", agent, "--dataset", str(empty)) == 2
    said = _said(capsys)
    assert f"{empty} holds no items" in said and "Traceback" not in said and "--folds" not in said


def test_an_empty_paired_dataset_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [{"id": f"i{i}", "expected": "a" if i % 2 else "b", "projection": {"x": str(i)}} for i in range(12)]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert run_cli("leak", "baseline", "--simulate", "blind", "--dataset", str(data), "--paired", str(empty)) == 2
    assert f"{empty} holds no items" in _said(capsys)
