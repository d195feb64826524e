"""`leak scan -o`: the suffix picks the format (.sarif, .html)."""

from __future__ import annotations

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
