"""Fixtures for run-store tests."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

SCHEMA = Path(__file__).parent.parent / "reports" / "report.schema.json"


@pytest.fixture(scope="session")
def report_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
