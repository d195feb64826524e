"""Agent output is untrusted text: make it storable as JSON whatever it holds.

A JSON string may legally carry a lone UTF-16 surrogate (``"\\ud800"``, e.g. an emoji cut in half by a
JavaScript or Java service); Python decodes it into a ``str`` that UTF-8 cannot encode, so the run
store, every report writer and orjson would fail on it. :func:`json_safe` leaves a value alone when it
serialises, and otherwise writes each such character as its escape (``\\ud800``), visibly.
"""

from __future__ import annotations

from typing import Any

import orjson


def json_safe(value: Any) -> Any:
    """``value`` itself when orjson can serialise it, else a copy with unencodable strings escaped."""
    try:
        orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return _scrub(value)
    return value


def safe_text(text: str) -> str:
    """``text`` with every character UTF-8 cannot encode (a lone surrogate) written as its escape."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(v) for v in value]
    return value
