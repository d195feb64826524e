"""``windtunnel runs list|show|diff`` through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from windtunnel.cli.app import main
from windtunnel.reports.sample import make_cell, make_report
from windtunnel.store import RunStore


def run_cli(args: list[str]) -> int:
    try:
        main(args)
    except SystemExit as ex:
        return int(ex.code or 0)
    return 0  # pragma: no cover


def _matrix(fixed: bool) -> list[dict[str, object]]:
    cells = []
    for scenario in ("baseline", "tool_timeouts"):
        for invariant in ("no_pii", "refuses_injection"):
            leaks = not fixed and scenario == "tool_timeouts" and invariant == "no_pii"
            cells.append(
                make_cell(
                    f"{scenario}/{invariant}",
                    kind="contract",
                    scenario=scenario,
                    invariant=invariant,
                    severity="critical",
                    status="failed" if leaks else "passed",
                    reproduce=f"windtunnel contract run --only {scenario}/{invariant}",
                )
            )
    return cells


@pytest.fixture
def db(tmp_path: Path) -> tuple[Path, str, str]:
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        ids = []
        for i, fixed in enumerate((False, True)):
            cells = _matrix(fixed)
            run_id = store.start_run(
                {
                    "id": f"2025010{i}-120000-00000{i}",
                    "mode": "contract",
                    "seed": 4,
                    "started_at": f"2025-01-0{i + 1}T12:00:00Z",
                    "config_path": "wt.yaml",
                }
            )
            store.add_cells(run_id, cells)
            store.finish_run(run_id, make_report(cells)["summary"], "failed" if not fixed else "passed")
            ids.append(run_id)
    return path, ids[0], ids[1]


def test_list(db: tuple[Path, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    path, a, b = db
    assert run_cli(["runs", "list", "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.index(b) < out.index(a)  # newest first
    assert "75.0" in out and "100.0" in out and "passed" in out


def test_list_says_how_many_runs_it_left_out(db: tuple[Path, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    path, a, b = db
    assert run_cli(["runs", "list", "--store", str(path), "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert b in out and a not in out
    assert "1 of 2 runs shown, newest first: --limit 2 lists them all" in out
    assert run_cli(["runs", "list", "--store", str(path), "--limit", "2"]) == 0
    assert "runs shown" not in capsys.readouterr().out


def test_show(db: tuple[Path, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    path, a, _ = db
    assert run_cli(["runs", "show", a, "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert "75.0" in out and "FAILED" in out
    assert "windtunnel contract run --only tool_timeouts/no_pii" in out


def test_diff_lists_the_fixed_cells(db: tuple[Path, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    path, a, b = db
    assert run_cli(["runs", "diff", a, b, "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert "regressed: none" in out and "fixed (1)" in out
    assert "no_pii" in out and "+25.0" in out and "contract (resilience score)" in out
    assert run_cli(["runs", "diff", a, b, "--store", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["cell_ids"] for c in data["fixed"]] == [["tool_timeouts/no_pii"]]
    assert data["phases"] == [
        {"phase": "contract", "measure": "resilience", "before": 75.0, "after": 100.0, "delta": 25.0}
    ]
    # the other way round the fix is a regression, and --fail-on-regression turns it into exit 1
    assert run_cli(["runs", "diff", b, a, "--store", str(path), "--fail-on-regression"]) == 1
    assert "regressed (1)" in capsys.readouterr().out


def test_diff_compares_a_stored_run_with_a_report_file(
    db: tuple[Path, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run is a stored run or a JSON report file (a CI artefact), on either side, as the docs say (QA-27)."""
    path, a, b = db
    assert run_cli(["runs", "show", b, "--store", str(path), "-f", "json"]) == 0
    after = tmp_path / "after.json"
    after.write_text(capsys.readouterr().out)
    assert run_cli(["runs", "diff", a, str(after), "--store", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["cell_ids"] for c in data["fixed"]] == [["tool_timeouts/no_pii"]]
    assert run_cli(["runs", "diff", str(after), a, "--store", str(path), "--fail-on-regression"]) == 1
    assert "regressed (1)" in capsys.readouterr().out
    assert run_cli(["runs", "diff", str(after), str(after)]) == 0  # two files need no store
    assert "regressed: none" in capsys.readouterr().out
    assert run_cli(["runs", "diff", str(tmp_path / "gone.json"), a, "--store", str(path)]) == 2
    assert "gone.json" in capsys.readouterr().err


def test_unknown_run_and_missing_store(
    db: tuple[Path, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, a, _ = db
    assert run_cli(["runs", "show", a[:-1] + "9", "--store", str(path)]) == 2
    assert "did you mean" in capsys.readouterr().err
    assert run_cli(["runs", "list", "--store", str(tmp_path / "none.db")]) == 2
    assert "no run store" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()
    assert run_cli(["runs", "show", "2025010", "--store", str(path)]) == 2
    assert "ambiguous" in capsys.readouterr().err


LONG_CONFIG = "configs/team-platform/agents/customer-support-escalations/windtunnel.production.yaml"


def test_piped_tables_keep_one_row_per_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # captured stdout is not a terminal: rows must not fold onto continuation lines
    path = tmp_path / "runs.db"
    reproduce = "windtunnel contract run -c " + LONG_CONFIG + " --seed 4 --cell tool_timeouts/no_pii.r0"
    with RunStore(path) as store:
        ids = []
        for i, fixed in enumerate((True, False)):
            cells = [
                make_cell(
                    "tool_timeouts/no_pii",
                    kind="contract",
                    scenario="tool_timeouts",
                    invariant="no_pii",
                    status="passed" if fixed else "failed",
                    reproduce=reproduce,
                )
            ]
            run_id = store.start_run(
                {
                    "id": f"2025010{i}-120000-00000{i}",
                    "mode": "contract",
                    "seed": 4,
                    "started_at": f"2025-01-0{i + 1}T12:00:00Z",
                    "config_path": LONG_CONFIG,
                }
            )
            store.add_cells(run_id, cells)
            store.finish_run(run_id, make_report(cells)["summary"], "passed" if fixed else "failed")
            ids.append(run_id)
    assert run_cli(["runs", "list", "--store", str(path)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("2025")]
    assert len(rows) == 2
    assert all(LONG_CONFIG in row and "contract" in row for row in rows)
    assert run_cli(["runs", "diff", ids[0], ids[1], "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert any(reproduce in line and "tool_timeouts" in line for line in out.splitlines())


def test_fail_on_regression_with_no_matching_cell_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 18 item 15: two runs with nothing in common 'passed' --fail-on-regression with exit 0."""
    path = tmp_path / "runs.db"
    with RunStore(path) as store:
        ids = []
        for i, prompt in enumerate(("alpha?", "beta?")):
            cells = [make_cell(f"g{i}", kind="golden", prompt=prompt, golden_prompt=prompt, status="passed")]
            run_id = store.start_run({"id": f"2025020{i}-120000-00000{i}", "mode": "run", "seed": i})
            store.add_cells(run_id, cells)
            store.finish_run(run_id, make_report(cells)["summary"], "passed")
            ids.append(run_id)
    assert run_cli(["runs", "diff", *ids, "--store", str(path)]) == 0  # showing the diff is fine
    capsys.readouterr()
    assert run_cli(["runs", "diff", *ids, "--store", str(path), "--fail-on-regression"]) == 2
    assert "no cell of" in capsys.readouterr().err


def test_runs_of_different_modes_have_no_overall_delta(
    db: tuple[Path, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, a, _ = db
    with RunStore(path) as store:
        cells = [make_cell("g0", kind="golden", status="failed")]
        b = store.start_run({"id": "20250109-120000-000009", "mode": "run", "seed": 4})
        store.add_cells(b, cells)
        store.finish_run(b, make_report(cells)["summary"], "failed")
    assert run_cli(["runs", "diff", a, b, "--store", str(path), "-f", "json"]) == 0
    score = json.loads(capsys.readouterr().out)["score"]
    assert score["delta"] is None and "different modes (contract, run)" in score["not_comparable"]
    assert run_cli(["runs", "diff", a, b, "--store", str(path)]) == 0
    assert "not comparable" in capsys.readouterr().out


def test_a_run_cut_short_has_no_score_in_the_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA-11 minor 11: an agent that died after 3 of 12 cells left a run listed with score 100.0 (3 cells passed)."""
    path = tmp_path / "runs.db"
    cells = [make_cell(f"c{i}") for i in range(3)]
    with RunStore(path) as store:
        for i, status in enumerate(("error", "interrupted", "passed")):
            run_id = store.start_run({"id": f"r{i}", "mode": "run", "seed": 1, "started_at": f"2025-01-0{i + 1}T1:00Z"})
            store.add_cells(run_id, cells)
            summary = make_report(cells)["summary"]
            assert summary["score"] == 100.0
            if status != "passed":
                summary.update(passed=False, partial=True)
            store.finish_run(run_id, summary, status)
    assert run_cli(["runs", "list", "--store", str(path), "-f", "json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["r0"]["score"] is None and rows["r1"]["score"] is None and rows["r2"]["score"] == 100.0
    assert run_cli(["runs", "list", "--store", str(path)]) == 0
    table = capsys.readouterr().out
    assert table.count("100.0") == 1 and table.count("n/a") == 2


def test_diff_marks_a_partial_run_and_warns_when_cells_do_not_match(
    db: tuple[Path, str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-27 #2: a run interrupted after 1 of 4 cells is marked partial, and a diff whose cells match nowhere (another
    config) says so instead of a bare "regressed: none"."""
    path, a, _ = db
    cells = _matrix(True)
    with RunStore(path) as store:
        cut = store.start_run({"id": "20250105-120000-000005", "mode": "contract", "seed": 4})
        store.add_cells(cut, cells[:1])
        store.finish_run(cut, {**make_report(cells[:1])["summary"], "partial": True, "cells_planned": 4}, "interrupted")
        other = store.start_run({"id": "20250106-120000-000006", "mode": "contract", "seed": 4})
        odd = [make_cell("x", kind="contract", scenario="baseline", invariant="valid_json", prompt="another config")]
        store.add_cells(other, odd)
        store.finish_run(other, make_report(odd)["summary"], "passed")
    assert run_cli(["runs", "diff", a, cut, "--store", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"→ {cut} (partial)" in out and f"{cut} is partial (cut short after 1 of 4 cells)" in out
    assert "1 cell(s) matched; 0 only in" in out
    assert run_cli(["runs", "diff", a, other, "--store", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matched"] == 0 and data["partial_b"] is None
    assert any(w.startswith(f"no cell of {other} matches a cell of {a}") for w in data["warnings"])


def test_a_run_id_is_read_from_the_store_even_beside_a_directory_of_that_name(
    db: tuple[Path, str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Review 27b: a folder named ``latest`` (or like a run id) in the working directory must not hide the run the
    store holds; only a name the store does not know is told to be a directory."""
    path, _, b = db
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latest").mkdir()
    (tmp_path / "nothing").mkdir()
    assert run_cli(["report", "latest", "--store", str(path), "-f", "json", "-o", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["run"]["id"] == b
    assert run_cli(["report", "nothing", "--store", str(path)]) == 2
    assert "'nothing' is a directory, not a report file or a run id" in capsys.readouterr().err
