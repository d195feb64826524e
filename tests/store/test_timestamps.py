"""One timestamp format in reports and the store (QA-4 m10: contract, ci and replay runs had ``+00:00``,
the others ``Z``)."""

from __future__ import annotations

import re
from pathlib import Path

from windtunnel.engine.report import now_iso
from windtunnel.store.runstore import RunStore

FORMAT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


def test_reports_and_the_store_write_one_format(tmp_path: Path) -> None:
    assert FORMAT.match(now_iso()), now_iso()
    store = RunStore(tmp_path / "runs.db")
    try:
        given = store.start_run({"mode": "contract", "started_at": now_iso()})  # how contract / ci / replay store
        own = store.start_run({"mode": "run"})
        store.finish_run(given, {}, "passed")
        runs = {r.id: r for r in store.list_runs()}
    finally:
        store.close()
    for run_id in (given, own):
        assert FORMAT.match(runs[run_id].started_at), runs[run_id].started_at
    assert FORMAT.match(runs[given].finished_at or ""), runs[given].finished_at
