from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from windtunnel.reports import print_summary
from windtunnel.reports.sample import make_cell, make_report


def _render(report: dict[str, Any]) -> str:
    buf = io.StringIO()
    print_summary(report, Console(file=buf, width=140, force_terminal=True, color_system=None))
    return buf.getvalue()


def test_summary_table_phases_types_and_failures(ci_report: dict[str, Any]) -> None:
    text = _render(ci_report)
    s = ci_report["summary"]
    assert f"{s['score']:.1f}" in text and "FAILED" in text
    for phase in s["phases"]:
        assert phase in text
    assert "mutation types" in text and "tone_shift" in text
    assert "pass^3" in text and "flaky" in text
    assert f"failures ({s['cells_failed'] + s['cells_errored']})" in text
    assert "reproduce: windtunnel run -c windtunnel.yaml" in text
    assert "more (see the HTML or JSON report)" in text


def test_agent_text_cannot_inject_markup_or_escape_codes() -> None:
    cell = make_cell(
        "x",
        status="failed",
        prompt="[bold red]boom[/] \x1b]0;pwn\x07 \x1b[2J",
        checks=[{"type": "t", "passed": False, "detail": "[link=http://e]x[/link]"}],
    )
    text = _render(make_report([cell]))
    assert "[bold red]boom[/]" in text and "[link=http://e]x[/link]" in text
    assert "\x1b]0;" not in text and "\x1b[2J" not in text and "\\x1b]0;pwn\\x07" in text


def test_passing_report_has_no_failures_section() -> None:
    text = _render(make_report([make_cell("a")]))
    assert "PASSED" in text and "failures" not in text and "100.0" in text


def test_a_failed_golden_cell_is_not_labelled_as_a_mutation() -> None:
    """QA-7 F7-24: a golden prompt's failure read `✗ [mutation] I want a refund ...` (its phase only)."""
    cells = [
        make_cell("g", status="failed", prompt="I want a refund"),
        make_cell("m", status="failed", kind="mutation", prompt="I want a refund, now!"),
    ]
    text = _render(make_report(cells))
    assert "[mutation · golden] I want a refund" in text and "[mutation] I want a refund, now!" in text


def test_a_fault_fired_hundreds_of_times_in_a_row_is_one_entry_with_its_count() -> None:
    """QA-11 minor 6: an agent retrying a failing tool printed `tool.error(get_balance)` 277 times per failed cell."""
    fired = [{"target": "tool", "name": "get_balance", "mode": "error"}] * 277
    fired += [{"target": "llm", "name": "m", "mode": "empty"}, fired[0]]
    text = _render(make_report([make_cell("x", status="failed", faults=fired)]))
    assert "faults: tool.error(get_balance) ×277, llm.empty(m), tool.error(get_balance)" in text
    assert text.count("tool.error(get_balance)") == 2


def test_an_error_of_several_lines_stays_under_its_cell() -> None:
    """QA-20: LangGraph's GraphRecursionError ends its message with a second line ("For troubleshooting, visit …"),
    which was printed at the left margin between the failure's lines."""
    error = "agent_exception: GraphRecursionError: Recursion limit of 25 reached.\nFor troubleshooting, visit: x"
    text = _render(make_report([make_cell("g", status="error", error=error)]))
    assert "      agent_exception: GraphRecursionError: Recursion limit of 25 reached. For troubleshooting" in text
    assert "\nFor troubleshooting" not in text
