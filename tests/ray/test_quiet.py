"""A local Ray started for one run prints nothing of its own into windtunnel's output (QA-4 m9)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def test_a_local_ray_run_prints_no_ray_warning(tmp_path: Path) -> None:
    (tmp_path / "wt_quiet_agent.py").write_text("def handle(p):\n    return p\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_quiet_agent:handle'}\n"
        "golden_prompts: [hello, world]\n"
        "advanced: {seed: 1, executor: ray, ray: {num_actors: 1}}\n"
    )
    argv = [sys.executable, "-m", "windtunnel", "run", "-c", str(cfg), "--no-mutations", "--no-store", "-q"]
    proc = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout + proc.stderr
    assert "WARNING" not in out and "Token authentication" not in out, out
