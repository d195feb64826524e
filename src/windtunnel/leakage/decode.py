"""JSON held in a string: parsed and walked as structure (the other decoders are in :mod:`.views`)."""

from __future__ import annotations

from typing import Any

import orjson


def embedded_json(text: str) -> Any | None:
    """The JSON object or array a string holds (``'{"priority": "High"}'``), else ``None``."""
    s = text.strip()
    if len(s) < 2 or s[0] not in "{[" or s[-1] not in "}]":
        return None
    try:
        value = orjson.loads(s)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, (dict, list)) else None
