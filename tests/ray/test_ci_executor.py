"""`ci --executor ray` on a real local Ray: the mutation, chaos and contract phases all run on Ray actors,
and the verdict, score and cells are the local ci run's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from tests.conftest import REPO

pytestmark = pytest.mark.slow

EXAMPLE = "examples/support_agent/windtunnel.yaml"


def test_ci_executor_ray_flag_equals_the_local_ci_run(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from windtunnel.engine.ray_executor import RayExecutor
    from windtunnel.engine.remote import LOCAL_FALLBACK

    monkeypatch.chdir(REPO)
    sessions: list[int] = []
    real = RayExecutor.run_session

    async def counted(self: RayExecutor, session: Any, cells: Any) -> None:  # the real executor, counted
        sessions.append(1)
        await real(self, session, cells)

    monkeypatch.setattr(RayExecutor, "run_session", counted)
    runs = {}
    for executor in ("local", "ray"):
        out = tmp_path / executor
        code = wt("ci", "-c", EXAMPLE, "--seed", "5", "-q", "--no-store", "-o", str(out), "--executor", executor)
        runs[executor] = code, json.loads((out / "summary.json").read_text()), out
    assert len(sessions) == 3  # the mutation, chaos and contract phases of the ray run, none of the local one
    (local_code, local, _), (ray_code, ray, ray_dir) = runs["local"], runs["ray"]
    assert ray_code == local_code
    for key in ("score", "passed", "cells_total", "cells_passed", "cells_failed", "reasons"):
        assert ray["summary"][key] == local["summary"][key], key
    assert {c["id"]: c["status"] for c in ray["cells"]} == {c["id"]: c["status"] for c in local["cells"]}
    for phase in ("mutation", "chaos", "contract"):
        assert LOCAL_FALLBACK not in json.loads((ray_dir / f"{phase}.json").read_text())["notices"], phase
    assert ray["summary"]["phases"] == local["summary"]["phases"]
