"""The viewer answers a request on a reused (keep-alive) connection without waiting for the client's delayed ACK.

An answer written in two pieces (head, then body) without TCP_NODELAY waits for the client's delayed
ACK (~40 ms on Linux) on every request after the first of a connection: the browser's API calls all
reuse connections. What causes the stall is checked, not a time (a timing assertion fails on a busy machine):
the accepted socket has TCP_NODELAY set, and each answer leaves in one write.
"""

from __future__ import annotations

import http.client
import socket
from pathlib import Path
from typing import Any

import pytest

from windtunnel.reports.sample import make_cell
from windtunnel.store import RunStore
from windtunnel.view.server import ViewServer, serve_in_thread


def _store(path: Path) -> str:
    with RunStore(path) as store:
        run_id = store.start_run({"mode": "contract", "config_path": "c.yaml", "seed": 1})
        store.add_cells(run_id, [make_cell(f"c{i}", kind="contract", scenario="s") for i in range(20)])
        store.finish_run(run_id, {"cells": 20}, "passed")
    return run_id


class _Counting(socket.socket):
    """An accepted connection that records each write the server makes to it."""

    writes: list[tuple[int, int]]  # (bytes, TCP_NODELAY at the write)

    def _record(self, data: Any) -> None:
        self.writes.append((len(data), self.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))

    def send(self, data: Any, *args: Any) -> int:
        self._record(data)
        return super().send(data, *args)

    def sendall(self, data: Any, *args: Any) -> None:
        self._record(data)
        super().sendall(data, *args)


def test_keep_alive_answers_leave_at_once_in_one_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    accepted: list[_Counting] = []
    plain = ViewServer.get_request

    def counting(self: ViewServer) -> tuple[socket.socket, Any]:
        sock, addr = plain(self)
        wrapped = _Counting(sock.family, sock.type, sock.proto, fileno=sock.detach())
        wrapped.writes = []
        accepted.append(wrapped)
        return wrapped, addr

    monkeypatch.setattr(ViewServer, "get_request", counting)
    run_id = _store(tmp_path / "runs.db")
    with serve_in_thread(tmp_path / "runs.db") as server:
        host = f"127.0.0.1:{server.port}"
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            path = f"/api/cells?run={run_id}&limit=5"
            for _ in range(10):
                conn.request("GET", path, headers={"Host": host})
                resp = conn.getresponse()
                body = resp.read()
                assert resp.status == 200, body[:200]
                assert resp.getheader("Connection", "").lower() != "close"
            sock = conn.sock
            conn.request("GET", path, headers={"Host": host})
            conn.getresponse().read()
            assert conn.sock is sock, "the connection was not kept alive"
        finally:
            conn.close()
    assert len(accepted) == 1, "one connection, reused"
    served = accepted[0]
    assert len(served.writes) == 11, served.writes  # head and body of each answer in one write
    assert all(nodelay for _size, nodelay in served.writes), served.writes  # a small answer goes out at once
