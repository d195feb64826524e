"""The Python API on the bundled support agent: a config run from Python returns an outcome, no argv."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import yaml

import windtunnel
from windtunnel.errors import ConfigError, ExitCode, UsageError
from windtunnel.flows.events import Collector, Done, Planned, Started, Stopped

REPO = Path(__file__).resolve().parents[2]
CONFIG = "examples/support_agent/windtunnel.yaml"


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def _mapping() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((REPO / CONFIG).read_text(encoding="utf-8"))
    return data


def test_run_a_config_file_from_python(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outcome = windtunnel.run(CONFIG, seed=7, store=tmp_path / "runs.db", mutations=False)
    assert isinstance(outcome, windtunnel.Outcome)
    assert outcome.mode == "run" and outcome.status in ("passed", "failed")
    assert outcome.exit_code == (ExitCode.OK if outcome.passed else ExitCode.FAILED)
    assert outcome.report["run"]["seed"] == 7 and outcome.stored and outcome.run_id
    assert len(outcome.report["cells"]) == outcome.planned == outcome.completed == 7
    assert outcome.summary["cells_total"] == 7 and outcome.score is not None
    for cell in outcome.failing_cells():
        assert cell["reproduce"].startswith(f"windtunnel run -c {CONFIG} --seed 7")
    typed = outcome.typed_report()
    assert typed.run.mode == "run" and typed.summary.cells_total == 7 and len(typed.cells) == 7
    assert capsys.readouterr() == ("", "")  # the library prints nothing


def test_ci_composes_the_phase_outcomes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outcome = windtunnel.ci(CONFIG, seed=5, output=tmp_path / "ci", use_store=False)
    assert outcome.mode == "ci" and outcome.status in ("passed", "failed")
    phases = outcome.summary["phases"]
    assert phases["mutation"]["status"] == "run" and (tmp_path / "ci" / "mutation.json").exists()
    assert outcome.report_path == tmp_path / "ci" / "summary.json"
    assert outcome.typed_report().summary.phases is not None
    assert capsys.readouterr() == ("", "")


def test_a_mapping_runs_like_the_file_and_a_cell_subset_is_partial() -> None:
    whole = windtunnel.run(CONFIG, seed=3, use_store=False, mutations=False)
    first = whole.report["cells"][0]["id"]
    picked = windtunnel.run(_mapping(), seed=3, use_store=False, mutations=False, cells=[first])
    assert picked.status == "partial" and picked.planned == 1
    assert picked.report["cells"][0]["output"] == whole.report["cells"][0]["output"]
    assert picked.report["run"]["config"] == "<mapping>"


def test_the_listener_sees_the_plan_every_cell_and_the_end() -> None:
    seen = Collector()
    windtunnel.run(CONFIG, seed=1, use_store=False, mutations=False, listener=seen)
    kinds = [type(e) for e in seen.events]
    assert kinds.index(Planned) < kinds.index(Started) < kinds.index(Done)
    assert kinds.count(Done) == 7
    assert kinds.index(Stopped) == len(kinds) - 1 - kinds[::-1].index(Stopped) > kinds.index(Done) + 6
    assert any("reset configured" in n for n in seen.notices())


def test_arun_inside_an_event_loop() -> None:
    async def main() -> windtunnel.Outcome:
        return await windtunnel.arun(CONFIG, seed=2, use_store=False, mutations=False)

    outcome = asyncio.run(main())
    assert outcome.summary["cells_total"] == 7


def test_a_mapping_with_mistakes_is_explained_by_key_path() -> None:
    data = _mapping()
    data["agent"]["endpont"] = data["agent"].pop("endpoint")
    data["mutations"]["count"] = "many"
    with pytest.raises(ConfigError) as err:
        windtunnel.run(data, use_store=False)
    text = str(err.value)
    assert text.startswith("<mapping>: invalid configuration (")
    assert "unknown key 'endpont' in agent (did you mean 'endpoint'?)" in text
    assert "mutations.count" in text and "line" not in text


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda: windtunnel.run(42), "windtunnel.run(): config must be a path (str or os.PathLike), a mapping"),
        (lambda: windtunnel.run(CONFIG, repeat="3"), "option 'repeat' must be int, not str"),
        (lambda: windtunnel.run(CONFIG, min_score=True), "option 'min_score' must be float or None, not bool"),
        (lambda: windtunnel.run(CONFIG, repaet=3), "unexpected option 'repaet' (did you mean 'repeat'?)"),
        (lambda: windtunnel.run_contract(CONFIG, output=3), "option 'output' must be a path or None, not int"),
        (lambda: windtunnel.ci({"agent": {}}), "windtunnel.ci(): config must be a path"),
        (lambda: windtunnel.run(CONFIG, listener=3), "listener must be callable"),
        (lambda: windtunnel.leak.scan(5), "windtunnel.leak.scan(): dataset must be a path"),
    ],
)
def test_wrong_types_are_type_errors_naming_the_parameter(call: Any, needle: str) -> None:
    with pytest.raises(TypeError) as err:
        call()
    assert needle in str(err.value)


def test_leak_scan_from_python(tmp_path: Path) -> None:
    data = tmp_path / "items.jsonl"
    data.write_text(
        '{"id": "a", "expected": "High", "projection": {"ticket": "printer on fire", "priority": "High"}}\n'
        '{"id": "b", "expected": "Low", "projection": {"ticket": "font looks odd"}}\n',
        encoding="utf-8",
    )
    outcome = windtunnel.leak.scan(data, fmt="json", output=tmp_path / "leaks.json")
    assert outcome.status == "failed" and outcome.exit_code == ExitCode.FAILED
    assert outcome.summary["items"] == 2 and outcome.summary["leaked_items"] == 1
    assert [a.item for a in outcome.audits] == ["a"]
    assert (tmp_path / "leaks.json").exists()


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda p: windtunnel.leak.scan(p, jobs=0), "jobs must be 1 or more, got 0"),
        (lambda p: windtunnel.leak.check(p, p, jobs=-1), "jobs must be 1 or more, got -1"),
        (lambda p: windtunnel.leak.scan(p, fmt="table"), "fmt='table' is a format of the command line only"),
        (
            lambda p: windtunnel.leak.scan(p, fmt="xml", output=p.with_suffix(".x")),
            "must be 'json' or 'sarif', got 'xml'",
        ),
        (lambda p: windtunnel.leak.scan(p, fmt="json"), "fmt='json' needs output="),
    ],
)
def test_bad_values_are_usage_errors_naming_the_fix(call: Any, needle: str, tmp_path: Path) -> None:
    """QA-7 F7-7: docs/api.md "Errors": TypeError only for a wrong type; a bad value is a UsageError (exit 2)."""
    data = tmp_path / "items.jsonl"
    data.write_text('{"id": "a", "expected": "High", "projection": {"p": "High"}}\n', encoding="utf-8")
    with pytest.raises(UsageError) as err:
        call(data)
    assert needle in str(err.value) and err.value.hint and err.value.exit_code == ExitCode.USAGE


def test_a_wrong_jobs_type_is_still_a_type_error(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="option 'jobs' must be int or None, not str"):
        windtunnel.leak.check(tmp_path / "a.jsonl", tmp_path / "b.jsonl", jobs="2")
