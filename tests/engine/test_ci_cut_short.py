"""``ci`` stopped in a phase (the agent process died: exit 3; Ctrl-C: exit 130) still writes its summary
files, for what ran, marked partial."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.engine.test_agent_process_exit import SCHEMA, write_config, wt
from windtunnel._util.errors import ExitCode
from windtunnel.store.runstore import RunStore

SUMMARY_FILES = ("summary.json", "summary.xml", "summary.sarif", "summary.md", "summary.html")


def _summaries(out: Path) -> tuple[dict[str, Any], ET.Element, dict[str, Any], str, str]:
    assert sorted(p.name for p in out.glob("summary.*")) == sorted(SUMMARY_FILES)
    report = json.loads((out / "summary.json").read_text())
    jsonschema.validate(report, SCHEMA)
    junit = ET.parse(out / "summary.xml").getroot()
    sarif = json.loads((out / "summary.sarif").read_text())
    return report, junit, sarif, (out / "summary.md").read_text(), (out / "summary.html").read_text()


def test_ci_stopped_by_the_agent_dying_writes_a_partial_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = write_config(tmp_path, answers=3)
    out = tmp_path / "ci"
    db = tmp_path / "runs.db"
    code = wt("ci", "-c", str(cfg), "-o", str(out), "--seed", "1", "--store", str(db), "-q")
    err = capsys.readouterr().err
    assert code == ExitCode.HARNESS, err
    assert "ci stopped in the mutation phase (exit 3)" in err

    report, junit, sarif, md, html = _summaries(out)
    run, summary = report["run"], report["summary"]
    assert run["status"] == "aborted" and run["aborted"]["exit_code"] == 7
    assert summary["passed"] is False and summary["partial"] is True
    # cells cut by the agent's death are not run: kept in the report, never counted as the agent's errors
    cut = [c for c in report["cells"] if c.get("error_kind") == "agent_exited"]
    assert summary["cells_not_run"] == len(cut)
    assert summary["cells_total"] == len(report["cells"]) - len(cut)
    assert summary["cells_errored"] == sum(
        c["status"] == "error" and c.get("error_kind") != "agent_exited" for c in report["cells"]
    )
    mutation = summary["phases"]["mutation"]
    assert mutation["run_status"] == "aborted" and mutation["exit_code"] == 3
    assert mutation["cells_planned"] > mutation["cells_completed"] > 0
    assert summary["reasons"][0] == "ci was aborted in the mutation phase: the agent process died"
    counts = f"{mutation['cells_completed']} of {mutation['cells_planned']} planned cells ran"
    assert md.startswith("## windtunnel ci: ⚠️ aborted")
    assert "aborted in the mutation phase" in md and counts in md and "exited with code 7" in md
    assert "fatal: model quota exhausted" in md
    assert "aborted in the mutation phase" in html and counts in html
    assert int(junit.get("errors", "0")) >= 1
    assert junit.find(".//testcase[@name='run aborted']") is not None
    invocation = sarif["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False and invocation["exitCode"] == 3
    # the phase's own report is kept too, and the stored ci run says why it ended
    assert (out / "mutation.json").exists() and (out / "mutation.html").exists()
    with RunStore(db) as st:
        info = st.get_run(run["id"])
    assert info.status == "error" and (info.summary or {}).get("partial") is True


def test_ci_interrupted_writes_a_partial_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from windtunnel.engine.session import RunSession

    cfg = write_config(tmp_path, answers=100)
    calls = {"n": 0}
    real_run = RunSession.run

    async def ctrl_c_after_some(self: RunSession, cells: Any) -> Any:
        cells = list(cells)  # the run flow gives its cells lazily
        calls["n"] += 1
        await real_run(self, cells[:2])  # two cells complete, then the user presses Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(RunSession, "run", ctrl_c_after_some)
    out = tmp_path / "ci"
    code = wt("ci", "-c", str(cfg), "-o", str(out), "--seed", "1", "--no-store", "-q")
    capsys.readouterr()
    assert code == ExitCode.INTERRUPTED
    assert calls["n"] == 1  # nothing ran after the interrupted phase

    report, junit, sarif, md, _ = _summaries(out)
    summary = report["summary"]
    assert report["run"]["status"] == "interrupted" and summary["partial"] is True and summary["passed"] is False
    assert summary["cells_total"] == 2
    assert summary["phases"]["mutation"]["run_status"] == "interrupted"
    assert "interrupted in the mutation phase — 2 of" in md
    assert int(junit.get("errors", "0")) >= 1
    invocation = sarif["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False and invocation["exitCode"] == 130
