"""The Ray executor on a real local Ray: the same seeded run as the local executor; a dead actor loses no cell."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from tests.conftest import REPO

pytestmark = pytest.mark.slow

EXAMPLE = REPO / "examples" / "support_agent" / "windtunnel.yaml"


def _with_executor(tmp_path: Path, executor: str) -> Path:
    text = EXAMPLE.read_text()
    text = text.replace("  seed: 7", f"  seed: 7\n  executor: {executor}\n  ray: {{num_actors: 2}}")
    text = text.replace("file: incidents/", f"file: {EXAMPLE.parent}/incidents/")
    out = tmp_path / f"{executor}.yaml"
    out.write_text(text)
    return out


def _verdicts(report: dict[str, Any], *, numbered: bool = True) -> dict[str, Any]:
    """Each cell's verdict; ``numbered=False`` drops a launched agent's answer number from its output."""
    return {
        c["id"]: (
            c["status"],
            c["output"] if numbered else re.sub(r"^answer \d+ ", "answer # ", c["output"] or ""),
            c["error_kind"],
            [(f["name"], f["mode"], f.get("scenario"), f.get("fault_index")) for f in c["faults"]],
            [(k["id"], k["passed"]) for k in c["checks"]],
        )
        for c in report["cells"]
    }


def test_seeded_chaos_run_on_ray_equals_the_local_run(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    reports = {}
    for executor in ("local", "ray"):
        out = tmp_path / f"{executor}.json"
        code = wt(
            "run", "-c", str(_with_executor(tmp_path, executor)), "--chaos", "--seed", "5", "-q", "--no-store",
            "-f", "json", "-o", str(out),
        )  # fmt: skip
        assert code in (0, 1)
        reports[executor] = json.loads(out.read_text())
    local, ray = reports["local"], reports["ray"]
    assert _verdicts(ray) == _verdicts(local)
    assert sum(len(c["faults"]) for c in ray["cells"]) > 0  # faults fired, the same ones
    assert ray["summary"]["score"] == local["summary"]["score"]
    assert ray["summary"]["cells_total"] == local["summary"]["cells_total"] > 20


AGENT = """
import os
from pathlib import Path

HERE = Path(__file__).parent


def handle(prompt):
    if prompt == "die once" and not (HERE / "died").exists():
        (HERE / "died").write_text(str(os.getpid()))
        os._exit(1)
    if prompt == "die always":
        os._exit(1)
    return "ok " + prompt
"""


def test_a_killed_actor_loses_no_cell(local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "wt_dying_agent.py").write_text(AGENT)
    prompts = [f"p{i}" for i in range(12)]
    prompts[3], prompts[9] = "die once", "die always"
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_dying_agent:handle'}\n"
        f"golden_prompts: {json.dumps(prompts)}\n"
        "advanced: {seed: 1, executor: ray, ray: {num_actors: 2}}\n"
    )
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "r.json"
    code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(out))
    assert code == 1  # one cell errored
    cells = {c["prompt"]: c for c in json.loads(out.read_text())["cells"]}
    assert sorted(cells) == sorted(prompts)  # every cell reported exactly once
    assert (tmp_path / "died").exists()  # an actor really died on "die once" ...
    assert cells["die once"]["status"] == "passed"  # ... and the cell passed on another actor
    assert cells["die always"]["status"] == "error"  # two actors died on it: reported, not lost
    assert cells["die always"]["error_kind"] == "worker_lost"
    assert all(c["status"] == "passed" for p, c in cells.items() if p != "die always")


def _launched(tmp_path: Path, answers: int, executor: str) -> Path:
    from tests.engine.test_agent_process_exit import write_config

    cfg = write_config(tmp_path / executor, answers=answers)
    cfg.write_text(cfg.read_text() + f"  seed: 1\n  executor: {executor}\n")
    return cfg


def test_a_launched_agent_runs_on_its_actor(local_ray: Any, tmp_path: Path) -> None:
    reports = {}
    for executor in ("local", "ray"):
        (tmp_path / executor).mkdir()
        out = tmp_path / f"{executor}.json"
        cfg = _launched(tmp_path, 1000, executor)
        assert wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(out)) == 0
        reports[executor] = json.loads(out.read_text())
    # One agent process per actor (one actor per node: a single node here), cells one at a time: the process numbers
    # its answers, so each run's numbers are 1..N once each (one process served every cell). Which cell got which
    # number follows the order the cells reached it, which a loaded machine may change on Ray: compared apart.
    numbers = {}
    for executor, report in reports.items():
        outs = [c["output"] for c in report["cells"]]
        assert all(re.fullmatch(r"answer \d+ to prompt number \d+", o) for o in outs), outs
        numbers[executor] = sorted(int(o.split()[1]) for o in outs)
        assert numbers[executor] == list(range(1, len(outs) + 1)), numbers
    assert _verdicts(reports["ray"], numbered=False) == _verdicts(reports["local"], numbered=False)


def test_a_launched_agent_dying_on_ray_stops_the_run_as_locally(
    local_ray: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ray").mkdir()
    out = tmp_path / "r.json"
    cfg = _launched(tmp_path, 3, "ray")
    code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(out))
    assert code == 3
    assert "exited with code 7 after 3 cells" in capsys.readouterr().err
    report = json.loads(out.read_text())
    assert report["run"]["status"] == "aborted"
    assert sum(c["status"] == "passed" for c in report["cells"]) == 3


def test_too_many_actors_for_a_launched_agent_is_a_usage_error(
    local_ray: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ray").mkdir()
    cfg = _launched(tmp_path, 1000, "ray")
    cfg.write_text(cfg.read_text() + "  ray: {num_actors: 2}\n")
    assert wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store") == 2
    assert "one per node" in capsys.readouterr().err
