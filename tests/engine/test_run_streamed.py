"""`windtunnel run` wired to the streaming pieces: a lazy plan, the sink, reports streamed from the store,
and an Outcome whose report is read back from the store only when asked for."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

import windtunnel
from windtunnel.engine.plan import plan_run
from windtunnel.engine.shard import parse_shard
from windtunnel.flows.outcome import LazyReport
from windtunnel.flows.run import RunRequest, _plan
from windtunnel.reports import render_report

sys.modules.setdefault("tests.engine.test_run_streamed", sys.modules[__name__])


async def flaky_agent(prompt: Any) -> str:
    text = str(prompt)
    return "ok" if len(text) % 2 else "nope"


def _config(prompts: int = 8) -> dict[str, Any]:
    return {
        "version": "1",
        "agent": {"type": "python", "endpoint": "tests.engine.test_run_streamed:flaky_agent"},
        "golden_prompts": [f"Where is my order {i}, please?" for i in range(prompts)],
        "golden_turns": {"Where is my order 3, please?": ["hi", "Where is my order 3, please?"]},
        "invariants": [{"type": "contains", "value": "ok"}],
    }


def _timeless(report: dict[str, Any]) -> dict[str, Any]:
    cells = [{k: v for k, v in c.items() if k not in ("latency_ms", "reproduce")} for c in report["cells"]]
    return {"summary": report["summary"], "notices": report["notices"], "cells": cells}


@pytest.mark.parametrize("shard", [None, "2/3"])
def test_lazy_plan_is_the_held_plan(shard: str | None) -> None:
    from windtunnel.config.model import Config

    cfg = Config.model_validate(_config())
    planned = _plan(cfg, RunRequest(repeat=2, shard=shard), 5, None)
    held = plan_run(cfg, seed=5, repeat=2)
    cells = parse_shard(shard).select(held.cells) if shard else held.cells
    assert [asdict(c) for c in planned.cells()] == [asdict(c) for c in cells]
    assert [asdict(c) for c in planned.cells()] == [asdict(c) for c in cells]  # given anew
    assert planned.count == len(cells)
    assert planned.notices == held.notices and any("conversation" in n for n in planned.notices)


@pytest.mark.parametrize("fmt", ["json", "junit", "sarif", "md"])
def test_stored_run_streams_the_report_and_loads_it_lazily(tmp_path: Path, fmt: str) -> None:
    ext = {"json": ".json", "junit": ".xml", "sarif": ".sarif", "md": ".md"}[fmt]
    out = windtunnel.run(_config(), seed=3, store=tmp_path / "runs.db", output=tmp_path / f"r{ext}", fmt=fmt)
    assert isinstance(out.__dict__["_report"], LazyReport)  # nothing per cell held after the run
    assert out.cell_count == out.planned == out.completed > 0
    assert 0 < len(out.failing_cells()) < out.cell_count
    assert out.summary["cells_total"] == out.cell_count
    assert isinstance(out.__dict__["_report"], LazyReport)  # none of the above loaded the report
    report = out.report  # read back from the store now, and kept
    assert not isinstance(out.__dict__["_report"], LazyReport)
    assert [c["id"] for c in report["cells"]] == [c["id"] for c in out.iter_cells()]
    again = render_report(report, fmt, tmp_path / f"again{ext}")
    assert (tmp_path / f"r{ext}").read_bytes() == again.read_bytes()  # streamed == the in-memory writer

    memory = windtunnel.run(_config(), seed=3, use_store=False)
    assert not isinstance(memory.__dict__["_report"], LazyReport)
    assert _timeless(memory.report) == _timeless(report)


@pytest.mark.parametrize("fmt", ["json", "junit", "sarif", "md", None])
def test_the_terminal_summary_is_gathered_while_the_report_streams(tmp_path: Path, fmt: str | None) -> None:
    """A streamed report hands the summary its tally: the same failures and statistics as reading the
    stored cells again, and no second pass over them (an unstreamed format leaves it to the summary)."""
    from windtunnel.reports.stats import MAX_FAILURES, SummaryTally

    ext = {"json": ".json", "junit": ".xml", "sarif": ".sarif", "md": ".md", None: None}[fmt]
    output = tmp_path / f"r{ext}" if ext else None
    out = windtunnel.run(_config(30), seed=3, store=tmp_path / "runs.db", output=output, fmt=fmt)
    if fmt in (None, "md"):
        assert out.tally is None
        return
    reread = SummaryTally()
    for cell in out.iter_cells():
        reread.add(cell)
    tally = out.tally
    assert isinstance(tally, SummaryTally) and tally.complete
    assert reread.failed > MAX_FAILURES  # the list is cut where reading again cuts it
    assert (tally.cells, tally.failed, tally.failures) == (reread.cells, reread.failed, reread.failures)
    assert tally.stats.stats() == reread.stats.stats()
