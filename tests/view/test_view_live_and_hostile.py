"""The viewer under a writing run, and under hostile agent output (nothing may execute)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.view.conftest import CONFIG, REPO, example_env
from tests.view.test_view_browser import wait_until
from windtunnel.reports.sample import HOSTILE, make_cell
from windtunnel.store import RunStore
from windtunnel.view.server import serve_in_thread

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as resp:
        assert resp.status == 200
        return json.loads(resp.read())


def test_viewer_answers_while_a_real_run_writes_to_the_store(tmp_path: Path) -> None:
    store = tmp_path / "runs.db"
    RunStore(store).close()
    with serve_in_thread(store) as server:
        proc = subprocess.Popen(
            [sys.executable, "-m", "windtunnel", "run", "-c", CONFIG, "--seed", "1", "--repeat", "15", "-q",
             "-f", "json", "-o", str(tmp_path / "r.json")],
            cwd=REPO, env=example_env(store), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        seen: list[tuple[str, int]] = []
        try:
            while proc.poll() is None:
                runs = get_json(server.url + "api/runs")["runs"]
                if runs:
                    run = get_json(server.url + f"api/run?id={runs[0]['id']}")
                    seen.append((run["run"]["status"], run["aggregate"]["cells"]))
                    cells = get_json(server.url + f"api/cells?run={runs[0]['id']}&limit=5")
                    assert cells["total"] >= run["aggregate"]["cells"]
                time.sleep(0.05)
        finally:
            _, err = proc.communicate(timeout=120)
        assert proc.returncode in (0, 1), err
        report = json.loads((tmp_path / "r.json").read_text())
        final = get_json(server.url + f"api/run?id={report['run']['id']}")
    counts = [n for _, n in seen]
    assert counts == sorted(counts)  # cells only ever appear
    assert any(status == "running" for status, _ in seen), seen  # the run was seen in progress
    assert final["run"]["status"] in ("passed", "failed")
    assert final["aggregate"]["cells"] == len(report["cells"])


def test_a_run_in_progress_appears_and_updates_in_the_browser(tmp_path: Path, open_page: Any) -> None:
    store_path = tmp_path / "runs.db"
    writer = RunStore(store_path)
    run_id = writer.start_run({"mode": "run", "config_path": "live.yaml", "seed": 1})
    release = threading.Event()
    cells = [make_cell(f"c{i}", status="failed" if i % 4 == 0 else "passed", latency_ms=10.0 + i) for i in range(12)]

    def write() -> None:
        writer.add_cells(run_id, cells[:2])
        release.wait(30)
        for cell in cells[2:]:
            writer.add_cell(run_id, cell)
            time.sleep(0.15)
        writer.finish_run(run_id, {"score": 75.0, "passed": False}, "failed")

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    try:
        with serve_in_thread(store_path) as server:
            pg = open_page(server.url)
            p = pg.goto("/")
            p.wait_for_selector(f"#runs-table tbody tr[data-id='{run_id}'][data-status=running]")
            p = pg.goto(f"/run?id={run_id}")
            p.wait_for_selector("#live")
            assert p.locator("[data-k=cells]").text_content().startswith("2 ")
            release.set()
            wait_until(p, "document.querySelector('[data-k=cells]').textContent.startsWith('12 ')", timeout=30)
            wait_until(p, "!document.getElementById('live')", timeout=30)
            assert p.locator("#run-head .badge").first.text_content() == "failed"
            wait_until(p, "document.getElementById('shown').textContent.includes('of 12 matching')")
            assert p.locator("[data-k=score]").text_content() == "75.00"
            assert pg.errors == []
    finally:
        release.set()
        thread.join(10)
        writer.close()


def _hostile_store(path: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """Two runs whose every text field (ids included) carries a script-injection payload."""
    store = RunStore(path)
    runs: list[str] = []
    cell_refs: list[tuple[str, str]] = []
    for r in range(2):
        meta = {"mode": "contract", "config_path": HOSTILE[1], "seed": 1, "id": f"run{r}{HOSTILE[1]}"}
        run_id = store.start_run(meta)
        runs.append(run_id)
        cells = []
        for i, payload in enumerate(HOSTILE):
            cells.append(
                make_cell(
                    f"{payload}#{i}",
                    kind="contract",
                    scenario=payload,
                    invariant=HOSTILE[(i + 1) % len(HOSTILE)],
                    status="failed" if (i + r) % 2 else "passed",
                    output=payload,
                    prompt=payload,
                    golden_prompt=payload + " golden",
                    error=payload,
                    mutation={"type": payload, "args": {"x": payload}},
                    checks=[{"type": payload, "id": payload, "passed": False, "detail": payload}],
                    faults=[{"target": "tool", "mode": payload, "name": payload, "seq": 1}],
                    calls=[{"target": "tool", "name": payload, "args": {"q": payload}, "response": payload,
                            "error": payload, "faults": [payload], "latency_ms": 3.0, "seq": 1}],
                    reproduce=payload,
                )
            )  # fmt: skip
        store.add_cells(run_id, cells)
        cell_refs.extend((run_id, c["id"]) for c in cells)
        store.finish_run(run_id, {"score": 50.0, "passed": False, "reasons": HOSTILE}, "failed")
    store.close()
    return runs, cell_refs


def test_hostile_agent_output_executes_nothing_in_any_page(tmp_path: Path, open_page: Any) -> None:
    from tests.view.conftest import windtunnel

    store_path = tmp_path / "runs.db"
    runs, cell_refs = _hostile_store(store_path)
    audits = tmp_path / "audits"
    dataset = tmp_path / "items.jsonl"
    items = [
        {"id": payload, "expected": "Billing", "projection": {payload: f"to Billing {payload}", "x": [payload]}}
        for payload in HOSTILE
    ]
    dataset.write_text("\n".join(json.dumps(i) for i in items) + "\n")
    windtunnel(store_path, "leak", "scan", str(dataset), "-f", "html", "--show-values", "-o", str(audits / "h.html"))
    with serve_in_thread(store_path, audits=audits) as server:
        pg = open_page(server.url)
        pages = [
            "/",
            f"/trends?config={quote(HOSTILE[1])}&mode=contract",
            *(f"/run?id={quote(r)}" for r in runs),
            f"/diff?a={quote(runs[0])}&b={quote(runs[1])}",
            *(f"/cell?run={quote(r)}&cell={quote(c)}" for r, c in cell_refs),
            "/leak",
            "/audit/h.html",
        ]
        for path in pages:
            p = pg.goto(path)
            p.wait_for_load_state("load")
            p.wait_for_timeout(150)
            p.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            assert p.evaluate("window.__pwned") is None, path
            assert p.locator("img").count() == 0, path
            assert p.locator("a[href^='javascript']").count() == 0, path
        # the payloads are there, as text
        r, c = cell_refs[0]
        p = pg.goto(f"/cell?run={quote(r)}&cell={quote(c)}")
        p.wait_for_selector("#output")
        assert p.locator("#output").text_content() == HOSTILE[0]
        assert p.locator("#reproduce-cmd").text_content() == HOSTILE[0]
        assert p.locator("#calls .call-name").text_content() == HOSTILE[0]
        p = pg.goto(f"/run?id={quote(runs[0])}")
        p.wait_for_selector("#heat-table button.heat-cell")
        p.locator("#heat-table button.heat-cell").first.click()
        wait_until(p, "document.getElementById('shown').textContent.includes('of 1 matching')")
        assert p.evaluate("window.__pwned") is None
        assert pg.errors == []
        assert pg.foreign_requests() == []
