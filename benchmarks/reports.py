"""Run store and report benchmarks (measured and printed, never asserted).

    python benchmarks/reports.py [--cells 100000] [--html-cells 10000] [--no-browser]

1. writes N cells to a fresh run store, committed in batches (cells/s, until the last is committed);
2. peak Python memory (tracemalloc) while streaming 10 % of N and all N cells into the store and
   back out again: flat means streaming works (memory does not grow with the run);
3. renders the HTML report for M cells (cells/s, bytes) and the other formats for comparison;
4. opens that HTML in Debian's Chromium (Playwright) and times navigation until the page's script
   has run (table interactive), the figure the issue's 3-second target refers to.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from windtunnel.reports import render_report
from windtunnel.reports.cells import summarize_cells
from windtunnel.reports.sample import CHROMIUM as _CHROMIUM
from windtunnel.reports.sample import CHROMIUM_ARGS, sample_cells, sample_report
from windtunnel.reports.stats import compute_stats
from windtunnel.store import RunStore

CHROMIUM = Path(_CHROMIUM)


def mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


def kib(n: float) -> str:
    return f"{n / 2**10:,.0f} KiB"


def write_cells(store: RunStore, n: int, seed: int) -> tuple[str, float]:
    run_id = store.start_run({"mode": "ci", "seed": seed})
    start = time.perf_counter()
    for cell in sample_cells(n, seed=seed, repeats=2):
        store.add_cell(run_id, cell)
    store.flush()
    return run_id, time.perf_counter() - start


def peak_of(fn: Callable[[], Any]) -> tuple[Any, int]:
    tracemalloc.start()
    try:
        result = fn()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_store(tmp: Path, n: int) -> None:
    print(f"== run store: {n:,} cells ==")
    with RunStore(tmp / "runs.db") as store:
        run_id, seconds = write_cells(store, n, seed=1)
        print(f"write (batched): {n / seconds:,.0f} cells/s ({seconds:.1f} s)")
        start = time.perf_counter()
        count = sum(1 for _ in store.iter_cells(run_id))
        seconds = time.perf_counter() - start
        print(f"stream back: {count / seconds:,.0f} cells/s")
        size = (tmp / "runs.db").stat().st_size + sum(p.stat().st_size for p in tmp.glob("runs.db-*"))
        print(f"store size: {mib(size)} ({size / n:.0f} bytes/cell)")

        for m in (n // 10, n):
            (rid, _), write_peak = peak_of(lambda m=m: write_cells(store, m, seed=2 + m))
            summary, read_peak = peak_of(lambda rid=rid: summarize_cells(store.iter_cells(rid)))
            assert summary["cells_total"] == m
            print(
                f"peak traced memory streaming {m:>7,} cells: write {kib(write_peak)}, "
                f"read + summarise {kib(read_peak)}"
            )
    print(f"process max RSS so far: {mib(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)}")


def bench_render(tmp: Path, m: int) -> Path:
    print(f"== reports: {m:,} cells ==")
    start = time.perf_counter()
    report = sample_report(m, seed=3, repeats=2, hostile=True)
    print(f"build sample report: {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    compute_stats(report["cells"])
    print(f"statistics (Wilson, pass^k, flaky): {time.perf_counter() - start:.3f} s")
    html = tmp / "report.html"
    for fmt, out in (
        ("html", html),
        ("json", tmp / "r.json"),
        ("junit", tmp / "r.xml"),
        ("sarif", tmp / "r.sarif"),
        ("md", tmp / "r.md"),
    ):
        start = time.perf_counter()
        render_report(report, fmt, out)
        seconds = time.perf_counter() - start
        print(f"{fmt:>5}: {m / seconds:>9,.0f} cells/s  {seconds:6.2f} s  {out.stat().st_size:>12,} bytes")
    return html


def bench_browser(html: Path, runs: int = 3) -> None:
    print("== HTML in Chromium ==")
    if not CHROMIUM.exists():
        print(f"skipped: no Chromium at {CHROMIUM} (make browser)")
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("skipped: playwright is not installed (pip install -e '.[dev]', or make venv)")
        return

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for i in range(runs):
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(html.as_uri(), wait_until="load")
            page.wait_for_function("typeof window.windtunnelReport === 'object'")
            ready = time.perf_counter() - start
            start = time.perf_counter()
            page.select_option("#f-status", "failed")
            filtered = time.perf_counter() - start
            start = time.perf_counter()
            page.click("#cell-table thead th[data-key=latency] button")
            sorted_s = time.perf_counter() - start
            shown = page.locator("#shown").text_content()
            print(
                f"open #{i + 1}: interactive after {ready:.2f} s; filter {filtered * 1000:.0f} ms; "
                f"sort {sorted_s * 1000:.0f} ms ({shown})"
            )
            page.close()
        browser.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cells", type=int, default=100_000, help="cells written to the store")
    parser.add_argument("--html-cells", type=int, default=10_000, help="cells in the rendered reports")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium measurement")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="wt-bench-") as tmp:
        bench_store(Path(tmp), args.cells)
        html = bench_render(Path(tmp), args.html_cells)
        if not args.no_browser:
            bench_browser(html)


if __name__ == "__main__":
    main()
