"""Raw ESC / NUL from untrusted text (dataset ids and keys, prompts, model-made mutations, agent prompts in a
report) never reach a terminal or a file: they are shown as ``\\xNN`` escapes, as every other output does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel.reports.markdown import build_markdown
from windtunnel.reports.sample import make_cell, make_report

HOSTILE = "it\x1b[2J\x00em\x9b"


def _raw_controls(text: str) -> list[str]:
    return [c for c in text if c in "\x1b\x00\x9b"]


def _dataset(path: Path, *, leak: bool = True) -> Path:
    rows = [
        {"id": HOSTILE, "expected": "refund", "projection": {"ke\x1by\x00": "refund" if leak else "hello"}},
        {"id": "plain", "expected": "refund", "projection": {"x": "refund" if leak else "hello"}},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_leak_scan_table_escapes_ids_and_keys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _dataset(tmp_path / "d.jsonl")
    assert wt("leak", "scan", str(data), "--show-values") == 1
    out = capsys.readouterr().out
    assert _raw_controls(out) == [], repr(out)
    assert "it\\x1b[2J\\x00em\\x9b" in out and "/ke\\x1by\\x00" in out
    assert wt("leak", "scan", str(data), "--show-values", "-f", "table", "-o", str(tmp_path / "t.txt")) == 1
    assert _raw_controls((tmp_path / "t.txt").read_text()) == []


def test_leak_check_lines_escape_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = _dataset(tmp_path / "raw.jsonl", leak=False)  # raw items that do not leak: each id is printed
    sanitized = _dataset(tmp_path / "san.jsonl", leak=True)  # sanitized items that still leak, at their key
    assert wt("leak", "check", "--raw", str(raw), "--sanitized", str(sanitized)) == 1
    out = capsys.readouterr().out
    assert _raw_controls(out) == [], repr(out)
    assert "raw item it\\x1b[2J\\x00em\\x9b does not leak" in out


def test_mutate_prints_prompts_with_controls_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("mutate", "Where is my order\x1b]0;pwned\x07\x00?", "--seed", "1", "--count", "1") == 0
    out = capsys.readouterr().out
    assert _raw_controls(out) == [] and "\x07" not in out, repr(out)
    assert "\\x1b]0;pwned\\x07\\x00" in out


def test_markdown_report_escapes_prompt_labels() -> None:
    cell = make_cell("c1", status="failed", prompt=f"refund {HOSTILE}", golden_prompt=f"refund {HOSTILE}")
    text = build_markdown(make_report([cell]))
    assert _raw_controls(text) == [], repr(text)
    assert "\\\\x1b" in text or "\\x1b" in text
