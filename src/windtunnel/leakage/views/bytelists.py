"""A list of byte values written as numbers, read as the UTF-8 text the bytes hold.

Logs and debuggers print a byte buffer as its values: a Kafka header ``value = [78, 101, 117]``,
Node's ``Buffer`` as JSON (``{"type": "Buffer", "data": [84, 105, 101, 114]}``), Java's
``Arrays.toString``, a Rust ``[72, 105]``. A reader who sees ``[89, 101, 115]`` under a header name
decodes it at a glance; a token search never does. A list in square brackets of two or more
integers 0–255 (decimal or ``0x`` hex, separated by commas or, as Go prints them, blanks) becomes its
text when the bytes
are printable UTF-8 with a letter or digit in it (:func:`~windtunnel.leakage.views.binary.printable`):
coordinates, versions and counts rarely are. The text maps to the whole list.

The same list held as JSON structure (a list of integers rather than a string) is read by
:func:`byte_list_text`, which the scan's walk uses for a list value.
"""

from __future__ import annotations

import re
from typing import Any

from windtunnel.leakage.views.charsets import bytes_text, printable
from windtunnel.leakage.views.registry import Replacement, decoder

_BYTE = r"(?:0[xX][0-9A-Fa-f]{1,2}|\d{1,3})"
_SEP = r"[ \t]*,[ \t]*|[ \t]+"
_LIST_RE = re.compile(rf"\[[ \t]*({_BYTE}(?:(?:{_SEP}){_BYTE}){{1,4096}})[ \t]*,?[ \t]*\]")
_SEP_RE = re.compile(_SEP)
MIN_BYTES = 2
"""Values a list must hold (one number in brackets is a footnote or an index)."""


def _text(values: list[int]) -> str | None:
    """The UTF-8 text of byte values, when it is printable text with a letter or digit."""
    if len(values) < MIN_BYTES or any(v > 255 for v in values):
        return None
    raw = bytes(values)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return bytes_text(raw)
    return text if printable(text) else bytes_text(raw) if "\x00" in text else None


def _marker(text: str) -> bool:
    """An opening square bracket."""
    return "[" in text


@decoder("byte_list", order=45, marker=_marker)
def byte_list(text: str) -> list[Replacement]:
    """Each bracketed list of byte values that holds printable UTF-8 text, as that text."""
    out: list[Replacement] = []
    for mt in _LIST_RE.finditer(text):
        values = [int(v, 0) if v[:2] in ("0x", "0X") else int(v) for v in _SEP_RE.split(mt.group(1))]
        decoded = _text(values)
        if decoded is not None:
            out.append((mt.start(), mt.end(), decoded))
    return out


def byte_list_text(value: list[Any]) -> str | None:
    """The text a JSON list of byte values holds (``[89, 101, 115]`` → ``Yes``), else ``None``.

    Only a list of two or more integers (not booleans), each 0–255, whose bytes are printable UTF-8
    with a letter or digit; the first element that is not such an integer ends the check."""
    if len(value) < MIN_BYTES or len(value) > 65536:
        return None
    for v in value:
        if type(v) is not int or not 0 <= v <= 255:
            return None
    return _text(value)
