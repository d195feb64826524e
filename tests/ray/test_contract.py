"""Contracts on a real local Ray: state detection on an actor, the units on the actors, the same seeded
verdict as the local run; a killed actor loses no unit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from tests.conftest import REPO
from tests.ray.test_executor import AGENT  # the agent that kills its actor on "die once" / "die always"

pytestmark = pytest.mark.slow

EXAMPLE = "examples/support_agent/windtunnel.yaml"


def _rows(report: dict[str, Any]) -> dict[str, Any]:
    return {
        c["id"]: (
            c["status"],
            c["output"],
            c.get("error_kind"),
            [(f["name"], f["mode"], f.get("scenario"), f.get("fault_index")) for f in c["faults"]],
            [(k["id"], k["passed"]) for k in c["checks"]],
        )
        for c in report["cells"]
    }


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Calls of the real RayExecutor.run_session (one per session that ran on Ray)."""
    from windtunnel.engine.ray_executor import RayExecutor

    sessions: list[int] = []
    real = RayExecutor.run_session

    async def counted(self: RayExecutor, session: Any, cells: Any) -> None:
        sessions.append(1)
        await real(self, session, cells)

    monkeypatch.setattr(RayExecutor, "run_session", counted)
    return sessions


def test_seeded_contract_on_ray_equals_the_local_run(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from windtunnel.engine.remote import LOCAL_FALLBACK

    monkeypatch.chdir(REPO)
    monkeypatch.setenv("WINDTUNNEL_STATE_CACHE", "0")  # state detection makes its calls (on an actor) each time
    sessions = _counted(monkeypatch)
    reports, codes = {}, {}
    for executor in ("local", "ray"):
        out = tmp_path / f"{executor}.json"
        codes[executor] = wt("contract", "run", "-c", EXAMPLE, "--seed", "5", "-q", "--no-store",
                             "--executor", executor, "-f", "json", "-o", str(out))  # fmt: skip
        reports[executor] = json.loads(out.read_text())
    assert len(sessions) == 1  # the ray run's units ran on the Ray executor, the local run's did not
    local, ray = reports["local"], reports["ray"]
    assert codes["ray"] == codes["local"]
    assert _rows(ray) == _rows(local)
    assert sum(len(c["faults"]) for c in ray["cells"]) > 0  # faults fired, the same ones
    for key in ("score", "passed", "critical_failed", "cells_total", "by_scenario", "by_invariant", "matrix",
                "units_completed", "concurrency"):  # fmt: skip
        assert ray["summary"][key] == local["summary"][key], key
    state = ray["summary"]["state_detection"]
    assert state["calls"] > 0 and not state["cached"]  # detected afresh, through an actor's agent
    assert {k: state[k] for k in ("stateful", "evidence")} == {
        k: local["summary"]["state_detection"][k] for k in ("stateful", "evidence")
    }
    assert LOCAL_FALLBACK not in ray["notices"]


def test_a_killed_actor_loses_no_unit(local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "wt_dying_contract_agent.py").write_text(AGENT)
    prompts = [f"p{i}" for i in range(12)]
    prompts[5], prompts[9] = "die once", "die always"  # not among the prompts state detection probes (0-2)
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_dying_contract_agent:handle'}\n"
        f"golden_prompts: {json.dumps(prompts)}\n"
        "advanced: {seed: 1, executor: ray, ray: {num_actors: 2}}\n"
        "contract:\n  name: dies\n  invariants: [{type: output_not_empty, id: answers}, {type: contains, "
        "value: ok, id: ok}]\n  chaos_matrix: [{name: calm}]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WINDTUNNEL_STATE_CACHE", "0")
    out = tmp_path / "r.json"
    code = wt("contract", "run", "-c", str(cfg), "-q", "--no-store", "-f", "json", "-o", str(out))
    assert code == 1  # a unit errored
    report = json.loads(out.read_text())
    rows = [c for c in report["cells"] if c["kind"] == "contract"]
    assert sorted(c["id"] for c in rows) == sorted(
        f"{u}:{inv}" for u in {c["id"].rsplit(":", 1)[0] for c in rows} for inv in ("answers", "ok")
    )
    by_prompt: dict[str, list[dict[str, Any]]] = {}
    for c in rows:
        by_prompt.setdefault(c["prompt"], []).append(c)
    assert sorted(by_prompt) == sorted(prompts)  # every unit reported, each with both invariants
    assert all(len(v) == 2 for v in by_prompt.values())
    assert (tmp_path / "died").exists()  # an actor really died on "die once" ...
    assert all(c["status"] == "passed" for c in by_prompt["die once"])  # ... and the unit passed on another
    assert all(c["status"] == "error" and c.get("error_kind") == "worker_lost" for c in by_prompt["die always"])
    assert all(c["status"] == "passed" for p, v in by_prompt.items() if p != "die always" for c in v)
    assert report["summary"]["state_detection"]["calls"] > 0


def test_an_actor_dying_in_state_detection_is_a_harness_error(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The actor making the detector's calls dies (no unit was given out): exit 3 naming the stage, and the
    other actors, held after their set-up, are released and torn down."""
    (tmp_path / "wt_probe_dying_agent.py").write_text(
        "import os\n\ndef handle(prompt):\n    if 'reference number' in prompt:\n        os._exit(1)\n    return 'ok'\n"
    )
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_probe_dying_agent:handle'}\n"
        "golden_prompts: [a, b, c]\n"
        "advanced: {seed: 1, executor: ray, ray: {num_actors: 2}}\n"
        "contract:\n  name: d\n  invariants: [{type: output_not_empty, id: answers}]\n  chaos_matrix: [{name: calm}]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WINDTUNNEL_STATE_CACHE", "0")
    assert wt("contract", "run", "-c", str(cfg), "-q", "--no-store") == 3
    assert "a Ray actor died during the agent set-up or state detection" in capsys.readouterr().err


def test_a_launched_agent_contract_on_ray_equals_the_local_run(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """agent.command launched on the actor with its fault proxies, its reset endpoint, state detection
    through it: the same units, faults (at the proxies) and verdicts as the local contract."""
    import socket

    src = (REPO / "examples/support_agent/windtunnel.http-chaos.yaml").read_text()
    start = src.index("\nchaos:")
    contract = (
        "\ncontract:\n  name: launched\n  invariants:\n    - {type: output_not_empty, id: answers}\n"
        "    - {type: excludes_pattern, id: no-date, patterns: ['(?i)will arrive on \\\\d{4}'], "
        "when: tool_faults_active}\n"
        "  chaos_matrix:\n    - {name: calm}\n"
        "    - {name: outage, tool_faults: [{match_url: '*/orders/*', tool: order_status, mode: error, "
        "error_code: 503}]}\n"
        "advanced:\n  seed: 7\n"
    )
    cfg = tmp_path / "c.yaml"
    cfg.write_text(src[:start] + contract)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        monkeypatch.setenv("SUPPORT_AGENT_PORT", str(s.getsockname()[1]))
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("WINDTUNNEL_STATE_CACHE", "0")
    sessions = _counted(monkeypatch)
    reports = {}
    for executor in ("local", "ray"):
        out = tmp_path / f"{executor}.json"
        code = wt("contract", "run", "-c", str(cfg), "-q", "--no-store", "--executor", executor,
                  "-f", "json", "-o", str(out))  # fmt: skip
        assert code in (0, 1)
        reports[executor] = json.loads(out.read_text())
    assert len(sessions) == 1
    local, ray = reports["local"], reports["ray"]
    assert _rows(ray) == _rows(local)
    assert any(f["target"] == "http" for c in ray["cells"] for f in c["faults"])  # faults at the proxy fired
    assert ray["summary"]["score"] == local["summary"]["score"]
    assert ray["summary"]["state_detection"]["calls"] > 0
