"""A seed outside 0..2^63-1 (what the run store holds) is a usage error naming the range, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt
from tests.conftest import REPO

AGENT = "agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\ngolden_prompts: ['hi']\n"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


@pytest.mark.parametrize("seed", [str(2**63), "-1"])
def test_seed_option_out_of_range(seed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(AGENT)
    assert wt("run", "-c", str(cfg), "--seed", seed, "--store", str(tmp_path / "runs.db"), "-q") == 2
    err = capsys.readouterr().err
    assert "between 0 and 2^63-1" in err and "Traceback" not in err


def test_the_largest_seed_runs(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(AGENT)
    assert wt("run", "-c", str(cfg), "--seed", str(2**63 - 1), "--store", str(tmp_path / "runs.db"), "-q") == 0


def test_advanced_seed_out_of_range_is_a_config_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(AGENT + "advanced:\n  seed: 99999999999999999999\n")
    assert wt("validate", "-c", str(cfg)) == 2
    assert "line 4: advanced.seed" in capsys.readouterr().err
    assert wt("run", "-c", str(cfg), "--store", str(tmp_path / "runs.db"), "-q") == 2


def test_python_api_seed_out_of_range(tmp_path: Path) -> None:
    import windtunnel
    from windtunnel.errors import WindtunnelError

    with pytest.raises(WindtunnelError, match="between 0 and 2"):
        windtunnel.run({"agent": {"type": "python", "endpoint": "examples.support_agent.agent:handle"},
                        "golden_prompts": ["hi"]}, seed=2**63, store=tmp_path / "runs.db")  # fmt: skip
