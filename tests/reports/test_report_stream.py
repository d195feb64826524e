"""Reports streamed from the store are byte-identical to the ones built in memory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from windtunnel.reports import render_report
from windtunnel.reports.sample import cut_short_report, make_cell, sample_report
from windtunnel.reports.stream import STREAMED, render_streamed
from windtunnel.store import RunStore


def _reports() -> dict[str, dict[str, Any]]:
    run = sample_report(60, seed=5, mode="run", run_id="run-plain")
    run["run"]["config_path"] = "configs/windtunnel.yaml"
    empty = sample_report(1, seed=1, mode="run", run_id="run-empty")
    empty["cells"] = []
    odd = sample_report(3, seed=2, mode="run", run_id="run-odd")
    odd["cells"][0].update(output='tab\there\r\n<&>\x01 "q" ☃', latency_ms=None, calls=[{"k": {}}])
    odd["cells"].append(make_cell("skip", status="skipped", passed=False, error="not applicable"))
    uncounted = cut_short_report("interrupted")
    del uncounted["summary"]["cells_total"]  # the banner counts the cells themselves
    ci_cut = sample_report(30, seed=4, repeats=2)
    ci_cut["run"]["status"] = "interrupted"
    return {
        "aborted": cut_short_report("aborted"),
        "uncounted": uncounted,
        "ci_cut": ci_cut,
        "ci_repeats_hostile": sample_report(84, seed=3, repeats=3, hostile=True),
        "run": run,
        "empty": empty,
        "odd": odd,
    }


REPORTS = _reports()


@pytest.mark.parametrize("fmt", STREAMED)
@pytest.mark.parametrize("name", sorted(REPORTS))
def test_streamed_report_is_byte_identical(tmp_path: Path, fmt: str, name: str) -> None:
    report = REPORTS[name]
    memory = render_report(report, fmt, tmp_path / f"memory.{fmt}")
    cells = report["cells"]
    streamed = render_streamed({**report, "cells": None}, lambda: iter(cells), fmt, tmp_path / f"stream.{fmt}")
    assert streamed.read_bytes() == memory.read_bytes()


@pytest.mark.parametrize("fmt", STREAMED)
def test_streamed_from_the_store_in_plan_order(tmp_path: Path, fmt: str) -> None:
    """Cells stored out of order (as they complete) come back in plan order, as the report has them."""
    report = REPORTS["ci_repeats_hostile"]
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "ci", "seed": 3})
        order = list(enumerate(report["cells"]))
        for seq, cell in order[1::2] + order[0::2]:  # completion order differs from plan order
            store.add_cell(run_id, cell, seq=seq)
        memory = render_report(report, fmt, tmp_path / f"memory.{fmt}")
        streamed = render_streamed(
            {**report, "cells": None},
            lambda: store.iter_cells(run_id, plan_order=True),
            fmt,
            tmp_path / f"stream.{fmt}",
        )
        assert streamed.read_bytes() == memory.read_bytes()


def test_other_formats_fall_back_to_memory(tmp_path: Path) -> None:
    report = REPORTS["run"]
    memory = render_report(report, "md", tmp_path / "memory.md")
    streamed = render_streamed({**report, "cells": None}, lambda: iter(report["cells"]), "md", tmp_path / "s.md")
    assert streamed.read_bytes() == memory.read_bytes()


def test_a_directory_gets_the_run_id(tmp_path: Path) -> None:
    report = REPORTS["run"]
    out = render_streamed({**report, "cells": None}, lambda: iter(report["cells"]), "json", f"{tmp_path}/r/")
    assert out == tmp_path / "r" / "run-plain.json"


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_terminal_summary_from_a_tally_is_the_same(name: str) -> None:
    import io

    from rich.console import Console

    from windtunnel.reports.terminal import TerminalTally, print_summary

    report = REPORTS[name]

    def render(**kw: Any) -> str:
        buf = io.StringIO()
        print_summary({**report, "cells": kw.pop("cells", report["cells"])}, Console(file=buf, width=120), **kw)
        return buf.getvalue()

    tally = TerminalTally(max_failures=3)
    for cell in report["cells"]:
        tally.add(cell)
    assert render(cells=[], tally=tally) == render(max_failures=3)
    assert tally.failures == [c for c in report["cells"] if c["status"] in ("failed", "error")][:3]
