"""A launched agent (``agent.command``) that dies mid-run: the run stops, keeps what completed, says why."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import wt
from tests.conftest import REPO
from tests.ports import free_port
from windtunnel._util.errors import ExitCode
from windtunnel.store.runstore import RunStore

AGENT_PY = Path(__file__).with_name("dying_agent.py")
SCHEMA = json.loads((REPO / "tests" / "reports" / "report.schema.json").read_text())
PROMPTS = 12


def write_config(
    tmp_path: Path, *, answers: int, noise: int = 0, concurrency: int = 1, helper: tuple[Path, int] | None = None
) -> Path:
    port = free_port()
    command = [sys.executable, str(AGENT_PY), str(port), str(answers), str(noise)]
    command += ["--helper", str(helper[0]), "--code", str(helper[1])] if helper else []
    prompts = "\n".join(f"  - prompt number {i}" for i in range(PROMPTS))
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        f"agent:\n  type: http\n  endpoint: http://127.0.0.1:{port}/invoke\n  timeout: 5000\n"
        f"  command: {json.dumps(command)}\n"
        f"golden_prompts:\n{prompts}\n"
        f"advanced:\n  concurrency: {concurrency}\n"
    )
    return cfg


def stored(db: Path, run_id: str) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    with RunStore(db) as st:
        info = st.get_run(run_id)
        return info.status, info.summary or {}, list(st.iter_cells(run_id))


@pytest.mark.parametrize("concurrency", [1, 3])
def test_run_stops_when_the_agent_process_exits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], concurrency: int
) -> None:
    k = 3
    cfg = write_config(tmp_path, answers=k, concurrency=concurrency)
    out = tmp_path / "r.json"
    db = tmp_path / "runs.db"
    code = wt("run", "-c", str(cfg), "--no-mutations", "-f", "json", "-o", str(out), "--seed", "1", "--store", str(db))
    err = capsys.readouterr().err

    assert code == ExitCode.HARNESS
    assert "the agent process (" in err and str(AGENT_PY) in err
    assert f"exited with code 7 after {k} cells" in err
    assert "fatal: model quota exhausted after 3 prompts" in err
    assert "run the command by hand" in err
    assert "continue with: windtunnel run -c " in err and " --resume " in err

    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    run, cells = report["run"], report["cells"]
    assert run["status"] == "aborted"
    assert run["aborted"]["exit_code"] == 7 and run["aborted"]["cells_completed"] == k
    assert "fatal: model quota exhausted" in run["aborted"]["stderr_tail"]
    assert report["summary"]["passed"] is False and report["summary"]["partial"] is True
    assert any("exited with code 7" in n for n in report["notices"])
    passed = [c for c in cells if c["status"] == "passed"]
    assert len(passed) == k
    # the rest were not attempted: only cells already in flight when it died were sent, once more each
    cut = [c for c in cells if c["status"] != "passed"]
    assert len(cut) <= concurrency
    assert all(c["error_kind"] == "agent_exited" and "exited (code 7)" in c["error"] for c in cut)
    assert len(cells) < PROMPTS

    status, summary, stored_cells = stored(db, run["id"])
    assert status == "error"
    assert summary["aborted"]["exit_code"] == 7
    assert sorted(c["id"] for c in stored_cells) == sorted(c["id"] for c in cells)


@pytest.mark.parametrize("exit_code", [7, 0])
def test_an_agent_process_that_exits_leaving_a_helper_running_is_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exit_code: int
) -> None:
    """Issue 29 item 16: the agent's own process is gone while a helper it started lives on in its process
    group (and holds its output): the run is cut short and says so, not failed cell by cell, and the helper
    is stopped."""
    from tests.agents.test_process_group import alive

    pidfile = tmp_path / "helper.pid"
    cfg = write_config(tmp_path, answers=3, helper=(pidfile, exit_code))
    try:
        code = wt(
            "run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(tmp_path / "r.json")
        )
        err = capsys.readouterr().err
        assert code == ExitCode.HARNESS, err
        assert f"exited with code {exit_code} after 3 cells" in err
        assert "it left 1 process running" in err and "time.sleep(300)" in err, err
        assert not alive(int(pidfile.read_text())), "the helper outlived the run"
    finally:
        if pidfile.exists() and alive(int(pidfile.read_text())):
            os.kill(int(pidfile.read_text()), 9)


def test_stderr_tail_is_bounded_to_the_last_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = write_config(tmp_path, answers=1, noise=5000)
    code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store")
    err = capsys.readouterr().err
    assert code == ExitCode.HARNESS
    assert "fatal: model quota exhausted after 1 prompts" in err
    assert "chatter line 4999" in err
    assert "chatter line 4950" not in err  # 50 lines at most: 49 of chatter and the fatal one
    assert "chatter line 4951" in err


def _dying_contract(tmp_path: Path, answers: int) -> Path:
    """A config whose agent process exits after ``answers`` answers, with a two-scenario contract."""
    cfg = write_config(tmp_path, answers=answers)
    endpoint = cfg.read_text().split("endpoint: ")[1].split("/invoke")[0]
    cfg.write_text(
        cfg.read_text().replace("  timeout:", f"  reset_endpoint: {endpoint}/reset\n  timeout:")
        + "contract:\n  name: dies\n  invariants:\n    - {id: answers, type: output_not_empty}\n"
        "  chaos_matrix:\n    - name: calm\n    - name: calm-again\n"
    )
    return cfg


def test_contract_run_stops_when_the_agent_process_exits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = _dying_contract(tmp_path, answers=5)
    out = tmp_path / "c.json"
    code = wt("contract", "run", "-c", str(cfg), "-f", "json", "-o", str(out), "--seed", "1")
    err = capsys.readouterr().err
    assert code == ExitCode.HARNESS
    assert "exited with code 7 after" in err and "fatal: model quota exhausted after 5 prompts" in err
    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["run"]["status"] == "aborted" and report["run"]["aborted"]["exit_code"] == 7
    assert report["summary"]["passed"] is False
    assert report["summary"]["units_planned"] == 2 * PROMPTS
    # the scenario the exit cut short is not run (not failed), like the one after it: nothing is scored
    matrix = {(m["scenario"], m["status"]) for m in report["summary"]["matrix"]}
    assert matrix == {("calm", "not run"), ("calm-again", "not run")}
    assert report["summary"]["units_completed"] == 0 and report["run"]["aborted"]["cells_completed"] == 0
    # one count, in units, from one source (QA-6 F-4): the message, the kept line and the report agree
    assert "exited with code 7 after 0 units" in err
    assert f"0 of {2 * PROMPTS} units completed and kept" in err
    assert not [c for c in report["cells"] if c.get("error_kind") == "agent_exited"]
    assert report["summary"]["cells_failed"] == report["summary"]["cells_errored"] == 0


class _DeadProcess:
    command_text = "agent --serve"

    def exited(self) -> int:
        return 7

    def stderr_tail(self) -> str:
        return "fatal"

    def left_running(self) -> list[str]:
        return []


def test_exit_counts_cells_that_complete_after_the_exit_is_seen() -> None:
    from windtunnel._util.errors import AgentExitedError
    from windtunnel.engine.cells import Cell, CellResult
    from windtunnel.engine.procwatch import ExitWatch

    def result(i: int, kind: str | None = None) -> CellResult:
        cell = Cell(id=f"g{i}", kind="golden", input="hi", golden_prompt="hi", golden_index=i)
        return CellResult(cell=cell, status="error" if kind else "passed", error_kind=kind)

    watch = ExitWatch(process=_DeadProcess())  # type: ignore[arg-type]
    watch.completed(result(0))
    assert watch.gone()  # seen after one cell ...
    watch.completed(result(1))  # ... while another one in flight still completes
    watch.completed(result(2, "agent_exited"))
    with pytest.raises(AgentExitedError) as caught:
        watch.raise_if_gone()
    assert caught.value.cells_completed == 2
    assert "after 2 cells" in caught.value.message and "after 2 cells" in caught.value.reason


def test_cells_cut_short_by_the_agent_exit_are_not_scored() -> None:
    from windtunnel.engine.scoring import summarize

    def row(i: int, status: str, kind: str | None = None, mutation: str | None = None) -> dict[str, Any]:
        return {
            "id": f"c{i}",
            "kind": "mutated" if mutation else "golden",
            "status": status,
            "error_kind": kind,
            "mutation": {"type": mutation} if mutation else None,
        }

    rows = [
        row(0, "passed"),
        row(1, "passed", mutation="noise"),
        row(2, "error", "agent_exited", mutation="noise"),
        row(3, "error", "agent_exited", mutation="paraphrase"),
        row(4, "error", "timeout", mutation="paraphrase"),
    ]
    s = summarize(rows).as_dict()
    assert s["cells_not_run"] == 2
    assert (s["cells_total"], s["cells_passed"], s["cells_errored"]) == (3, 2, 1)
    assert s["by_type"]["noise"]["pass_rate"] == 1.0
    assert s["by_type"]["paraphrase"] == {"passed": 0, "total": 1, "weight": 1.0, "pass_rate": 0.0}
    assert s["score"] == pytest.approx(100 * 2 / 3, abs=0.01)


def test_aborted_run_one_count_and_the_score_of_what_ran(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import re

    cfg = write_config(tmp_path, answers=4, concurrency=3)
    out = tmp_path / "r.json"
    args = ("-c", str(cfg), "--no-mutations", "--seed", "1", "--store", str(tmp_path / "runs.db"))
    code = wt("run", *args, "-f", "json", "-o", str(out))
    err = capsys.readouterr().err
    assert code == ExitCode.HARNESS
    report = json.loads(out.read_text())
    kept = sum(c["error_kind"] != "agent_exited" for c in report["cells"])
    assert re.search(rf"exited with code 7 after {kept} cells", err)
    assert f"{kept} of {PROMPTS} cells completed and kept" in err
    assert report["run"]["aborted"]["cells_completed"] == kept
    s = report["summary"]
    assert s["cells_total"] == kept and s["cells_errored"] == 0
    assert s["cells_not_run"] == len(report["cells"]) - kept
    assert s["by_type"]["golden"]["pass_rate"] == 1.0

    cfg2 = write_config(tmp_path, answers=2)
    code = wt("score", "-c", str(cfg2), "--seed", "1")
    outerr = capsys.readouterr()
    assert code == ExitCode.HARNESS
    # one rule (QA-6 F-13): `score` prints the score of the cells that ran (both answered: 100), as the
    # report and the API do, and says how many of the planned cells that is
    assert outerr.out.strip() == "100.00"
    assert re.search(r"\b2 of \d+ cells completed and kept", outerr.err), outerr.err


def test_a_half_run_scenario_is_cut_however_the_exit_was_noticed() -> None:
    """The flaky race of test_contract_run_stops_when_the_agent_process_exits, made deterministic: the exit
    was seen between units (no unit failed with agent_exited), so the half-run scenario had been scored from
    its completed units and showed pass."""
    from windtunnel.config.model import Config
    from windtunnel.contracts import plan_contract, score_contract
    from windtunnel.contracts.run import cut_short_scenarios
    from windtunnel.engine.cells import CellResult, CheckOutcome

    cfg = Config.model_validate(
        {
            "agent": {"type": "python", "endpoint": "m:f"},
            "golden_prompts": [f"p{i}" for i in range(6)],
            "contract": {
                "invariants": [{"id": "answers", "type": "output_not_empty"}],
                "chaos_matrix": [{"name": "calm"}, {"name": "calm-again"}],
            },
        }
    )
    plan = plan_contract(cfg)
    check = CheckOutcome(type="output_not_empty", id="answers", passed=True)
    done = [CellResult(cell=u, status="passed", output="x", checks=[check]) for u in plan.units[:4]]
    assert cut_short_scenarios(plan, done, aborted=True) == {"calm"}
    assert cut_short_scenarios(plan, done, aborted=False) == set()
    kept = [r for r in done if r.cell.scenario not in cut_short_scenarios(plan, done, aborted=True)]
    verdict = score_contract(plan, kept)
    assert {s.status for s in verdict.cells} == {"not run"} and verdict.passed is False
    calm = [u for u in plan.units if u.scenario == "calm"]
    whole = [CellResult(cell=u, status="passed", output="x", checks=[check]) for u in calm]
    assert cut_short_scenarios(plan, whole, aborted=True) == set()  # a scenario that completed is kept


def test_contract_cut_short_counts_one_unit_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA-6 F-4: the exit message, the "kept" line and the report's cut-short line give the same count of
    units: the ones kept (scored, stored, not run again by --resume)."""
    from windtunnel.reports.partial import cut_short

    cfg = _dying_contract(tmp_path, answers=PROMPTS + 20 + 2)  # state detection, one scenario whole, two more
    out = tmp_path / "c.json"
    code = wt("contract", "run", "-c", str(cfg), "-f", "json", "-o", str(out), "--seed", "1")
    err = capsys.readouterr().err
    assert code == ExitCode.HARNESS, err
    report = json.loads(out.read_text())
    kept = report["summary"]["units_completed"]
    assert 0 < kept < 2 * PROMPTS, err
    assert report["run"]["aborted"]["cells_completed"] == kept
    assert f"after {kept} units" in err, err
    assert f"{kept} of {2 * PROMPTS} units completed and kept" in err, err
    short = cut_short(report)
    assert short is not None and short.counts() == f"{kept} of {2 * PROMPTS} planned units ran"
