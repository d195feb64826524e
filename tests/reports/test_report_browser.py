"""The HTML report in a real headless Chromium: renders, filters, drills down, runs no injected script."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from windtunnel.reports import render_report
from windtunnel.reports.sample import make_cell, make_report, sample_report

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SCRIPT_BREAKOUT = "</script><script>window.__pwned=1</script>"
IMG_ONERROR = '<img src=x onerror="window.__pwned=2">'


class Page:
    """A loaded report page plus what happened while loading it."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.on("request", lambda req: self.requests.append(req.url))

    def visible_rows(self) -> int:
        return int(
            self.page.evaluate(
                "Array.from(document.querySelectorAll('#cell-table tbody tr')).filter(r => !r.hidden).length"
            )
        )


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []

    def opener(path: Path, *, javascript: bool = True) -> Page:
        context = browser.new_context(java_script_enabled=javascript)
        contexts.append(context)
        page = Page(context.new_page())
        page.page.goto(path.as_uri())
        return page

    yield opener
    for context in contexts:
        context.close()


def _hostile_report() -> dict[str, Any]:
    cells = [
        make_cell(
            "h1",
            kind="contract",
            scenario="tool_timeouts",
            invariant="no_pii",
            severity="critical",
            status="failed",
            output=SCRIPT_BREAKOUT,
            prompt=IMG_ONERROR,
            checks=[{"type": "excludes_pattern", "passed": False, "detail": IMG_ONERROR}],
            faults=[{"target": "tool", "mode": "timeout", "name": SCRIPT_BREAKOUT}],
        ),
        make_cell(
            "h2",
            kind="contract",
            scenario=IMG_ONERROR,
            invariant=SCRIPT_BREAKOUT,
            status="failed",
            output=IMG_ONERROR + SCRIPT_BREAKOUT,
            reproduce=SCRIPT_BREAKOUT,
        ),
        make_cell(
            "h3",
            kind="mutation",
            mutation={"type": "prompt_injection", "args": {"x": SCRIPT_BREAKOUT}},
            status="error",
            error=IMG_ONERROR,
            prompt=SCRIPT_BREAKOUT,
        ),
        make_cell("ok", prompt="a harmless prompt"),
    ]
    return make_report(cells, run_id="hostile")


@pytest.mark.parametrize("keep_csp", [True, False], ids=["with-csp", "escaping-alone"])
def test_agent_output_does_not_execute(tmp_path: Path, open_page: Any, keep_csp: bool) -> None:
    path = render_report(_hostile_report(), "html", tmp_path / "hostile.html")
    if not keep_csp:  # prove the escaping holds on its own, without the CSP safety net
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", text)
        path.write_text(text, encoding="utf-8")
    page = open_page(path)
    p = page.page
    assert p.evaluate("typeof window.windtunnelReport") == "object", page.errors  # our script did run
    assert p.evaluate("window.__pwned") is None
    assert p.locator("img").count() == 0
    assert page.visible_rows() == 4
    for i in range(3):  # open every hostile cell in the drill-down panel and every <details>
        p.evaluate(f"window.windtunnelReport.openCell({i})")
    p.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert p.evaluate("window.__pwned") is None and p.locator("img").count() == 0
    assert p.locator("#drill-body pre").first.text_content() == SCRIPT_BREAKOUT  # shown as text
    assert SCRIPT_BREAKOUT in (p.locator("#f-0").text_content() or "")
    assert page.errors == []
    assert [u for u in page.requests if not u.startswith("file://")] == []


def test_renders_filters_sorts_and_drills_down(tmp_path: Path, open_page: Any) -> None:
    report = sample_report(126, seed=4, repeats=2, hostile=True)
    cells = report["cells"]
    page = open_page(render_report(report, "html", tmp_path / "r.html"))
    p = page.page
    assert p.title() == "windtunnel ci run-sample"
    assert p.locator("#controls").is_visible()
    assert page.visible_rows() == len(cells)
    assert p.locator("#shown").text_content() == f"showing {len(cells)} of {len(cells)}"

    p.select_option("#f-status", "failed")
    assert page.visible_rows() == sum(c["status"] == "failed" for c in cells)
    p.select_option("#f-kind", "contract")
    assert page.visible_rows() == sum(c["status"] == "failed" and c["kind"] == "contract" for c in cells)
    p.click("#f-reset")
    p.wait_for_function(f"document.getElementById('shown').textContent === 'showing {len(cells)} of {len(cells)}'")

    p.fill("#f-text", "refund policy")
    assert page.visible_rows() == sum("refund policy" in c["prompt"].lower() for c in cells)
    p.fill("#f-text", "")
    p.select_option("#f-phase", "chaos")
    assert page.visible_rows() == sum(c["kind"] == "chaos" for c in cells)
    p.select_option("#f-phase", "")

    # heat map: one square filters to its scenario × invariant
    square = p.locator("button.heat-cell").first
    scenario, invariant = square.get_attribute("data-scenario"), square.get_attribute("data-invariant")
    square.click()
    expected = sum(c["kind"] == "contract" and c["scenario"] == scenario and c["invariant"] == invariant for c in cells)
    assert page.visible_rows() == expected > 0
    assert p.locator("#f-chip").is_visible()
    p.click("#f-chip")
    assert page.visible_rows() == len(cells)

    # sorting by latency, both directions
    p.click("#cell-table thead th[data-key=latency] button")
    order = p.evaluate("Array.from(document.querySelectorAll('#cell-table tbody tr')).map(r => +r.dataset.i)")
    latencies = [cells[i]["latency_ms"] for i in order]
    assert latencies == sorted(latencies)
    p.click("#cell-table thead th[data-key=latency] button")
    order = p.evaluate("Array.from(document.querySelectorAll('#cell-table tbody tr')).map(r => +r.dataset.i)")
    assert [cells[i]["latency_ms"] for i in order] == sorted(latencies, reverse=True)

    # drill-down on the first failure: prompt, mutation/faults, output, checks, reproduce
    i = next(k for k, c in enumerate(cells) if c["status"] == "failed" and c["faults"])
    p.click(f"#cell-table tbody tr[data-i='{i}'] td:nth-child(9)")
    assert p.locator("#drill").is_visible()
    body = p.locator("#drill-body")
    texts = body.locator("dd").all_text_contents()
    cell = cells[i]
    assert cell["prompt"] in texts
    assert cell["reproduce"] in texts
    assert any(f"{cell['faults'][0]['target']}.{cell['faults'][0]['mode']}" in t for t in texts)
    assert any(cell["checks"][0]["detail"] in t for t in texts)
    assert (cell["output"] or "no output") in texts
    p.click("#drill-close")
    assert not p.locator("#drill").is_visible()
    assert p.evaluate("window.__pwned") is None
    assert page.errors == []


def test_readable_without_javascript(tmp_path: Path, open_page: Any) -> None:
    report = sample_report(42, seed=6, hostile=True)
    page = open_page(render_report(report, "html", tmp_path / "r.html"), javascript=False)
    p = page.page
    assert not p.locator("#controls").is_visible()  # controls need JavaScript and stay hidden
    rows = p.locator("#cell-table tbody tr")
    assert rows.count() == len(report["cells"])
    assert rows.nth(0).is_visible() and rows.nth(len(report["cells"]) - 1).is_visible()
    assert p.locator("#phases tbody tr").count() == len(report["summary"]["phases"])
    failures = [c for c in report["cells"] if c["status"] in ("failed", "error")]
    details = p.locator("details.failure")
    assert details.count() == len(failures)
    details.first.locator("summary").click()  # <details> opens without JavaScript
    assert details.first.locator("pre.cmd").is_visible()
    assert details.first.locator("pre.cmd").text_content() == failures_sorted(failures)[0]["reproduce"]
    assert p.locator("img").count() == 0


def failures_sorted(failures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rank = {"critical": 0, "high": 1, "medium": 2, "low": 3}
    return sorted(failures, key=lambda c: rank.get(str(c.get("severity")), 2))


def test_large_reports_show_a_page_of_rows_at_a_time(tmp_path: Path, open_page: Any) -> None:
    report = sample_report(1234, seed=8)
    cells = report["cells"]
    page = open_page(render_report(report, "html", tmp_path / "big.html"))
    p = page.page
    assert page.visible_rows() == 500
    assert p.locator("#shown").text_content() == "showing 500 of 1234 matching (1234 cells)"
    p.click("#f-more")
    assert page.visible_rows() == 1000
    p.click("#f-all")
    assert page.visible_rows() == 1234 and not p.locator("#pager").is_visible()
    p.select_option("#f-status", "passed")  # a new filter starts again at one page
    passed = sum(c["status"] == "passed" for c in cells)
    assert page.visible_rows() == min(500, passed)
    p.click("#cell-table thead th[data-key=latency] button")
    order = p.evaluate(
        "Array.from(document.querySelectorAll('#cell-table tbody tr')).filter(r => !r.hidden).map(r => +r.dataset.i)"
    )
    expected = sorted(c["latency_ms"] for c in cells if c["status"] == "passed")[:500]
    assert [cells[i]["latency_ms"] for i in order] == expected
    assert page.errors == []
