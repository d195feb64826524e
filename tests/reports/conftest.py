"""Fixtures for reporter tests: schema validators and realistic reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from windtunnel.reports.sample import CHROMIUM as _CHROMIUM
from windtunnel.reports.sample import CHROMIUM_ARGS, sample_report

HERE = Path(__file__).parent


@pytest.fixture(scope="session")
def report_validator() -> jsonschema.Draft202012Validator:
    """The shared run-report schema (vendored copy of shared/schemas/report.schema.json)."""
    schema = json.loads((HERE / "report.schema.json").read_text())
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="session")
def sarif_validator() -> jsonschema.Draft4Validator:
    """The official SARIF 2.1.0 schema (errata 01), vendored under tests/reports/."""
    schema = json.loads((HERE / "sarif-schema-2.1.0.json").read_text())
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


@pytest.fixture
def ci_report() -> dict[str, Any]:
    """A ci-mode report with phases, mutation types, repeats and hostile agent text."""
    return sample_report(84, seed=3, repeats=3, hostile=True)


@pytest.fixture
def run_report() -> dict[str, Any]:
    """A single-phase report without repeats."""
    return sample_report(40, seed=5, mode="run", run_id="run-plain")


CHROMIUM = Path(_CHROMIUM)


@pytest.fixture(scope="module")  # not session: a live sync Playwright loop breaks later anyio.run calls
def browser() -> Any:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `make browser` (as root) to install it")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: run `make venv` (it is in the dev extra)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
