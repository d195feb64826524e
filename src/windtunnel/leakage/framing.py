"""Length-prefixed serialisations: a frame's payload is a whole value, and the payload before it names it.

Wire formats that write each string after its length (netstrings and bencode ``8:category,14:Account
Access,``, Redis RESP ``$6\\r\\nrating\\r\\n$1\\r\\n2\\r\\n``, PHP ``serialize`` ``s:8:"severity";s:4:"Sev4";``)
frame values without quotes or separators a key-value reader knows: the label is the whole payload of its
frame, and a field's name is the payload of the frame just before (a hash's field, a dict's key). A
payload counts only when the length written before it is its length in UTF-8 bytes, and so does the frame
before it: two consecutive frames whose lengths check out are a serialisation, not a time (``10:30``) or a
ratio in prose.
"""

from __future__ import annotations

import re

# The prefix that ends right before a payload: RESP's ``$<n>`` line, PHP's ``s:<n>:"``, a netstring's or
# bencode's ``<n>:``.
_PREFIX_BEFORE = re.compile(r'(?:\$(\d{1,6})\r?\n|s:(\d{1,6}):"|(?<![\d.:$])(\d{1,6}):)\Z')
_PREFIX = re.compile(r'\$(\d{1,6})\r?\n|s:(\d{1,6}):"|(?<![\d.:$])(\d{1,6}):')
# What may stand between a payload and the next frame's prefix: RESP's line break, PHP's ``";``, a
# netstring's ``,``, nothing (bencode).
_BETWEEN = re.compile(r'(?:\r?\n|";|,)?\Z')
_LOOK_BACK = 400


def _payload_end(text: str, start: int, n: int) -> int | None:
    """Where a payload of ``n`` UTF-8 bytes starting at ``start`` ends, or ``None`` if the text is shorter."""
    size = 0
    i = start
    while size < n and i < len(text):
        size += len(text[i].encode("utf-8", "surrogatepass"))
        i += 1
    return i if size == n else None


def _length(m: re.Match[str]) -> int:
    """The length a prefix match states."""
    return int(next(g for g in m.groups() if g is not None))


def framed_name(text: str, a: int, b: int) -> str | None:
    """The payload of the frame before the one whose whole payload is ``text[a:b]``, when both frames'
    lengths check out (see the module docstring); ``None`` otherwise."""
    before = _PREFIX_BEFORE.search(text, max(0, a - 12), a)
    if before is None or _payload_end(text, a, _length(before)) != b:
        return None
    sep = _BETWEEN.search(text, max(0, before.start() - 2), before.start())
    end = sep.start() if sep is not None else before.start()
    lo = max(0, end - _LOOK_BACK)
    for m in _PREFIX.finditer(text, lo, end):
        if _payload_end(text, m.end(), _length(m)) == end and m.end() < end:
            return text[m.end() : end]
    return None
