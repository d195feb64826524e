"""Batched writes: one transaction per batch, own writes always visible, nothing queued is dropped."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from windtunnel.store import RunStore, UnknownRunError


def _cell(i: int) -> dict[str, object]:
    return {"id": f"c{i}", "kind": "golden", "status": "passed"}


def _committed(db: Path) -> int:
    """What another process sees."""
    raw = sqlite3.connect(db)
    try:
        return int(raw.execute("SELECT count(*) FROM cells").fetchone()[0])
    finally:
        raw.close()


def test_cells_are_committed_in_batches(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    batches: list[list[str]] = []
    committed = threading.Event()

    def on_commit(ids: list[str]) -> None:
        batches.append(ids)
        committed.set()

    store = RunStore(db, batch_interval=3600, batch_size=100, on_commit=on_commit)
    run_id = store.start_run({"mode": "run", "seed": 1})
    for i in range(99):
        store.add_cell(run_id, _cell(i))
    assert _committed(db) == 0  # queued: no transaction per cell
    store.add_cell(run_id, _cell(99))  # a full batch is committed without waiting out the interval
    assert committed.wait(10)
    assert batches == [[f"c{i}" for i in range(100)]] and _committed(db) == 100
    store.add_cell(run_id, _cell(100))
    assert store.count_cells(run_id) == 101  # this process reads its own writes
    store.close()
    assert _committed(db) == 101 and [len(b) for b in batches] == [100, 1]


def test_interval_commits_a_partial_batch(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    committed = threading.Event()
    store = RunStore(db, batch_interval=0.01, on_commit=lambda ids: committed.set())
    run_id = store.start_run({"mode": "run", "seed": 1})
    store.add_cell(run_id, _cell(0))
    assert committed.wait(10)  # nobody flushed: the committing thread did, after the interval
    assert _committed(db) == 1
    store.close()


def test_unbatched_store_commits_every_cell(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    with RunStore(db, batch_interval=0) as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        store.add_cell(run_id, _cell(0))
        assert _committed(db) == 1


def test_same_cell_twice_in_one_batch_keeps_the_last(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db", batch_interval=3600) as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        store.add_cell(run_id, {**_cell(0), "status": "failed"})
        store.add_cell(run_id, _cell(0))
        assert [c["status"] for c in store.iter_cells(run_id)] == ["passed"]


def test_unknown_run_is_refused_at_once(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store, pytest.raises(UnknownRunError):
        store.add_cell("nope", _cell(0))


def test_a_failed_background_commit_is_reported_to_the_writer(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db", batch_interval=0.001)
    run_id = store.start_run({"mode": "run", "seed": 1})
    with store._lock:  # the database goes away under the committing thread
        store._db.execute("DROP TABLE cells")
    store.add_cell(run_id, _cell(0))
    assert store._flusher is not None
    store._flusher.join(10)
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        store.add_cell(run_id, _cell(1))
    store._queue.clear()
    store.close()


def test_finish_run_commits_the_queue_first(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(db, batch_interval=3600)
    run_id = store.start_run({"mode": "run", "seed": 1})
    store.add_cell(run_id, _cell(0))
    store.finish_run(run_id, {"score": 100.0}, "passed")
    assert _committed(db) == 1
    store.close()


def test_plan_order_and_pages_that_never_sort_the_run(tmp_path: Path) -> None:
    """Cells come back in plan order (cells without a place last, in completion order); every page is
    a range read: no query sorts the whole run (which made reading a long run quadratic)."""
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        for i in range(5000):
            store.add_cell(run_id, _cell(i), seq=None if i % 10 == 0 else (i * 7) % 5000)
        store.add_cells(store.start_run({"mode": "run", "seed": 2}), [_cell(i) for i in range(50)])
        queries: list[str] = []
        store._db.set_trace_callback(queries.append)
        ordered = [c["id"] for c in store.iter_cells(run_id, plan_order=True)]
        completion = [c["id"] for c in store.iter_cells(run_id)]
        store._db.set_trace_callback(None)
        with_seq = sorted((i for i in range(5000) if i % 10), key=lambda i: (i * 7) % 5000)
        assert ordered == [f"c{i}" for i in with_seq] + [f"c{i}" for i in range(0, 5000, 10)]
        assert completion == [f"c{i}" for i in range(5000)]
        pages = {q for q in queries if q.startswith("SELECT") and "json FROM cells" in q}
        assert len(pages) >= 3
        for q in pages:
            plan = " ".join(str(r) for r in store._db.execute("EXPLAIN QUERY PLAN " + q).fetchall())
            assert "TEMP B-TREE" not in plan, (q, plan)
