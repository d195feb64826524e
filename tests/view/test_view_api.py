"""The viewer's store queries, JSON API, HTTP safety and CLI (no browser)."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from windtunnel._util.errors import UsageError
from windtunnel.reports.sample import make_cell
from windtunnel.store import RunStore, run_ids
from windtunnel.store.queries import StoreReader
from windtunnel.view.aggregate import aggregate_cells, percentile
from windtunnel.view.server import CSP, serve_in_thread


def fill(path: Path, runs: int = 7) -> list[str]:
    ids = []
    with RunStore(path) as store:
        for r in range(runs):
            mode = "contract" if r % 2 else "run"
            started = f"2026-01-0{r + 1}T00:00:00Z"
            meta = {"mode": mode, "config_path": f"cfg{r % 3}.yaml", "seed": r, "started_at": started}
            run_id = store.start_run(meta)
            cells = [
                make_cell(
                    f"c{i}",
                    kind="contract",
                    scenario=f"s{i % 2}",
                    invariant=f"inv{i % 3}",
                    status="failed" if i % 5 == 0 else "passed",
                    latency_ms=float(10 * i),
                    faults=[{"target": "tool", "mode": "timeout", "name": "t"}] if i % 2 else [],
                )
                for i in range(10)
            ]
            store.add_cells(run_id, cells)
            store.finish_run(run_id, {"score": 80.0 + r, "passed": False}, "failed")
            ids.append(run_id)
    return ids


def test_reader_pages_filters_and_uses_its_indexes(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    ids = fill(path)
    reader = StoreReader(path)
    page, total = reader.runs_page(limit=3)
    assert total == 7 and [r.id for r in page] == ids[::-1][:3]  # newest first
    page2, _ = reader.runs_page(limit=3, offset=3)
    assert [r.id for r in page2] == ids[::-1][3:6]
    only, total = reader.runs_page(mode="contract", config="cfg1.yaml")
    assert total == len(only) == 1 and only[0].mode == "contract" and only[0].cells == 10
    assert reader.run_filters() == {"configs": ["cfg0.yaml", "cfg1.yaml", "cfg2.yaml"], "modes": ["contract", "run"]}
    db = sqlite3.connect(path)
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"runs_started_at", "runs_config_started", "runs_mode_started"} <= names
    plan = " ".join(
        str(r[-1])
        for r in db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM runs r WHERE r.config_path = ? ORDER BY r.started_at DESC LIMIT 50",
            ("cfg1.yaml",),
        )
    )
    assert "runs_config_started" in plan and "TEMP B-TREE" not in plan
    db.close()
    assert reader.previous(reader.run(ids[6])) == ids[0]  # cfg0.yaml, mode run: runs 0, 6
    assert reader.previous(reader.run(ids[0])) is None
    with pytest.raises(UsageError, match="no run"):
        reader.run("nope")
    with pytest.raises(sqlite3.OperationalError):  # read-only connection: the viewer can never write
        reader._db().execute("DELETE FROM runs")
    reader.close()


def test_runs_started_in_one_millisecond_in_one_process_keep_their_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process runs, as a test suite makes them: one clock reading for both, one ``started_at``. The ids alone
    order them, in the order they were made (the older is the later's previous, so its diff's "before")."""
    monkeypatch.setattr(run_ids, "_RUN_IDS", run_ids.RunIds(clock=lambda: 1_796_201_711_407_000_000))
    path = tmp_path / "runs.db"
    made = []
    with RunStore(path) as store:
        for seed in (1, 2, 3):
            run_id = store.start_run({"mode": "run", "config_path": "c.yaml", "seed": seed, "started_at": "same"})
            store.finish_run(run_id, {"score": 1.0, "passed": True}, "passed")
            made.append(run_id)
    reader = StoreReader(path)
    page, _ = reader.runs_page()
    assert [r.id for r in page] == made[::-1]  # newest first
    assert reader.previous(reader.run(made[2])) == made[1] and reader.previous(reader.run(made[1])) == made[0]
    assert [r.id for r in reader.runs_of(config="c.yaml", mode="run")] == made  # a trend, oldest first


def test_indexes_are_skipped_on_a_store_that_cannot_be_written(tmp_path: Path) -> None:
    from windtunnel.store.queries import _add_indexes

    path = tmp_path / "runs.db"
    fill(path, 1)
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # what a read-only file or mount gives
    try:
        assert _add_indexes(db) is False
    finally:
        db.close()
    db = sqlite3.connect(path)
    try:
        assert _add_indexes(db) is True
    finally:
        db.close()


def test_reader_refuses_a_missing_store_and_a_foreign_database(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no run store"):
        StoreReader(tmp_path / "none.db")
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(UsageError, match="not a windtunnel run store"):
        StoreReader(other)


def test_aggregates() -> None:
    cells = [
        make_cell("a", kind="contract", scenario="s", invariant="i", latency_ms=10.0),
        make_cell("b", kind="contract", scenario="s", invariant="i", status="failed", latency_ms=30.0,
                  faults=[{"target": "llm", "mode": "rate_limit"}]),
        make_cell("c", status="skipped", latency_ms=None),
        make_cell("d", mutation={"type": "noise"}, status="error", latency_ms=20.0),
    ]  # fmt: skip
    agg = aggregate_cells(cells)
    assert agg["counts"] == {"passed": 1, "failed": 1, "error": 1, "skipped": 1}
    assert agg["pass_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert agg["heatmap"]["cells"] == [{"scenario": "s", "invariant": "i", "passed": 1, "total": 2, "pass_rate": 0.5}]
    assert agg["by_fault"]["llm.rate_limit"] == {"passed": 0, "total": 1, "pass_rate": 0.0}
    assert agg["by_mutation"] == {"noise": {"passed": 0, "total": 1, "pass_rate": 0.0}}
    assert agg["latency"]["p50"] == 20.0 and sum(b["count"] for b in agg["latency"]["histogram"]) == 3
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.95) == pytest.approx(3.85)


def get(url: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_api_answers_json_and_errors_name_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    ids = fill(path)
    with serve_in_thread(path) as server:
        base = server.url.rstrip("/")
        status, headers, body = get(base + "/api/runs?limit=2&mode=run")
        data = json.loads(body)
        assert status == 200 and headers["Content-Type"] == "application/json"
        assert data["total"] == 4 and len(data["runs"]) == 2
        status, _, body = get(base + f"/api/cells?run={ids[0]}&fault=tool.timeout&status=passed")
        data = json.loads(body)
        assert [c["id"] for c in data["cells"]] == ["c1", "c3", "c7", "c9"] and data["total"] == 10
        status, _, body = get(base + "/api/trends?config=cfg0.yaml&mode=run")
        assert [p["id"] for p in json.loads(body)["points"]] == [ids[0], ids[6]]  # oldest first
        status, _, body = get(base + "/api/run?id=nope")
        assert status == 404 and "no run 'nope'" in json.loads(body)["error"]
        status, _, body = get(base + "/api/runs?limit=x")
        assert status == 400 and "limit must be an integer" in json.loads(body)["error"]
        status, _, body = get(base + "/api/run")
        assert status == 400 and "missing query parameter 'id'" in json.loads(body)["error"]
        status, _, body = get(base + f"/api/diff?a={ids[0]}&b={ids[2]}")
        assert status == 200 and json.loads(body)["score"]["delta"] == 2.0


def test_pages_carry_a_strict_csp_and_other_hosts_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    fill(path, 1)
    with serve_in_thread(path) as server:
        base = server.url.rstrip("/")
        status, headers, body = get(base + "/")
        assert status == 200 and headers["Content-Security-Policy"] == CSP
        assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
        assert b"<script>" not in body  # no inline script at all
        assert headers["X-Content-Type-Options"] == "nosniff"
        status, _, _ = get(base + "/", host="evil.example:80")  # DNS rebinding
        assert status == 403
        assert get(base + "/static/..%2Fserver.py")[0] == 404
        assert get(base + "/static/view.js")[0] == 200
        assert get(base + "/static/uPlot.LICENSE.txt")[0] == 200
        assert get(base + "/audit/..%2F..%2Fruns.db")[0] == 404


def test_loopback_addresses() -> None:
    from windtunnel.view.server import is_loopback

    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5") and not is_loopback("example.com")


def test_serves_on_ipv6_loopback(tmp_path: Path) -> None:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    path = tmp_path / "runs.db"
    fill(path, 1)
    with serve_in_thread(path, host="::1") as server:
        assert server.url.startswith("http://[::1]:")
        status, _, body = get(server.url + "api/runs")
        assert status == 200 and json.loads(body)["total"] == 1


def test_cli_view_refuses_a_missing_store(tmp_path: Path, capsys: Any) -> None:
    assert wt("view", "--store", str(tmp_path / "none.db")) == 2
    assert "no run store" in capsys.readouterr().err


def test_cli_view_a_file_that_is_not_a_database_is_a_usage_error(tmp_path: Path, capsys: Any) -> None:
    text = tmp_path / "README.md"
    text.write_text("# not a database\n" * 200)
    assert wt("view", "--store", str(text)) == 2
    assert "is not a windtunnel run store" in capsys.readouterr().err


def test_cli_view_on_a_busy_port_exits_3_like_the_proxies(tmp_path: Path, capsys: Any) -> None:
    import socket

    path = tmp_path / "runs.db"
    fill(path, 1)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        assert wt("view", "--store", str(path), "--port", str(s.getsockname()[1])) == 3
    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err


def _view_process(path: Path) -> subprocess.Popen[str]:
    """``windtunnel view`` on the store at ``path``, in a child process (its first stdout line is its URL)."""
    return subprocess.Popen(
        [sys.executable, "-m", "windtunnel", "view", "--store", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_cli_view_serves_and_prints_its_url(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    fill(path, 2)
    proc = _view_process(path)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("windtunnel view: http://127.0.0.1:"), line
        url = line.split()[2]
        status, _, body = get(url + "api/runs")
        assert status == 200 and json.loads(body)["total"] == 2
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_cli_view_stops_on_sigterm_as_on_ctrl_c(signum: int, tmp_path: Path) -> None:
    """QA-7 F7-10: a SIGTERM (CI runners, `timeout`, service managers) killed the viewer silently (status -15)."""
    path = tmp_path / "runs.db"
    fill(path, 1)
    proc = _view_process(path)
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[2]
        assert get(url + "api/runs")[0] == 200  # serving: the handler is in place
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "windtunnel view: stopped" in err and "Traceback" not in err


def test_a_running_run_has_its_planned_cells_for_the_progress(tmp_path: Path) -> None:
    """The viewer shows "stored / planned" while a run is in progress: cells_planned is known from the start."""
    import windtunnel
    from windtunnel.flows.events import Done

    store = tmp_path / "runs.db"
    seen: list[tuple[str, Any, Any]] = []

    def listener(event: object) -> None:
        if isinstance(event, Done) and not seen:
            reader = StoreReader(store)
            (row,), _ = reader.runs_page()
            with RunStore(store) as st:
                seen.append((row.status, row.to_dict()["cells_planned"], st.load_report(row.id)["summary"]))
            reader.close()

    cfg = {"agent": {"type": "python", "endpoint": "examples.support_agent.agent:handle"},
           "golden_prompts": ["hi", "where is my order?"], "mutations": {"count": 2, "types": ["noise"]}}  # fmt: skip
    outcome = windtunnel.run(cfg, seed=1, store=store, concurrency=1, listener=listener)
    planned = outcome.summary["cells_planned"]
    assert planned == 6
    (status, live_planned, live_summary) = seen[0]
    assert status == "running" and live_planned == planned and live_summary["cells_planned"] == planned
    with RunStore(store) as st:
        assert "cells_planned" not in st.load_report(outcome.run_id)["run"]
