"""The CLI is options → flow request → flow → render → exit code: each command maps its options onto the
request and the outcome's status onto its exit code (the flows themselves are tested end to end)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from windtunnel.cli import ci_cmd, contract_cmd, replay_cmd, run_cmd
from windtunnel.errors import ExitCode
from windtunnel.flows.outcome import Outcome, Status, decide, exit_code_of


def _outcome(mode: str, status: Status, **summary: Any) -> Outcome:
    passed = status in ("passed", "partial")
    report = {
        "run": {"id": "r1", "mode": mode},
        "summary": {"score": 50.0, "passed": passed, "cells_total": 0, "reasons": [], **summary},
        "cells": [],
    }
    return Outcome(mode=mode, status=status, passed=passed, exit_code=exit_code_of(status, passed), report=report)


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Replace every flow with one that records its request and returns the outcome in ``seen['status']``."""
    box: dict[str, Any] = {"status": "passed"}

    def fake(mode: str) -> Any:
        def flow(request: Any, listener: Any = None) -> Outcome:
            box["request"] = request
            return _outcome(mode, box["status"])

        return flow

    # each command module imports its flow at its top: replace the name where the command reads it
    monkeypatch.setattr(run_cmd, "run_flow", fake("run"))
    monkeypatch.setattr(contract_cmd, "contract_flow", fake("contract"))
    monkeypatch.setattr(replay_cmd, "replay_flow", fake("replay"))
    monkeypatch.setattr(ci_cmd, "ci_flow", fake("ci"))
    monkeypatch.setattr("windtunnel.cli._render.print_summary", lambda *a, **k: None)
    for renderer in (
        "contract_cmd.render_contract",
        "replay_cmd.render_replay",
        "ci_cmd.render_contract",
        "ci_cmd.render_replay",
        "ci_cmd.render_ci",
    ):
        monkeypatch.setattr(f"windtunnel.cli.{renderer}", lambda *a, **k: None)
    return box


def test_run_options_map_onto_the_request(seen: dict[str, Any]) -> None:
    code = wt(
        "run", "-c", "w.yaml", "--repeat", "3", "--seed", "9", "--min-score", "75", "--no-mutations",
        "--cell", "g0", "--cell", "g1", "--concurrency", "4", "--chaos-profile", "api_outage", "--no-llm",
        "--store", "s.db", "-f", "json", "-o", "out.json",
    )  # fmt: skip
    assert code == 0
    r = seen["request"]
    assert (r.config, r.repeat, r.seed, r.min_score, r.mutations) == (Path("w.yaml"), 3, 9, 75.0, False)
    assert (r.cells, r.concurrency, r.chaos_profile, r.llm) == ({"g0", "g1"}, 4, "api_outage", False)
    assert (r.store, r.use_store, r.fmt, r.output) == (Path("s.db"), True, "json", Path("out.json"))


def test_contract_ci_and_replay_options_map_onto_their_requests(seen: dict[str, Any]) -> None:
    wt("contract", "run", "-c", "w.yaml", "--repeat", "2", "--min-score", "90", "--cell", "u1", "--concurrency", "2")
    r = seen["request"]
    assert (r.repeat, r.min_score, r.cells, r.concurrency, r.fmt) == (2, 90.0, {"u1"}, 2, None)
    wt("ci", "-c", "w.yaml", "--min-score", "80", "--chaos-profile", "api_outage", "--repeat", "2", "--no-store")
    r = seen["request"]
    assert (r.min_score, r.chaos_profile, r.repeat, r.use_store) == (80.0, "api_outage", 2, False)
    wt("replay", "run", "s1.yaml", "-c", "w.yaml", "--fail-on", "any", "--latency-scale", "0")
    r = seen["request"]
    assert (r.paths, r.fail_on, r.latency_scale) == ([Path("s1.yaml")], "any", 0.0)


@pytest.mark.parametrize(
    ("status", "code"),
    [
        ("passed", ExitCode.OK),
        ("failed", ExitCode.FAILED),
        ("partial", ExitCode.OK),
        ("interrupted", ExitCode.INTERRUPTED),
    ],
)
def test_the_exit_code_is_the_outcome_s(seen: dict[str, Any], status: Status, code: ExitCode) -> None:
    seen["status"] = status
    assert wt("run", "-c", "w.yaml", "-q") == code


def test_one_rule_decides_a_status() -> None:
    assert decide(True) == "passed" and decide(False) == "failed"
    assert decide(True, interrupted=True) == "interrupted"
    assert decide(True, interrupted=True, aborted=True) == "aborted"
    assert decide(False, subset=True) == "partial"
    assert exit_code_of("aborted", False) == ExitCode.HARNESS
