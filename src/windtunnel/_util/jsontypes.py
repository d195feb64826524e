"""The one name for JSON whose shape nobody fixes: a mutation's arguments, an aborted run's details, a tool's
arguments, a file read before it is validated.

Where a shape exists, say it (the report's dicts are :mod:`windtunnel.report.dicts`, the config is pydantic); where
it does not, use these aliases rather than ``Any``, so that a reader knows the value is plain JSON (no objects, no
callables) and mypy makes the reader check a value's type before using it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

JSONValue: TypeAlias = "Mapping[str, JSONValue] | Sequence[JSONValue] | str | int | float | bool | None"
"""Any JSON value: an object, an array, a string, a number, a boolean or null. Objects and arrays are read-only
``Mapping`` / ``Sequence`` here, so a ``list[str]`` or a ``dict[str, int]`` is one (``list`` and ``dict`` are
invariant: a ``list[str]`` is not a ``list[JSONValue]``)."""
JSONObject: TypeAlias = "dict[str, JSONValue]"
"""A JSON object being built (string keys, any JSON values)."""

__all__ = ["JSONObject", "JSONValue"]
