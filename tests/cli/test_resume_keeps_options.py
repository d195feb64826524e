"""``--resume`` continues a run as it was started (QA-13 major 2, minor 15): it rewrites the report the interrupted run
was writing (``-o``), keeps ``--concurrency``, and the printed command shows both; a resume given another config file
names the file the run was started with."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import yaml

from tests.cli.support_project import ctrl_c_after, support_config
from tests.clirun import wt
from windtunnel.errors import ExitCode

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with the support agent's config as ``slow.yaml`` (not the default name) and a copy that differs."""
    data = support_config(tmp_path, monkeypatch)
    data["advanced"] = {**data.get("advanced", {}), "concurrency": 4}
    (tmp_path / "slow.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    data["golden_prompts"] = data["golden_prompts"][:1]
    (tmp_path / "other.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return tmp_path


def _continue_with(err: str) -> list[str]:
    [line] = [ln for ln in err.splitlines() if "continue with: " in ln]
    return shlex.split(line.split("continue with: ", 1)[1])


def _follow(argv: list[str], monkeypatch: pytest.MonkeyPatch, project: Path) -> int:
    monkeypatch.undo()
    monkeypatch.chdir(project)
    monkeypatch.syspath_prepend(str(REPO))
    return wt(*argv[1:])


@pytest.mark.parametrize("command", [["run", "--no-mutations"], ["contract", "run"]], ids=["run", "contract"])
def test_the_resume_rewrites_the_report_and_keeps_the_concurrency(
    command: list[str], project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ctrl_c_after(monkeypatch, 2)
    out = project / "reports" / "slow.json"
    code = wt(*command, "-c", "slow.yaml", "--seed", "1", "--concurrency", "1", "-o", str(out), "-q")
    assert code == ExitCode.INTERRUPTED
    argv = _continue_with(capsys.readouterr().err)
    assert json.loads(out.read_text("utf-8"))["summary"]["partial"] is True
    assert argv[argv.index("-o") + 1] == str(out) and argv[argv.index("--concurrency") + 1] == "1"

    bare = argv[: argv.index("--store") if "--store" in argv else argv.index("-o")] + argv[-2:]  # typed by hand
    assert "-o" not in bare and "--concurrency" not in bare
    code = _follow(bare, monkeypatch, project)
    shown = capsys.readouterr()
    report = json.loads(out.read_text("utf-8"))  # rewritten by the resume, though it was not given -o
    assert code in (ExitCode.OK, ExitCode.FAILED) and not report["summary"].get("partial")
    assert report["run"]["id"] == argv[-1]
    if command[0] == "run":
        assert "concurrency 1," in shown.out + shown.err  # the plan line: as started, not advanced.concurrency's 4
    else:
        assert report["summary"]["concurrency"] == 1


def test_a_resume_with_another_config_names_the_one_the_run_was_started_with(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ctrl_c_after(monkeypatch, 2)
    assert wt("run", "-c", "slow.yaml", "--seed", "1", "--no-mutations", "-q") == ExitCode.INTERRUPTED
    run_id = _continue_with(capsys.readouterr().err)[-1]
    monkeypatch.undo()
    monkeypatch.chdir(project)
    assert wt("run", "-c", "other.yaml", "--resume", run_id, "-q") == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "the run was started with slow.yaml" in err and "other.yaml changed" not in err
    assert "-c slow.yaml" in err
