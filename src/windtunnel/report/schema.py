"""The report's JSON schema: generated from :mod:`windtunnel.report.models`, shipped as ``report.schema.json``.

``python -m windtunnel.report.schema`` rewrites the shipped file after a model change (a test fails
until it is rewritten).

Why a shipped file and not the schema generated on demand: ``windtunnel schema`` and tools reading the
installed package get it without importing pydantic or building the models (tens of milliseconds), and the
file under version control shows a reviewer every change to the published contract as a diff.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from windtunnel._util.jsontypes import JSONObject
from windtunnel.report.models import RunReport

SCHEMA_FILE = Path(__file__).with_name("report.schema.json")


def generate() -> JSONObject:
    """The JSON schema of :class:`~windtunnel.report.models.RunReport`, made now from the models.

    Validation mode (what a report must hold to be read), with the draft 2020-12 ``$schema`` and the ``$id``
    the shared contract uses; compare it with :func:`report_schema_text` to see whether the shipped file is stale."""
    schema = RunReport.model_json_schema(mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "windtunnel/report.schema.json",
        **schema,
    }


def report_schema_text() -> str:
    """The shipped schema file's text (no pydantic import: ``windtunnel schema`` prints this)."""
    return SCHEMA_FILE.read_text(encoding="utf-8")


def render(schema: Mapping[str, object]) -> str:
    """The schema as the shipped file holds it: two-space indent, sorted keys, a final newline, so that regenerating
    it after an unrelated change leaves the file byte-identical and the test comparing the two stays exact."""
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    SCHEMA_FILE.write_text(render(generate()), encoding="utf-8")
