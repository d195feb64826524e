"""Agent output is untrusted JSON: read it with a depth bound, and make it storable whatever it holds.

**Depth.** JSON nested deeper than :data:`MAX_DEPTH` levels is refused where it is read (:func:`loads`
raises :class:`JsonTooDeep`, a ``ValueError``, so every ``except ValueError`` treats it as "not JSON")
and clipped where a Python value is stored (:func:`json_safe`). Python's own ``json`` decoder raises
``RecursionError`` past ~1,000 levels (3 KB of ``[``), orjson refuses more than 254 when writing, and
every recursive walker (redaction, output extraction, reports) would crash on such a value: bounding
it here, once, keeps one hostile answer a failed cell rather than a crashed run.

**Text.** A JSON string may legally carry a lone UTF-16 surrogate (``"\\ud800"``, e.g. an emoji cut in
half by a JavaScript or Java service); Python decodes it into a ``str`` that UTF-8 cannot encode, so the
run store, every report writer and orjson would fail on it. :func:`json_safe` writes each such character
as its escape (``\\ud800``), visibly.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

from windtunnel._util.lazyre import lazy

MAX_DEPTH = 128
"""The deepest nesting of arrays and objects read from or stored for an untrusted source."""
TOO_DEEP = f"<nested deeper than {MAX_DEPTH} levels: not kept>"
"""What stands for a value clipped by :func:`json_safe`."""

_ESCAPED = lazy(rb"\\.", re.DOTALL)
_STRING = lazy(rb'"[^"]*"')
_LONG_DIGITS = lazy(rb"[0-9]{19}")
_LONG_DIGITS_S = lazy("[0-9]{19}")
_NOT_BRACKET = bytes(c for c in range(256) if c not in b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")


class JsonTooDeep(ValueError):
    """A JSON text nested deeper than :data:`MAX_DEPTH`: refused before it is parsed."""

    def __init__(self, depth: int) -> None:
        """``depth``: how deep the refused text nests (at least; the scan stops counting past the limit)."""
        self.depth = depth
        super().__init__(f"JSON nested deeper than {MAX_DEPTH} levels (at least {depth:,}): refused as not JSON")


def json_depth(data: str | bytes | bytearray, limit: int = MAX_DEPTH) -> int:
    """How deep ``data``'s arrays and objects nest (brackets inside strings do not count), exactly up to
    ``limit`` and at least ``limit + 1`` beyond it; a text with at most ``limit`` opening brackets is not
    scanned (their count is returned). The scan runs in C: strings are cut out, the brackets kept, and each
    pass removes one level of empty pairs, so a wide answer costs a few passes and a deep one ``limit``."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    opens = raw.count(b"[") + raw.count(b"{")
    if opens <= limit:
        return opens
    shape = _STRING.sub(b"", _ESCAPED.sub(b"", raw)).translate(_SQUARE, _NOT_BRACKET)
    depth = 0
    while shape and depth <= limit:
        inner = shape.replace(b"[]", b"")
        if len(inner) == len(shape):  # unbalanced: what is left open counts (json.loads would recurse into it)
            return depth + shape.count(b"[")
        shape, depth = inner, depth + 1
    return depth


def loads(data: str | bytes | bytearray) -> Any:
    """``json.loads(data)``, refusing (:class:`JsonTooDeep`) a text nested deeper than :data:`MAX_DEPTH`.

    Parsed by orjson (in C) when it can; whatever orjson refuses that ``json`` reads (``NaN``, a lone
    surrogate escape, UTF-16 bytes) is read by ``json``, and so is a text with a run of 19 digits (orjson reads
    an integer past 64 bits as a float): the value is the one ``json`` gives."""
    opens = data.count("[") + data.count("{") if isinstance(data, str) else data.count(b"[") + data.count(b"{")
    if opens > MAX_DEPTH:  # the exact depth only when the brackets could be that deep (json_depth)
        depth = json_depth(data)
        if depth > MAX_DEPTH:
            raise JsonTooDeep(depth)
    long_int = _LONG_DIGITS_S.search(data) if isinstance(data, str) else _LONG_DIGITS.search(data)
    if long_int is None:  # orjson reads an integer past 64 bits as a float: those go to json
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data)


def loads_clipped(data: str | bytes | bytearray) -> Any:
    """A document windtunnel wrote, or may have (a report file, a CI artifact), parsed with every part nested
    deeper than :data:`MAX_DEPTH` clipped (:func:`clip_depth`) rather than refused; past orjson's own bound of
    1,024 levels it is a ``ValueError``, as any text that is not JSON."""
    value = orjson.loads(data)
    return clip_depth(value) if json_depth(data) > MAX_DEPTH else value


def json_safe(value: Any) -> Any:
    """``value`` itself when orjson can serialise it, else a copy with unencodable strings escaped and any
    part nested deeper than :data:`MAX_DEPTH` replaced by :data:`TOO_DEEP`."""
    try:
        orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return _scrub(value, 0)
    return value


_PLAIN = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _not_plain(value: Any) -> Any:
    """orjson's ``default``: anything that is not plain JSON makes :func:`plain_json` step aside."""
    raise TypeError(type(value).__name__)


def plain_json(value: Any) -> bytes | None:
    """Compact JSON bytes of ``value`` when it is plain JSON data (dict with ``str`` keys, list, tuple, ``str``
    UTF-8 can encode, int of 64 bits, float, bool, ``None``; NaN becomes ``null``) and surely no deeper than
    :data:`MAX_DEPTH`; ``None`` for anything else, which the caller then serialises the careful way. One
    pass in C: the cheap path for the call log, which copies every request and answer."""
    try:
        data = orjson.dumps(value, default=_not_plain, option=_PLAIN)
    except TypeError:
        return None
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH:  # an upper bound of the depth (brackets in strings count)
        return None
    return data


def clip_depth(value: Any) -> Any:
    """``value`` with every part nested deeper than :data:`MAX_DEPTH` replaced by :data:`TOO_DEEP` (a
    copy only where something was clipped or escaped; never recurses past the limit)."""
    return _scrub(value, 0)


def safe_text(text: str) -> str:
    """``text`` with every character UTF-8 cannot encode (a lone surrogate) written as its escape."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _scrub(value: Any, depth: int) -> Any:
    """A copy of ``value`` with unencodable strings escaped and parts past :data:`MAX_DEPTH` replaced, built without
    recursing further than the limit (so it cannot itself overflow the stack)."""
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, (dict, list, tuple)):
        if depth >= MAX_DEPTH:
            return TOO_DEEP
        if isinstance(value, dict):
            return {_scrub(k, depth): _scrub(v, depth + 1) for k, v in value.items()}
        return [_scrub(v, depth + 1) for v in value]
    return value
