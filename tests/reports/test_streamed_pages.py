"""The HTML page, the ci summary page and the markdown read their cells from a source, never gathering
them (issue 16, `ci` memory): the same bytes as from the report's cells in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from windtunnel.reports.html import render_html, render_html_streamed, render_phase_summary
from windtunnel.reports.markdown import build_markdown
from windtunnel.reports.sample import sample_report


class Once:
    """A cell source that counts how often it is read and hands out a fresh iterator each time."""

    def __init__(self, cells: list[dict[str, object]]) -> None:
        self.cells = cells
        self.reads = 0

    def __call__(self) -> object:
        self.reads += 1
        return iter(self.cells)


@pytest.mark.parametrize(("n", "hostile"), [(0, False), (1, False), (300, False), (120, True), (700, False)])
def test_streamed_pages_are_the_in_memory_ones(tmp_path: Path, n: int, hostile: bool) -> None:
    report = sample_report(n, seed=7, hostile=hostile, fail_rate=0.6 if n == 700 else 0.2)
    head = {k: [] if k == "cells" else v for k, v in report.items()}
    source = Once(report["cells"])
    render_html(report, tmp_path / "mem.html")
    render_html_streamed(head, source, tmp_path / "streamed.html")
    assert (tmp_path / "streamed.html").read_bytes() == (tmp_path / "mem.html").read_bytes()
    assert source.reads == 3, "counts, table rows, embedded data"
    render_phase_summary(report, tmp_path / "mem-summary.html", {"mutation": "m.html"})
    render_phase_summary(head, tmp_path / "streamed-summary.html", {"mutation": "m.html"}, cells=source)
    assert (tmp_path / "streamed-summary.html").read_bytes() == (tmp_path / "mem-summary.html").read_bytes()
    for top in (0, 1, 10, 1000):
        assert build_markdown(head, top, cells=iter(report["cells"])) == build_markdown(report, top)
