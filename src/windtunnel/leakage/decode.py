"""JSON held in a string: parsed and walked as structure (the other decoders are in :mod:`.views`).

A tool often returns JSON serialised inside a string field (a ``body`` holding ``{"priority": "High"}``,
an LLM tool call's ``arguments``). Read as text, it would be prose full of quotes and colons: a
``"priority": "High"`` inside it would only be caught as a key-value cue, and a listing inside it
(``["Low", "High"]``) would not be recognised as one. Parsed, it is walked by :mod:`.scan` exactly like
the projection (keys, listings, upstream fields and all), and each finding keeps two pointers: the
string's (``pointer``) and the place inside the embedded document (``inner``), both printable with
answer keys hashed; its ``span`` is ``None`` (an offset in the serialised text would mean little). The
sanitizer parses the string again, redacts the embedded document at the ``inner`` pointers, and
writes it back in the string's own JSON style.

Only a string that is one whole JSON object or array (blanks around it aside) is parsed: a JSON
fragment inside prose stays prose, and scalars (``"3"``, ``"true"``) stay strings. The scan parses at
most three levels of nesting (a string in a string in a string).
"""

from __future__ import annotations

from typing import Any

import orjson


def embedded_json(text: str) -> Any | None:
    """The JSON object or array a string holds (``'{"priority": "High"}'``), else ``None``.

    ``None`` also for invalid JSON and for a JSON scalar: the caller then scans the string as text.
    """
    s = text.strip()
    if len(s) < 2 or s[0] not in "{[" or s[-1] not in "}]":
        return None
    try:
        value = orjson.loads(s)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, (dict, list)) else None
