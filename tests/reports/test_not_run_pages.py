"""A phase or contract scenario that was not run says so, with its reason, on the HTML and markdown pages
(QA-5 F2, F16): the verdict's reasons, the phase's reason, the not-run matrix row, the skipped cells'
word and why. The streamed pages stay the in-memory ones byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from windtunnel.reports.cells import status_word
from windtunnel.reports.html import render_html, render_html_streamed, render_phase_summary
from windtunnel.reports.markdown import build_markdown
from windtunnel.reports.sample import make_cell, make_report

WHY = "scenario 'outage' is not run: add `proxy_env: honoured` under agent:"


def contract_report() -> dict[str, Any]:
    ran = [
        make_cell(f"calm/g{i}", kind="contract", scenario="calm", invariant=inv, severity="high")
        for i in range(2)
        for inv in ("cites", "fast")
    ]
    skipped = [
        make_cell(f"outage/g{i}", kind="contract", scenario="outage", invariant=inv, status="skipped", error=WHY)
        for i in range(2)
        for inv in ("cites", "fast")
    ]
    na = make_cell("calm/na", kind="contract", scenario="calm", invariant="slow", status="skipped")
    na["detail"] = "N/A: `when` does not hold in this scenario"
    matrix = [
        {"scenario": "calm", "invariant": "cites", "severity": "high", "status": "pass", "checks": 2, "passed": 2},
        {"scenario": "calm", "invariant": "fast", "severity": "high", "status": "pass", "checks": 2, "passed": 2},
        {"scenario": "outage", "invariant": "cites", "severity": "high", "status": "not run", "reason": WHY},
        {"scenario": "outage", "invariant": "fast", "severity": "high", "status": "not run", "reason": WHY},
    ]
    reasons = [f"{WHY} (2 matrix cells)"]
    return make_report([*ran, *skipped, na], mode="contract", passed=False, reasons=reasons, matrix=matrix)


def test_contract_html_shows_the_reasons_the_not_run_row_and_the_words(tmp_path: Path) -> None:
    html = render_html(contract_report(), tmp_path / "c.html").read_text(encoding="utf-8")
    reasons = html.split('<section id="reasons"')[1].split("</section>")[0]
    assert "scenario &#39;outage&#39; is not run" in reasons and "(2 matrix cells)" in reasons
    matrix = html.split('<section id="heatmap"')[1].split("</section>")[0]
    row = matrix.split('<th scope="row">outage</th>')[1].split("</tr>")[0]
    assert row.count(">not run<") == 2 and "proxy_env: honoured" in row
    assert "why not run" in matrix
    rows = html.split('<section id="cells"')[1].split("<script")[0]
    assert rows.count('class="status">not run<') == 4 and rows.count('class="status">N/A<') == 1
    assert ">skipped<" not in rows.replace('value="skipped">', "")
    assert rows.count("<td>scenario &#39;outage&#39; is not run") == 4  # the why column


def test_contract_markdown_shows_the_reasons_and_the_matrix() -> None:
    md = build_markdown(contract_report())
    assert md.split("### Why it failed\n\n")[1].startswith("- scenario 'outage' is not run")
    matrix = md.split("### Contract matrix")[1].split("###")[0]
    assert "| scenario | cites | fast | why not run |" in matrix
    assert "| calm | ✅ pass 2/2 | ✅ pass 2/2 |  |" in matrix
    outage = next(line for line in matrix.splitlines() if line.startswith("| outage"))
    assert outage.startswith("| outage | not run | not run | scenario 'outage' is not run")


def test_ci_summary_pages_give_the_phase_reason() -> None:
    why = "the chaos phase is not run: add `proxy_env: honoured` under agent:"
    phases = {
        "mutation": {"score": 100.0, "passed": True, "weight": 0.5},
        "chaos": {"score": None, "passed": False, "weight": 0.5, "status": "not run", "reason": why},
    }
    report = make_report([make_cell("a", phase="mutation")], mode="ci", phases=phases, passed=False, reasons=[why])
    md = build_markdown(report)
    assert "### Why it failed\n\n- the chaos phase is not run" in md
    chaos = next(line for line in md.splitlines() if line.startswith("| chaos"))
    assert "| not run: add \\`proxy\\_env: honoured\\` under agent: |" in chaos and chaos.count("not run") == 1


def test_ci_summary_html_gives_the_phase_reason(tmp_path: Path) -> None:
    why = "the chaos phase is not run: add `proxy_env: honoured` under agent:"
    phases = {"chaos": {"score": None, "passed": False, "weight": 1.0, "status": "not run", "reason": why}}
    report = make_report([make_cell("a", phase="mutation")], mode="ci", phases=phases, passed=False, reasons=[why])
    html = render_phase_summary(report, tmp_path / "s.html").read_text(encoding="utf-8")
    assert why.replace("`", "") in html.split('id="reasons"')[1].split("</section>")[0].replace("`", "")
    row = html.split('data-phase="chaos"')[1].split("</tr>")[0]
    assert "not run</span>" in row and "proxy_env: honoured" in row


def test_the_streamed_pages_with_a_not_run_scenario_are_the_in_memory_ones(tmp_path: Path) -> None:
    report = contract_report()
    head = {k: [] if k == "cells" else v for k, v in report.items()}
    render_html(report, tmp_path / "mem.html")
    render_html_streamed(head, lambda: iter(report["cells"]), tmp_path / "streamed.html")
    assert (tmp_path / "streamed.html").read_bytes() == (tmp_path / "mem.html").read_bytes()
    assert build_markdown(head, cells=iter(report["cells"])) == build_markdown(report)


def test_status_words() -> None:
    assert status_word(make_cell("a", status="skipped")) == "not run"
    assert status_word(make_cell("a", status="skipped", detail="N/A: `when` does not hold")) == "N/A"
    assert status_word(make_cell("a", status="failed")) == "failed"
