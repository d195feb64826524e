"""``leak sanitize`` and ``leak check`` print pointers like ``leak scan``: answer keys hashed by default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as _cli
from windtunnel.leakage.model import value_hash

from .test_leak_sanitize import metrics_item


@pytest.fixture
def key_leak(tmp_path: Path) -> Path:
    # the answer is an object key: sanitizing keeps keys, so the item still leaks at a pointer naming it
    rows = [
        {
            "id": "a",
            "expected": "Critical",
            "label_set": ["Low", "Critical"],
            "projection": {"labels": {"Critical": 1}},
        },
        {"id": "b", "expected": "Low", "label_set": ["Low", "Critical"], "projection": {"labels": {"Low": 1}}},
    ]
    path = tmp_path / "raw.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_sanitize_and_check_hash_answer_keys_unless_show_values(
    key_leak: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = tmp_path / "clean.jsonl"
    hashed = value_hash("Critical")[len("sha256:") :]

    assert _cli("leak", "sanitize", str(key_leak), "-o", str(clean)) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert "/labels/sha256:" + hashed[:8] in text
    assert "Critical" not in text and "/labels/Low" not in text

    assert _cli("leak", "check", "--raw", str(key_leak), "--sanitized", str(clean)) == 1
    text = capsys.readouterr().out
    assert "still leaks at /labels/sha256:" + hashed[:8] in text
    assert "Critical" not in text and "/labels/Low" not in text

    assert _cli("leak", "check", "--raw", str(key_leak), "--sanitized", str(clean), "--show-values") == 1
    text = capsys.readouterr().out
    assert "still leaks at /labels/Critical" in text and "still leaks at /labels/Low" in text

    assert _cli("leak", "sanitize", str(key_leak), "-o", str(clean), "--show-values") == 1
    out = capsys.readouterr()
    assert "at /labels/Critical" in out.out + out.err


def test_sanitize_says_why_an_item_still_leaks_and_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps({**metrics_item(), "id": "m1"}) + "\n", encoding="utf-8")
    clean, stats = tmp_path / "clean.jsonl", tmp_path / "stats.jsonl"
    assert _cli("leak", "sanitize", str(data), "-o", str(clean), "--stats", str(stats)) == 1
    out = capsys.readouterr()
    text = " ".join((out.out + out.err).split())  # the terminal may wrap the alert
    assert "item m1: still leaks after sanitizing at /debug_shell/stdout (freetext.selected)" in text
    assert "a marked member of a listing" in text and "to fix: edit the record by hand" in text
    assert "--context-field" in text
    assert "1 items still leak (left: listing-mark 1)" in text
    [row] = json.loads(stats.read_text(encoding="utf-8"))["residual_left"]
    assert row["reason"] == "listing-mark" and row["rule"] == "freetext.selected"
