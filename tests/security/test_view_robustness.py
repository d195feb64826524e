"""The viewer under load and on a bad store: a burst of connections is queued, not dropped; one damaged row is
marked, not a 500; a locked store is a prompt 503; a deleted store is said to be gone, never re-created empty."""

from __future__ import annotations

import json
import select
import socket
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from windtunnel.store.runstore import RunStore
from windtunnel.view.server import make_server, serve_in_thread


def _store(path: Path, runs: int = 3) -> list[str]:
    ids = []
    with RunStore(path) as st:
        for i in range(runs):
            run_id = st.start_run({"mode": "run", "seed": i, "config_path": "c.yaml"})
            st.add_cell(run_id, {"id": f"c{i}", "status": "passed", "passed": True, "checks": []})
            st.finish_run(run_id, {"score": 100.0, "passed": True, "cells_total": 1}, "passed")
            ids.append(run_id)
    return ids


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "runs.db"
    _store(path)
    return path


def _get(server: Any, path: str) -> httpx.Response:
    return httpx.get(f"http://127.0.0.1:{server.port}{path}", timeout=10, trust_env=False)


def test_a_burst_of_100_connections_is_queued_while_the_server_is_busy(store: Path) -> None:
    server = make_server(store)  # bound and listening, not accepting yet: every connection waits in the backlog
    socks: list[socket.socket] = []
    try:
        for _ in range(100):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", server.port))
            socks.append(s)
        pending = set(socks)
        while pending:
            _, ready, _ = select.select([], list(pending), [], 5)
            if not ready:
                break
            pending -= set(ready)
        established = sum(
            1 for s in socks if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0 and s not in pending
        )
        assert established == 100, f"only {established} of 100 connections were queued"
    finally:
        for s in socks:
            s.close()
        server.server_close()


def test_one_damaged_run_row_is_marked_and_the_rest_are_listed(store: Path) -> None:
    with sqlite3.connect(store) as db:
        bad = db.execute("SELECT id FROM runs ORDER BY started_at LIMIT 1").fetchone()[0]
        db.execute("UPDATE runs SET summary_json = ? WHERE id = ?", (b"{not json", bad))
        db.execute("UPDATE cells SET json = ? WHERE run_id = ?", (b"[broken", bad))
    with serve_in_thread(store) as server:
        resp = _get(server, "/api/runs")
        assert resp.status_code == 200, resp.text
        runs = {r["id"]: r for r in resp.json()["runs"]}
        assert len(runs) == 3
        assert "not valid JSON" in runs[bad]["damaged"]
        assert all(r["damaged"] is None for i, r in runs.items() if i != bad)
        one = _get(server, f"/api/run?id={bad}")
        assert one.status_code == 200, one.text
        cells = _get(server, f"/api/cells?run={bad}")
        assert cells.status_code == 200, cells.text


def test_a_locked_store_is_answered_503_at_once(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    _store(path)
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("PRAGMA journal_mode = DELETE")  # rollback journal: an exclusive lock shuts readers out
    with serve_in_thread(path) as server:
        assert _get(server, "/api/runs").status_code == 200
        db = sqlite3.connect(path, isolation_level=None, timeout=10)  # the server may still hold its read
        db.execute("BEGIN EXCLUSIVE")
        try:
            resp = _get(server, "/api/runs")  # timeout=10: the old 30 s wait fails here
        finally:
            db.execute("ROLLBACK")
            db.close()
        assert resp.status_code == 503, resp.text
        assert "locked" in resp.json()["error"] and resp.headers["retry-after"] == "1"
        assert _get(server, "/api/runs").status_code == 200  # and reads again once the lock is gone


def test_a_deleted_store_is_reported_and_not_recreated(store: Path) -> None:
    with serve_in_thread(store) as server:
        assert _get(server, "/api/runs").status_code == 200
        for p in store.parent.glob("runs.db*"):
            p.unlink()
        resp = _get(server, "/api/runs")
        assert resp.status_code == 503, resp.text
        assert "no longer exists" in json.loads(resp.text)["error"]
        assert not store.exists(), "the viewer re-created an empty store"


@pytest.mark.parametrize(
    ("row", "why"),
    [
        (b'{"id": "c0", "status": "failed", "faults": 7}', "$.faults must be an array, not a number"),
        (b'{"id": "c0", "status": "failed", "checks": "no"}', "$.checks must be an array or null, not a string"),
        (b'{"id": "c0", "faults": [{"target": 5, "mode": "x"}]}', "$.faults[0].target must be a string"),
        (b"[1, 2, 3]", "$ must be an object, not an array"),
        (b'"str"', "$ must be an object, not a string"),
        (b"null", "$ must be an object, not null"),
    ],
)
def test_a_cell_row_of_the_wrong_shape_is_marked_damaged_on_every_page(store: Path, row: bytes, why: str) -> None:
    with sqlite3.connect(store) as db:
        bad = db.execute("SELECT id FROM runs ORDER BY started_at LIMIT 1").fetchone()[0]
        db.execute("UPDATE cells SET json = ? WHERE run_id = ?", (row, bad))
    with serve_in_thread(store) as server:
        for path in (f"/api/run?id={bad}", f"/api/cells?run={bad}", "/api/trends", f"/api/cell?run={bad}&cell=c0"):
            resp = _get(server, path)
            assert resp.status_code == 200, (path, resp.text)
        cells = _get(server, f"/api/cells?run={bad}").json()["cells"]
        assert len(cells) == 1 and cells[0]["status"] == "error", cells
        assert why in cells[0]["damaged"], cells[0]
        assert _get(server, f"/api/cell?run={bad}&cell=c0").json()["cell"]["damaged"] == cells[0]["damaged"]
