"""``-f/--format table|json`` on mutate, mutations, invariants and runs diff; ``--json`` stays a hidden alias."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_run_cli import wt
from windtunnel.reports.sample import make_cell, make_report
from windtunnel.store import RunStore


@pytest.fixture
def two_runs(tmp_path: Path) -> list[str]:
    path = tmp_path / "runs.db"
    ids = []
    with RunStore(path) as store:
        for i, status in enumerate(("failed", "passed")):
            cells = [make_cell("s/inv", kind="contract", scenario="s", invariant="inv", status=status)]
            run_id = store.start_run({"id": f"2025010{i}-120000-00000{i}", "mode": "contract", "seed": 1})
            store.add_cells(run_id, cells)
            store.finish_run(run_id, make_report(cells)["summary"], status)
            ids.append(run_id)
    return ["runs", "diff", *ids, "--store", str(path)]


def _json_out(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert wt(*args) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


COMMANDS = {
    "mutations": ["mutations"],
    "invariants": ["invariants", "latency"],
    "mutate": ["mutate", "Where is my order?", "-n", "2", "-s", "7", "-t", "noise"],
}


@pytest.mark.parametrize("name", [*COMMANDS, "runs diff"])
def test_format_json_matches_the_json_alias(name: str, two_runs: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    args = two_runs if name == "runs diff" else COMMANDS[name]
    by_format = _json_out(capsys, *args, "-f", "json")
    assert by_format == _json_out(capsys, *args, "--format", "JSON")
    assert by_format == _json_out(capsys, *args, "--json")
    assert by_format  # real data, not an empty document
    # the human format is the default and is not JSON
    assert wt(*args, "-f", "text" if name == "mutate" else "table") == 0
    out = capsys.readouterr().out
    assert out.strip() and not out.lstrip().startswith(("{", "["))


@pytest.mark.parametrize("name", [*COMMANDS, "runs diff"])
def test_bad_or_contradictory_format_is_a_usage_error(
    name: str, two_runs: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = two_runs if name == "runs diff" else COMMANDS[name]
    assert wt(*args, "-f", "jsno") == 2
    assert "unknown --format 'jsno' (did you mean 'json'?)" in capsys.readouterr().err
    human = "text" if name == "mutate" else "table"
    assert wt(*args, "--json", "-f", human) == 2
    assert f"--json contradicts --format {human}" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["mutations"], ["invariants"], ["mutate"], ["runs", "diff"]])
def test_help_shows_format_and_hides_the_alias(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert wt(*command, "--help") == 0
    out = capsys.readouterr().out
    assert "-f, --format" in out and "--json" not in out


def test_runs_list_show_and_profiles_have_format_json(two_runs: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    store = two_runs[-2:]
    runs = _json_out(capsys, "runs", "list", *store, "-f", "json")
    assert isinstance(runs, list) and [r["id"] for r in runs] == sorted(two_runs[2:4], reverse=True)
    assert {r["status"] for r in runs} == {"failed", "passed"} and all("score" in r for r in runs)
    shown = _json_out(capsys, "runs", "show", two_runs[2], *store, "--format", "json")
    assert isinstance(shown, dict) and shown["summary"]["cells_total"] == 1
    profiles = _json_out(capsys, "profiles", "-f", "json")
    assert isinstance(profiles, list) and "api_outage" in {p["name"] for p in profiles}
    assert wt("runs", "list", *store, "-f", "jsno") == 2
    assert "did you mean 'json'?" in capsys.readouterr().err


def test_piped_invariants_keep_each_row_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("invariants") == 0
    lines = capsys.readouterr().out.splitlines()
    (row,) = [line for line in lines if line.startswith("excludes_pattern ")]
    assert "patterns (required), ignore_case=" in row
    assert not [line for line in lines if line.startswith(" ") and "ignore_case" in line]
