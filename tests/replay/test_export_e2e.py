"""Proof: a session exported from a failed cell, replayed, fails the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import yaml
from examples.support_agent import tools

from tests.replay.conftest import FIXED_CONFIG, UNFIXED_CONFIG, cli, read_report

PROMPT = "Where is my order ORD-10002?"


def contract_report(tmp_path: Path) -> Path:
    """A contract-shaped report of the unfixed agent under the order-service-timeout scenario:
    one row per (cell, invariant), as the contract runner writes them (``cell_row(invariant=...)``)."""
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.config.load import load_config
    from windtunnel.engine.cells import Cell, CellResult
    from windtunnel.engine.report import build_report, cell_row, now_iso
    from windtunnel.engine.session import RunSession, labelled

    main = load_config(FIXED_CONFIG)
    cfg = load_config(UNFIXED_CONFIG)
    assert main.contract is not None
    invariants = labelled(main.contract.invariants)
    scenario = next(s for s in main.scenarios if s.name == "order-service-timeout")
    spec = ChaosSpec.resolve(scenario)
    results: list[CellResult] = []
    session = RunSession(cfg, invariants, listeners=[results.append], chaos={spec.name: spec}, seed=7)
    cell = Cell(
        id="c.order-service-timeout.g0",
        kind="contract",
        input=PROMPT,
        golden_prompt=PROMPT,
        golden_index=0,
        scenario=spec.name,
    )
    anyio.run(session.run, [cell])
    [result] = results
    rows = [cell_row(result, invariant=i.label, severity=i.severity) for i in invariants]
    report = build_report(
        run_id="contract-run",
        mode="contract",
        seed=7,
        started_at=now_iso(),
        finished_at=now_iso(),
        summary={
            "score": 50.0,
            "passed": False,
            "cells_total": len(rows),
            "cells_passed": 0,
            "cells_failed": 0,
            "cells_errored": 0,
        },
        cells=rows,
    )
    path = tmp_path / "contract-report.json"
    path.write_text(json.dumps(report))
    return path


def test_export_from_failed_contract_cell_reproduces_the_failure(tmp_path: Path) -> None:
    report_path = contract_report(tmp_path)
    rows = json.loads(report_path.read_text())["cells"]
    failed_rows = [r for r in rows if r["status"] == "failed"]
    assert [r["invariant"] for r in failed_rows] == ["no-invented-delivery-date"]
    out = tmp_path / "exported"
    assert cli("replay", "export", "--from-report", report_path, "-o", out, "--contract", FIXED_CONFIG) == 0
    [session_file] = sorted(out.glob("*.yaml"))
    session = yaml.safe_load(session_file.read_text())
    assert session["input"] == PROMPT  # the exact input of the failed cell, not a golden prompt lookup
    assert [c.get("target", "tool") for c in session["calls"]] == ["llm", "tool", "tool", "llm"]
    assert [c.get("status") for c in session["calls"] if c.get("target", "tool") == "tool"] == [504, 504]

    tools.CALLS.clear()
    replayed = tmp_path / "replayed.json"
    code = cli("replay", "run", session_file, "-c", UNFIXED_CONFIG, "-f", "json", "-o", replayed)
    assert code == 1
    [cell] = read_report(replayed)["cells"]
    original = failed_rows[0]
    assert cell["output"] == original["output"]
    assert [c["id"] for c in cell["checks"] if not c["passed"]] == [original["invariant"]]
    assert tools.CALLS["order_status"] == 0

    # the fixed agent passes the same exported session
    code = cli("replay", "run", session_file, "-c", FIXED_CONFIG, "-f", "json", "-o", tmp_path / "fixed.json")
    assert code == 0


def test_export_from_a_chaos_run_report_through_the_cli(tmp_path: Path) -> None:
    """`run --chaos-only` → JSON report → `replay export` → `replay run` fails the same way."""
    cfg: dict[str, Any] = yaml.safe_load(UNFIXED_CONFIG.read_text())
    cfg["golden_prompts"] = [PROMPT, "What is your return policy?"]
    cfg["invariants"] = [{"type": "excludes_pattern", "patterns": ["(?i)will arrive on \\d{4}-\\d{2}-\\d{2}"]}]
    cfg["chaos"] = {"tool_faults": [{"tool": "order_status", "mode": "error", "error_code": 503}]}
    main_contract = yaml.safe_load(FIXED_CONFIG.read_text())["contract"]
    cfg["contract"] = {"name": main_contract["name"], "invariants": main_contract["invariants"]}
    config = tmp_path / "windtunnel.yaml"
    config.write_text(yaml.safe_dump(cfg))
    report_path = tmp_path / "run.json"
    code = cli("run", "-c", config, "--chaos-only", "--no-mutations", "-f", "json", "-o", report_path, "-q")
    assert code == 1
    run_rows = read_report(report_path)["cells"]
    failed = [r for r in run_rows if r["status"] == "failed"]
    assert [r["prompt"] for r in failed] == [PROMPT]
    out = tmp_path / "exported"
    assert cli("replay", "export", "--from-report", report_path, "-o", out, "-f", "json") == 0
    [session_file] = sorted(out.glob("*.json"))
    session = json.loads(session_file.read_text())
    assert session["input"] == PROMPT
    assert [c["status"] for c in session["calls"] if c.get("target", "tool") == "tool"] == [503, 503]
    tools.CALLS.clear()
    replayed = tmp_path / "replayed.json"
    assert cli("replay", "run", session_file, "-c", config, "-f", "json", "-o", replayed) == 1
    [cell] = read_report(replayed)["cells"]
    assert cell["output"] == failed[0]["output"]
    assert tools.CALLS["order_status"] == 0


def test_export_with_no_failed_cell_writes_nothing(tmp_path: Path) -> None:
    report = {"schema_version": "1", "run": {"id": "r"}, "cells": [{"id": "a", "status": "passed"}]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(report))
    assert cli("replay", "export", "--from-report", path, "-o", tmp_path / "out") == 0
    assert not (tmp_path / "out").exists()
    path.write_text(json.dumps({"not": "a report"}))
    assert cli("replay", "export", "--from-report", path, "-o", tmp_path / "out") == 2


def test_export_of_a_run_report_is_judged_by_the_run_invariants(tmp_path: Path) -> None:
    """QA-4 m14: a run cell failed by a run invariant the contract does not check replayed as PASS."""
    cfg: dict[str, Any] = yaml.safe_load(FIXED_CONFIG.read_text())
    cfg.pop("replays", None)
    cfg["golden_prompts"] = ["What is your return policy?"]
    cfg["invariants"] = [{"type": "contains", "value": "ZZZ-never-said", "severity": "medium"}]
    config = tmp_path / "windtunnel.yaml"
    config.write_text(yaml.safe_dump(cfg))
    report_path = tmp_path / "run.json"
    assert cli("run", "-c", config, "--no-mutations", "--seed", "1", "-f", "json", "-o", report_path, "-q") == 1
    out = tmp_path / "exported"
    assert cli("replay", "export", "--from-report", report_path, "-o", out, "-f", "json") == 0
    [session_file] = sorted(out.glob("*.json"))
    replayed = tmp_path / "replayed.json"
    assert cli("replay", "run", session_file, "-c", config, "-f", "json", "-o", replayed) == 1
    [cell] = read_report(replayed)["cells"]
    assert [c["id"] for c in cell["checks"] if not c["passed"]] == ["contains"]
    # with --contract the contract judges, as before (it does not check the missing phrase)
    judged = tmp_path / "by-contract"
    assert cli("replay", "export", "--from-report", report_path, "-o", judged, "-f", "json", "--contract", config) == 0
    [session_file] = sorted(judged.glob("*.json"))
    assert cli("replay", "run", session_file, "-c", config, "-f", "json", "-o", replayed) == 0
