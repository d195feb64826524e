"""ci's verdicts agree with the commands it runs (issue #18 items 10 and 11)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

import windtunnel
from tests.clirun import EXAMPLE as CONFIG
from tests.clirun import REPO, small_example, wt


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.syspath_prepend(str(REPO))


def _config(tmp_path: Path, **changes: Any) -> Path:
    data = yaml.safe_load((REPO / CONFIG).read_text(encoding="utf-8"))
    data.update(changes)
    data.pop("replays", None)
    path = tmp_path / "windtunnel.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_a_phase_is_judged_by_the_rule_its_own_command_uses(tmp_path: Path) -> None:
    contract = windtunnel.run_contract(CONFIG, seed=5, min_score=80)
    strict = windtunnel.run_contract(CONFIG, seed=5)
    assert contract.passed and not strict.passed  # a failed cell, a score above 80
    ci = windtunnel.ci(CONFIG, seed=5, min_score=80, output=tmp_path / "ci", use_store=False)
    phases = ci.summary["phases"]
    assert phases["contract"]["passed"] is True and phases["contract"]["score"] == contract.score
    assert ci.summary["phase_rule"].startswith("a phase passes when its score reaches --min-score 80")
    for name in ("mutation", "chaos", "contract"):
        entry = phases[name]
        assert entry["passed"] == (entry["score"] >= 80 and not entry.get("critical_failed"))


def test_the_phase_table_states_the_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = wt("ci", "-c", CONFIG, "--seed", "5", "--min-score", "80", "-o", str(tmp_path / "ci"), "--no-store", "-q")
    out = capsys.readouterr().out
    assert code == 0
    assert "phases (a phase passes when its score reaches --min-score 80" in out


def test_ci_stops_on_a_contract_with_an_empty_matrix_like_contract_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load((REPO / CONFIG).read_text(encoding="utf-8"))
    cfg = _config(tmp_path, contract={**data["contract"], "chaos_matrix": []})
    assert wt("contract", "run", "-c", str(cfg)) == 2
    contract_err = capsys.readouterr().err
    assert wt("ci", "-c", str(cfg), "-o", str(tmp_path / "ci"), "--no-store", "-q") == 2
    ci_err = capsys.readouterr().err
    assert "chaos_matrix" in contract_err and "chaos_matrix" in ci_err
    assert not (tmp_path / "ci" / "mutation.json").exists()  # nothing ran


def test_min_score_never_passes_a_chaos_phase_that_tested_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA-28 #1: the fault's window starts after every call a cell makes, so no fault fires: `run --chaos-only
    # --min-score 50` fails ("tested nothing"), and ci given the same --min-score must fail that phase and itself
    never = {"tool_faults": [{"tool": "order_status", "mode": "timeout", "after_calls": 50}]}
    cfg = small_example(tmp_path, chaos=never, contract=None)
    assert wt("run", "-c", str(cfg), "--chaos-only", "--min-score", "50", "--no-store", "-q", "-o", "-") == 1
    capsys.readouterr()
    out_dir = tmp_path / "ci"
    assert wt("ci", "-c", str(cfg), "--min-score", "50", "-o", str(out_dir), "--no-store", "-q") == 1
    out = capsys.readouterr().out
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))["summary"]
    chaos = summary["phases"]["chaos"]
    assert chaos["status"] == "run" and chaos["passed"] is False and chaos["score"] is None
    assert summary["passed"] is False
    assert any("chaos phase failed" in r and "tested nothing" in r for r in summary["reasons"])
    # the phase ran and failed: no report calls it "not run"
    assert re.search(r"chaos\s+│\s+n/a\s+│\s+[\d.]+\s+│\s+FAILED", out), out
    md = (out_dir / "summary.md").read_text(encoding="utf-8")
    assert re.search(r"\| chaos \| n/a \| [\d.]+ \| ❌ \|", md), md
    html = (out_dir / "summary.html").read_text(encoding="utf-8")
    row = html[html.index(">chaos<") :]
    assert "not run" not in row[: row.index("</tr>")]


def test_min_score_never_passes_a_contract_scenario_not_exercised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load((REPO / CONFIG).read_text(encoding="utf-8"))
    typo = [{"name": "no-chaos"}, {"name": "typo", "tool_faults": [{"tool": "order_statuz", "mode": "timeout"}]}]
    cfg = small_example(tmp_path, chaos=None, contract={**data["contract"], "chaos_matrix": typo})
    assert wt("contract", "run", "-c", str(cfg), "--min-score", "50", "--no-store", "-q", "-o", "-") == 1
    capsys.readouterr()
    out_dir = tmp_path / "ci"
    assert wt("ci", "-c", str(cfg), "--min-score", "50", "-o", str(out_dir), "--no-store", "-q") == 1
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))["summary"]
    assert summary["phases"]["contract"]["passed"] is False and summary["passed"] is False
    assert any("contract phase failed" in r and "'typo' was not exercised" in r for r in summary["reasons"])


def test_the_overall_score_still_outweighs_a_phase_score_below_min_score(tmp_path: Path) -> None:
    # the one failure --min-score's overall score stands in for: a phase's own score below it
    contract = windtunnel.run_contract(CONFIG, seed=5, min_score=99.9)
    assert not contract.passed and contract.summary.get("failed_on_score_only") is True
    ci = windtunnel.ci(CONFIG, seed=5, min_score=80, output=tmp_path / "ci", use_store=False)
    assert ci.passed


def test_a_phase_kept_by_resume_from_before_failed_on_score_only_is_read_as_score_only() -> None:
    # review 28: `ci --resume` of a ci started before the key existed failed on a phase the overall score outweighs
    from windtunnel.flows.ci import _score_only_before_the_key

    contract = {"passed": False, "score": 72.0, "min_score": 80.0, "reasons": ["score 72.0 is below --min-score 80"]}
    run = {"passed": False, "score": 72.0, "min_score": 80.0}  # a run phase below the gate has no reason of its own
    assert _score_only_before_the_key(contract) and _score_only_before_the_key(run)  # type: ignore[arg-type]
    others = [
        {**contract, "reasons": [*contract["reasons"], "scenario 'typo' was not exercised"]},
        {**run, "reasons": ["no configured fault fired in the whole run, so it tested nothing"]},
        {**contract, "critical_failed": True},
        {**contract, "failed_on_score_only": False},  # says so itself
        {**run, "partial": True},
        {**run, "cells_not_exercised": 2},
        {**run, "score": 85.0},  # above its gate: it failed for another reason
        {**run, "min_score": None},
        {**run, "passed": True},
    ]
    assert not any(_score_only_before_the_key(s) for s in others)  # type: ignore[arg-type]
