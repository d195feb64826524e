"""``contract run`` keeps its run in the store and ``--resume`` continues it unit by unit (#18 item 14)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cli.support_project import support_config
from tests.clirun import wt
from windtunnel.engine.session import RunSession
from windtunnel.errors import ExitCode
from windtunnel.store.runstore import RunStore

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = support_config(tmp_path, monkeypatch)
    (tmp_path / "windtunnel.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return tmp_path


def test_an_interrupted_contract_run_resumes_where_it_stopped(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sent: list[int] = []
    real_run = RunSession.run

    async def ctrl_c_after_five(self: RunSession, cells: list[Any]) -> Any:
        sent.append(len(cells))
        await real_run(self, cells[:5])
        raise KeyboardInterrupt

    monkeypatch.setattr(RunSession, "run", ctrl_c_after_five)
    assert wt("contract", "run", "--seed", "3", "-q") == ExitCode.INTERRUPTED
    err = capsys.readouterr().err
    assert "interrupted: 5 of" in err and "continue with: windtunnel contract run --resume " in err
    run_id = err.rsplit("--resume ", 1)[1].split()[0]
    with RunStore(project / ".windtunnel" / "runs.db") as st:
        assert st.get_run(run_id).status == "interrupted"

    monkeypatch.setattr(RunSession, "run", real_run)
    out = project / "resumed.json"
    code = wt("contract", "run", "--resume", run_id, "-q", "-f", "json", "-o", str(out))
    report = json.loads(out.read_text(encoding="utf-8"))
    fresh = project / "fresh.json"
    assert wt("contract", "run", "--seed", "3", "-q", "-f", "json", "-o", str(fresh), "--no-store") == code
    expected = json.loads(fresh.read_text(encoding="utf-8"))
    assert report["run"]["id"] == run_id and report["summary"]["units_completed"] == sent[0]
    assert report["summary"]["score"] == expected["summary"]["score"]
    assert sorted(c["id"] for c in report["cells"]) == sorted(c["id"] for c in expected["cells"])
    with RunStore(project / ".windtunnel" / "runs.db") as st:
        info = st.get_run(run_id)
    assert info.status in ("passed", "failed") and info.cells == len(report["cells"])


def test_resume_refuses_a_changed_contract(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_run = RunSession.run

    async def stop(self: RunSession, cells: list[Any]) -> Any:
        await real_run(self, cells[:2])
        raise KeyboardInterrupt

    monkeypatch.setattr(RunSession, "run", stop)
    wt("contract", "run", "--seed", "3", "-q")
    run_id = capsys.readouterr().err.rsplit("--resume ", 1)[1].split()[0]
    cfg = project / "windtunnel.yaml"
    data = yaml.safe_load(cfg.read_text("utf-8"))
    data["contract"]["chaos_matrix"] = data["contract"]["chaos_matrix"][:1]
    cfg.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert wt("contract", "run", "--resume", run_id) == ExitCode.USAGE
    assert "(sections: contract)" in capsys.readouterr().err


def test_ci_resume_continues_an_interrupted_contract_phase(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_run = RunSession.run
    contract_sent: list[int] = []

    async def stop_in_contract(self: RunSession, cells: Any) -> Any:
        cells = list(cells)  # the run flow gives its cells lazily
        if cells and cells[0].kind == "contract":
            contract_sent.append(len(cells))
            await real_run(self, cells[:4])
            raise KeyboardInterrupt
        return await real_run(self, cells)

    monkeypatch.setattr(RunSession, "run", stop_in_contract)
    assert wt("ci", "--seed", "2", "-q", "-o", "ci") == ExitCode.INTERRUPTED
    err = capsys.readouterr().err
    assert "ci stopped in the contract phase (exit 130)" in err
    ci_id = err.rsplit("windtunnel ci --resume ", 1)[1].split()[0]

    async def count(self: RunSession, cells: Any) -> Any:
        cells = list(cells)
        if cells and cells[0].kind == "contract":
            contract_sent.append(len(cells))
        return await real_run(self, cells)

    monkeypatch.setattr(RunSession, "run", count)
    assert wt("ci", "--resume", ci_id, "-q") in (ExitCode.OK, ExitCode.FAILED)
    capsys.readouterr()
    assert contract_sent[1] == contract_sent[0] - 4  # the four completed units were kept
    summary = json.loads((project / "ci" / "summary.json").read_text(encoding="utf-8"))["summary"]
    assert summary["phases"]["contract"]["status"] == "run" and "partial" not in summary


def test_resuming_a_finished_contract_run_calls_nothing_and_counts_the_matrix(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-4 m3: it re-ran every state-detection call and printed "0 scenarios"."""
    first = project / "first.json"
    code = wt("contract", "run", "--seed", "3", "-f", "json", "-o", str(first))
    report = json.loads(first.read_text(encoding="utf-8"))
    run_id = report["run"]["id"]
    capsys.readouterr()

    async def no_call(self: RunSession, cells: list[Any]) -> Any:
        raise AssertionError("a finished run has nothing left to run")

    monkeypatch.setattr(RunSession, "run", no_call)
    again = project / "again.json"
    assert wt("contract", "run", "--resume", run_id, "-f", "json", "-o", str(again)) == code
    err = capsys.readouterr().err
    scenarios = len(report["summary"]["by_scenario"])
    units = report["summary"]["units_planned"]
    assert f"{scenarios} scenarios ×" in err and f"0 units, {units} of {units} already done" in err, err
    assert "0 agent calls planned" in err
    resumed = json.loads(again.read_text(encoding="utf-8"))
    assert resumed["summary"]["score"] == report["summary"]["score"]
