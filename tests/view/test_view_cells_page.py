"""``/api/cells`` pages: unfiltered pages come from one indexed query (offset or an ``after=`` cursor) and
hold exactly the cells, in the order, that the filtering path and the store itself give."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from windtunnel.reports.sample import make_cell
from windtunnel.store import RunStore
from windtunnel.store.queries import StoreReader
from windtunnel.view.aggregate import NO_FAULT, aggregate_cells, cell_row, matches
from windtunnel.view.api import Api


def _run(store: RunStore, n: int, tag: str) -> str:
    run_id = store.start_run({"mode": "contract", "config_path": f"{tag}.yaml", "seed": 1})
    statuses = ("passed", "failed", "errored")
    store.add_cells(
        run_id, [make_cell(f"{tag}{i}", kind="contract", scenario="s", status=statuses[i % 3]) for i in range(n)]
    )
    store.finish_run(run_id, {"cells": n}, "failed")
    return run_id


def test_unfiltered_pages_by_offset_and_cursor_cover_the_run_in_order(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        first = _run(store, 25, "a")
        _run(store, 7, "b")  # another run's cells never show in the first run's pages
    reader = StoreReader(tmp_path / "runs.db")
    api = Api(reader)
    expected = [c["id"] for c in reader.iter_cells(first)]
    assert len(expected) == 25

    by_offset: list[str] = []
    for offset in range(0, 30, 10):
        status, page = api.handle("/api/cells", {"run": first, "offset": str(offset), "limit": "10"})
        assert status == 200
        assert (page["total"], page["matching"]) == (25, 25)
        by_offset += [row["id"] for row in page["cells"]]
    assert by_offset == expected

    by_cursor: list[str] = []
    query = {"run": first, "limit": "10"}
    while True:
        status, page = api.handle("/api/cells", query)
        assert status == 200
        by_cursor += [row["id"] for row in page["cells"]]
        if page["next_after"] is None:
            break
        query = {"run": first, "limit": "10", "after": str(page["next_after"])}
    assert by_cursor == expected

    # the same rows as the filtering path, which reads every cell
    _, filtered = api.handle("/api/cells", {"run": first, "limit": "100", "kind": "contract"})
    _, unfiltered = api.handle("/api/cells", {"run": first, "limit": "100"})
    assert filtered["cells"] == unfiltered["cells"]
    _, failed = api.handle("/api/cells", {"run": first, "status": "failed"})
    assert failed["matching"] == 8 and failed["total"] == 25
    reader.close()


def test_a_bad_cursor_is_a_400_naming_it(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        run_id = _run(store, 3, "a")
    reader = StoreReader(tmp_path / "runs.db")
    status, body = Api(reader).handle("/api/cells", {"run": run_id, "after": "x"})
    reader.close()
    assert status == 400 and "after" in body["error"]


def test_run_aggregates_from_the_extracted_fields_equal_those_from_whole_cells(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        cells = []
        for i in range(40):
            contract = i % 2 == 0
            cells.append(
                make_cell(
                    f"c{i}",
                    kind="contract" if contract else ("mutation" if i % 3 else "golden"),
                    phase="contract" if i % 5 == 0 else None,
                    scenario=f"s{i % 3}" if contract else None,
                    invariant=f"inv{i % 4}" if contract else None,
                    mutation=None if contract else {"type": ("noise", "paraphrase")[i % 2], "args": {}},
                    status=("passed", "failed", "error", "skipped")[i % 4],
                    latency_ms=None if i % 7 == 0 else 10.0 + i,
                    faults=[{"target": "tool", "mode": "timeout", "name": "t", "seq": 1}] if i % 3 == 0 else [],
                )
            )
        store.add_cells(run_id, cells)
        store.finish_run(run_id, {"cells": 40}, "failed")
    reader = StoreReader(tmp_path / "runs.db")
    try:
        whole = aggregate_cells(reader.iter_cells(run_id))
        facts = aggregate_cells(reader.iter_cell_facts(run_id))
    finally:
        reader.close()
    assert whole["cells"] == 40 and whole["by_fault"] and whole["heatmap"]["cells"] and whole["by_mutation"]
    assert facts == whole


def test_filtered_pages_from_extracted_fields_equal_filtering_whole_cells(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "ci", "config_path": "c.yaml", "seed": 1})
        store.add_cells(
            run_id,
            [
                make_cell(
                    f"c{i}",
                    kind="contract" if i % 2 == 0 else "mutation",
                    phase="contract" if i % 4 == 0 else None,
                    scenario=f"s{i % 3}" if i % 2 == 0 else None,
                    invariant=f"inv{i % 2}",
                    mutation=None if i % 2 == 0 else {"type": ("noise", "paraphrase")[i % 3 % 2], "args": {}},
                    status=("passed", "failed", "error")[i % 3],
                    faults=[{"target": "llm", "mode": "rate_limit", "name": "m", "seq": 1}] if i % 5 == 0 else [],
                )
                for i in range(60)
            ],
        )
        store.finish_run(run_id, {"cells": 60}, "failed")
    reader = StoreReader(tmp_path / "runs.db")
    api = Api(reader)
    whole = list(reader.iter_cells(run_id))
    try:
        for filters in (
            {"status": "failed"},
            {"kind": "contract", "scenario": "s1"},
            {"phase": "contract"},
            {"mutation": "noise", "status": "passed"},
            {"fault": "llm.rate_limit"},
            {"fault": NO_FAULT, "invariant": "inv0"},
        ):
            expected = [cell_row(c) for c in whole if matches(c, filters)]
            assert expected, filters
            _, page = api.handle("/api/cells", {"run": run_id, **filters, "offset": "2", "limit": "5"})
            assert page["matching"] == len(expected) and page["total"] == 60
            assert page["cells"] == expected[2:7], filters
    finally:
        reader.close()


def test_a_damaged_row_stands_as_an_errored_cell_in_pages_filters_and_aggregates(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        run_id = _run(store, 6, "a")
    db = sqlite3.connect(tmp_path / "runs.db")
    with db:
        for cell_id, raw in (("bad1", b"{not json"), ("bad2", b"[1, 2]")):
            db.execute(
                "INSERT INTO cells (run_id, cell_id, json, completed_at) VALUES (?, ?, ?, '2026-01-01T00:00:00Z')",
                (run_id, cell_id, raw),
            )
    db.close()
    reader = StoreReader(tmp_path / "runs.db")
    api = Api(reader)
    try:
        assert aggregate_cells(reader.iter_cell_facts(run_id)) == aggregate_cells(reader.iter_cells(run_id))
        _, page = api.handle("/api/cells", {"run": run_id})
        assert [r["id"] for r in page["cells"]][-2:] == ["bad1", "bad2"] and page["total"] == 8
        _, errored = api.handle("/api/cells", {"run": run_id, "status": "error"})
        assert {r["id"] for r in errored["cells"]} >= {"bad1", "bad2"}
        assert errored["cells"] == [cell_row(c) for c in reader.iter_cells(run_id) if c["status"] == "error"]
    finally:
        reader.close()
