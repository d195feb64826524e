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
    assert f"page written to {page}" in capsys.readouterr().out


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
