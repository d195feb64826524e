"""``ci`` reads ``replays.sources`` as ``replay run`` does, or says why not (exit 2) — never a silent skip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import RecordingServer, json_reply
from tests.replay.conftest import FIXED_CONFIG, FIXTURES, cli
from windtunnel._util.errors import ConfigError
from windtunnel.replay.importers.live import langsmith_filters

LANGSMITH = FIXTURES / "langsmith_delayed_order.json"
RECORDED_NOTE = "Held at the Reno hub after a snowstorm."


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


class LangSmithStub(RecordingServer):
    """LangSmith's REST API as the real ``langsmith`` client calls it for a project import: the project,
    its root runs (``POST /runs/query``), a run, and its child runs (the same query with ``trace``)."""

    def __init__(self) -> None:
        root = json.loads(LANGSMITH.read_text())
        self.project = root["session_id"]
        kids = root.pop("child_runs")

        def handler(method: str, path: str, headers: dict[str, str], body: bytes) -> Any:
            if path.startswith("/sessions"):
                project = {"id": self.project, "name": "prod", "tenant_id": self.project}
                return json_reply([{**project, "start_time": "2025-03-01T00:00:00", "reference_dataset_id": None}])
            if path.startswith("/runs/query"):
                return json_reply({"runs": kids if json.loads(body).get("trace") else [root], "cursors": {}})
            if path.startswith("/runs/"):
                return json_reply(root)
            return json_reply({"version": "0.10"})  # /info

        super().__init__(handler)


def test_ci_fetches_a_live_langsmith_project_through_the_real_client(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = {"type": "langsmith", "project": "prod", "auto_import": True, "filter": {"min_latency_ms": 1500}}
    config = replay_only(tmp_path, [source])
    out = tmp_path / "ci"
    with LangSmithStub() as stub:
        monkeypatch.setenv("LANGSMITH_ENDPOINT", stub.url)
        monkeypatch.setenv("LANGSMITH_API_KEY", "test-key")
        assert cli("ci", "-c", config, "-o", out, "--seed", "1", "--no-store") in (0, 1)
    replay = phases(out)["replay"]
    assert replay["status"] == "run" and replay["passed"], replay
    [cell] = json.loads((out / "replay.json").read_text())["cells"]
    assert RECORDED_NOTE in cell["output"] and cell["session"]["source"] == "langsmith"
    query = next(json.loads(r["body"]) for r in stub.requests if r["path"] == "/runs/query")
    assert query["session"] == [stub.project] and query["error"] is True and query["filter"] == "gt(latency, 1.5)"
