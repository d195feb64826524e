"""``orjson.dumps`` with non-string keys allowed, at the price of that option only when a key needs it.

Every stored row and report cell is serialised through here; agents' tool arguments and metadata may use integer
or other non-string keys, which plain ``orjson.dumps`` refuses."""

from __future__ import annotations

from typing import Any

import orjson

_NON_STR_KEYS = orjson.OPT_NON_STR_KEYS


def dumps(obj: Any, option: int = 0) -> bytes:
    """``orjson.dumps(obj, option=option | OPT_NON_STR_KEYS)``, byte for byte.

    ``OPT_NON_STR_KEYS`` sends every dict through orjson's slower path (~0.35 µs more for a 700-byte
    report cell); with string keys only (nearly always) the output is the same without it, so it is
    tried first. Raises ``TypeError`` (``orjson.JSONEncodeError``) as ``orjson.dumps`` does.
    """
    try:
        return orjson.dumps(obj, option=option)
    except TypeError:
        return orjson.dumps(obj, option=option | _NON_STR_KEYS)
