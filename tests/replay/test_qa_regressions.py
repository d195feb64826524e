"""Regressions found by hands-on QA: malformed vendor exports, an exported 200-status fault, -o on a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.replay.conftest import REPO, cli


@pytest.mark.parametrize(
    "trace",
    [
        {"id": "t", "input": "hi", "output": "o", "observations": [{"type": "GENERATION"}]},
        {
            "id": "t",
            "input": "hi",
            "output": "o",
            "observations": [
                {"id": "a", "type": "GENERATION", "parentObservationId": "b"},
                {"id": "b", "type": "SPAN", "parentObservationId": "a"},
            ],
        },
    ],
    ids=["observation-without-id", "parent-cycle"],
)
def test_langfuse_import_terminates_on_malformed_parents(tmp_path: Path, trace: dict[str, object]) -> None:
    src = tmp_path / "trace.json"
    src.write_text(json.dumps(trace))
    assert cli("replay", "import", "langfuse", src, "-o", tmp_path / "out") == 0


def test_otel_import_of_a_malformed_export_is_a_usage_error(tmp_path: Path) -> None:
    src = tmp_path / "o.json"
    src.write_text('{"resourceSpans": "x"}')
    assert cli("replay", "import", "otel", src, "-o", tmp_path / "out") == 2


def test_output_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    report.write_text("{}")
    assert cli("replay", "export", "--from-report", report, "-o", report) == 2


@pytest.mark.slow
def test_an_exported_malicious_response_cell_fails_again_when_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    cfg = "examples/support_agent/windtunnel.yaml"
    report = tmp_path / "contract.json"
    assert cli("contract", "run", "-c", cfg, "-q", "-f", "json", "-o", report) == 1
    assert cli("replay", "export", "--from-report", report, "-o", tmp_path / "exp") == 0
    # the poisoned-order-note cells failed a `when: tool_faults_active` invariant with a 200-status fault
    assert cli("replay", "run", tmp_path / "exp", "-c", cfg, "--fail-on", "any", "-q") == 1
