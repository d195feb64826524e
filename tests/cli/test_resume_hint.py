"""The command printed after Ctrl-C is the one that continues the run: it carries ``-c`` and ``--store`` when the run
needs them (QA-11 minor 7), and an interrupted ``ci`` prints only ci's own (QA-11 minor 8)."""

from __future__ import annotations

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
    """A project whose config is not the default file name and keeps its runs in ``custom/runs.db``."""
    data = support_config(tmp_path, monkeypatch)
    data["advanced"] = {**data.get("advanced", {}), "store": "custom/runs.db"}
    (tmp_path / "slow.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return tmp_path


def _continue_lines(err: str) -> list[str]:
    return [line.split("continue with: ", 1)[1].strip() for line in err.splitlines() if "continue with: " in line]


def test_the_resume_hint_carries_the_config_and_following_it_resumes(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ctrl_c_after(monkeypatch, 2)
    assert wt("run", "-c", "slow.yaml", "--seed", "1", "--no-mutations", "-q") == ExitCode.INTERRUPTED
    [command] = _continue_lines(capsys.readouterr().err)
    argv = shlex.split(command)
    assert argv[:4] == ["windtunnel", "run", "-c", "slow.yaml"] and "--store" not in argv
    monkeypatch.undo()
    monkeypatch.chdir(project)
    monkeypatch.syspath_prepend(str(REPO))
    assert wt(*argv[1:], "-q") in (0, 1)  # as printed: the run is found and completed
    assert "no run" not in capsys.readouterr().err


def test_an_explicit_store_is_in_the_hint(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ctrl_c_after(monkeypatch, 2)
    store = project / "elsewhere.db"
    code = wt("contract", "run", "-c", "slow.yaml", "--seed", "1", "-q", "--store", str(store))
    assert code == ExitCode.INTERRUPTED
    [command] = _continue_lines(capsys.readouterr().err)
    assert shlex.split(command)[:7] == ["windtunnel", "contract", "run", "-c", "slow.yaml", "--store", str(store)]


def test_an_interrupted_ci_prints_one_continue_command_its_own(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ctrl_c_after(monkeypatch, 2)
    assert wt("ci", "-c", "slow.yaml", "--seed", "1", "-o", str(project / "ci")) == ExitCode.INTERRUPTED
    [command] = _continue_lines(capsys.readouterr().err)
    assert shlex.split(command)[:4] == ["windtunnel", "ci", "-c", "slow.yaml"] and "--resume" in command
