"""A writer killed with SIGKILL halfway loses nothing it acknowledged and can be resumed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from windtunnel.reports import validate_report
from windtunnel.reports.sample import sample_cells
from windtunnel.store import RunStore

WRITER = Path(__file__).with_name("_writer.py")
TOTAL = 200_000  # far more than the writer can finish before it is killed


def _spawn(db: Path, run_id: str, total: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WRITER), str(db), run_id, str(total)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_halfway_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    proc = _spawn(db, "run-kill", TOTAL)
    acked: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        acked.append(line.strip())
        if len(acked) == 1500:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
    proc.stdout.close()
    if proc.stderr:
        proc.stderr.close()

    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = raw.execute("SELECT cell_id FROM cells WHERE run_id = 'run-kill'").fetchall()
    raw.close()
    ids = [r[0] for r in rows]
    assert len(ids) == len(set(ids)), "a cell was stored twice"
    assert set(acked) <= set(ids), "an acknowledged cell was lost"
    assert len(ids) < TOTAL

    with RunStore(db) as store:
        done = store.completed_cell_ids("run-kill")
        assert done == set(ids)
        expected = {c["id"]: c for c in sample_cells(len(ids) + 5, seed=11, repeats=2)}
        for cell in store.iter_cells("run-kill"):
            assert cell == expected[cell["id"]]  # each stored cell is complete, not torn

    # resume: a second writer re-runs only what is missing, on a smaller plan so it finishes
    plan = len(ids) + 300
    resumed = _spawn(db, "run-kill", plan)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    rerun = out.split()
    assert rerun[-1] == "DONE" and not set(rerun[:-1]) & done
    with RunStore(db) as store:
        report = store.load_report("run-kill")
    cell_ids = [c["id"] for c in report["cells"]]
    assert len(cell_ids) == len(set(cell_ids)) == plan
    assert set(cell_ids) == {c["id"] for c in sample_cells(plan, seed=11, repeats=2)}
    assert validate_report(report) == []
