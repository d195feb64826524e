"""``windtunnel report`` through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from windtunnel.cli.app import main
from windtunnel.reports.sample import sample_report
from windtunnel.store import RunStore


def run_cli(args: list[str]) -> int:
    try:
        main(args)
    except SystemExit as ex:
        return int(ex.code or 0)
    return 0  # pragma: no cover - main always exits


@pytest.fixture
def stored(tmp_path: Path) -> tuple[Path, str, dict[str, Any]]:
    report = sample_report(40, seed=9, repeats=2)
    db = tmp_path / "runs.db"
    with RunStore(db) as store:
        run_id = store.start_run({"mode": "ci", "seed": 9, "tool": report["tool"]})
        store.add_cells(run_id, report["cells"])
        store.finish_run(run_id, report["summary"], "failed")
    return db, run_id, report


@pytest.mark.parametrize(
    ("fmt", "suffix"),
    [
        ("html", ".html"),
        ("json", ".json"),
        ("junit", ".xml"),
        ("sarif", ".sarif"),
        ("md", ".md"),
        ("markdown", ".md"),
    ],
)
def test_render_a_stored_run(
    tmp_path: Path,
    stored: tuple[Path, str, dict[str, Any]],
    fmt: str,
    suffix: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, run_id, _ = stored
    out_dir = tmp_path / "out"
    assert run_cli(["report", run_id, "--format", fmt, "-o", f"{out_dir}/", "--store", str(db)]) == 0
    written = out_dir / f"{run_id}{suffix}"
    assert written.is_file() and written.stat().st_size > 500
    assert f"wrote {written}" in capsys.readouterr().out


def test_render_a_json_file_and_latest(tmp_path: Path, stored: tuple[Path, str, dict[str, Any]]) -> None:
    db, run_id, report = stored
    src = tmp_path / "in.json"
    src.write_text(json.dumps(report))
    assert run_cli(["report", str(src), "-f", "json", "-o", str(tmp_path / "copy.json")]) == 0
    copy = json.loads((tmp_path / "copy.json").read_text())
    copy.pop("stats")
    assert copy == report
    assert run_cli(["report", "latest", "-f", "sarif", "-o", str(tmp_path / "l.sarif"), "--store", str(db)]) == 0
    assert json.loads((tmp_path / "l.sarif").read_text())["runs"][0]["automationDetails"]["id"].endswith(run_id)
    assert run_cli(["report", run_id[:12], "-f", "md", "-o", str(tmp_path / "p.md"), "--store", str(db)]) == 0


def test_default_output_directory(
    tmp_path: Path, stored: tuple[Path, str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, run_id, _ = stored
    monkeypatch.chdir(tmp_path)
    assert run_cli(["report", run_id, "--store", str(db)]) == 0
    assert (tmp_path / "reports" / f"{run_id}.html").is_file()


def test_terminal_format_prints(stored: tuple[Path, str, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    db, run_id, _ = stored
    assert run_cli(["report", run_id, "-f", "terminal", "--store", str(db)]) == 0
    out = capsys.readouterr().out
    assert "statistics" in out and "phases" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["report", "nope", "--store", "{db}"], "no run 'nope'"),
        (["report", "nope", "--store", "{tmp}/missing.db"], "neither a report file nor a run id"),
        (["report", "{tmp}/absent.json"], "does not exist"),
        (["report", "{tmp}/bad.json"], "not a valid windtunnel run report"),
        (["report", "{tmp}/notjson.json"], "is not JSON"),
        # QA-27 #4: a leak audit report is named as one ("$: missing required key 'cells'" before), a directory too
        (["report", "{tmp}/scan.json"], "is a leakage audit report (written by `windtunnel leak scan`)"),
        (["report", "{tmp}/adir"], "'adir' is a directory, not a report file or a run id"),
        (["report", "{tmp}/adir.json"], "is a directory, not a report file"),
        (["report", "latest", "-f", "htlm", "--store", "{db}"], "did you mean 'html'"),
    ],
)
def test_errors_exit_2_with_a_reason(
    tmp_path: Path,
    stored: tuple[Path, str, dict[str, Any]],
    args: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db, _, _ = stored
    (tmp_path / "bad.json").write_text(json.dumps({"schema_version": "1", "cells": []}))
    (tmp_path / "notjson.json").write_text("hello")
    leak = {"schema_version": "1", "tool": {"name": "windtunnel", "version": "0"}, "source": "d.jsonl", "items": []}
    (tmp_path / "scan.json").write_text(json.dumps({**leak, "summary": {"items": 0, "leaked_items": 0}}))
    (tmp_path / "adir").mkdir()
    (tmp_path / "adir.json").mkdir()
    argv = [a.format(db=db, tmp=tmp_path) for a in args]
    if "adir" in args[-1] and not args[-1].endswith(".json"):  # a bare name, as typed in the folder that holds it
        argv = ["report", "adir", "--store", str(db)]
        monkeypatch.chdir(tmp_path)
    assert run_cli(argv) == 2
    assert needle in capsys.readouterr().err


@pytest.mark.parametrize(
    ("source", "summary", "command"),
    [
        ("d.jsonl", {}, "windtunnel leak scan d.jsonl -f html -o report.html"),
        ("my data.jsonl", {}, "windtunnel leak scan 'my data.jsonl' -f html -o report.html"),
        # review 27b: an audit of a run was told `leak scan run <id>`, a dataset named "run" and a file named the id
        ("run 20250101-120000-abcdef", {"cells": 4}, "windtunnel leak scan --from-run 20250101-120000-abcdef -f html"),
        ("ci/report.json", {"cells": 4}, "windtunnel leak scan --from-report ci/report.json -f html"),
        ("run report.json", {"cells": 4}, "windtunnel leak scan --from-report 'run report.json' -f html"),
    ],
)
def test_a_leak_report_is_told_the_command_that_audits_its_source_again(
    tmp_path: Path, source: str, summary: dict[str, int], command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    leak = {"schema_version": "1", "tool": {"name": "windtunnel", "version": "0"}, "source": source, "items": []}
    path = tmp_path / "scan.json"
    path.write_text(json.dumps({**leak, "summary": {"items": 0, "leaked_items": 0, **summary}}))
    assert run_cli(["report", str(path)]) == 2
    assert command in " ".join(capsys.readouterr().err.split())


@pytest.mark.parametrize("fmt", ["json", "md", "junit"])
def test_dash_output_prints_the_report_to_stdout(
    tmp_path: Path,
    stored: tuple[Path, str, dict[str, Any]],
    fmt: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db, run_id, _ = stored
    monkeypatch.chdir(tmp_path)
    assert run_cli(["report", run_id, "-f", fmt, "-o", "-", "--store", str(db)]) == 0
    out = capsys.readouterr().out
    assert "wrote" not in out and not (tmp_path / "-").exists() and not (tmp_path / "reports").exists()
    if fmt == "json":
        assert json.loads(out)["run"]["id"] == run_id
    else:
        assert run_id in out or "testsuite" in out
