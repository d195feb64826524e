"""Principle 3 for schemas: a field's example or default in its schema is not the record's value."""

from __future__ import annotations

from typing import Any

from windtunnel.leakage import audit_item

OPENAPI = """components:
  schemas:
    Record:
      type: object
      properties:
        id: {type: string, example: REC-0001}
        priority:
          type: string
          nullable: true
          example: High
"""


def _leaks(projection: Any) -> bool:
    item = {"id": "t", "expected": "High", "label_set": ["Low", "High"], "target": "priority", "projection": projection}
    return audit_item(item).leaked


def test_an_example_in_a_schema_is_not_the_records_value() -> None:
    assert not _leaks({"openapi": OPENAPI, "result": {"id": "REC-1", "priority": None}})
    inline = "properties:\n  priority: {type: string, example: High}\n"
    assert not _leaks({"openapi": inline, "result": {"id": "REC-1", "priority": None}})
    assert not _leaks({"parameters": {"priority": {"type": "string", "example": "High"}}})


def test_the_record_itself_still_leaks_beside_its_schema() -> None:
    assert _leaks({"openapi": OPENAPI, "result": {"id": "REC-1", "priority": "High"}})
    assert _leaks({"openapi": OPENAPI.replace("          example: High\n", ""), "note": "priority: High"})
    # the same block without a data type is a record's fields, not a schema
    assert _leaks({"yaml": "record:\n  kind: ticket\n  priority: High\n"})
