"""``windtunnel view`` shows a failure explore found: its fault schedule, its calls in order, where it went wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tests.conftest import REPO
from tests.explore.conftest import write_config
from tests.view.conftest import browser, open_page  # noqa: F401  (the viewer tests' Chromium fixtures)


def test_the_viewer_shows_the_schedule_calls_and_diagnosis_of_a_found_failure(
    tmp_path: Path,
    open_page: Any,  # noqa: F811
) -> None:
    from windtunnel.view.server import serve_in_thread

    config = write_config(tmp_path)
    report = tmp_path / "explore.json"
    store = tmp_path / "runs.db"
    env = {**os.environ, "WINDTUNNEL_STORE": str(store), "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(REPO)])}
    args = ["explore", "-c", str(config), "--budget", "60", "--seed", "5", "--no-save", "-q", "-o", str(report)]
    # in a child process: the browser fixture's live event loop would refuse the run's own
    proc = subprocess.run([sys.executable, "-m", "windtunnel", *args], cwd=REPO, env=env, timeout=300, check=False)
    assert proc.returncode == 1
    data = json.loads(report.read_text())
    cell = data["cells"][0]
    with serve_in_thread(store, audits=tmp_path / "audits") as server:
        pg = open_page(server.url)
        p = pg.goto(f"/cell?run={quote(data['run']['id'])}&cell={quote(cell['id'])}")
        p.wait_for_selector("#schedule-list li")
        assert p.locator("#schedule-list li").all_text_contents() == [
            "tool:lookup call 1 timeout",
            "tool:lookup call 2 empty",
        ]
        assert p.locator("#calls li.call").count() == len(cell["calls"]) == 2
        assert "IndexError" in (p.locator("#went-wrong").text_content() or "")
        assert p.locator("#explore-status").text_content() == "minimal, reproduced 3/3"
        assert pg.errors == [] and pg.foreign_requests() == []
