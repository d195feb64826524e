"""The runs page's *diff the two selected runs* puts the run that started first as "before", whatever the ids say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from windtunnel.reports.sample import make_cell
from windtunnel.store import RunStore, run_ids
from windtunnel.view.server import serve_in_thread

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def store_runs(path: Path, runs: list[tuple[str | None, str]]) -> list[str]:
    """Runs of one config, ``(id or None for a new one, started_at)`` each, with one cell that passes in the first
    run and fails in the others (so a diff in either direction has something to say)."""
    made = []
    with RunStore(path) as store:
        for n, (given, started) in enumerate(runs):
            meta = {"mode": "run", "config_path": "c.yaml", "seed": 1, "started_at": started}
            run_id = store.start_run({**meta, "id": given} if given else meta)
            store.add_cells(run_id, [make_cell("c1", status="passed" if n == 0 else "failed")])
            store.finish_run(run_id, {"score": 100.0 if n == 0 else 0.0, "passed": n == 0}, "failed")
            made.append(run_id)
    return made


def compare(open_page: Any, path: Path, ticked: list[str]) -> str:
    """The diff page's URL after ticking ``ticked`` (in that order) and pressing the compare button."""
    with serve_in_thread(path) as server:
        pg = open_page(server.url)
        p = pg.goto("/")
        p.wait_for_selector("#runs-table tbody tr")
        for run_id in ticked:
            p.check(f"#runs-table input[data-id='{run_id}']")
        p.click("#compare")
        p.wait_for_selector("#diff-summary")
        assert pg.errors == []
        return str(p.url)


def test_compare_orders_by_start_time_when_the_ids_of_one_second_say_otherwise(tmp_path: Path, open_page: Any) -> None:
    # ids of the old form, from two processes in one second: their random tails order them the wrong way round
    path = tmp_path / "runs.db"
    first = ("20261202-082151-ffffff", "2026-12-02T08:21:51.100Z")
    second = ("20261202-082151-000000", "2026-12-02T08:21:51.900Z")
    earlier, later = store_runs(path, [first, second])
    for ticked in ([earlier, later], [later, earlier]):
        assert compare(open_page, path, ticked).endswith(f"/diff?a={earlier}&b={later}")


def test_compare_orders_runs_of_one_millisecond_in_one_process_by_their_ids(
    tmp_path: Path, open_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # in-process runs, no sleeping: one clock reading for both ids, one started_at; the ids keep creation order
    monkeypatch.setattr(run_ids, "_RUN_IDS", run_ids.RunIds(clock=lambda: 1_796_201_711_407_000_000))
    path = tmp_path / "runs.db"
    started = "2026-12-02T08:21:51.407Z"
    earlier, later = store_runs(path, [(None, started), (None, started)])
    assert compare(open_page, path, [later, earlier]).endswith(f"/diff?a={earlier}&b={later}")
