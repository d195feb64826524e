"""Tokens and cost in the reports: per cell and in total; an unknown cost is shown as unknown, never zero."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from rich.console import Console
from tests.clirun import wt

from windtunnel.engine.budget import priced, recorded_usage
from windtunnel.engine.report import build_report
from windtunnel.invariants.budget import ModelPrice
from windtunnel.reports import print_summary, validate_report
from windtunnel.reports.html import render_html
from windtunnel.reports.sample import make_cell, summarize_cells

PRICES = {"gpt-4o-mini": ModelPrice(input=1.0, output=2.0)}


def usage(model: str, tokens_in: int, tokens_out: int) -> dict[str, Any]:
    raw = {"input_tokens": tokens_in, "output_tokens": tokens_out, "total_tokens": tokens_in + tokens_out}
    return priced({**raw, "requests": 1, "model": model}, PRICES)


def report_of(cells: list[dict[str, Any]]) -> dict[str, Any]:
    return build_report(
        run_id="r1",
        mode="run",
        seed=1,
        started_at="2026-01-01T00:00:00Z",
        finished_at="2026-01-01T00:00:01Z",
        summary=summarize_cells(cells) | {"score": 50.0, "passed": False},
        cells=cells,
    )


def test_cost_per_cell_and_in_total() -> None:
    cells = [make_cell("a", usage=usage("gpt-4o-mini", 200, 40)), make_cell("b", usage=usage("gpt-4o-mini", 100, 10))]
    report = report_of(cells)
    assert cells[0]["usage"]["cost_usd"] == 0.00028
    assert report["usage"] == {
        "cells": 2,
        "input_tokens": 300,
        "output_tokens": 50,
        "total_tokens": 350,
        "requests": 2,
        "cost_usd": 0.0004,
    }
    assert validate_report(report) == []


def test_an_unpriced_model_makes_the_cost_unknown_not_zero(report_validator: jsonschema.Validator) -> None:
    cells = [
        make_cell("a", usage=usage("gpt-4o-mini", 200, 40)),
        make_cell("b", status="failed", usage=usage("claude-x", 100, 10)),
    ]
    b = cells[1]["usage"]
    assert b["cost_usd"] is None and "'claude-x'" in b["cost_unknown"] and "not zero" in b["cost_unknown"]
    report = report_of(cells)
    total = report["usage"]
    assert total["cost_usd"] is None and total["cost_usd_known"] == 0.00028
    assert total["cells_cost_unknown"] == 1 and total["models_unpriced"] == ["claude-x"]
    assert validate_report(report) == []
    report_validator.validate(report)
    text = terminal(report)
    assert "tokens and cost" in text and "$0.000280" in text and "unknown (model 'claude-x' has no price)" in text
    assert "cost unknown: 1 cell(s) used models without a price (claude-x)" in text
    assert "tokens: 110 (100 in, 10 out) · cost unknown" in text  # on the failure line too


def test_a_contract_units_call_is_counted_once() -> None:
    u = usage("gpt-4o-mini", 200, 40)
    rows = [make_cell(f"u1:{inv}", kind="contract", invariant=inv, usage=u) for inv in ("i1", "i2", "i3")]
    total = report_of(rows)["usage"]
    assert total["cells"] == 1 and total["total_tokens"] == 240 and total["cost_usd"] == 0.00028
    assert terminal(report_of(rows)).count("$0.000280") == 2  # the one call's row and the total


def test_without_prices_tokens_are_shown_and_no_cost_is_invented() -> None:
    cells = [make_cell("a", usage={"input_tokens": 5, "output_tokens": 2, "model": "m"})]
    report = report_of(cells)
    assert "cost_usd" not in report["usage"]
    text = terminal(report)
    assert "7 (5 in, 2 out)" in text and "cost not computed (no prices: table)" in text and "$" not in text


def test_html_shows_tokens_and_cost(tmp_path: Path) -> None:
    cells = [
        make_cell("a", usage=usage("gpt-4o-mini", 200, 40)),
        make_cell("b", status="failed", usage=usage("<b>x</b>", 1, 1)),
    ]
    html = render_html(report_of(cells), tmp_path / "r.html").read_text()
    assert '<th data-key="tokens" data-type="num">tokens</th>' in html
    assert "<td>240 (200 in, 40 out)<td>$0.000280" in html
    assert 'id="usage-total"' in html and "cost unknown: 1 cell(s)" in html
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html  # a model name is escaped like any text


def test_html_without_usage_has_no_usage_columns(tmp_path: Path) -> None:
    html = render_html(report_of([make_cell("a")]), tmp_path / "r.html").read_text()
    assert 'data-key="tokens"' not in html and 'id="usage-total"' not in html


def test_recorded_usage_keeps_the_report_typed() -> None:
    got = recorded_usage({"usage": {"input_tokens": 3.0, "output_tokens": "many", "total_tokens": -1, "model": 4}})
    assert got == {"input_tokens": 3, "model": "4"}
    assert recorded_usage({"usage": "lots"}) is None


def terminal(report: dict[str, Any]) -> str:
    buf = io.StringIO()
    print_summary(report, Console(file=buf, width=200, force_terminal=True, color_system=None))
    return buf.getvalue()


USAGE_AGENT = """
def handle(prompt):
    tokens = len(prompt)
    usage = {"input_tokens": tokens, "output_tokens": 5, "model": "m1"}
    return {"output": "ok", "metadata": {"usage": usage}}
"""


@pytest.mark.parametrize("store", [True, False])
def test_the_tokens_table_lists_the_calls_whether_cells_stream_to_the_store_or_not(
    store: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-8: with the run store on (the default) the cells are not in memory; the table is built
    from what the run kept while it streamed, so it has the same rows as with ``--no-store``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "usage_agent.py").write_text(USAGE_AGENT)
    (tmp_path / "windtunnel.yaml").write_text(
        "agent: {endpoint: 'usage_agent:handle'}\n"
        "golden_prompts: ['short one', 'a much longer prompt than the other']\n"
        "invariants: [{type: output_not_empty}]\n"
        "prices: {m1: {input: 1.0, output: 2.0}}\n"
    )
    args = ["run", "-c", "windtunnel.yaml", "--no-mutations"] + ([] if store else ["--no-store"])
    assert wt(*args) == 0
    out = capsys.readouterr().out
    table = out[out.index("tokens and cost") : out.index("total:")]
    rows = [line for line in table.splitlines() if " m1 " in line]
    assert len(rows) == 2, out
    assert "a much longer prompt" in rows[0] and "short one" in rows[1]  # most tokens first
    assert "$0.000019" in rows[1]  # 9 in at $1/M + 5 out at $2/M
    assert "total: 54 tokens (44 in, 10 out)" in out
    if store:  # a stored run re-rendered sums its usage again from the cells kept
        assert wt("report", "latest", "-f", "terminal") == 0
        again = capsys.readouterr().out
        assert "total: 54 tokens (44 in, 10 out)" in again and again.count(" m1 ") == 2
