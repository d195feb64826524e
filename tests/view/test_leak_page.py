"""`leak scan --format html` on a real windtunnel run (`--from-run`): the page shows what the JSON report says."""

from __future__ import annotations

import html
import json
import re
import textwrap
from pathlib import Path

import pytest

from tests.leakage.test_leak_runs import AGENT, CONFIG, windtunnel

pytestmark = pytest.mark.slow


def test_from_run_page_marks_the_answer_where_the_json_report_points(tmp_path: Path) -> None:
    (tmp_path / "leak_e2e_agent.py").write_text(textwrap.dedent(AGENT), encoding="utf-8")
    (tmp_path / "windtunnel.yaml").write_text(CONFIG, encoding="utf-8")
    done = windtunnel(tmp_path, "run", "--no-mutations", "-q", "-f", "json", "-o", "report.json")
    assert done.returncode == 0, done.stderr
    run_id = json.loads((tmp_path / "report.json").read_text())["run"]["id"]
    store = str(tmp_path / ".windtunnel" / "runs.db")
    base = ("leak", "scan", "--from-run", run_id, "--store", store, "--show-values")
    assert windtunnel(tmp_path, *base, "-f", "json", "-o", "leaks.json").returncode == 1
    done = windtunnel(tmp_path, *base, "-f", "html")  # no -o: the audits directory beside the store
    assert done.returncode == 1, done.stderr
    pages = list((tmp_path / ".windtunnel" / "audits").glob("leak-*.html"))
    assert len(pages) == 1 and str(pages[0].name) in done.stderr  # the summary line
    page = pages[0].read_text()
    report = json.loads((tmp_path / "leaks.json").read_text())
    findings = [f for it in report["items"] for f in it["findings"]]
    assert [f["pointer"] for f in findings] == ["/calls/0/response/fields/priority/name"]
    rows = re.findall(r'<tr data-pointer="([^"]*)" data-channel="([^"]*)">', page)
    assert [(html.unescape(p), c) for p, c in rows] == [(f["pointer"], f["channel"]) for f in findings]
    marks = re.findall(r'<mark class="ch-direct"[^>]*>([^<]*)</mark>', page)
    assert "High" in marks  # the tool response's value, highlighted in the projection tree
    assert "/calls/0/response" in page  # the tree labels each part with where it sits in the cell

    hidden = windtunnel(tmp_path, "leak", "scan", "--from-run", run_id, "--store", store, "-f", "html", "-o", "h.html")
    assert hidden.returncode == 1
    text = (tmp_path / "h.html").read_text()
    assert ">High<" not in text and "answer hidden" in text
