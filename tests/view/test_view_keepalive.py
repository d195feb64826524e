"""The viewer answers a request on a reused (keep-alive) connection as fast as the first one.

An answer written in two pieces (head, then body) without TCP_NODELAY waits for the client's delayed
ACK (~40 ms on Linux) on every request after the first of a connection: the browser's API calls all
reuse connections. Compared with the first request of the same connection, never with a fixed time.
"""

from __future__ import annotations

import http.client
import statistics
import time
from pathlib import Path

from windtunnel.reports.sample import make_cell
from windtunnel.store import RunStore
from windtunnel.view.server import serve_in_thread


def _store(path: Path) -> str:
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "contract", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, [make_cell(f"c{i}", kind="contract", scenario="s") for i in range(20)])
        store.finish_run(run_id, {"cells": 20}, "passed")
    return run_id


def _get(conn: http.client.HTTPConnection, path: str, host: str) -> float:
    t0 = time.perf_counter()
    conn.request("GET", path, headers={"Host": host})
    resp = conn.getresponse()
    body = resp.read()
    assert resp.status == 200, body[:200]
    assert resp.getheader("Connection", "").lower() != "close"
    return time.perf_counter() - t0


def test_keep_alive_requests_are_not_stalled(tmp_path: Path) -> None:
    run_id = _store(tmp_path / "runs.db")
    with serve_in_thread(tmp_path / "runs.db") as server:
        host = f"127.0.0.1:{server.port}"
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            path = f"/api/cells?run={run_id}&limit=5"
            first = _get(conn, path, host)  # connects, starts the connection's thread, opens the store
            sock = conn.sock
            reused = [_get(conn, path, host) for _ in range(9)]
            assert conn.sock is sock, "the connection was not kept alive"
        finally:
            conn.close()
    # A stalled answer costs a delayed ACK (~40 ms) each time: far more than the first request, which
    # also paid for the connection. The median ignores a request that another process on the machine delayed.
    assert statistics.median(reused) < 2 * first + 0.002, (first, reused)
