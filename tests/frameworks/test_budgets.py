"""Token and cost budgets judge the usage framework agents record; unknown cost is not zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.clirun import wt

from windtunnel._util.errors import ConfigError
from windtunnel.config.load import parse_config
from windtunnel.invariants.base import CheckContext

AGENT = 'agent: {type: langgraph, endpoint: "fw_langgraph:robust"}\ngolden_prompts: ["Where is my order 42?"]\n'


def run_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> tuple[int, dict]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(AGENT + body)
    code = wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "report.json")
    return code, json.loads((tmp_path / "report.json").read_text())


@pytest.mark.slow
def test_budgets_in_a_run(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = (
        "prices: {robust: {input: 1.0, output: 2.0}}\n"
        "invariants:\n"
        "  - {type: max_tokens, max: 1000}\n"
        "  - {type: max_cost, max_usd: 0.001}\n"
        "  - {type: max_cost, id: tight, max_usd: 0.0001}\n"
    )
    code, report = run_report(tmp_path, monkeypatch, body)
    [cell] = report["cells"]
    assert cell["usage"] == {
        "input_tokens": 200,
        "output_tokens": 40,
        "total_tokens": 240,
        "requests": 2,
        "model": "robust",
        "cost_usd": 0.00028,
    }
    verdicts = {c["id"]: (c["passed"], c.get("detail", "")) for c in cell["checks"]}
    assert verdicts["max_tokens"][0] and verdicts["max_cost"][0]
    assert not verdicts["tight"][0] and "$0.000280" in verdicts["tight"][1]
    assert report["usage"] == {
        "cells": 1,
        "input_tokens": 200,
        "output_tokens": 40,
        "total_tokens": 240,
        "requests": 2,
        "cost_usd": 0.00028,
    }
    assert code == 1


@pytest.mark.slow
def test_a_model_missing_from_the_price_table_fails_the_check(stub, tmp_path, monkeypatch) -> None:
    body = "prices: {gpt-4o: {input: 2.5, output: 10}}\ninvariants: [{type: max_cost, max_usd: 1}]\n"
    code, report = run_report(tmp_path, monkeypatch, body)
    [check] = report["cells"][0]["checks"]
    assert not check["passed"] and "no entry for model 'robust'" in check["detail"] and "not zero" in check["detail"]
    assert report["cells"][0]["usage"]["cost_usd"] is None and "'robust'" in report["cells"][0]["usage"]["cost_unknown"]
    assert report["usage"]["cost_usd"] is None and report["usage"]["models_unpriced"] == ["robust"]
    assert code == 1


def test_max_cost_without_a_price_table_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config("agent: {endpoint: 'm:f'}\ninvariants: [{type: max_cost, max_usd: 1}]", "w.yaml")
    assert "needs a price table" in info.value.message


def test_no_recorded_usage_is_not_a_pass() -> None:
    cfg = parse_config("agent: {endpoint: 'm:f'}\ninvariants: [{type: max_tokens, max: 10}]", "w.yaml")
    res = cfg.invariants[0].evaluate(CheckContext(output="hi"))
    assert not res.passed and "no token usage" in (res.detail or "")
    over = cfg.invariants[0].evaluate(
        CheckContext(output="hi", metadata={"usage": {"input_tokens": 8, "output_tokens": 5}})
    )
    assert not over.passed and "13 total tokens" in (over.detail or "")


@pytest.mark.slow
def test_a_run_budget_stops_scheduling_cells(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each cell costs $0.00028 (200 input tokens at $1/M, 40 output at $2/M): a $0.0005 budget is reached
    after the second cell; with one cell at a time the other three are not run."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: langgraph, endpoint: "fw_langgraph:robust"}\n'
        "golden_prompts: ['Where is my order 1?', 'Where is my order 2?', 'Where is my order 3?',"
        " 'Where is my order 4?', 'Where is my order 5?']\n"
        "invariants: [{type: output_not_empty}]\n"
        "prices: {robust: {input: 1.0, output: 2.0}}\n"
        "advanced: {max_cost: 0.0005, concurrency: 1}\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "report.json") == 1
    report = json.loads((tmp_path / "report.json").read_text())
    statuses = [c["status"] for c in report["cells"]]
    assert statuses.count("passed") == 2 and statuses.count("skipped") == 3
    skipped = [c for c in report["cells"] if c["status"] == "skipped"]
    assert all(c["error_kind"] == "budget" and "advanced.max_cost $0.0005 was reached" in c["error"] for c in skipped)
    assert any("advanced.max_cost" in n for n in report["notices"])
    assert report["summary"]["passed"] is False and report["summary"]["cells_skipped"] == 3


def test_a_run_budget_without_prices_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config("agent: {endpoint: 'm:f'}\nadvanced: {max_cost: 1}", "w.yaml")
    assert "advanced.max_cost needs a price table" in info.value.message


BUDGETED = (
    'agent: {type: langgraph, endpoint: "fw_langgraph:robust"}\n'
    "golden_prompts: ['Where is my order 1?', 'Where is my order 2?', 'Where is my order 3?']\n"
    "invariants: [{type: output_not_empty}]\n"
    "prices: {robust: {input: 1.0, output: 2.0}}\n"
    "advanced: {max_cost: 0.0005, concurrency: 1}\n"  # each call costs $0.00028: two calls reach it
    "contract:\n  name: orders\n  invariants: [{type: output_not_empty, id: answers}]\n"
    "  chaos_matrix:\n    - {name: calm}\n"
    "    - {name: outage, tool_faults: [{tool: get_order_status, mode: timeout}]}\n"
)


@pytest.mark.slow
def test_contract_run_stops_at_the_run_budget(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The units not run are skipped (not failed checks), the scenario they belong to is "not run" (not "not
    exercised"), the verdict names the budget, a notice says so, exit 1."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(BUDGETED)
    assert wt("contract", "run", "-c", "windtunnel.yaml", "-f", "json", "-o", "report.json") == 1
    report = json.loads((tmp_path / "report.json").read_text())
    statuses = {c["id"]: c["status"] for c in report["cells"]}
    assert sorted(statuses.values()) == ["passed"] * 2 + ["skipped"] * 4, statuses
    assert all(c["error_kind"] == "budget" for c in report["cells"] if c["status"] == "skipped")
    assert any("advanced.max_cost $0.0005 was reached" in n for n in report["notices"])
    reasons = " ".join(report["summary"]["reasons"])
    assert "4 unit(s) were not run: the run budget advanced.max_cost" in reasons and "not exercised" not in reasons
    assert report["summary"]["passed"] is False and report["usage"]["cost_usd"] == 0.00056


@pytest.mark.slow
def test_ci_spends_one_budget_over_all_its_phases(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutation phase reaches the budget; the contract phase then runs no cell (one budget per ci run,
    not one per phase), both phases say why, and ci exits 1."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(BUDGETED)
    assert wt("ci", "-c", "windtunnel.yaml", "-o", "ci") == 1
    mutation = json.loads((tmp_path / "ci" / "mutation.json").read_text())
    contract = json.loads((tmp_path / "ci" / "contract.json").read_text())
    assert [c["status"] for c in mutation["cells"]].count("passed") == 2
    assert any("advanced.max_cost $0.0005 was reached" in n for n in mutation["notices"])
    assert {c["status"] for c in contract["cells"]} == {"skipped"}
    assert any("in an earlier phase" in n for n in contract["notices"])
    summary = json.loads((tmp_path / "ci" / "summary.json").read_text())
    assert summary["summary"]["passed"] is False and summary["usage"]["cost_usd"] == 0.00056


def test_a_small_budget_is_written_in_dollars_not_in_exponent_form() -> None:
    """QA-7 F7-8: ``max_usd: 0.00001`` read "over the budget of $1e-05"."""
    cfg = parse_config(
        "agent: {endpoint: 'm:f'}\nprices: {m: {input: 1, output: 2}}\n"
        "invariants: [{type: max_cost, max_usd: 0.00001}]",
        "w.yaml",
    )
    usage = {"input_tokens": 100, "output_tokens": 50, "model": "m"}
    res = cfg.invariants[0].evaluate(CheckContext(output="hi", metadata={"usage": usage}))
    assert not res.passed and "over the budget of $0.00001)" in (res.detail or ""), res.detail
