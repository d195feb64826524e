"""The streaming pieces end to end: lazy plan → worker pool → sink (batched store) → summary and report."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import anyio
import pytest

from windtunnel.config.model import Config
from windtunnel.engine.plan import iter_plan, plan_run
from windtunnel.engine.report import build_report, cell_row
from windtunnel.engine.scoring import summarize
from windtunnel.engine.session import RunSession, run_invariants
from windtunnel.engine.sink import ResultSink
from windtunnel.mutations.scoring import type_weights
from windtunnel.reports import render_report
from windtunnel.reports.stream import STREAMED, render_streamed
from windtunnel.store import RunStore

sys.modules.setdefault("tests.engine.test_streaming_pipeline", sys.modules[__name__])


async def flaky_agent(prompt: Any) -> str:
    text = str(prompt)
    return "ok \ud800" if len(text) % 3 == 0 else ("ok" if len(text) % 2 else "nope")  # some fail, one unencodable


def _config(prompts: int = 12) -> Config:
    return Config.model_validate(
        {
            "version": "1",
            "agent": {"type": "python", "endpoint": "tests.engine.test_streaming_pipeline:flaky_agent"},
            "golden_prompts": [f"Where is my order {i}, please?" for i in range(prompts)],
            "invariants": [{"type": "contains", "value": "ok"}],
        }
    )


def test_lazy_plan_is_the_plan() -> None:
    cfg = _config()
    lazy = list(iter_plan(cfg, seed=4, repeat=2))
    assert [asdict(c) for c in lazy] == [asdict(c) for c in plan_run(cfg, seed=4, repeat=2).cells]
    assert [c.seq for c in lazy] == list(range(len(lazy)))
    assert len({c.id for c in lazy}) == len(lazy)


def _run(cfg: Config, sink: ResultSink, concurrency: int) -> None:
    invariants, _ = run_invariants(cfg)
    session = RunSession(cfg, invariants, concurrency=concurrency, listeners=[sink])
    anyio.run(session.run, iter_plan(cfg, seed=4, repeat=2))


@pytest.mark.parametrize("with_store", [True, False])
def test_sink_streams_what_the_in_memory_flow_builds(tmp_path: Path, with_store: bool) -> None:
    cfg = _config()
    base = ["windtunnel", "run", "-c", "w.yaml", "--seed", "4"]
    store = RunStore(tmp_path / "runs.db", batch_size=7) if with_store else None
    run_id = store.start_run({"mode": "run", "seed": 4}) if store is not None else None
    weights = type_weights(cfg.mutations.weights)
    sink = ResultSink(store=store, run_id=run_id, reproduce_base=base, weights=weights)
    _run(cfg, sink, concurrency=5)

    # what the in-memory flow does: every row kept, sorted into plan order, summarised at the end
    rows: list[dict[str, Any]] = []
    invariants, _ = run_invariants(cfg)
    keep = [lambda r: rows.append(cell_row(r, reproduce_base=base))]
    memory = RunSession(cfg, invariants, concurrency=5, listeners=keep)
    plan = plan_run(cfg, seed=4, repeat=2)
    anyio.run(memory.run, plan.cells)
    order = {c.id: i for i, c in enumerate(plan.cells)}
    rows.sort(key=lambda r: order[r["id"]])

    assert sink.completed == len(rows) == len(plan.cells)
    assert sink.summary() == summarize(rows, weights=weights)
    assert 0 < sink.summary().cells_failed < len(rows)
    streamed = list(sink.cells())

    def timeless(rs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**r, "latency_ms": None} for r in rs]

    assert timeless(streamed) == timeless(rows)  # the same rows, in plan order (latency aside)
    for fmt in STREAMED:
        head = build_report(
            run_id="r", mode="run", seed=4, started_at="s", finished_at="f", summary=sink.summary().as_dict(), cells=[]
        )
        a = render_streamed(head, sink.cells, fmt, tmp_path / f"a.{fmt}")
        b = render_report({**head, "cells": streamed}, fmt, tmp_path / f"b.{fmt}")
        assert a.read_bytes() == b.read_bytes()
    if store is not None:
        store.close()


def test_resumed_sink_counts_the_stored_rows(tmp_path: Path) -> None:
    cfg = _config(4)
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "run", "seed": 4})
        first = ResultSink(store=store, run_id=run_id)
        _run(cfg, first, concurrency=3)
        again = ResultSink(store=store, run_id=run_id)
        again.resume_from(store.iter_cells(run_id))
        assert again.summary() == first.summary() and again.completed == 0
