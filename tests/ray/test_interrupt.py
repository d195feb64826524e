"""Ctrl-C on a Ray run keeps the completed cells and exits 130; --resume runs the rest, each cell once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from windtunnel.store.runstore import RunStore

pytestmark = pytest.mark.slow

PROMPTS = 120


def _slow_agent(calls: Path) -> str:
    """An agent module that logs each prompt to ``calls`` and takes 0.2 s per call while ``calls``'s sibling
    ``slow`` file exists (the run to interrupt); once the test removes it (the resume), it answers at once."""
    slow = calls.with_name("slow")
    slow.touch()
    return (
        f"import os, time\n\ndef handle(p):\n    open({str(calls)!r}, 'a').write(p + '\\n')\n"
        f"    if os.path.exists({str(slow)!r}):\n        time.sleep(0.2)\n    return p\n"
    )


def _interrupted(
    argv: list[str], cwd: Path, db: Path, ready: Any, calls: Path, env: dict[str, str] | None = None
) -> tuple[Any, int, str]:
    """Start ``windtunnel ARGV``, send SIGINT once ``ready()`` holds (``calls`` written), expect exit 130;
    the stored run, its kept cells and the command's stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "windtunnel", *argv], cwd=cwd, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
        if calls.exists() and ready():
            break
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    calls.with_name("slow").unlink(missing_ok=True)  # the resume need not be slow: nothing interrupts it
    with RunStore(db) as st:
        (run,) = st.list_runs()
        kept = st.count_cells(run.id)
    return run, kept, err.decode()


def test_interrupt_then_resume_on_an_existing_cluster(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = tmp_path / "calls.log"
    agent = _slow_agent(calls)
    (tmp_path / "wt_slow_ray_agent.py").write_text(agent)
    cfg, db = tmp_path / "c.yaml", tmp_path / "runs.db"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_slow_ray_agent:handle'}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(PROMPTS)])}\n"
        "advanced: {seed: 1, concurrency: 1}\n"
    )
    address = local_ray.get_runtime_context().gcs_address  # the test's Ray, joined as an existing cluster
    argv = ["run", "-c", str(cfg), "--no-mutations", "-q", "--store", str(db), "--ray-address", address]
    # results of the first batches are in
    run, kept, err = _interrupted(argv, tmp_path, db, lambda: len(calls.read_text().split()) >= 20, calls)
    assert run.status == "interrupted" and 5 <= kept < PROMPTS, (run.status, kept, err)
    assert "continue with: windtunnel run -c " in err and f" --resume {run.id}" in err

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "r.json"
    code = wt("run", "--resume", run.id, "--store", str(db), "-q", "--ray-address", address, "-f", "json",
              "-o", str(out))  # fmt: skip
    assert code == 0
    ids = [c["id"] for c in json.loads(out.read_text())["cells"]]
    assert sorted(ids) == sorted(f"g{i}.r0" for i in range(PROMPTS))  # every cell exactly once


def test_sigterm_on_ray_stops_like_ctrl_c(local_ray: Any, tmp_path: Path) -> None:
    """`kill PID` (CI cancel, `timeout`) on a Ray run: exit 130, the run kept as interrupted, the resume hint —
    not Ray's own SIGTERM handler (exit 15, a stack dump, the run left as `error`)."""
    calls = tmp_path / "calls.log"
    agent = _slow_agent(calls)
    (tmp_path / "wt_term_ray_agent.py").write_text(agent)
    cfg, db = tmp_path / "c.yaml", tmp_path / "runs.db"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_term_ray_agent:handle'}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(PROMPTS)])}\n"
        "advanced: {seed: 1, concurrency: 1}\n"
    )
    address = local_ray.get_runtime_context().gcs_address
    argv = ["run", "-c", str(cfg), "--no-mutations", "-q", "--store", str(db), "--executor", "ray",
            "--ray-address", address]  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-m", "windtunnel", *argv], cwd=tmp_path, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
        if calls.exists() and len(calls.read_text().split()) >= 10:
            break
    assert proc.poll() is None, "the run ended before it could be stopped"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    text = err.decode()
    assert proc.returncode == 130, text
    assert "SIGTERM received" not in text
    with RunStore(db) as st:
        (run,) = st.list_runs()
    assert run.status == "interrupted", (run.status, text)
    assert "continue with: windtunnel run -c " in text and f" --resume {run.id}" in text


def test_a_contract_on_ray_interrupted_then_resumed(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C on a contract whose units run on Ray: exit 130 with the completed units stored; --resume runs
    the others (on Ray again), each unit once."""
    calls = tmp_path / "calls.log"
    agent = _slow_agent(calls)
    (tmp_path / "wt_slow_contract_agent.py").write_text(agent)
    prompts = [f"p{i}" for i in range(30)]
    cfg, db = tmp_path / "c.yaml", tmp_path / "runs.db"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_slow_contract_agent:handle'}\n"
        f"golden_prompts: {json.dumps(prompts)}\n"
        "advanced: {seed: 1, concurrency: 1}\n"
        "contract:\n  name: slow\n  invariants: [{type: output_not_empty, id: answers}]\n"
        "  chaos_matrix: [{name: calm}, {name: again}]\n"
    )
    address = local_ray.get_runtime_context().gcs_address
    argv = ["contract", "run", "-c", str(cfg), "-q", "--store", str(db), "--ray-address", address]
    env = {**os.environ, "WINDTUNNEL_STATE_CACHE": "0"}
    # state detection's calls made, then units (the first batches' results are in)
    run, kept, err = _interrupted(
        argv, tmp_path, db, lambda: sum(line in prompts for line in calls.read_text().splitlines()) >= 40, calls, env
    )
    assert run.status == "interrupted" and 1 <= kept < 60, (run.status, kept, err)

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "r.json"
    code = wt("contract", "run", "--resume", run.id, "--store", str(db), "-q", "--ray-address", address,
              "-f", "json", "-o", str(out))  # fmt: skip
    assert code == 0
    ids = [c["id"] for c in json.loads(out.read_text())["cells"]]
    assert sorted(ids) == sorted(f"{s}/g{i}.r0:answers" for s in ("calm", "again") for i in range(30))
