from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from windtunnel._util.errors import UsageError
from windtunnel.reports import validate_report
from windtunnel.reports.sample import make_cell, sample_cells, sample_report
from windtunnel.store import RunStore, UnknownRunError
from windtunnel.store.queries import StoreReader


@pytest.fixture
def store(tmp_path: Path) -> RunStore:
    s = RunStore(tmp_path / "nested" / "runs.db")
    yield s  # type: ignore[misc]
    s.close()


def test_wal_mode_and_tables(store: RunStore) -> None:
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    cols = {r[1] for r in db.execute("PRAGMA table_info(runs)")}
    assert cols == {
        "id",
        "mode",
        "config_path",
        "seed",
        "started_at",
        "finished_at",
        "status",
        "summary_json",
        "meta_json",
    }
    assert {r[1] for r in db.execute("PRAGMA table_info(cells)")} == {
        "run_id",
        "cell_id",
        "json",
        "completed_at",
        "seq",
        "facts",  # what the run page counts (store/facts.py)
        "latency_ms",
        "facts_stamp",
    }
    db.close()


def test_round_trip_rebuilds_the_report(store: RunStore, report_validator: jsonschema.Validator) -> None:
    report = sample_report(60, seed=2, repeats=2)
    run_id = store.start_run(
        {
            "mode": "ci",
            "seed": 2,
            "config_path": "wt.yaml",
            "tool": report["tool"],
            "started_at": report["run"]["started_at"],
            "git_sha": "abc123",
        }
    )
    for cell in report["cells"]:
        store.add_cell(run_id, cell)
    store.finish_run(run_id, report["summary"], "failed")
    loaded = store.load_report(run_id)
    report_validator.validate(loaded)
    assert validate_report(loaded) == []
    assert loaded["cells"] == report["cells"]
    assert loaded["summary"] == report["summary"]
    assert loaded["tool"] == report["tool"]
    run = loaded["run"]
    assert (run["id"], run["mode"], run["seed"], run["config_path"], run["status"], run["git_sha"]) == (
        run_id,
        "ci",
        2,
        "wt.yaml",
        "failed",
        "abc123",
    )
    assert run["started_at"] == report["run"]["started_at"] and run["finished_at"].endswith("Z")


def test_a_cell_is_stored_once_and_rewrites_replace(store: RunStore) -> None:
    run_id = store.start_run({"mode": "run", "seed": None})
    store.add_cell(run_id, make_cell("a", status="failed"))
    store.add_cell(run_id, make_cell("b"))
    store.add_cell(run_id, make_cell("a", status="passed"))
    assert store.completed_cell_ids(run_id) == {"a", "b"}
    cells = store.load_report(run_id)["cells"]
    assert [c["id"] for c in cells] == ["a", "b"] and cells[0]["status"] == "passed"


def test_unfinished_run_gets_a_partial_summary(store: RunStore) -> None:
    run_id = store.start_run({"mode": "run", "seed": 1})
    store.add_cells(run_id, [make_cell("a"), make_cell("b", status="failed", prompt="x")])
    report = store.load_report(run_id)
    assert report["summary"]["partial"] is True
    assert report["summary"]["score"] == 50.0 and report["summary"]["passed"] is False
    assert report["run"]["status"] == "running" and report["run"]["finished_at"]
    assert validate_report(report) == []
    empty = store.start_run({"mode": "run", "seed": 1})
    assert store.load_report(empty)["summary"]["score"] is None  # nothing scored is never 100


def test_resume_reuses_the_run(store: RunStore) -> None:
    run_id = store.start_run({"mode": "chaos", "seed": 5})
    store.add_cell(run_id, make_cell("a"))
    store.finish_run(run_id, {"score": 1.0}, "interrupted")
    assert store.start_run({"id": run_id, "mode": "chaos", "seed": 5}) == run_id
    assert store.get_run(run_id).status == "running" and store.get_run(run_id).finished_at is None
    assert store.completed_cell_ids(run_id) == {"a"}
    with pytest.raises(UsageError, match="started with seed 5"):
        store.start_run({"id": run_id, "mode": "chaos", "seed": 6})
    with pytest.raises(UsageError, match="started with mode 'chaos'"):
        store.start_run({"id": run_id, "mode": "ci"})


def test_unknown_runs_and_bad_input(store: RunStore) -> None:
    run_id = store.start_run({"mode": "run", "seed": 1, "id": "20250101-000000-abcdef"})
    with pytest.raises(UnknownRunError, match="did you mean '20250101-000000-abcdef'"):
        store.get_run("20250101-000000-abcdeg")
    for short in ("a", "b", "abc"):  # QA-7 F7-24: `runs diff a b` suggested a run for a one-letter id
        with pytest.raises(UnknownRunError) as err:
            store.get_run(short)
        assert "did you mean" not in str(err.value)
    with pytest.raises(UnknownRunError):
        store.add_cell("nope", make_cell("a"))
    with pytest.raises(UnknownRunError):
        store.completed_cell_ids("nope")
    with pytest.raises(ValueError, match="non-empty string 'id'"):
        store.add_cell(run_id, {"status": "passed"})
    with pytest.raises(ValueError, match="run mode must be one of"):
        store.start_run({"mode": "banana"})
    with pytest.raises(ValueError, match="status must be one of"):
        store.finish_run(run_id, {}, "running")
    assert store.count_cells(run_id) == 0


def test_list_runs_newest_first(store: RunStore) -> None:
    ids = [store.start_run({"mode": "run", "seed": i, "started_at": f"2025-01-0{i}T00:00:00Z"}) for i in (1, 3, 2)]
    store.add_cells(ids[1], [make_cell("a"), make_cell("b", prompt="b")])
    runs = store.list_runs()
    assert [r.seed for r in runs] == [3, 2, 1]
    assert runs[0].cells == 2 and runs[0].score is None
    assert len(store.list_runs(limit=2)) == 2


def test_iter_cells_pages_through_large_runs(store: RunStore) -> None:
    run_id = store.start_run({"mode": "ci", "seed": 0})
    cells = list(sample_cells(4500, seed=0))
    store.add_cells(run_id, cells)
    assert [c["id"] for c in store.iter_cells(run_id)] == [c["id"] for c in cells]


def test_threads_share_one_store(store: RunStore) -> None:
    run_id = store.start_run({"mode": "run", "seed": 0})
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for i in range(200):
                store.add_cell(run_id, make_cell(f"t{t}-{i}", prompt=f"{t}/{i}"))
                if i % 50 == 0:
                    store.completed_cell_ids(run_id)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert store.count_cells(run_id) == 1600
    assert store.integrity_check() == "ok"


def test_store_must_exist_when_asked(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no run store"):
        RunStore(tmp_path / "missing.db", create=False)


def test_not_a_database(tmp_path: Path) -> None:
    bogus = tmp_path / "runs.db"
    bogus.write_text("this is not sqlite " * 200)
    with pytest.raises(Exception, match="cannot open the run store"):
        RunStore(bogus)


def test_add_cell_accepts_any_mapping(store: RunStore) -> None:
    run_id = store.start_run({"mode": "run", "seed": 0})
    cell: dict[str, Any] = make_cell("m")
    store.add_cell(run_id, cell)
    assert next(store.iter_cells(run_id)) == cell


def test_a_flows_report_blocks_stay_out_of_the_loaded_run(store: RunStore) -> None:
    # explore keeps its search and findings beside the run (meta report_blocks); the run a diff reads is the run's own
    report = sample_report(4, seed=3)
    run_id = store.start_run(
        {"mode": "explore", "seed": 3, "tool": report["tool"], "report_blocks": {"explore": {"cells": 4}}}
    )
    store.add_cells(run_id, report["cells"])
    store.finish_run(run_id, report["summary"], "failed")
    assert "report_blocks" not in store.load_report(run_id)["run"]
    assert "report_blocks" not in StoreReader(store.path).load_report(run_id)["run"]
