"""`windtunnel run` killed with SIGKILL at random points: the store keeps every committed cell once,
`--resume` reruns exactly the missing cells, and the result equals an uninterrupted run's."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
import yaml

AGENT = """
import os, time

def agent(prompt):
    with open(os.environ["WT_CALL_LOG"], "a") as log:
        log.write("x\\n")
    time.sleep(0.002)
    return "ok" if len(prompt) % 3 else "nope"
"""


def _config(tmp: Path) -> Path:
    (tmp / "kill_agent.py").write_text(AGENT)
    cfg = {
        "version": "2.0",
        "agent": {"type": "python", "endpoint": "kill_agent:agent"},
        "golden_prompts": [f"Where is my order number {i}, and when does it ship?" for i in range(40)],
        "invariants": [{"type": "contains", "value": "ok"}],
        "advanced": {"concurrency": 8, "seed": 5},
    }
    path = tmp / "windtunnel.yaml"
    path.write_text(yaml.safe_dump(cfg))
    return path


def _windtunnel(tmp: Path, args: list[str], log: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "WT_CALL_LOG": str(tmp / log), "PYTHONPATH": str(tmp)}
    return subprocess.Popen(
        [sys.executable, "-m", "windtunnel", *args], cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def _stored(db: Path) -> list[tuple[str, dict[str, Any]]]:
    if not db.exists():
        return []
    raw = sqlite3.connect(db)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return [(r[0], orjson.loads(r[1])) for r in raw.execute("SELECT cell_id, json FROM cells")]
    except sqlite3.OperationalError:  # killed before the schema was written
        return []
    finally:
        raw.close()


def _calls(tmp: Path, log: str) -> int:
    path = tmp / log
    return len(path.read_text().splitlines()) if path.exists() else 0


def _comparable(cell: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in cell.items() if k not in ("latency_ms",)}


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_run_killed_at_random_points_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    clean_dir, kill_dir = tmp_path / "clean", tmp_path / "killed"
    clean_dir.mkdir()
    kill_dir.mkdir()
    args = ["run", "-c", "windtunnel.yaml", "--store", "runs.db", "-q", "-f", "json", "-o", "report.json"]

    # the uninterrupted run
    _config(clean_dir)
    whole = _windtunnel(clean_dir, args, "calls.log")
    _, err = whole.communicate(timeout=300)
    assert whole.returncode in (0, 1), err.decode()
    expected = dict(_stored(clean_dir / "runs.db"))
    planned = len(expected)
    assert planned > 100 and _calls(clean_dir, "calls.log") == planned

    # the same run, SIGKILLed at random points, each time resumed; the last resume runs to the end
    _config(kill_dir)
    db = kill_dir / "runs.db"
    rng = random.Random(11)
    proc, log, missing = _windtunnel(kill_dir, args, "calls-0.log"), "calls-0.log", planned
    kills = 0
    for attempt in range(1, 5):
        if attempt < 4:  # wait for a random number of agent calls, then SIGKILL
            threshold = rng.randint(1, max(1, missing - 1))
            deadline = time.monotonic() + 120
            while proc.poll() is None and _calls(kill_dir, log) < threshold:
                assert time.monotonic() < deadline, "the run made no progress"
                time.sleep(0.002)
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                kills += 1
        _, err = proc.communicate(timeout=300)
        finished = proc.returncode in (0, 1)
        assert finished or proc.returncode == -signal.SIGKILL, err.decode()
        if finished:  # a run that ended by itself called the agent exactly for the cells that were missing
            assert _calls(kill_dir, log) == missing
        else:
            assert _calls(kill_dir, log) <= missing
        stored = _stored(db)
        ids = [cell_id for cell_id, _ in stored]
        assert len(ids) == len(set(ids)), "a cell was stored twice"
        if len(ids) == planned:
            break
        missing = planned - len(ids)
        raw = sqlite3.connect(db)
        (run_id,) = raw.execute("SELECT id FROM runs").fetchone()
        raw.close()
        log = f"calls-{attempt}.log"
        proc = _windtunnel(kill_dir, ["run", "--resume", run_id, "--store", "runs.db", "-q"], log)
    assert kills >= 1
    final = dict(_stored(db))
    assert set(final) == set(expected)  # 0 lost, 0 extra
    assert {k: _comparable(v) for k, v in final.items()} == {k: _comparable(v) for k, v in expected.items()}
