"""QA pass 13's ``explore`` findings: the found folder, ``-o -``, interrupted and stored runs, reproduce commands,
failures that need no fault, and what a failure's diagnosis says about how the agent call failed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.conftest import write_config
from windtunnel.flows.events import Notice
from windtunnel.flows.explore import ExploreRequest, explore_flow

PLANTED = ["tool:lookup call 1 timeout", "tool:lookup call 2 empty"]


def test_an_unwritable_found_dir_is_refused_before_any_agent_call(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Major 1: the search ran to the end and was thrown away (exit 2, no report); the hint named -o, --store, -c."""
    config = write_config(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    report = tmp_path / "r.json"
    code = wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "--found-dir", str(blocker / "found"),
              "-q", "-o", str(report), "--no-store")  # fmt: skip
    assert code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "cannot save found failures to" in err and "--found-dir" in err, err
    assert "failure found" not in err and not report.exists()  # refused before the search
    # --no-save needs no folder: the same search runs
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "--found-dir", str(blocker / "found"),
              "--no-save", "-q", "--no-store") == 1  # fmt: skip


def test_a_found_dir_probed_up_front_is_not_left_behind(tmp_path: Path) -> None:
    config = write_config(tmp_path, endpoint="robust")
    outcome = explore_flow(
        ExploreRequest(config=config, budget=12, seed=5, persist=False, found_dir=tmp_path / "deep" / "found")
    )
    assert outcome.exit_code == 0 and not (tmp_path / "deep").exists()


def test_a_save_that_fails_at_the_end_still_reports_the_failure_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Major 1: the folder passed the check, then could not be written (here a file took its place while the
    failure was being shrunk): the failure is reported, the report written, exit 1, and the warning names
    --found-dir."""
    from windtunnel.cli.explore_cmd import _render

    config = write_config(tmp_path)
    folder = tmp_path / "found"

    def take_the_folder(event: object) -> None:
        if isinstance(event, Notice) and event.text.startswith("shrinking failure"):
            folder.write_text("a file where the folder should be")

    report = tmp_path / "r.json"
    request = ExploreRequest(config=config, budget=60, seed=5, persist=False, found_dir=folder, output=report)
    outcome = explore_flow(request, take_the_folder)
    assert outcome.exit_code == 1 and outcome.status == "failed"
    [failure] = outcome.report["explore"]["failures"]
    assert failure["status"] == "minimal" and failure["labels"] == PLANTED and failure["saved"] is None
    unsaved = outcome.report["explore"]["unsaved"]
    assert str(folder) in unsaved and "--found-dir" in unsaved and unsaved in outcome.report["notices"]
    assert json.loads(report.read_text())["explore"]["failures"][0]["labels"] == PLANTED
    capsys.readouterr()
    _render(outcome)
    out = " ".join(capsys.readouterr().out.split())
    assert "FAILURE 1" in out and "warning: the failures found were not saved" in out, out


def test_explore_report_on_stdout_is_json_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Major 3: the summary and the FAILURE blocks followed the JSON on stdout (`jq` failed: "Extra data")."""
    config = write_config(tmp_path)
    capsys.readouterr()
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "--no-save", "--no-store", "-o", "-") == 1
    printed = capsys.readouterr()
    report = json.loads(printed.out)  # nothing but the report
    assert report["explore"]["failures"][0]["labels"] == PLANTED
    assert "FAILURE 1" in printed.err and "explore (guided)" in printed.err


def test_an_interrupted_explore_reports_how_far_it_got(tmp_path: Path) -> None:
    """Minor 8: corpus 0, seams {} and no summary.partial after Ctrl-C."""

    def stop_at_first_failure(event: object) -> None:
        if isinstance(event, Notice) and event.text.startswith("failure found"):
            raise KeyboardInterrupt

    config = write_config(tmp_path)
    request = ExploreRequest(config=config, budget=60, seed=5, persist=False, save=False)
    outcome = explore_flow(request, stop_at_first_failure)
    assert outcome.exit_code == 130
    explore = outcome.report["explore"]
    assert explore["corpus"] > 0 and explore["features"] > 0 and explore["calls"] > 0
    assert set(explore["seams"]) == {"llm", "tool:lookup", "tool:notes"}
    assert outcome.report["summary"]["partial"] is True and outcome.report["summary"]["passed"] is False


def test_an_explore_run_is_stored_as_its_own_mode_with_its_real_times(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Minor 7: stored as `mode: chaos` with started_at == finished_at, so runs list, the viewer and trends mixed a
    search's verdict into the config's chaos runs. The report itself stays a chaos report (the shared schema)."""
    config = write_config(tmp_path)
    store = tmp_path / "runs.db"
    report = tmp_path / "r.json"
    args = ["--seed", "5", "--store", str(store)]
    assert wt("explore", "-c", str(config), "--budget", "60", *args, "--no-save", "-q", "-o", str(report)) == 1
    notes_down = "{faults: [{seam: 'tool:notes', on_call: 1, fault: {mode: error}}]}"  # a chaos run, schedule inline
    assert wt("run", "-c", str(config), *args, "--no-mutations", "--schedule", notes_down, "-q") == 0
    run_id = json.loads(report.read_text())["run"]["id"]
    with sqlite3.connect(store) as db:
        rows = dict(db.execute("SELECT id, mode FROM runs").fetchall())
        started, finished = db.execute("SELECT started_at, finished_at FROM runs WHERE id = ?", (run_id,)).fetchone()
    assert rows[run_id] == "explore" and sorted(rows.values()) == ["chaos", "explore"]
    assert started < finished  # the search's own time, not the moment the report was built
    capsys.readouterr()
    assert wt("runs", "list", "--store", str(store), "-f", "json") == 0
    listed = {r["id"]: r["mode"] for r in json.loads(capsys.readouterr().out)}
    assert listed[run_id] == "explore"
    from windtunnel.store.queries import StoreReader

    reader = StoreReader(store)
    assert [r.id for r in reader.runs_of(config=str(config), mode="chaos")] != [run_id]
    assert [r.id for r in reader.runs_of(config=str(config), mode="explore")] == [run_id]
    out = tmp_path / "again.json"
    assert wt("report", run_id, "--store", str(store), "-f", "json", "-o", str(out)) == 0
    again = json.loads(out.read_text())
    assert again["run"]["mode"] == "chaos" and again["run"]["command"] == "explore"  # the shared schema's mode
    capsys.readouterr()
    assert wt("run", "-c", str(config), "--resume", run_id, "--store", str(store), "-q") == 2  # not a run to resume
    err = " ".join(capsys.readouterr().err.split())
    assert "is of mode explore" in err and "cannot be resumed: run `windtunnel explore` again" in err, err


def test_every_explore_failure_cell_has_a_reproduce_command_that_fails_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Minor 9: `cells[].reproduce` was null. Unsaved: the schedule inline; saved: the replay cell."""
    import shlex

    monkeypatch.chdir(tmp_path)
    config = write_config(tmp_path)
    store = tmp_path / "runs.db"
    report = tmp_path / "r.json"
    common = ["-c", str(config), "--budget", "60", "--seed", "5", "--store", str(store), "-q"]
    assert wt("explore", *common, "--no-save", "-o", str(report)) == 1
    [cell] = json.loads(report.read_text())["cells"]
    command = shlex.split(cell["reproduce"])
    assert command[:2] == ["windtunnel", "run"] and "--schedule" in command and "--no-found" in command, command
    again = tmp_path / "again.json"
    assert wt(*command[1:], "-q", "-o", str(again)) == 1
    [rerun] = json.loads(again.read_text())["cells"]
    assert rerun["status"] == "error" and "IndexError" in rerun["error"]
    assert [f"{f['target']}.{f['mode']}" for f in rerun["faults"]] == ["tool.timeout", "tool.empty"]
    assert wt("explore", *common, "-o", str(report)) == 1  # saved: the replay cell of the saved file
    [cell] = json.loads(report.read_text())["cells"]
    command = shlex.split(cell["reproduce"])
    assert command[-2] == "--cell" and command[-1].endswith("/replay"), command
    assert wt(*command[1:], "-q", "-o", str(again)) == 1
    [rerun] = json.loads(again.read_text())["cells"]
    assert rerun["id"] == command[-1] and rerun["status"] == "error"


BASEFAIL = """invariants:
  - {type: excludes_pattern, patterns: ["refund"]}
"""


def test_a_failure_without_faults_does_not_stop_the_search_for_one_with_faults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Minor 10: a prompt the agent fails as it is used up --max-failures 1 in the baseline round and the search
    stopped without trying a fault. It is reported (and not saved), and the search goes on for the planted defect."""
    config = write_config(tmp_path, extra=BASEFAIL)
    text = config.read_text().replace('  - "Where is my order?"\n', '  - "Where is my order?"\n  - "I want a refund"\n')
    config.write_text(text)
    found = tmp_path / "found"
    capsys.readouterr()
    code = wt("explore", "-c", str(config), "--budget", "80", "--seed", "5", "--found-dir", str(found), "--no-store")
    assert code == 1
    printed = capsys.readouterr()
    said = " ".join((printed.out + printed.err).split())
    assert "it needs no fault" in said and "--max-failures" in said, said
    assert "FAILURE 1" in said and "FAILURE 2" in said, said
    [saved] = found.glob("*.yaml")  # the faulted one; the faultless one is reported, not saved
    assert "tool:lookup" in saved.read_text()


def test_the_diagnosis_says_how_the_agent_call_failed(tmp_path: Path) -> None:
    """Minor 6: "the agent raised timeout: …" when windtunnel had timed the agent out."""
    from windtunnel._util.errors import agent_error_said

    assert agent_error_said("timeout", "timeout: no answer within 4000 ms") == (
        "windtunnel timed the agent out: no answer within 4000 ms"
    )
    assert agent_error_said("agent_exception", "agent_exception: IndexError: x") == "the agent raised IndexError: x"
    closed = "transport: RemoteProtocolError talking to http://h/chat: h closed the connection before a complete answer"
    assert agent_error_said("transport", closed).startswith("the connection to the agent failed: RemoteProtocolError")
    assert agent_error_said("budget", "budget: spent") == "the call to the agent failed (budget): spent"
    config = write_config(tmp_path, endpoint="stubborn")
    outcome = explore_flow(ExploreRequest(config=config, budget=60, seed=5, persist=False, save=False))
    [failure] = outcome.report["explore"]["failures"]
    assert "the agent raised RuntimeError: still retrying lookup" in failure["went_wrong"], failure["went_wrong"]
