"""Binary-to-text blocks with a header line: uuencode, xxencode, yEnc and btoa.

Each format frames its body with literal lines (``begin 644 name`` … ``end``; ``=ybegin`` … ``=yend``;
``xbtoa Begin`` … ``xbtoa End``), so a block is found by its header and decoded whole; the block maps
to its decoded text, so a finding points at the block and the sanitizer removes it. Only a body that
gives printable text with a letter (UTF-8, else UTF-16/32 or EBCDIC) becomes a view.
"""

from __future__ import annotations

import base64
import binascii
import re

from windtunnel.leakage.views.charsets import bytes_text, printable
from windtunnel.leakage.views.registry import Replacement, decoder, leftmost

_BEGIN_RE = re.compile(
    r"(?m)(?<!\S)begin(?:-base64)? [0-7]{3,4} [^\n]{0,255}\r?\n((?:[^\n]{0,100}\r?\n){1,2048}?)end\s*$"
)
_XX = "+-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_XX_TO_UU = str.maketrans(_XX, "".join(chr(32 + i) for i in range(64)))
_YENC_RE = re.compile(r"(?ms)(?<!\S)=ybegin [^\n]*\n(.{0,65536}?)\r?\n=yend[^\n]*$")
_BTOA_RE = re.compile(r"(?ms)(?<!\S)xbtoa Begin\r?\n(.{0,65536}?)\r?\nxbtoa End[^\n]*$")


# A block's header in serialised JSON, led by the literal ``egin`` (``begin 644 ``, ``begin-base64``,
# ``=ybegin``, ``xbtoa Begin``): the word ``begin`` in prose is no header.
_HEADER_BLOB_RE = re.compile(rb"egin(?:(?<=ybegin)|(?<=begin)(?: [0-7]{3,4} |-base64)|(?<=xbtoa Begin))")


def _text(raw: bytes) -> str | None:
    """Printable text with a letter that ``raw`` holds, else ``None``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return bytes_text(raw)
    return text if printable(text) and any(ch.isalpha() for ch in text) else None


def _uu_body(lines: list[str], xx: bool) -> bytes | None:
    """The bytes of uuencoded (or xxencoded) lines, each led by its length character."""
    out = bytearray()
    for line in lines:
        line = line.rstrip("\r")
        if not line:
            continue
        if xx:
            line = line.translate(_XX_TO_UU)
        try:
            out += binascii.a2b_uu(line)
        except binascii.Error:
            return None
    return bytes(out)


@decoder(
    "binary_blocks",
    order=48,
    marker=lambda t: "begin " in t or "=ybegin" in t or "xbtoa Begin" in t or "begin-base64" in t,
    blob_marker=lambda b: b.find(b"egin") >= 0 and _HEADER_BLOB_RE.search(b) is not None,  # a find is cheaper
    blob_anchors=(b"egin",),
)
def binary_blocks(text: str) -> list[Replacement]:
    """Each uuencode (``begin 644 …``, the body read as uuencode, else xxencode, else base64 for
    ``begin-base64``), yEnc and btoa block as the text its body holds."""
    found: list[Replacement] = []
    for mt in _BEGIN_RE.finditer(text):
        lines = mt.group(1).split("\n")
        if mt.group(0).startswith("begin-base64"):
            try:
                raw: bytes | None = base64.b64decode("".join(lines).replace("=", "") + "==")
            except (binascii.Error, ValueError):
                raw = None
        else:
            raw = _uu_body(lines, xx=False)
            dec = _text(raw) if raw else None
            if dec is None:
                raw = _uu_body(lines, xx=True)
        dec = _text(raw) if raw else None
        if dec is not None:
            found.append((mt.start(), mt.end(), dec))
    for mt in _YENC_RE.finditer(text):
        body = mt.group(1).replace("\r", "").replace("\n", "")
        out = bytearray()
        i = 0
        while i < len(body):
            c = ord(body[i])
            if body[i] == "=" and i + 1 < len(body):
                i += 1
                c = (ord(body[i]) - 64) % 256
            if c > 255:
                out = bytearray()
                break
            out.append((c - 42) % 256)
            i += 1
        dec = _text(bytes(out)) if out else None
        if dec is not None:
            found.append((mt.start(), mt.end(), dec))
    for mt in _BTOA_RE.finditer(text):
        try:
            raw2 = base64.a85decode(mt.group(1).replace("\n", "").replace("\r", ""), foldspaces=True)
        except ValueError:
            continue
        dec = _text(raw2)
        if dec is not None:
            found.append((mt.start(), mt.end(), dec))
    return leftmost(found)
