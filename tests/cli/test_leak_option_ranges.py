"""Numeric options of `leak mine|scan|baseline` outside their range stop with exit 2 and say the range."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    rows = [f'{{"id": {i}, "expected": "High", "projection": {{"p": "x{i}"}}}}' for i in range(3)]
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("mine", "{d}", "--min-purity", "2"), "(0, 1], got 2"),
        (("mine", "{d}", "--min-purity", "0"), "(0, 1], got 0"),
        (("mine", "{d}", "--min-support", "-3"), "--min-support"),
        (("mine", "{d}", "--limit", "-1"), "--limit"),
        (("scan", "{d}", "--limit", "-1"), "--limit"),
        (("baseline", "{r}", "--labels", "1"), "--labels must be 2 or more, got 1"),
        (("baseline", "{r}", "--alpha", "5"), "significance level must be in (0, 1), got 5"),
        (("baseline", "{r}", "--chance", "1"), "chance pass rate must be in [0, 1), got 1"),
    ],
)
def test_out_of_range_numbers_exit_2(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], says: str
) -> None:
    results = tmp_path / "r.jsonl"
    results.write_text('{"passed": true}\n{"passed": false}\n')
    code = wt("leak", *(a.format(d=data, r=results) for a in args))
    err = capsys.readouterr().err
    assert code == 2
    assert says in " ".join(err.split()), err
    assert "pass --chance P or --labels N" not in err


def test_in_range_numbers_still_run(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("leak", "mine", str(data), "--min-purity", "1", "--min-support", "1", "--limit", "0") == 0
    assert wt("leak", "scan", str(data), "--limit", "0") in (0, 1)
