"""``--resume`` finds the store the config names and refuses a config that changed (issue #18 item 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.cli.support_project import support_config
from tests.clirun import wt
from windtunnel.store.runstore import RunStore

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project directory whose windtunnel.yaml keeps its runs in ``custom/runs.db``."""
    data = support_config(tmp_path, monkeypatch)
    data["advanced"] = {**data.get("advanced", {}), "store": "custom/runs.db"}
    (tmp_path / "windtunnel.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return tmp_path


def _only_run(db: Path) -> str:
    with RunStore(db) as st:
        runs = st.list_runs()
    assert len(runs) == 1
    return str(runs[0].id)


def test_resume_uses_the_store_the_config_names(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = wt("run", "--seed", "1", "--no-mutations", "-q")
    run_id = _only_run(project / "custom" / "runs.db")
    assert wt("run", "--resume", run_id, "-q") == first  # no --store needed
    assert wt("run", "--resume", run_id, "-c", "windtunnel.yaml", "-q") == first
    assert not (project / ".windtunnel").exists()
    capsys.readouterr()


def test_resume_refuses_a_config_that_changed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wt("run", "--seed", "1", "--no-mutations", "-q")
    run_id = _only_run(project / "custom" / "runs.db")
    cfg = project / "windtunnel.yaml"
    data = yaml.safe_load(cfg.read_text("utf-8"))
    data["golden_prompts"].append("Do you ship to Norway?")
    data["advanced"]["concurrency"] = 3  # does not change the cells: not reported
    cfg.write_text(yaml.safe_dump(data), encoding="utf-8")
    capsys.readouterr()
    assert wt("run", "--resume", run_id) == 2
    err = capsys.readouterr().err
    assert f"cannot resume run '{run_id}': windtunnel.yaml changed since the run started" in err
    assert "(sections: golden_prompts)" in err
