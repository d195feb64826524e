"""``-o -`` writes the report to stdout and everything else to stderr, on every command that writes one report
(``run``, ``contract run``, as ``report -o -`` and ``leak scan -o -``); ``ci -o -`` is a usage error (QA-5 F11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.conftest import REPO
from windtunnel._util.errors import ExitCode


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "wt_echo_agent.py").write_text("def handle(p):\n    return 'echo: ' + p\n")
    (tmp_path / "c.yaml").write_text(
        "agent: {type: python, endpoint: 'wt_echo_agent:handle'}\ngolden_prompts: [hello]\n"
        "invariants: [{type: output_not_empty}]\n"
        "contract:\n  name: c\n  invariants: [{type: output_not_empty, id: ne}]\n  chaos_matrix: [{name: calm}]\n"
        "advanced: {seed: 1}\n"
    )
    return tmp_path


@pytest.mark.parametrize(
    "command",
    [("run", "--store", "runs.db"), ("run", "--no-store"), ("contract", "run", "-f", "json")],
    ids=["run-stored", "run-no-store", "contract"],
)
def test_dash_output_puts_the_report_on_stdout(
    project: Path, capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    code = wt(*command, "-c", "c.yaml", "-o", "-")
    out, err = capsys.readouterr()
    assert code == ExitCode.OK, err
    report = json.loads(out)  # stdout holds the report and nothing else
    assert report["summary"]["cells_total"] >= 1
    assert "report written to" not in err
    assert "PASS" in err  # the summary (or the contract's verdict) went to stderr
    assert not (project / "-").exists()


def test_dash_output_with_a_format(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("run", "--no-store", "-c", "c.yaml", "-f", "md", "-o", "-") == ExitCode.OK
    out, _ = capsys.readouterr()
    assert out.startswith("## windtunnel run: ") and "| pass rate |" in out


def test_ci_refuses_dash_output(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("ci", "-c", "c.yaml", "--no-store", "-o", "-") == ExitCode.USAGE
    out, err = capsys.readouterr()
    assert "ci cannot write to stdout (-o -)" in err and "give -o a directory" in err
    assert out == ""
    assert not (project / "-").exists()


def test_replay_run_dash_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("WINDTUNNEL_STORE", str(tmp_path / "runs.db"))
    code = wt("replay", "run", "-c", "examples/support_agent/windtunnel.yaml", "-q", "-f", "json", "-o", "-")
    out, err = capsys.readouterr()
    assert code == ExitCode.OK, err
    assert json.loads(out)["summary"]["cells_total"] >= 1
    assert "replay score" in err and "report written to" not in err
    assert not (REPO / "-").exists()


def test_contract_score_dash_output_is_the_json_report(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # its -o is "the JSON report" (it wrote the terminal text before); the bare score moves to stderr
    assert wt("contract", "score", "-c", "c.yaml", "-o", "-") == ExitCode.OK
    out, err = capsys.readouterr()
    assert json.loads(out)["run"]["mode"] == "contract"
    assert err.strip() == "100.00"


@pytest.mark.parametrize("suffix", [".json", ".html", ".md"])
def test_contract_run_output_suffix_picks_the_format(
    project: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    """`contract run -o x.json` without `-f` wrote the terminal matrix into x.json; the suffix decides, as for run."""
    assert wt("contract", "run", "-c", "c.yaml", "--no-store", "-q", "-o", f"out{suffix}") == ExitCode.OK
    text = (project / f"out{suffix}").read_text(encoding="utf-8")
    if suffix == ".json":
        assert json.loads(text)["run"]["mode"] == "contract"
    elif suffix == ".html":
        assert text.lstrip().lower().startswith("<!doctype html")
    else:
        assert text.startswith("## windtunnel contract")
    assert "┏" not in text
    capsys.readouterr()


def test_replay_run_output_suffix_picks_the_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("WINDTUNNEL_STORE", str(tmp_path / "runs.db"))
    out = tmp_path / "replay.json"
    code = wt("replay", "run", "-c", "examples/support_agent/windtunnel.yaml", "-q", "-o", str(out))
    assert code == ExitCode.OK, capsys.readouterr().err
    assert json.loads(out.read_text(encoding="utf-8"))["run"]["mode"] == "replay"
