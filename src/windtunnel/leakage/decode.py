"""Decoded views: HTML entities, URL percent-encoding, ``\\u`` escapes, base64 and JSON inside strings.

Each decoder keeps the offset map of :class:`~windtunnel.leakage.text.Mapped`, so a hit in the
decoded text points at the encoded characters of the original string (an entity, an escape, a whole
base64 blob) and the sanitizer can remove exactly those.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
import sys
from typing import Any

import orjson

from windtunnel.leakage.text import Mapped

_ENTITY_RE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_PERCENT_RE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_UESCAPE_RE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\x([0-9a-fA-F]{2})")
# A run of base64 characters (standard or URL-safe) with optional padding, not glued to more of them.
# The look-ahead skips runs of plain lowercase letters cheaply: valid base64 of text almost always
# holds an uppercase letter, a digit, '+', '/', '-', '_' or padding.
_B64_RE = re.compile(r"(?<![A-Za-z0-9+/=_-])(?=[a-z]{0,256}[0-9+/=_A-Z-])[A-Za-z0-9+/_-]{2,}={0,2}(?![A-Za-z0-9+/=_-])")


def _entity(mt: re.Match[str]) -> str | None:
    raw = mt.group(0)
    out = html.unescape(raw)
    return None if out == raw else out


def _percent(mt: re.Match[str]) -> str | None:
    raw = mt.group(0)
    try:
        return bytes.fromhex(raw.replace("%", "")).decode("utf-8")
    except UnicodeDecodeError:
        return None


def _uescape(mt: re.Match[str]) -> str | None:
    hexd = mt.group(1) or mt.group(2) or mt.group(3)
    try:
        return chr(int(hexd, 16))
    except (ValueError, OverflowError):
        return None


_DECODERS = (
    ("html", "&", _ENTITY_RE, _entity),
    ("url", "%", _PERCENT_RE, _percent),
    ("escape", "\\", _UESCAPE_RE, _uescape),
)


def decoded_views(m: Mapped) -> list[tuple[str, Mapped]]:
    """``[(view name, decoded text)]`` for each escape family present in ``m.text``."""
    out: list[tuple[str, Mapped]] = []
    for name, marker, rx, fn in _DECODERS:
        text = m.text
        if marker not in text:
            continue
        pieces: list[tuple[str, int, int]] = []
        pos = 0
        changed = False
        for mt in rx.finditer(text):
            rep = fn(mt)
            if rep is None:
                continue
            a, b = mt.span()
            pieces.extend((text[i], i, i + 1) for i in range(pos, a))
            pieces.append((rep, a, b))
            pos = b
            changed = True
        if changed:
            pieces.extend((text[i], i, i + 1) for i in range(pos, len(text)))
            out.append((f"decoded:{name}", m.compose(pieces)))
    return out


def _printable(s: str) -> bool:
    if not s:
        return False
    bad = sum(1 for ch in s if not ch.isprintable() and ch not in "\n\r\t")
    return bad == 0 and any(ch.isalnum() for ch in s)


_URLSAFE = bytes.maketrans(b"-_", b"+/")


def _strict_b64decode(blob: str) -> bytes:
    """``base64.b64decode(blob, validate=True)``."""
    if sys.version_info >= (3, 11):
        return binascii.a2b_base64(blob, strict_mode=True)
    return base64.b64decode(blob, validate=True)  # pragma: no cover - Python 3.10


def decodable_length(n: int) -> bool:
    """Whether a base64 run of ``n`` characters can decode: padded runs are a multiple of 4 long, an
    unpadded one (base64url, JWT) is 2 or 3 characters past a multiple of 4; 1 past never decodes."""
    return n % 4 != 1


def _b64_text(blob: str) -> str | None:
    if blob.islower() and blob.isalpha():
        # Plain lowercase words are practically never base64 of text; skip the decode attempt.
        return None
    if not decodable_length(len(blob)):
        return None
    blob += "=" * (-len(blob) % 4)
    try:
        # What base64.urlsafe_b64decode and b64decode(validate=True) do, without their Python layers
        # (this runs once for every distinct id-like run of a dataset).
        if "-" in blob or "_" in blob:
            raw = binascii.a2b_base64(blob.encode("ascii").translate(_URLSAFE))
        else:
            raw = _strict_b64decode(blob)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    return decoded if _printable(decoded) else None


def _b64_candidates(text: str, min_len: int) -> list[tuple[int, int, str]]:
    """``(start, end, decoded text)`` of each base64 blob in ``text``.

    A run that does not decode whole may be a path around a blob (``Support/QWFh``: '/' is also a
    base64 character), so what follows and what precedes each '/' is tried too.
    """
    out: list[tuple[int, int, str]] = []
    for mt in _B64_RE.finditer(text):
        a, b = mt.span()
        blob = mt.group(0)
        if b - a < min_len:
            continue
        decoded = _b64_text(blob)
        if decoded is not None:
            out.append((a, b, decoded))
            continue
        for i, ch in enumerate(blob):
            if ch != "/":
                continue
            for pa, pb in ((i + 1, len(blob)), (0, i)):
                part = blob[pa:pb]
                if len(part) >= min_len:
                    dec = _b64_text(part)
                    if dec is not None:
                        out.append((a + pa, a + pb, dec))
    return out


def base64_views(m: Mapped, *, min_len: int = 4) -> list[tuple[str, Mapped]]:
    """Each base64 (standard or URL-safe) blob that decodes to printable UTF-8 text.

    Every decoded character maps to the whole blob: a hit removes the blob.
    """
    text = m.text
    out: list[tuple[str, Mapped]] = []
    for a, b, decoded in _b64_candidates(text, min_len):
        pieces = [(text[i], i, i + 1) for i in range(a)]
        pieces.append((decoded, a, b))
        pieces.extend((text[i], i, i + 1) for i in range(b, len(text)))
        out.append(("decoded:base64", m.compose(pieces)))
    return out


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
