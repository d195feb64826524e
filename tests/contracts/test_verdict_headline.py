"""#29 item 10: a contract whose only judged scenario is the no-chaos one printed `FAIL resilience score
100.0/100 (… checks passed)`; every place the verdict is shown now leads with why."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import cli, run_json, support_config, write

from windtunnel.reports.base import render_report
from windtunnel.reports.markdown import md_text
from windtunnel.store.queries import StoreReader
from windtunnel.view.api import Api

WHY = "1 of 2 scenarios not exercised (order-service-timeout): the score covers only no-chaos"


def ghost_config() -> dict[str, object]:
    cfg = support_config("handle", scenarios=("no-chaos", "order-service-timeout"))
    matrix = cfg["contract"]["chaos_matrix"]  # type: ignore[index]
    timeout = next(s for s in matrix if s["name"] == "order-service-timeout")
    timeout["tool_faults"] = [{"tool": "order_lookup", "mode": "timeout"}]  # the agent has no such tool
    return cfg


def test_every_verdict_leads_with_the_scenarios_the_score_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, _ = run_json(tmp_path, ghost_config(), capsys)
    s = report["summary"]
    assert code == 1 and s["passed"] is False and s["score"] == 100.0 and s["why"] == WHY
    md = render_report(report, "markdown", tmp_path / "r.md").read_text(encoding="utf-8")
    assert md.splitlines()[0].startswith(f"## windtunnel contract: ❌ failed: {md_text(WHY)} · score 100"), (
        md.splitlines()[0]
    )
    html = render_report(report, "html", tmp_path / "r.html").read_text(encoding="utf-8")
    assert f'<p class="why" id="why"><strong>{WHY}</strong></p>' in html
    assert html.index('id="why"') < html.index('id="score"')
    suite = ET.parse(render_report(report, "junit", tmp_path / "r.xml")).getroot().find("testsuite")
    assert suite is not None
    props = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert props["why_it_failed"] == WHY


def test_terminal_and_view_lead_with_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "runs.db"
    path = write(tmp_path, {**ghost_config(), "advanced": {"seed": 3, "retries": 0}})
    code, out, _err = cli(["contract", "run", "-c", str(path), "--store", str(store)], capsys)
    assert code == 1
    line = next(x for x in out.splitlines() if "resilience score" in x)
    flat = " ".join(line.split())
    assert flat.startswith(f"FAIL {WHY} — resilience score 100.0/100"), line
    reader = StoreReader(store)
    (run,), _ = reader.runs_page(limit=1)
    data = Api(reader).run({"id": run.id})
    assert data["why"] == WHY and json.dumps(data)


def test_a_passing_contract_has_no_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report, _ = run_json(tmp_path, support_config("handle"), capsys)
    assert code == 0 and "why" not in report["summary"]


def test_a_run_that_did_not_pass_leads_its_terminal_summary_with_why() -> None:
    from rich.console import Console

    from windtunnel.reports.terminal import print_summary

    why = "scenario 'chaos' was not exercised: none of its faults fired"
    report = {
        "run": {"mode": "run", "id": "r1"},
        "summary": {
            "score": 100.0,
            "passed": False,
            "reasons": [why],
            "cells_total": 2,
            "cells_passed": 2,
            "cells_failed": 0,
            "cells_errored": 0,
        },
        "cells": [],
    }
    console = Console(record=True, width=200)
    print_summary(report, console)
    text = console.export_text()
    assert text.index(f"FAILED: {why}") < text.index("100"), text
