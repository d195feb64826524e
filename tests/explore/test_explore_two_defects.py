"""QA pass 20 (open): ``explore`` merged distinct defects that break the same checks into one failure. Two failures
are one only when one's minimal reproducer (its faults by seam and mode, its mutation) covers the other's; the report
lists one entry per distinct reproducer, grouped by the checks they break, and says so in every format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.conftest import write_config
from windtunnel.chaos.schedule import Schedule
from windtunnel.chaos.search import Input
from windtunnel.flows.explore import ExploreRequest, Reproducer, explore_flow

CHECK = "invariants:\n  - {type: excludes_pattern, pattern: shipped}\n"


def _seams(failure: object) -> set[str]:
    return {slot.seam for slot in failure.schedule.faults}  # type: ignore[attr-defined]


def test_two_defects_breaking_the_same_check_are_two_failures_grouped_under_it(tmp_path: Path) -> None:
    config = write_config(tmp_path, "two_defects", CHECK)
    outcome = explore_flow(
        ExploreRequest(config=config, budget=80, seed=3, max_failures=2, save=False, persist=False, mutations=False)
    )
    failures = outcome.detail.failures
    assert [f.status for f in failures] == ["minimal", "minimal"]
    assert [f.signature for f in failures] == [("excludes_pattern",), ("excludes_pattern",)]
    assert sorted(sorted(_seams(f)) for f in failures) == [["tool:lookup"], ["tool:notes"]]  # one fault each
    explore = outcome.report["explore"]
    assert explore["groups"] == [{"signature": ["excludes_pattern"], "failures": [1, 2]}]
    assert explore["headline"].startswith("2 failures found (2 distinct reproducers, all breaking excludes_pattern)")


def test_the_same_defect_found_under_more_faults_is_covered_by_its_reproducer() -> None:
    lookup = Schedule.model_validate({"faults": [{"seam": "tool:lookup", "on_call": 1, "fault": {"mode": "empty"}}]})
    more = Schedule.model_validate(
        {
            "faults": [
                {"seam": "tool:lookup", "on_call": 2, "fault": {"mode": "empty"}},
                {"seam": "llm", "on_call": 1, "fault": {"mode": "error"}},
            ]
        }
    )
    notes = Schedule.model_validate({"faults": [{"seam": "tool:notes", "on_call": 1, "fault": {"mode": "error"}}]})
    malformed = Schedule.model_validate(
        {"faults": [{"seam": "tool:lookup", "on_call": 1, "fault": {"mode": "malformed"}}]}
    )
    golden = Input(0)
    one = Reproducer.of(lookup, golden, None)
    assert one.covers(Reproducer.of(more, golden, None))  # incidental faults added: the same defect
    assert not one.covers(Reproducer.of(notes, golden, None))  # another seam: maybe another defect
    assert not one.covers(Reproducer.of(malformed, golden, None))  # shrunk to another mode: another reproducer
    assert one.covers(Reproducer.of(malformed, golden, None), modes=False)  # the search's view before shrinking
    assert not Reproducer.of(lookup, Input(0, 1), "noise").covers(one)  # needs its mutation: not on the golden


def test_the_explore_reports_say_what_was_searched_and_found_in_every_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    config = write_config(tmp_path, "two_defects", CHECK)
    common = ["explore", "-c", str(config), "--budget", "80", "--seed", "3", "--max-failures", "2", "--no-mutations"]
    assert wt(*common, "--no-save", "--no-store", "-q", "-o", "report.md") == 1
    assert wt(*common, "--no-save", "--no-store", "-q", "-o", "report.html") == 1
    assert wt(*common, "--no-save", "--no-store", "-q", "-o", "report.json") == 1
    md = (tmp_path / "report.md").read_text()
    html = (tmp_path / "report.html").read_text()
    report = json.loads((tmp_path / "report.json").read_text())
    headline = report["explore"]["headline"]
    title = md.splitlines()[0]
    assert title.startswith("## windtunnel explore: ❌ 2 failures found") and title.endswith(headline.split(")")[-1])
    assert "score" not in title and "chaos" not in title
    assert "### What was searched" in md and "### Breaks excludes\\_pattern (2 failures)" in md
    assert md.count("#### failure ") == 2 and md.count("- reproduce: ") == 2
    assert "<h1>windtunnel explore" in html and headline in html and "Breaks excludes_pattern (2 failures)" in html
    assert "<title>windtunnel explore" in html
    assert (
        report["run"]["mode"] == "chaos" and report["run"]["command"] == "explore"
    )  # the schema's reader keeps working
    assert report["summary"]["score"] == 0.0 and len(report["cells"]) == 2


def test_an_explore_run_from_the_store_renders_as_explore_in_every_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    config = write_config(tmp_path, "two_defects", CHECK)
    store = tmp_path / "runs.db"
    common = ["--budget", "80", "--seed", "3", "--max-failures", "2", "--no-mutations", "--no-save", "-q"]
    assert wt("explore", "-c", str(config), *common, "--store", str(store), "-o", "live.json") == 1
    live = json.loads((tmp_path / "live.json").read_text())
    assert wt("report", "latest", "--store", str(store), "-f", "json", "-o", "stored.json") == 0
    stored = json.loads((tmp_path / "stored.json").read_text())
    assert stored["explore"] == live["explore"]  # the store keeps the search and its findings
    assert wt("report", "latest", "--store", str(store), "-f", "md", "-o", "stored.md") == 0
    assert (tmp_path / "stored.md").read_text().startswith("## windtunnel explore: ❌ 2 failures found")
    assert wt("report", "latest", "--store", str(store), "-f", "terminal", "-o", "stored.txt") == 0
    text = (tmp_path / "stored.txt").read_text()
    assert text.startswith("windtunnel explore · run ") and live["explore"]["headline"] in text
    assert "breaks excludes_pattern (2 failures)" in text and text.count("    reproduce: windtunnel run") == 2
