"""The command printed after Ctrl-C is the one that continues the run: it carries ``-c`` and ``--store`` when the run
needs them (QA-11 minor 7), and an interrupted ``ci`` prints only ci's own (QA-11 minor 8)."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.clirun import wt
from windtunnel.engine.session import RunSession
from windtunnel.errors import ExitCode

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose config is not the default file name and keeps its runs in ``custom/runs.db``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(REPO))
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    data: dict[str, Any] = yaml.safe_load((REPO / "examples/support_agent/windtunnel.yaml").read_text("utf-8"))
    data["advanced"] = {**data.get("advanced", {}), "store": "custom/runs.db"}
    data.pop("replays", None)
    (tmp_path / "slow.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return tmp_path


def _ctrl_c_after(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    real = RunSession.run

    async def interrupted(self: RunSession, cells: Iterable[Any]) -> None:
        await real(self, list(islice(iter(cells), n)))
        raise KeyboardInterrupt

    monkeypatch.setattr(RunSession, "run", interrupted)


def _continue_lines(err: str) -> list[str]:
    return [line.split("continue with: ", 1)[1].strip() for line in err.splitlines() if "continue with: " in line]


def test_the_resume_hint_carries_the_config_and_following_it_resumes(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _ctrl_c_after(monkeypatch, 2)
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
    _ctrl_c_after(monkeypatch, 2)
    store = project / "elsewhere.db"
    code = wt("contract", "run", "-c", "slow.yaml", "--seed", "1", "-q", "--store", str(store))
    assert code == ExitCode.INTERRUPTED
    [command] = _continue_lines(capsys.readouterr().err)
    assert shlex.split(command)[:7] == ["windtunnel", "contract", "run", "-c", "slow.yaml", "--store", str(store)]


def test_an_interrupted_ci_prints_one_continue_command_its_own(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _ctrl_c_after(monkeypatch, 2)
    assert wt("ci", "-c", "slow.yaml", "--seed", "1", "-o", str(project / "ci")) == ExitCode.INTERRUPTED
    [command] = _continue_lines(capsys.readouterr().err)
    assert shlex.split(command)[:4] == ["windtunnel", "ci", "-c", "slow.yaml"] and "--resume" in command
