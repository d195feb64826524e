"""Replay tests: run from the repository root, clean agent state, the real CLI in-process."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
REPORT_SCHEMA = REPO / "tests" / "reports" / "report.schema.json"
"""The vendored copy of shared/schemas/report.schema.json (tests/cli checks it has not drifted)."""
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from examples.support_agent import agent, tools  # noqa: E402

from tests.conftest import SUPPORT_AGENT_ENV  # noqa: E402

EXAMPLE = REPO / "examples" / "support_agent"
FIXED_CONFIG = EXAMPLE / "windtunnel.yaml"
UNFIXED_CONFIG = EXAMPLE / "incidents" / "agent-before-fix.yaml"
INCIDENT = EXAMPLE / "incidents" / "order-status-timeout.yaml"
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def clean(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in SUPPORT_AGENT_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(REPO)
    agent.reset()
    tools.CALLS.clear()
    yield
    agent.reset()
    tools.CALLS.clear()


def cli(*argv: str | Path) -> int:
    """Run ``windtunnel ARGV`` in-process; returns the exit code."""
    from windtunnel.cli.app import main

    try:
        main([str(a) for a in argv])
    except SystemExit as ex:
        return int(ex.code or 0)
    return 0


def read_report(path: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(path.read_text())
    return report


@pytest.fixture(scope="session")
def report_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(REPORT_SCHEMA.read_text())
    return schema


def validate(report: dict[str, Any], schema: dict[str, Any]) -> None:
    import jsonschema

    jsonschema.validate(report, schema)
