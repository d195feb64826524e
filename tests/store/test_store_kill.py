"""A writer killed with SIGKILL at random points loses nothing committed, stores nothing twice, and a
resumed writer ends with exactly the cells of an uninterrupted one."""

from __future__ import annotations

import os
import random
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


def _stored_ids(db: Path, run_id: str) -> list[str]:
    raw = sqlite3.connect(db)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return [r[0] for r in raw.execute("SELECT cell_id FROM cells WHERE run_id = ?", (run_id,))]
    finally:
        raw.close()


def _kill_after(db: Path, run_id: str, acks: int) -> list[str]:
    """Start a writer, SIGKILL it once it has acknowledged ``acks`` committed cells; return the acks."""
    proc = _spawn(db, run_id, TOTAL)
    acked: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        acked.append(line.strip())
        if len(acked) >= acks:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=30)
    err = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == -signal.SIGKILL, err
    proc.stdout.close()
    if proc.stderr:
        proc.stderr.close()
    return acked


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_at_random_points_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    rng = random.Random(7)
    acked_all: set[str] = set()
    for _ in range(3):  # killed three times, each at a random point (mid-batch, mid-commit, ...)
        before = set(_stored_ids(db, "run-kill")) if db.exists() else set()
        acked = _kill_after(db, "run-kill", rng.randint(1, 1200))
        ids = _stored_ids(db, "run-kill")
        assert len(ids) == len(set(ids)), "a cell was stored twice"
        assert set(acked) <= set(ids), "a committed (acknowledged) cell was lost"
        assert not set(acked) & before, "a resumed writer re-ran a stored cell"
        acked_all |= set(acked)
    assert acked_all <= set(ids) and len(ids) < TOTAL

    with RunStore(db) as store:
        done = store.completed_cell_ids("run-kill")
        assert done == set(ids)
        expected = {c["id"]: c for c in sample_cells(len(ids) + 5000, seed=11, repeats=2)}
        for cell in store.iter_cells("run-kill"):
            assert cell == expected[cell["id"]]  # each stored cell is complete, not torn

    # resume to the end, on a smaller plan so it finishes: it re-runs only what is missing
    plan = len(ids) + 300
    resumed = _spawn(db, "run-kill", plan)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    rerun = out.split()
    assert rerun[-1] == "DONE" and not set(rerun[:-1]) & done

    # identical to an uninterrupted writer of the same plan
    clean = tmp_path / "clean.db"
    whole = _spawn(clean, "run-kill", plan)
    _, err = whole.communicate(timeout=120)
    assert whole.returncode == 0, err
    with RunStore(db) as a, RunStore(clean) as b:
        killed = {c["id"]: c for c in a.iter_cells("run-kill")}
        uninterrupted = {c["id"]: c for c in b.iter_cells("run-kill")}
        report = a.load_report("run-kill")
    assert len(killed) == len(uninterrupted) == plan
    assert killed == uninterrupted
    assert validate_report(report) == []
