"""ci's verdicts agree with the commands it runs (issue #18 items 10 and 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import windtunnel
from tests.clirun import wt

REPO = Path(__file__).resolve().parents[2]
CONFIG = "examples/support_agent/windtunnel.yaml"


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
