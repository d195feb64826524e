"""Backslash escapes written out as text: ``\\u0048``, ``\\U00000048``, ``\\x48``, ``\\n``, ``\\"``.

A projection's JSON is parsed before the scan, so these are escapes that survived parsing: a string
that *holds* ``\\u0048igh`` (serialised twice, or copied from source code, a log or a shell), which a
reader or a model decodes on sight. Code points beyond U+10FFFF are left as written; a surrogate pair
written as two ``\\u`` escapes decodes to its one character.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_ESCAPE_RE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|x([0-9a-fA-F]{2})|([nrt\"'\\/]))")
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "'": "'", "\\": "\\", "/": "/"}


@decoder("escape", order=30, marker=lambda t: "\\" in t)
def escapes(text: str) -> list[Replacement]:
    """Each escape as its character (a surrogate pair written as two ``\\u`` escapes joins).

    A code point past Unicode's range is left as written. A low surrogate joins only a high surrogate escape
    that ends exactly where it starts, and the pair becomes one replacement spanning both escapes; a lone
    surrogate stays a one-character replacement, so the text's length and offsets remain well defined.
    """
    out: list[Replacement] = []
    for mt in _ESCAPE_RE.finditer(text):
        hexd = mt.group(1) or mt.group(2) or mt.group(3)
        if hexd is None:
            out.append((mt.start(), mt.end(), _SIMPLE[mt.group(4)]))
            continue
        cp = int(hexd, 16)
        if cp > 0x10FFFF:
            continue
        if out and 0xDC00 <= cp <= 0xDFFF and out[-1][1] == mt.start() and len(out[-1][2]) == 1:
            hi = ord(out[-1][2])
            if 0xD800 <= hi <= 0xDBFF:
                a = out.pop()[0]
                out.append((a, mt.end(), chr(0x10000 + ((hi - 0xD800) << 10) + (cp - 0xDC00))))
                continue
        out.append((mt.start(), mt.end(), chr(cp)))
    return out
