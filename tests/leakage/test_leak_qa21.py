"""QA pass 21 (leakage, docs/dev/qa-pass-21-leak.md): what a new user met on a dataset of their own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.clirun import wt as run
from windtunnel.leakage import scan
from windtunnel.leakage.report import RULE_HELP

DOCS = Path(__file__).resolve().parents[2] / "docs" / "leakage.md"


def _documented_rules() -> set[str]:
    """The rule names of the findings table in docs/leakage.md (its first column)."""
    return set(re.findall(r"^\| `((?:direct|upstream|freetext|correlated)\.[a-z-]+)`", DOCS.read_text(), re.M))


def test_every_rule_a_finding_can_carry_has_its_meaning() -> None:
    """The table's legend and SARIF's shortDescription read RULE_HELP; a rule missing there was shown as its own
    name (``freetext.statement: freetext.statement``). Every documented rule and every cue the prose rule names a
    finding after has a sentence of its own."""
    rules = _documented_rules() | {f"freetext.{cue}" for cue in scan._CUES}
    assert "freetext.statement" in rules and len(rules) > 15
    missing = sorted(r for r in rules if not RULE_HELP.get(r) or RULE_HELP[r] == r)
    assert missing == []


def test_the_table_legend_explains_a_statement(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {
            "id": "a",
            "expected": "repair",
            "label_set": ["refund", "repair"],
            "projection": {"note": "After checking, the answer is repair for this one."},
        },
        {
            "id": "b",
            "expected": "refund",
            "label_set": ["refund", "repair"],
            "projection": {"note": "Looks fine, nothing to add."},
        },
    ]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("leak", "scan", str(data), "--no-mine", "--no-agreement") == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "freetext.statement: " + RULE_HELP["freetext.statement"] in out
    assert "freetext.statement: freetext.statement" not in out
