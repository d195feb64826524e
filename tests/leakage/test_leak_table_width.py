"""The findings table on a narrow terminal (QA-16): at 80 columns every cell of eight columns folded into slivers
(``correlat`` / ``ed``); under ``NARROW_TABLE`` columns the table leaves out what the rule already says."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import windtunnel
from windtunnel.cli.leak_cmd import NARROW_TABLE, _audit_table


def _table(tmp_path: Path, width: int) -> str:
    rows = [
        {
            "id": f"SUP-{i:04d}",
            "expected": "High",
            "label_set": ["Low", "High"],
            "projection": {"tools": {"routing": {"priority_assessment": "High"}}, "nlu": {"predicted_label": "High"}},
        }
        for i in range(3)
    ]
    data = tmp_path / "t.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    outcome = windtunnel.leak.scan(data)
    buf = io.StringIO()
    _audit_table(outcome.audits, outcome.detail, False, 50, Console(file=buf, width=width, no_color=True))
    return buf.getvalue()


@pytest.mark.parametrize("width", [80, 100])
def test_a_narrow_terminal_keeps_rule_names_and_hashes_whole(tmp_path: Path, width: int) -> None:
    assert width < NARROW_TABLE
    text = _table(tmp_path, width)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= width
    header = next(line for line in lines if "pointer" in line)
    assert "channel" not in header and "repr" not in header
    assert "direct.value" in text and "upstream.field-value" in text  # never folded
    assert all(len(c.strip()) >= 15 for line in lines if "sha256:" in line for c in line.split("│") if "sha256" in c)


def test_a_wide_terminal_shows_every_column(tmp_path: Path) -> None:
    header = next(line for line in _table(tmp_path, 160).splitlines() if "pointer" in line)
    assert "channel" in header and "repr" in header
