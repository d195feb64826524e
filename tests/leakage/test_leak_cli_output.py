"""`leak scan -o`: the suffix picks the format (.sarif, .html), and `-o -` is stdout, as for `report -o -`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.leakage.test_parallel import run_cli, write_dataset


def test_an_html_suffix_writes_the_audit_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    page = tmp_path / "audit.html"
    assert run_cli("leak", "scan", str(data), "-o", str(page)) == 1
    assert page.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    assert f"page written to {page}" in capsys.readouterr().err  # the summary line on stderr, as for json


def test_an_unknown_format_lists_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    assert run_cli("leak", "scan", str(data), "-f", "xml") == 2
    assert "valid: table, json, sarif, html" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", [None, "json", "sarif"])
def test_dash_output_is_stdout(
    fmt: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    monkeypatch.chdir(tmp_path)
    assert run_cli("leak", "scan", str(data), *(["-f", fmt] if fmt else []), "-o", "-") == 1
    doc = json.loads(capsys.readouterr().out)
    assert ("runs" in doc) if fmt == "sarif" else ("summary" in doc)
    assert not os.path.exists(tmp_path / "-")


def test_dash_output_html_is_stdout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    monkeypatch.chdir(tmp_path)
    assert run_cli("leak", "scan", str(data), "-f", "html", "-o", "-") == 1
    captured = capsys.readouterr()
    assert captured.out.lstrip().lower().startswith("<!doctype html")
    assert "page written to stdout" in captured.err
    assert not os.path.exists(tmp_path / "-")


@pytest.mark.parametrize(("fmt", "what"), [("json", "JSON report"), ("sarif", "SARIF report"), ("table", "table")])
@pytest.mark.parametrize("where", ["file", "-"])
def test_the_summary_line_goes_to_stderr_whenever_the_report_goes_to_o(
    fmt: str, what: str, where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-2: `-f json|sarif -o FILE` (or `-o -`) printed nothing at all and exited 1: a silent failing CI step."""
    data = write_dataset(tmp_path / "d.jsonl", 5)
    monkeypatch.chdir(tmp_path)
    out = "r.out" if where == "file" else "-"
    assert run_cli("leak", "scan", str(data), "-f", fmt, "-o", out) == 1
    err = capsys.readouterr().err
    assert f"leak audit: 5 of 5 items leak; {what} written to {'r.out' if out == 'r.out' else 'stdout'}" in err


@pytest.mark.parametrize("suffix", [".txt", ".json", ".out"])
def test_an_explicit_table_format_wins_over_the_suffix(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-1: `-f table -o x.txt` wrote JSON (the suffix rule took -f table for "no format")."""
    data = write_dataset(tmp_path / "d.jsonl", 5)
    out = tmp_path / f"r{suffix}"
    assert run_cli("leak", "scan", str(data), "-f", "TABLE", "-o", str(out)) == 1
    text = out.read_text(encoding="utf-8")
    assert "leak scan" in text and "5 items: 5 leaked, 0 for review, 0 clean" in text and "\x1b[" not in text
    assert not text.lstrip().startswith("{")
    assert "leak scan" not in capsys.readouterr().out  # the table went to the file, not to stdout


def test_a_txt_suffix_without_format_is_the_table_as_for_run(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    assert run_cli("leak", "scan", str(data), "-o", str(tmp_path / "r.txt")) == 1
    assert "5 items: 5 leaked" in (tmp_path / "r.txt").read_text(encoding="utf-8")
    assert run_cli("leak", "scan", str(data), "-f", "json", "-o", str(tmp_path / "r.txt")) == 1
    assert json.loads((tmp_path / "r.txt").read_text(encoding="utf-8"))["summary"]["items"] == 5


def test_a_table_to_a_directory_is_refused_before_the_scan(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    assert run_cli("leak", "scan", str(data), "-f", "table", "-o", str(tmp_path)) == 2
    assert "is a directory" in capsys.readouterr().err
    assert run_cli("leak", "scan", str(data), "-f", "table", "-o", str(data)) == 2
    assert data.read_text(encoding="utf-8").startswith("{")


@pytest.mark.parametrize("args", [["-o", "-"], ["-o", "clean.jsonl", "--stats", "-"]])
def test_sanitize_refuses_dash_instead_of_writing_a_file_named_dash(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    monkeypatch.chdir(tmp_path)
    assert run_cli("leak", "sanitize", str(data), *args) == 2
    assert "- is not supported" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "-") and not os.path.exists(tmp_path / "clean.jsonl")


@pytest.mark.parametrize(
    ("limit", "needle"), [("0", "9 findings not listed (--limit 0"), ("2", "… 7 findings more (--limit 2")]
)
def test_the_findings_left_out_of_the_table_are_counted_in_words(
    limit: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-24: `--limit 0` with findings said "… 1 more findings"."""
    data = write_dataset(tmp_path / "d.jsonl", 5)
    assert run_cli("leak", "scan", str(data), "--limit", limit) == 1
    out = capsys.readouterr().out
    assert needle in out and "more findings" not in out


@pytest.mark.parametrize("labels", ["", "High", "High,High", " , ", "High,high", "High, HIGH "])
def test_a_label_set_of_fewer_than_two_labels_is_a_usage_error(
    labels: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-20, QA-8 F8-12: `--label-set High`, `""` and `High,high` (one label, two spellings) were accepted."""
    data = write_dataset(tmp_path / "d.jsonl", 5)
    assert run_cli("leak", "scan", str(data), "--label-set", labels) == 2
    assert "a label set needs two or more" in capsys.readouterr().err


def test_dash_as_the_dataset_reads_stdin(tmp_path: Path) -> None:
    """QA-7 F7-4: `leak scan -` said "-: no such file" (only /dev/stdin worked)."""
    import subprocess
    import sys

    data = write_dataset(tmp_path / "d.jsonl", 5)
    done = subprocess.run(
        [sys.executable, "-m", "windtunnel", "leak", "scan", "-", "-f", "json", "-o", "-"],
        input=data.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout)["summary"]["items"] == 5
    assert "leak audit: 5 of 5 items leak" in done.stderr


def test_a_bad_record_keeps_the_table_of_the_items_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-3: the items audited before a bad line were dropped; only the error was printed."""
    good = write_dataset(tmp_path / "d.jsonl", 5).read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*good[:3], good[3][:25], *good[4:]]) + "\n", encoding="utf-8")
    assert run_cli("leak", "scan", str(bad)) == 2
    captured = capsys.readouterr()
    assert "bad.jsonl:4: not valid JSON" in captured.err
    assert "leak scan" in captured.out and "stopped at a bad record: the " in captured.out
    audited = int(captured.out.split("stopped at a bad record: the ")[1].split()[0])
    assert 1 <= audited <= 3 and f"{audited} items: {audited} leaked" in captured.out
