from __future__ import annotations

from typing import Any

from windtunnel.reports.markdown import build_markdown, md_code, md_text
from windtunnel.reports.sample import make_cell, make_report


def test_md_text_neutralises_markup() -> None:
    text = md_text('<img src=x onerror="a()"> [x](javascript:alert(1)) **b** | c @team #12\nnext')
    assert "<" not in text and ">" not in text
    assert "\\[x\\]\\(javascript:alert\\(1\\)\\)" in text
    assert "\\*\\*b\\*\\*" in text and "\\|" in text
    assert "@team" not in text and "\n" not in text


def test_md_code_cannot_be_closed_by_its_content() -> None:
    assert md_code("run ``x`` now") == "```run ``x`` now```"
    assert md_code("`edge`") == "`` `edge` ``"
    assert md_code("a|b", in_table=True) == "`a\\|b`"


def test_sections_counts_and_failures(ci_report: dict[str, Any]) -> None:
    md = build_markdown(ci_report)
    s = ci_report["summary"]
    assert md.startswith(f"## windtunnel ci: ❌ failed · score {s['score']:.1f}")
    assert f"| {s['cells_total']} | {s['cells_passed']} | {s['cells_failed']} | {s['cells_errored']} |" in md
    for phase in s["phases"]:
        assert f"| {phase} |" in md
    assert "### Mutation types" in md and "### Statistics" in md and "pass^3" in md
    assert "### Top failures (10 of" in md
    assert "<script" not in md and "<img" not in md and 'onerror="' not in md
    assert "windtunnel run -c windtunnel.yaml" in md


def test_passing_run_without_failures() -> None:
    md = build_markdown(make_report([make_cell("a"), make_cell("b", prompt="other")]))
    assert "✅ passed · score 100.0" in md
    assert "Top failures" not in md and "Phases" not in md


def test_not_run_phase() -> None:
    phases = {
        "mutation": {"score": 80.0, "passed": True, "weight": 0.5},
        "replay": {"score": None, "passed": False, "weight": 0.5, "status": "not_run"},
    }
    md = build_markdown(make_report([make_cell("a")], mode="ci", phases=phases))
    assert "| replay | n/a | 0.50 | not run |" in md
