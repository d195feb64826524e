"""A minimum score in (0, 1] is flakestorm's 0-1 scale (``flakestorm ci --min-score 0.8``): on windtunnel's
0-100 scale it would pass almost any run, so every entry point (CLI, library API, pytest marker through the
API) reads it as a share and says so (QA-6 F-5: the CLI alone did)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import windtunnel
from tests.clirun import wt
from windtunnel._util.errors import ExitCode
from windtunnel.flows.common import read_min_score
from windtunnel.flows.events import Collector, Notice

# three prompts, one of which fails its invariant: a score of about 67
CONFIG = """agent: {type: python, endpoint: 'wt_scale_agent:handle'}
golden_prompts: [alpha, beta, gamma]
invariants: [{type: contains, value: "ok"}]
advanced: {seed: 1}
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "wt_scale_agent.py").write_text("def handle(p):\n    return 'no' if p == 'gamma' else 'ok'\n")
    (tmp_path / "c.yaml").write_text(CONFIG)
    return tmp_path


@pytest.mark.parametrize(("given", "read"), [(0.8, 80.0), (1.0, 100.0), (0.005, 0.5), (0, 0), (1.5, 1.5), (None, None)])
def test_read_min_score(given: float | None, read: float | None) -> None:
    req = SimpleNamespace(min_score=given)
    seen = Collector()
    note = read_min_score(req, seen)
    assert req.min_score == read
    scaled = given is not None and 0 < given <= 1
    assert (note is not None) == scaled
    assert [e.text for e in seen.events if isinstance(e, Notice) and e.kind == "alert"] == ([note] if scaled else [])


def test_the_library_api_reads_a_share(project: Path) -> None:
    plain = windtunnel.run("c.yaml", mutations=False, use_store=False, min_score=60)
    assert plain.passed and 60 <= plain.report["summary"]["score"] < 70
    outcome = windtunnel.run("c.yaml", mutations=False, use_store=False, min_score=0.7)
    assert not outcome.passed and outcome.exit_code == ExitCode.FAILED
    assert any("min-score 0.7 is read as 70" in n for n in outcome.notices)


@pytest.mark.parametrize("command", [["run", "--no-mutations"], ["score", "--min-score", "0.6"]])
def test_the_cli_reads_a_share_and_says_so(
    project: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    args = [*command, "-c", "c.yaml"]
    if "--min-score" not in args:
        args += ["--min-score", "0.7", "--no-store", "-q"]
    code = wt(*args)
    err = capsys.readouterr().err
    assert "is read as" in err and "flakestorm's 0-1 scale" in err, err
    assert code == (ExitCode.FAILED if "0.7" in args else ExitCode.OK)
