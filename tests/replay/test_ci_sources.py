"""``ci`` reads ``replays.sources`` as ``replay run`` does, or says why not (exit 2) — never a silent skip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.replay.conftest import FIXED_CONFIG, FIXTURES, cli
from windtunnel._util.errors import ConfigError
from windtunnel.replay.importers.live import langsmith_filters

LANGSMITH = FIXTURES / "langsmith_delayed_order.json"


def replay_only(tmp_path: Path, sources: list[dict[str, Any]]) -> Path:
    cfg = yaml.safe_load(FIXED_CONFIG.read_text())
    for key in ("chaos", "invariants"):
        cfg.pop(key, None)
    cfg["golden_prompts"] = ["What is your return policy?"]
    cfg["mutations"] = {"types": ["noise"], "count": 1}
    cfg["replays"] = {"sources": sources}
    path = tmp_path / "flakestorm.yaml"
    path.write_text(yaml.safe_dump(cfg))
    return path


def phases(out: Path) -> dict[str, Any]:
    phases: dict[str, Any] = json.loads((out / "summary.json").read_text())["summary"]["phases"]
    return phases


def test_ci_replays_the_sessions_of_a_source(tmp_path: Path) -> None:
    config = replay_only(tmp_path, [{"type": "langsmith", "path": str(LANGSMITH)}])
    out = tmp_path / "ci"
    assert cli("ci", "-c", config, "-o", out, "--seed", "1", "--no-store") in (0, 1)  # (the contract's verdict)
    replay = phases(out)["replay"]
    assert replay["status"] == "run" and replay["passed"] and replay["score"] == 100.0
    assert json.loads((out / "replay.json").read_text())["cells"][0]["session"]["source"] == "langsmith"


@pytest.fixture
def no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("command", ["ci", "replay run"])
def test_a_live_project_without_a_key_is_exit_2_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_key: None, command: str
) -> None:
    config = replay_only(tmp_path, [{"type": "langsmith", "project": "prod", "auto_import": True}])
    assert cli(*command.split(), "-c", config, "-o", tmp_path / "out") == 2
    err = capsys.readouterr().err
    assert "LANGSMITH_API_KEY" in err and "path:" in err
    assert not (tmp_path / "out" / "summary.json").exists()


def test_a_project_without_auto_import_is_not_run_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_key: None
) -> None:
    cfg = replay_only(tmp_path, [{"type": "langsmith", "project": "prod"}])
    out = tmp_path / "ci"
    assert cli("ci", "-c", cfg, "-o", out, "--seed", "1", "--no-store") in (0, 1)
    replay = phases(out)["replay"]
    assert replay["status"] == "not run" and "auto_import: false" in replay["reason"]
    assert "windtunnel replay import langsmith --project prod" in replay["reason"]
    assert cli("validate", "-c", cfg) == 0
    assert "auto_import: false" in capsys.readouterr().err


def test_upstreams_project_filter_becomes_list_runs_arguments() -> None:
    got = langsmith_filters("error", "last_7_days", 5000)
    assert got["error"] is True and got["filter"] == "gt(latency, 5)" and got["start_time"].tzinfo is not None
    assert langsmith_filters("all") == {} and langsmith_filters("warning") == {"error": False}
    with pytest.raises(ConfigError, match="last_7_days"):
        langsmith_filters("error", "yesterday")
