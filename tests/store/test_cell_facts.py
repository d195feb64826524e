"""The facts of each cell (store/facts.py): what the run page counts, kept in the cell's row as it is written, always
equal to a full recomputation from the cells, for new runs, resumed runs, cells replaced by anyone, and stores an older
version wrote (no facts' columns)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import orjson
import pytest

from windtunnel.report.dicts import CellDict
from windtunnel.reports.sample import make_cell
from windtunnel.store import RunStore
from windtunnel.store.facts import DAMAGED, Facts, fact_values, facts_of
from windtunnel.store.queries import StoreReader
from windtunnel.view.aggregate import HIST_BINS, aggregate_cells, aggregate_groups, cell_row, histogram, matches
from windtunnel.view.api import Api

STATUSES = ("passed", "failed", "error", "skipped", "failed", "passed")
FAULTS = (
    [],
    [{"target": "tool", "mode": "timeout", "name": "t", "seq": 1}],
    [
        {"target": "llm", "mode": "rate_limit", "name": "m", "seq": 1},
        {"target": "tool", "mode": "timeout", "name": "t", "seq": 2},
        {"target": "llm", "mode": "rate_limit", "name": "m", "seq": 3},
    ],
)


def _mixed(i: int, tag: str = "c", shift: int = 0) -> CellDict:
    """A cell of a ci-like run: contract, golden and mutation cells of every status, with and without faults,
    latencies missing on some, the same latency on several (ties), phases given or derived."""
    contract = i % 3 == 0
    return make_cell(
        f"{tag}{i}",
        kind="contract" if contract else ("mutation" if i % 2 else "golden"),
        phase="contract" if contract and i % 2 else None,
        scenario=f"s{i % 4}" if contract else None,
        invariant=f"inv{i % 5}" if contract else None,
        mutation=None if contract or i % 2 == 0 else {"type": ("noise", "paraphrase", "tone_shift")[i % 3], "args": {}},
        status=STATUSES[(i + shift) % len(STATUSES)],
        latency_ms=None if i % 11 == 0 else float(10 + (i * 37 + shift) % 90) + (0.5 if i % 4 else 0.0),
        faults=FAULTS[(i + shift) % len(FAULTS)],
    )


def _api_view(reader: StoreReader, run_id: str) -> dict[str, Any]:
    status, body = Api(reader).handle("/api/run", {"id": run_id})
    assert status == 200, body
    return body


def _expected(reader: StoreReader, run_id: str) -> dict[str, Any]:
    """The full recomputation: every whole cell read back and counted in Python."""
    return aggregate_cells(reader.iter_cells(run_id))


def _facts_rows(path: Path, run_id: str) -> tuple[int, int]:
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT count(*), count(facts) FROM cells WHERE run_id = ?",
            (run_id,),
        ).fetchone()
    finally:
        db.close()


def test_the_facts_of_a_cell_are_the_same_checked_or_not_and_a_damaged_one_is_an_error() -> None:
    for i in range(60):
        cell = _mixed(i)
        key, latency = fact_values(cell)
        assert facts_of(cell) == Facts(*key, latency), i
    assert facts_of({**_mixed(1), "faults": 7}) == DAMAGED
    assert facts_of({**_mixed(1), "status": ["x"]}) == DAMAGED
    assert facts_of({**_mixed(1), "latency_ms": float("nan")}).latency_ms is None
    assert facts_of({**_mixed(1), "status": "skipped"}).latency_ms is None  # a skipped cell is not timed


def test_a_run_of_mixed_outcomes_is_counted_from_its_facts_exactly_as_from_its_cells(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with RunStore(path, batch_size=16) as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        for i in range(150):  # the engine's path (the row as a dict beside its bytes), in several batches
            cell = _mixed(i)
            store.add_cell_json(run_id, cell["id"], orjson.dumps(cell), seq=i, cell=cell)
        store.add_cells(run_id, [_mixed(i) for i in range(150, 200)])  # the checked path (add_cells)
        store.finish_run(run_id, {"cells": 200}, "failed")
    assert _facts_rows(path, run_id) == (200, 200)
    reader = StoreReader(path)
    try:
        expected = _expected(reader, run_id)
        assert expected["cells"] == 200 and expected["heatmap"] and expected["by_mutation"]
        assert set(expected["counts"]) == {"passed", "failed", "error", "skipped"}
        assert len(expected["by_fault"]) == 3 and expected["latency"]["n"] > 100
        found = reader.fact_aggregate(run_id, aggregate_groups)
        assert found is not None, "a run written by this version has every cell's facts"
        assert found[0] == expected
        body = _api_view(reader, run_id)
        assert body["aggregate"] == expected
        assert body["last_completed"] == reader.last_completed(run_id)
    finally:
        reader.close()


@pytest.mark.parametrize(
    "filters",
    [
        {"status": "skipped"},
        {"phase": "mutation", "status": "failed"},
        {"fault": "llm.rate_limit"},
        {"fault": "(no fault)", "kind": "contract"},
        {"mutation": "tone_shift"},
        {"kind": "contract", "scenario": "s2"},
    ],
    ids=lambda f: "+".join(f),
)
def test_a_filtered_page_from_the_facts_is_the_filter_over_whole_cells(tmp_path: Path, filters: dict[str, str]) -> None:
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, [_mixed(i) for i in range(120)])
        store.finish_run(run_id, {"cells": 120}, "failed")
    reader = StoreReader(path)
    try:
        assert reader.facts_ready(run_id)
        expected = [cell_row(c) for c in reader.iter_cells(run_id) if matches(c, filters)]
        assert len(expected) > 3, filters
        _, page = Api(reader).handle("/api/cells", {"run": run_id, **filters, "offset": "1", "limit": "3"})
        assert (page["matching"], page["total"]) == (len(expected), 120)
        assert page["cells"] == expected[1:4]
    finally:
        reader.close()


def test_a_resumed_run_that_replaces_cells_is_still_counted_exactly(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 3})
        store.add_cells(run_id, [_mixed(i) for i in range(80)])
    with RunStore(path) as store:  # --resume: some cells run again (a new outcome replaces the old), new ones added
        assert store.start_run({"id": run_id, "mode": "ci", "seed": 3}) == run_id
        store.add_cells(run_id, [_mixed(i, shift=1) for i in range(0, 80, 3)])
        for i in range(80, 100):
            store.add_cell(run_id, _mixed(i, shift=2))
        store.finish_run(run_id, {"cells": 100}, "failed")
    assert _facts_rows(path, run_id) == (100, 100)
    reader = StoreReader(path)
    try:
        expected = _expected(reader, run_id)
        assert _api_view(reader, run_id)["aggregate"] == expected
        before = aggregate_cells(_mixed(i) for i in range(100))
        assert expected != before, "the replaced cells changed the counts"
    finally:
        reader.close()


_OLD_SCHEMA = """
CREATE TABLE runs (id TEXT PRIMARY KEY, mode TEXT NOT NULL, config_path TEXT, seed INTEGER, started_at TEXT NOT NULL,
    finished_at TEXT, status TEXT NOT NULL, summary_json BLOB, meta_json BLOB NOT NULL);
CREATE TABLE cells (run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE, cell_id TEXT NOT NULL,
    json BLOB NOT NULL, completed_at TEXT NOT NULL, seq INTEGER, PRIMARY KEY (run_id, cell_id));
"""


def _old_store(path: Path, runs: dict[str, str]) -> None:
    """A store as an older version wrote it: no facts' columns, no triggers; ``runs`` maps run id to status."""
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(_OLD_SCHEMA)
    for n, (run_id, status) in enumerate(runs.items()):
        db.execute(
            "INSERT INTO runs VALUES (?, 'ci', 'c.yaml', 1, '2026-01-01T00:00:00Z', NULL, ?, NULL, '{}')",
            (run_id, status),
        )
        for i in range(70):
            db.execute(
                "INSERT INTO cells VALUES (?, ?, ?, ?, ?)",
                (run_id, f"c{i}", orjson.dumps(_mixed(i, shift=n)), f"2026-01-01T00:00:{i % 60:02d}Z", i),
            )
    db.execute("INSERT INTO cells VALUES (?, 'bad', '{not json', '2026-01-01T00:01:00Z', 99)", (next(iter(runs)),))
    db.close()


def test_a_store_an_older_version_wrote_opens_counts_exactly_and_keeps_the_facts_once(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    _old_store(path, {"old-done": "failed", "old-running": "running"})
    reader = StoreReader(path)  # adds the facts' columns to the old store (empty)
    try:
        assert not reader.facts_ready("old-done") and not reader.facts_ready("old-running")
        done = _api_view(reader, "old-done")
        assert done["aggregate"] == _expected(reader, "old-done")
        assert done["aggregate"]["counts"]["error"] >= 1  # the damaged row stands as an errored cell
        assert done["last_completed"] == "2026-01-01T00:01:00Z"
        assert reader.facts_ready("old-done"), "a finished old run's facts are stored on its first view"
        running = _api_view(reader, "old-running")  # a run still being written: counted on the fly, nothing stored
        assert running["aggregate"] == _expected(reader, "old-running")
        assert not reader.facts_ready("old-running")
        # a fresh viewer reads the stored facts: the same answer
        assert _api_view(StoreReader(path), "old-done")["aggregate"] == done["aggregate"]
    finally:
        reader.close()
    with RunStore(path) as store:  # resuming the old running run stores its facts before new cells arrive
        store.start_run({"id": "old-running", "mode": "ci", "seed": 1})
        store.add_cells("old-running", [_mixed(i) for i in range(70, 90)])
        store.finish_run("old-running", {"cells": 90}, "passed")
    assert _facts_rows(path, "old-running") == (90, 90)
    reader = StoreReader(path)
    try:
        assert _api_view(reader, "old-running")["aggregate"] == _expected(reader, "old-running")
    finally:
        reader.close()


def test_a_cell_replaced_or_deleted_by_an_older_writer_drops_its_facts_and_the_counts_stay_exact(
    tmp_path: Path,
) -> None:
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, [_mixed(i) for i in range(50)])
        store.finish_run(run_id, {"cells": 50}, "failed")
    db = sqlite3.connect(path, isolation_level=None)  # an older version, which knows nothing of the facts' columns
    db.execute(
        "UPDATE cells SET json = ? WHERE run_id = ? AND cell_id = 'c4'",
        (orjson.dumps({**_mixed(4), "status": "error", "passed": False}), run_id),
    )
    db.execute("DELETE FROM cells WHERE run_id = ? AND cell_id = 'c7'", (run_id,))
    db.close()
    assert _facts_rows(path, run_id) == (49, 48)  # c4's JSON changed without a new stamp: its facts are gone
    reader = StoreReader(path)
    try:
        assert not reader.facts_ready(run_id)
        assert _api_view(reader, run_id)["aggregate"] == _expected(reader, run_id)
        assert reader.facts_ready(run_id)
    finally:
        reader.close()


def test_a_finished_old_run_viewed_while_another_process_holds_the_write_lock_is_counted_from_its_cells(
    tmp_path: Path,
) -> None:
    """The viewer may not store the facts now (a long write transaction elsewhere): the page is still served, counted
    from the cells (readers are never blocked by a writer in WAL mode), and the facts are stored on a later view."""
    path = tmp_path / "runs.db"
    _old_store(path, {"old-done": "failed"})
    reader = StoreReader(path, timeout=0.05)  # the server waits 0.5 s for a lock (view/server.py BUSY_TIMEOUT_S)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("PRAGMA journal_mode=WAL")
        holder.execute("BEGIN IMMEDIATE")  # e.g. another viewer storing a big run's facts, or an sqlite3 shell
        assert _api_view(reader, "old-done")["aggregate"] == _expected(reader, "old-done")
        assert not reader.facts_ready("old-done")
        holder.execute("COMMIT")
        assert _api_view(StoreReader(path), "old-done")["aggregate"] == _expected(reader, "old-done")
        assert reader.facts_ready("old-done")
    finally:
        holder.close()
        reader.close()


def test_a_cell_written_twice_in_one_commit_keeps_the_facts_of_its_last_version(tmp_path: Path) -> None:
    """Both writes are this writer's (the trigger must not take the second for an older writer's): the run's facts
    stay complete, and count the version that was kept."""
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, [_mixed(1, shift=1), *(_mixed(i) for i in range(10))])  # c1 twice in one commit
        store.finish_run(run_id, {"cells": 10}, "failed")
    assert _facts_rows(path, run_id) == (10, 10)
    reader = StoreReader(path)
    try:
        assert reader.facts_ready(run_id)
        assert (
            _api_view(reader, run_id)["aggregate"]
            == _expected(reader, run_id)
            == aggregate_cells(_mixed(i) for i in range(10))
        )
    finally:
        reader.close()


@pytest.mark.parametrize(
    "values",
    [
        [5.0],
        [1.0, 1.0, 1.0],
        [0.1 * i for i in range(101)],  # values on the bins' edges, where rounding decides
        [3.0, 3.0, 3.3, 7.7, 7.7, 7.7, 9.9, 12.0, 12.0],
        sorted(float((i * 7919) % 1009) / 3 for i in range(5000)),
        [1e-9, 2e-9, 1e12],
    ],
)
def test_the_histogram_counts_each_value_in_the_bin_its_formula_names(values: list[float]) -> None:
    """The bins are found by bisection; each value must still land where ``min(int((v - lo) / width), bins - 1)``
    puts it."""
    bins = histogram(values)
    lo, hi = values[0], values[-1]
    width = (hi - lo) / HIST_BINS if hi > lo else 1.0
    expected = [0] * HIST_BINS
    for v in values:
        expected[min(int((v - lo) / width), HIST_BINS - 1)] += 1
    assert [b["count"] for b in bins] == expected and sum(expected) == len(values)


def test_a_store_with_the_facts_first_two_indexes_gets_the_one_covering_index(tmp_path: Path) -> None:
    """A store the first version of the facts wrote had an index on the codes and one on the latencies; the covering
    index replaces both (each costs CPU on every cell written), and the counts stay exact."""
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, [_mixed(i) for i in range(60)])
        store.finish_run(run_id, {"cells": 60}, "failed")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP INDEX cells_facts")
    db.execute("CREATE INDEX cells_fact_groups ON cells (run_id, facts) WHERE facts IS NOT NULL")
    db.execute("CREATE INDEX cells_latency ON cells (run_id, latency_ms) WHERE latency_ms IS NOT NULL")
    db.close()
    reader = StoreReader(path)
    try:
        names = {r[0] for r in reader._db().execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "cells_facts" in names and not names & {"cells_fact_groups", "cells_latency"}
        plan = " ".join(
            str(r[-1])
            for r in reader._db().execute(
                "EXPLAIN QUERY PLAN SELECT latency_ms FROM cells"
                " WHERE run_id = ? AND facts IS NOT NULL AND latency_ms IS NOT NULL",
                (run_id,),
            )
        )
        assert "COVERING INDEX cells_facts" in plan
        assert _api_view(reader, run_id)["aggregate"] == _expected(reader, run_id)
    finally:
        reader.close()


def test_contract_rows_of_a_scenario_not_exercised_are_in_no_rate_on_the_run_page(tmp_path: Path) -> None:
    # review 28: the run page read 66.7 % (4/6) where the report said 50 % (2/4), counting the unexercised rows
    rows = [
        make_cell(
            f"{sc}:{inv}",
            kind="contract",
            scenario=sc,
            invariant=inv,
            status="failed" if sc == "down" and inv == "b" else "passed",
            **({"not_exercised": True} if sc == "late" else {}),  # type: ignore[arg-type]
        )
        for sc in ("ok", "down", "late")
        for inv in ("a", "b")
    ]
    rows[0] = dict(rows[0], status="failed", passed=False)  # type: ignore[assignment]
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "contract", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, rows)
        store.finish_run(run_id, {"cells": 6}, "failed")
    direct = aggregate_cells(rows)
    assert (direct["scored"], direct["counts"]["passed"], direct["pass_rate"]) == (4, 2, 0.5)
    assert direct["counts"]["not_exercised"] == 2 and direct["by_invariant"]["a"]["total"] == 2
    reader = StoreReader(path)
    try:
        found = reader.fact_aggregate(run_id, aggregate_groups)
        assert found is not None and found[0] == direct == _expected(reader, run_id)
        assert _api_view(reader, run_id)["aggregate"] == direct
    finally:
        reader.close()
