"""A phase or contract scenario that is *not run* (the upstream V2 config, its agent not behind the proxies) says
so, with its reason, in every report: the contract's terminal verdict, HTML and markdown pages, and ci's
summary pages — one word ("not run") and one unit (matrix cells) throughout (QA-5 F2, F16)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.upstream.test_v2_research_agent import ADD_LINE, Setup, tools, unchanged

__all__ = ["tools", "unchanged"]  # the fixtures this module uses


def contract_run(setup: Setup, fmt: str, out: Path) -> int:
    return wt("contract", "run", "-c", str(setup.config), "--no-store", "-f", fmt, "-o", str(out))


def test_contract_terminal_says_not_run_in_one_unit(unchanged: Setup, capsys: pytest.CaptureFixture[str]) -> None:
    code = wt("contract", "run", "-c", str(unchanged.config), "--no-store")
    out = capsys.readouterr().out
    assert code == 1, out
    flat = " ".join(out.split())
    assert "N/A" not in flat.split("scenario × invariant")[-1]  # nothing here is "not applicable"
    assert "6 of 6 checks passed; 3 matrix cells not run: scenario 'api-outage'" in flat
    assert "did not run" not in flat and "unit(s)" not in flat
    assert "scenario 'api-outage' is not run" in flat and "(3 matrix cells)" in flat


def test_contract_html_shows_the_not_run_row_and_its_reason(unchanged: Setup) -> None:
    page = unchanged.dir / "contract.html"
    assert contract_run(unchanged, "html", page) == 1
    html = page.read_text(encoding="utf-8")
    matrix = html.split('id="heatmap"')[1].split("</section>")[0]
    assert 'scope="row">api-outage</th>' in matrix and "not run" in matrix
    assert "scenario &#39;api-outage&#39; is not run" in matrix and "windtunnel proxy env" in matrix
    reasons = html.split('id="reasons"')[1].split("</section>")[0]
    assert "scenario &#39;api-outage&#39; is not run" in reasons
    rows = html.split('id="cells"')[1]
    assert ">skipped<" not in rows
    assert re.search(r'class="status">not run<td>[^<]*<td>[^<]*<td>[^<]*<td>scenario &#39;api-outage', rows)


def test_contract_markdown_shows_the_not_run_row_and_its_reason(unchanged: Setup) -> None:
    page = unchanged.dir / "contract.md"
    assert contract_run(unchanged, "md", page) == 1
    md = page.read_text(encoding="utf-8")
    assert "### Why it failed" in md and "api\\-outage" in md
    matrix = md.split("### Contract matrix")[1].split("###")[0]
    row = next(line for line in matrix.splitlines() if line.startswith("| api\\-outage"))
    assert row.count("not run") == 4  # three invariants and the reason
    assert "windtunnel proxy env" in row


@pytest.mark.slow
def test_ci_summary_pages_give_the_reasons(unchanged: Setup, capsys: pytest.CaptureFixture[str]) -> None:
    out = unchanged.dir / "reports"
    code = wt("ci", "-c", str(unchanged.config), "--seed", "3", "-o", str(out), "-q")
    capsys.readouterr()
    assert code == 1
    md = (out / "summary.md").read_text(encoding="utf-8")
    assert "### Why it failed" in md and "the chaos phase is not run" in md and "windtunnel proxy env" in md
    chaos = next(line for line in md.splitlines() if line.startswith("| chaos"))
    assert "not run" in chaos and "windtunnel proxy env" in chaos
    html = (out / "summary.html").read_text(encoding="utf-8")
    reasons = html.split('id="reasons"')[1].split("</section>")[0]
    assert "the chaos phase is not run" in reasons and ADD_LINE.replace("`", "") in reasons.replace("`", "")
    chaos_row = html.split('data-phase="chaos"')[1].split("</tr>")[0]
    assert "not run" in chaos_row and "windtunnel proxy env" in chaos_row
    contract = (out / "contract.html").read_text(encoding="utf-8")
    assert 'scope="row">api-outage</th>' in contract.split('id="heatmap"')[1].split("</section>")[0]
