"""Issue 18 item 17: every built-in chaos profile fires on the bundled example agent (python, in-process),
which makes only a few tool and model calls per cell — `after_calls` counts per cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from tests.clirun import wt

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "support_agent" / "windtunnel.yaml"
REPO_ROOT = EXAMPLE.parents[2]

ALL_FAULTS_FIRE = ["cascading_failure", "degraded_llm", "api_outage", "hostile_tools", "indirect_injection"]
"""Profiles whose every fault applies to this agent (high_latency too, left out: it waits 20 s per call)."""


def run_profile(profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:  # type: ignore[type-arg]
    cfg = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    cfg.pop("chaos")  # only the profile's faults
    config = tmp_path / "windtunnel.yaml"
    config.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    monkeypatch.chdir(REPO_ROOT)  # the agent's references are relative to the repository root
    report = tmp_path / "r.json"
    code = wt("run", "-c", str(config), "--chaos-profile", profile, "--chaos-only", "--no-store", "-q",
              "-f", "json", "-o", str(report))  # fmt: skip
    data = json.loads(report.read_text(encoding="utf-8"))
    data["exit_code"] = code
    return data


@pytest.mark.slow
@pytest.mark.parametrize("profile", ALL_FAULTS_FIRE)
def test_every_fault_of_the_profile_fires(profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = run_profile(profile, tmp_path, monkeypatch)
    assert not [n for n in report["notices"] if "never fired" in n]
    assert any(c["faults"] for c in report["cells"])
    assert "not_exercised" not in report["summary"]


@pytest.mark.slow
def test_model_version_drift_drifts_the_prose_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent answers in prose: the JSON field rename has nothing to rename (said in a note), the format
    change drifts the answers."""
    report = run_profile("model_version_drift", tmp_path, monkeypatch)
    modes = {f["mode"] for c in report["cells"] for f in c["faults"]}
    assert "response_drift" in modes and "not_exercised" not in report["summary"]
