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


def test_a_range_error_says_it_in_plain_words(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA-23 D: `leak scan --limit -1` printed pydantic's "Input should be greater than or equal to 0"."""
    assert wt("leak", "scan", str(data), "--limit", "-1") == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "--limit': must be 0 or more, got -1" in err and "Input should" not in err
    assert wt("leak", "scan", str(data), "--limit=many") == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "must be a whole number, got many" in err and "Input should" not in err


def test_a_json_file_cut_short_gets_a_json_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA-23 D: a .json file cut short was told to 'fix or remove that line', the hint of a JSONL line."""
    cut = tmp_path / "cut.json"
    cut.write_text('[{"id": 1, "expected": "High", "projection": {"p": "x"}}, {"id": 2, "expec')
    assert wt("leak", "scan", str(cut)) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "cut short" in err and "a .json file is one JSON document" in err
    assert "fix or remove that line" not in err


def test_a_report_that_is_not_json_points_at_the_json_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-23 D: `leak scan --from-report run.html` said only "not valid JSON"."""
    page = tmp_path / "run.html"
    page.write_text("<!doctype html><html><body>report</body></html>")
    assert wt("leak", "scan", "--from-report", str(page)) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "not valid JSON" in err and "-f json" in err
