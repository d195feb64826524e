"""The learned decision's switch (``--learned``) on every leak command that audits items: ``leak check`` agrees
with ``leak scan --learned`` on the same file, ``leak sanitize --learned`` cuts what it flags (also what it first
flags once the audit's own leaks are cut) and keeps clean records byte for byte, ``leak baseline --simulate copy``
reads the items alike, and the option is one definition with one help text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.clirun import wt as run
from windtunnel.cli.app import app
from windtunnel.leakage import learned
from windtunnel.leakage.report import RULE_HELP
from windtunnel.leakage.sanitize import sanitize_item

from .test_leak_cli import write_jsonl
from .test_learned import LABELS, WORD, WORD_PROJECTION

CLEAN = {"prompt": "Classify the ticket's priority. Reply with one of: Low, Medium, High."}


def _row(item_id: str, projection: Any, expected: str = "High") -> dict[str, Any]:
    return {
        "id": item_id,
        "expected": expected,
        "label_set": LABELS,
        "projection": projection,
    }


def _raw(tmp_path: Path) -> Path:
    """Two items whose only leak is one the learned decision flags (the written rules leave it for review: the answer
    as a single word in an attachment's excerpt)."""
    return write_jsonl(
        tmp_path / "raw.jsonl",
        [_row("a", WORD_PROJECTION), _row("b", {**WORD_PROJECTION, "note": "customer called twice"})],
    )


OFF = ("--no-mine", "--no-agreement")


def test_check_agrees_with_scan_learned_on_the_same_file(tmp_path: Path) -> None:
    raw = _raw(tmp_path)
    assert run("leak", "scan", str(raw), "--learned", *OFF) == 1
    assert run("leak", "scan", str(raw), "--no-learned", *OFF) == 0
    # the "sanitized" file left as it was: scan --learned says it leaks, so check --learned must fail on it
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(raw), "--learned", *OFF) == 1
    clean = tmp_path / "clean.jsonl"
    assert run("leak", "sanitize", str(raw), "-o", str(clean), "--learned", *OFF) == 0
    assert run("leak", "scan", str(clean), "--learned", *OFF) == 0
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(clean), "--learned", *OFF) == 0
    # without the switch the raw items do not leak: the gate says so instead of passing silently
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(clean), "--no-learned", *OFF) == 1


def test_sanitize_learned_cuts_the_flagged_place_and_keeps_clean_records_byte_identical(tmp_path: Path) -> None:
    raw = write_jsonl(tmp_path / "raw.jsonl", [_row("a", WORD_PROJECTION), _row("c", CLEAN)])
    out = tmp_path / "clean.jsonl"
    assert run("leak", "sanitize", str(raw), "-o", str(out), "--learned", *OFF) == 0
    before, after = raw.read_text().splitlines(), out.read_text().splitlines()
    assert WORD not in json.loads(after[0])["projection"]["attachment"]["excerpt"]
    assert json.loads(after[0])["projection"]["attachment"]["name"] == "report.txt"
    assert json.loads(after[1]) == json.loads(before[1])
    out_off = tmp_path / "clean_off.jsonl"
    assert run("leak", "sanitize", str(raw), "-o", str(out_off), "--no-learned", *OFF) == 0
    assert WORD in json.loads(out_off.read_text().splitlines()[0])["projection"]["attachment"]["excerpt"]


@pytest.mark.parametrize(
    "leak",
    [{"priority": "High"}, {"triage": {"priority": "High"}}, {"note": "priority: High"}],
    ids=["value", "upstream", "key-value"],
)
def test_sanitize_cuts_what_the_learned_decision_flags_once_the_written_leaks_are_cut(leak: dict[str, Any]) -> None:
    # the audit blocks the item, so the learned decision does not read it; after the cut it does, and the
    # sanitizer cuts its finding in one more round, so that the output passes the same scan
    item = _row("t1", {**WORD_PROJECTION, **leak})
    result = sanitize_item(item, learned=True)
    assert [r.rule for r in result.redactions][-1] == learned.RULE
    assert not result.residual and WORD not in json.dumps(result.item.projection)
    assert WORD in sanitize_item(item, learned=False).item.projection["attachment"]["excerpt"]


def test_baseline_copy_reads_the_items_as_scan_learned_does(tmp_path: Path) -> None:
    # "Low" stands once in prose too: without the learned decision both labels have one review finding, a tie that
    # goes to the majority label (Low); with it, High has a leak finding and the copy agent answers High
    projection = {**WORD_PROJECTION, "note": "Low battery warning shown"}
    rows = [_row(f"h{i}", projection) for i in range(5)] + [_row(f"l{i}", {"x": 1}, expected="Low") for i in range(7)]
    data = write_jsonl(tmp_path / "items.jsonl", rows)

    def passes(flag: str) -> int:
        res = CliRunner().invoke(
            app,
            ["leak", "baseline", "--simulate", "copy", "--dataset", str(data)] + ["-f", "json", flag],
        )
        assert res.exit_code in (0, 1), res.output
        return int(json.loads(res.stdout)["baseline"]["passes"])

    assert (passes("--learned"), passes("--no-learned")) == (12, 7)


def _option_help(command: str) -> str:
    res = CliRunner().invoke(app, ["leak", command, "--help"], terminal_width=400, env={"COLUMNS": "400"})
    assert res.exit_code == 0
    text = re.sub(r"[│\s]+", " ", re.sub(r"\x1b\[[0-9;]*m", "", res.stdout))
    m = re.search(r"--learned ?/? ?--no-learned (.*?Default: o(?:n|ff)\.)", text)
    assert m, f"leak {command} --help has no --learned"
    return m.group(1)


def test_every_command_that_audits_items_offers_the_same_switch() -> None:
    helps = {c: _option_help(c) for c in ("scan", "sanitize", "check", "baseline")}
    assert len(set(helps.values())) == 1, helps
    assert ("on" if learned.LEARNED_DEFAULT else "off") in helps["scan"].rsplit("Default:", 1)[1]


def test_sarif_describes_the_learned_rule(tmp_path: Path) -> None:
    data = _raw(tmp_path)
    out = tmp_path / "r.sarif"
    assert run("leak", "scan", str(data), "--learned", "-o", str(out), *OFF) == 1
    rules = json.loads(out.read_text())["runs"][0]["tool"]["driver"]["rules"]
    (rule,) = [r for r in rules if r["id"] == learned.RULE]
    assert rule["shortDescription"]["text"] != learned.RULE and "--no-learned" in rule["shortDescription"]["text"]
    detail = json.loads(out.read_text())["runs"][0]["results"]
    assert any("review" in r["message"]["text"] for r in detail if r["ruleId"] == learned.RULE)


def test_the_table_says_what_each_rule_shown_means_and_where_the_reason_is(tmp_path: Path) -> None:
    data = _raw(tmp_path)
    res = CliRunner().invoke(app, ["leak", "scan", str(data), "--learned", *OFF], env={"COLUMNS": "300"})
    assert res.exit_code == 1
    legend = [line.strip() for line in res.stdout.splitlines() if line.strip().startswith(learned.RULE + ":")]
    assert legend == [f"{learned.RULE}: {RULE_HELP[learned.RULE]}"]
    assert "--format json or --format html" in res.stdout


@pytest.mark.parametrize("flag", ["--learned", "--no-learned"])
def test_each_command_says_whether_the_learned_decision_was_applied(tmp_path: Path, flag: str) -> None:
    raw = _raw(tmp_path)
    report, clean = tmp_path / "r.json", tmp_path / "clean.jsonl"
    on = flag == "--learned"
    run("leak", "scan", str(raw), flag, "-o", str(report), *OFF)
    assert json.loads(report.read_text())["summary"]["learned"] is on
    runner = CliRunner()
    said = "learned decision: on" if on else "learned decision: off"
    for argv in (
        ["leak", "scan", str(raw), flag, *OFF],
        ["leak", "sanitize", str(raw), "-o", str(clean), flag, *OFF],
        ["leak", "check", "--raw", str(raw), "--sanitized", str(clean), flag, *OFF],
    ):
        assert said in runner.invoke(app, argv).stdout, argv[1]
