"""The one name for JSON whose shape nobody fixes: a mutation's arguments, an aborted run's details, a tool's
arguments, a file read before it is validated.

Where a shape exists, say it (the report's dicts are :mod:`windtunnel.report.dicts`, the config is pydantic); where
it does not, use these aliases rather than ``Any``, so that a reader knows the value is plain JSON (no objects, no
callables) and mypy makes the reader check a value's type before using it.
"""

from __future__ import annotations

from typing import TypeAlias

JSONValue: TypeAlias = "dict[str, JSONValue] | list[JSONValue] | str | int | float | bool | None"
"""Any JSON value: an object, an array, a string, a number, a boolean or null."""
JSONObject: TypeAlias = "dict[str, JSONValue]"
"""A JSON object (string keys)."""

__all__ = ["JSONObject", "JSONValue"]
