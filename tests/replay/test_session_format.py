"""Session files: upstream shape and windtunnel's format, YAML and JSON, errors, and `replay record`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from examples.support_agent import tools

from tests.replay.conftest import FIXED_CONFIG, INCIDENT, UNFIXED_CONFIG, cli, read_report
from windtunnel._util.errors import ConfigError
from windtunnel.replay.session import dump_session, load_session_file, scan_directory

UPSTREAM = {
    "id": "inc-001",
    "name": "Order lookup timeout",
    "source": "production",
    "captured_at": "2025-03-10T14:32:07Z",
    "input": "Where is my order ORD-10002?",
    "context": "customer on web chat",
    "tool_responses": [{"tool": "order_status", "response": None, "status": 504, "latency_ms": 5000}],
    "expected_failure": "Agent invented a delivery date",
    "contract": "Support agent contract",
}


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_upstream_shape_replays_unchanged(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"upstream{suffix}"
    path.write_text(json.dumps(UPSTREAM) if suffix == ".json" else yaml.safe_dump(UPSTREAM))
    [loaded] = load_session_file(path)
    assert loaded.session.match_mode == "by_tool" and loaded.session.recorded[0].repeat
    extra = ("--latency-scale", "0")
    assert cli("replay", "run", path, "-c", UNFIXED_CONFIG, *extra) == 2  # that config has no such contract
    assert cli("replay", "run", path, "-c", FIXED_CONFIG, *extra) == 0
    assert tools.CALLS["order_status"] == 0
    report = tmp_path / "r.json"
    contract_path = dict(UPSTREAM, contract=str(FIXED_CONFIG))
    path.write_text(json.dumps(contract_path) if suffix == ".json" else yaml.safe_dump(contract_path))
    assert cli("replay", "run", path, "-c", UNFIXED_CONFIG, *extra, "-f", "json", "-o", report) == 1
    assert read_report(report)["cells"][0]["session"]["expected_failure"] == "Agent invented a delivery date"


def test_round_trip_keeps_every_recorded_field(tmp_path: Path) -> None:
    [loaded] = load_session_file(INCIDENT)
    for suffix in (".yaml", ".json"):
        out = dump_session(loaded.session, tmp_path / f"copy{suffix}")
        [again] = load_session_file(out)
        assert again.session.model_dump(exclude={"format"}) == loaded.session.model_dump(exclude={"format"})


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"id": "x"}, "line 1: missing required key 'input'"),
        (
            {"id": "x", "input": "hi", "calls": [{"name": "t", "stauts": 504}]},
            "line 3: unknown key 'stauts' in calls[0] (did you mean 'status'?)",
        ),
        ({"id": "x", "input": "hi", "replay": {"match": "fuzzy"}}, "replay.match"),
        ({"id": "x", "input": "hi", "calls": [{"name": "t", "status": 99}]}, "line 3: calls[0].status"),
        ({"id": "x", "input": {"foo": 1, "bar": 2}}, "'messages', 'question'"),
    ],
    ids=["no-input", "typo-key", "bad-match", "bad-status", "unmappable-input"],
)
def test_bad_sessions_name_the_file_and_key(tmp_path: Path, data: dict, needle: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ConfigError) as err:
        load_session_file(path)
    assert str(path) in str(err.value) and needle in str(err.value)
    assert cli("replay", "run", path, "-c", FIXED_CONFIG) == 2


def test_directory_scan_explains_skipped_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(yaml.safe_dump(UPSTREAM))
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "config.yaml").write_text(yaml.safe_dump({"agent": {"type": "python"}}))
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / ".hidden.yaml").write_text(yaml.safe_dump(UPSTREAM))
    files, skipped = scan_directory(tmp_path)
    assert [f.name for f in files] == ["a.yaml"]
    reasons = {p.name: why for p, why in skipped}
    assert set(reasons) == {"notes.txt", "config.yaml", "broken.json", ".hidden.yaml"}
    assert "not a session file" in reasons["notes.txt"] and "has agent" in reasons["config.yaml"]
    assert "unreadable" in reasons["broken.json"] and reasons[".hidden.yaml"] == "hidden file"
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "x.txt").write_text("")
    assert cli("replay", "run", empty, "-c", FIXED_CONFIG) == 2  # no session: nothing to score, not 100 %


def test_record_then_replay(tmp_path: Path) -> None:
    """Recording the unfixed agent under the timeout scenario reproduces the incident on purpose."""
    incident = tmp_path / "incident.yaml"
    code = cli(
        "replay",
        "record",
        "-c",
        UNFIXED_CONFIG,
        "--input",
        "Where is my order ORD-10002?",
        "-o",
        incident,
        "--scenario",
        "order-service-timeout",
    )
    assert code == 2  # UNFIXED_CONFIG has no contract matrix, so no such scenario
    code = cli(
        "replay",
        "record",
        "-c",
        FIXED_CONFIG,
        "--input",
        "Where is my order ORD-10002?",
        "-o",
        tmp_path / "ok.yaml",
        "--inject-llm",
    )
    assert code == 0
    ok = yaml.safe_load((tmp_path / "ok.yaml").read_text())
    assert ok["input"] == "Where is my order ORD-10002?" and ok["replay"]["inject"] == ["tool", "llm"]
    assert [c.get("target", "tool") for c in ok["calls"]] == ["llm", "tool", "llm"]
    assert ok["calls"][0]["response"]["choices"][0]["message"]["tool_calls"]  # whole completion kept
    tools.CALLS.clear()
    assert cli("replay", "run", tmp_path / "ok.yaml", "-c", FIXED_CONFIG) == 0
    assert tools.CALLS["order_status"] == 0

    cfg = yaml.safe_load(FIXED_CONFIG.read_text())
    cfg["agent"]["endpoint"] = "examples.support_agent.agent:handle_unfixed"
    unfixed_with_matrix = tmp_path / "unfixed.yaml"
    unfixed_with_matrix.write_text(yaml.safe_dump(cfg))
    code = cli(
        "replay",
        "record",
        "-c",
        unfixed_with_matrix,
        "--input",
        "Where is my order ORD-10002?",
        "-o",
        incident,
        "--scenario",
        "order-service-timeout",
        "--contract",
        str(FIXED_CONFIG),
    )
    assert code == 0
    recorded = yaml.safe_load(incident.read_text())
    assert [c.get("status", 200) for c in recorded["calls"] if c.get("target", "tool") == "tool"] == [
        504,
        504,
    ]
    assert "will arrive on" in recorded["output"]
    assert cli("replay", "run", incident, "-c", UNFIXED_CONFIG) == 1
    assert cli("replay", "run", incident, "-c", FIXED_CONFIG) == 0
