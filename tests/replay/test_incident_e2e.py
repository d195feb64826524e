"""Proof: a recorded 504 drives the agent down its failure path without the live tool being called;
the unfixed agent fails the replay (exit 1), the fixed one passes (exit 0); reruns agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from examples.support_agent import tools

from tests.replay.conftest import (
    EXAMPLE,
    FIXED_CONFIG,
    INCIDENT,
    UNFIXED_CONFIG,
    cli,
    read_report,
    validate,
)


def replay(tmp_path: Path, config: Path, *targets: Path, extra: tuple[str, ...] = ()) -> tuple[int, dict]:
    out = tmp_path / f"report-{len(list(tmp_path.glob('report-*')))}.json"
    code = cli("replay", "run", *targets, "-c", config, "--format", "json", "-o", out, *extra)
    return code, read_report(out)


def test_unfixed_agent_fails_the_incident_replay_without_calling_the_live_tool(
    tmp_path: Path, report_schema: dict
) -> None:
    code, report = replay(tmp_path, UNFIXED_CONFIG, INCIDENT)
    assert code == 1
    validate(report, report_schema)
    assert report["run"]["mode"] == "replay"
    assert tools.CALLS["order_status"] == 0  # every order_status call was answered by the recording
    [cell] = report["cells"]
    assert cell["kind"] == "replay" and cell["status"] == "failed" and cell["passed"] is False
    assert "will arrive on" in cell["output"]
    assert cell["critical_failed"] is True
    failed = [c["id"] for c in cell["checks"] if not c["passed"]]
    assert failed == ["no-invented-delivery-date"]
    # the recorded timeouts reached the agent through the tool seam, in order
    tool_calls = [c for c in cell["calls"] if c["target"] == "tool"]
    assert [c["name"] for c in tool_calls] == ["order_status", "order_status"]
    assert all(c["faults"] == ["replay"] and c["error"].startswith("timeout") for c in tool_calls)
    assert [f["status"] for f in cell["faults"]] == [504, 504]
    assert report["summary"]["score"] == 0.0 and report["summary"]["passed"] is False


def test_fixed_agent_takes_its_failure_path_and_passes(tmp_path: Path, report_schema: dict) -> None:
    code, report = replay(tmp_path, FIXED_CONFIG, INCIDENT)
    assert code == 0
    validate(report, report_schema)
    [cell] = report["cells"]
    assert cell["status"] == "passed"
    assert "couldn't retrieve the status" in cell["output"]
    assert "will arrive on" not in cell["output"]
    assert tools.CALLS["order_status"] == 0
    assert report["summary"] == report["summary"] | {"score": 100.0, "passed": True, "cells_total": 1}
    assert cell["contract"]["name"] == "Support agent contract"
    # contract invariants that do not apply to a recording with tool failures are listed, not passed
    assert not any(n["invariant"] == "no-invented-delivery-date" for n in cell["not_judged"])


def test_replays_from_the_config_block_and_a_directory(tmp_path: Path) -> None:
    code, report = replay(tmp_path, FIXED_CONFIG)  # replays.sessions in the example config
    assert code == 0 and report["summary"]["cells_total"] == 1
    code, report = replay(tmp_path, UNFIXED_CONFIG, EXAMPLE / "incidents")
    assert code == 1
    skipped = report["run"]["skipped_files"]
    assert [Path(s["file"]).name for s in skipped] == ["agent-before-fix.yaml"]
    assert "not a session" in skipped[0]["reason"]


@pytest.mark.parametrize("config", [FIXED_CONFIG, UNFIXED_CONFIG], ids=["fixed", "unfixed"])
def test_same_session_same_verdict_on_every_rerun(tmp_path: Path, config: Path) -> None:
    runs = [replay(tmp_path, config, INCIDENT) for _ in range(3)]
    codes = {code for code, _ in runs}
    assert len(codes) == 1
    cells = [r["cells"][0] for _, r in runs]
    assert len({c["output"] for c in cells}) == 1
    assert len({tuple((k["id"], k["passed"]) for k in c["checks"]) for c in cells}) == 1
    shapes = {tuple((x["target"], x["name"], x["error"]) for x in c["calls"]) for c in cells}
    assert len(shapes) == 1


def test_recorded_latency_is_reproduced_scaled(tmp_path: Path) -> None:
    code, report = replay(tmp_path, FIXED_CONFIG, INCIDENT, extra=("--latency-scale", "0.01"))
    assert code == 0
    tool_calls = [c for c in report["cells"][0]["calls"] if c["target"] == "tool"]
    # the seam waited the recorded 5003 / 5001 ms x 0.01 before answering (a lower bound, not a timing)
    assert [c["latency_ms"] >= 50 for c in tool_calls] == [True, True]
