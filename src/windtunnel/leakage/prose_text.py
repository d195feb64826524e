"""Prose outside the named input read as its reader reads it: transfer encodings and character references decoded.

With ``--derive-from`` the prose outside the named input is mined (:func:`~windtunnel.leakage.candidates.prose_read`): a
notice, a letter, a bot's summary that one label's records carry. A mail client shows a quoted-printable letter with
its soft line breaks joined (``denied i=`` / ``n part`` reads ``denied in part``), its ``=C2=A7`` as ``§``, a subject's
``=?utf-8?q?...?=`` as its words, and a browser shows ``&#x69;`` as ``i``; the words a verdict is written in are the
decoded ones. :func:`prose_text` gives that reading with an offset map to the original characters (a
:class:`~windtunnel.leakage.text.Mapped`, built by the views' :func:`~windtunnel.leakage.views.pipeline.apply`), so a
finding there still points at what was written and the sanitizer removes it.

Quoted-printable is read only where the text is quoted-printable (:func:`qp_replacements`): it says so
(``Content-Transfer-Encoding: quoted-printable``), or, undeclared, it holds soft line breaks on lines as long as an
encoder writes them — two or more, or one beside an escape (``=3D``) — and every ``=`` of its body is an escape or a
soft break. The ``=`` of a mail header (``charset=``),
of a MIME boundary or part header and of a URL's query do not count; an escape's hex may be lower case. A shell line
``export FOO=`` or a base64 line's padding before a line break is no soft break. Nothing is cached: each call costs a
few passes over the text and its map lives as long as the caller keeps it (two integers a character).
"""

from __future__ import annotations

import email.header
import html
import re

from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views.pipeline import apply
from windtunnel.leakage.views.registry import Replacement

_DECLARED = re.compile(r"content-transfer-encoding:[ \t]*quoted-printable", re.IGNORECASE)
_HEADER_LINE = re.compile(r"[A-Za-z][A-Za-z0-9-]{0,75}:(?:[ \t]|$)")
"""A header field's line (``Content-Type: text/plain; charset=utf-8``)."""
_BOUNDARY = re.compile(r"--[^\s]{1,200}[ \t]*")
"""A MIME boundary line (``--b1``, ``--b1--``): the part headers follow it."""
_ESCAPES = re.compile(r"(?:=[0-9A-Fa-f]{2})+")
_URL = re.compile(r"(?:https?://|www\.)\S+|[?&][\w.\[\]-]{1,64}=[^\s&#]*")
"""A URL, or a query's ``?a=1`` / ``&b=2`` written without one: its ``=`` is no escape."""
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/]{8,}=*")
SOFT_LINE = 40
"""Undeclared, a line that ends in a soft break is this long at least: an encoder wraps near 76 characters, and a short
line ending in ``=`` is an assignment (``export FOO=``) continued on the next."""
UNDECLARED_SOFT = 2
"""Undeclared, a text is quoted-printable with this many soft breaks at least, or one with an escape (``=3D``): a
single ``=`` at the end of a line of ordinary text (``A=`` / ``B grade``) is no encoding."""
_WORD = re.compile(r"=\?[A-Za-z0-9_.:-]{1,40}(?:\*[A-Za-z-]{1,20})?\?[BbQq]\?[^?\s]{0,900}\?=")
_BETWEEN = re.compile(r"[ \t]*(?:\r?\n)?[ \t]+")
_REFERENCE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def _body_lines(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each line of ``text`` that is a body's, not a header's: the header block a text opens with
    (header lines and their continuations, up to a blank line or the first line that is neither), a MIME boundary line
    and the part header block after it are not; the rest is body."""
    out: list[tuple[int, int]] = []
    in_header = True
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        bare = line.rstrip("\r\n")
        if _BOUNDARY.fullmatch(bare):
            in_header = True
            continue
        if in_header:
            if bare and (_HEADER_LINE.match(bare) or (bare[:1] in " \t" and start > 0)):
                continue
            in_header = False
            if not bare.strip():
                continue
        out.append((start, start + len(bare)))
    return out


def qp_replacements(text: str) -> list[Replacement]:
    """The replacements reading ``text`` as quoted-printable (each soft break removed, each run of escapes as the text
    it encodes), or none where ``text`` is not quoted-printable (module docstring)."""
    if "=" not in text:
        return []
    declared = _DECLARED.search(text) is not None
    soft: list[Replacement] = []
    escapes: list[tuple[int, int]] = []
    for a, b in _body_lines(text):
        line = text[a:b]
        if "=" not in line:
            continue
        urls = [m.span() for m in _URL.finditer(line)]
        for m in re.finditer("=", line):
            p = m.start()
            if any(u <= p < v for u, v in urls):
                continue
            if not line[p + 1 :].strip(" \t") and b < len(text):  # a soft line break
                if not declared and (len(line) < SOFT_LINE or _BASE64_LINE.fullmatch(line.strip())):
                    return []
                end = b + (2 if text.startswith("\r\n", b) else 1)
                soft.append((a + p, end, ""))
            elif _ESCAPES.match(line, p) is not None:
                escapes.append((a + p, a + p + 3))
            elif not declared:
                return []
    if not declared and (not soft or (len(soft) < UNDECLARED_SOFT and not escapes)):  # one `=` at a line end: none
        return []
    out: list[Replacement] = []
    for run in _runs(soft, escapes):
        out.extend(_characters(text, run))
    return out


def _utf8_length(lead: int) -> int:
    """How many bytes the UTF-8 character opening with byte ``lead`` spans (0: no character opens with it)."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def _characters(text: str, run: list[tuple[int, int, bool]]) -> list[Replacement]:
    """One run's replacements: each character its escapes encode, replacing those escapes (and a soft break between
    them), each soft break outside a character removed. The bytes are read as UTF-8 character by character, a byte
    that opens none or whose character the next bytes do not complete as cp1252 (a stray ``=93`` after a valid
    ``=C3=A9`` is ``“``, and the ``é`` stays ``é``), so a finding points at the escapes of its own character."""
    data = [(int(text[a + 1 : b], 16), a, b) for a, b, escape in run if escape]
    breaks = [(a, b) for a, b, escape in run if not escape]
    chars: list[Replacement] = []
    k = 0
    while k < len(data):
        size = _utf8_length(data[k][0])
        piece = bytes(byte for byte, _a, _b in data[k : k + size])
        try:
            decoded = piece.decode("utf-8") if size and len(piece) == size else ""
        except UnicodeDecodeError:
            decoded = ""
        if not decoded:
            size, decoded = 1, bytes([data[k][0]]).decode("cp1252", errors="replace")
        chars.append((data[k][1], data[k + size - 1][2], decoded))
        k += size
    inside = [(a, b, "") for a, b in breaks if not any(s < a < e for s, e, _d in chars)]
    return sorted(chars + inside)


def _runs(soft: list[Replacement], escapes: list[tuple[int, int]]) -> list[list[tuple[int, int, bool]]]:
    """The soft breaks and escapes in text order, each next to the one before joined into a run, a soft break alone
    its own: a character's bytes are written as several escapes, and an encoder may wrap the line between two of them
    (``committee=E2=80=`` / ``=99s``), so its bytes are decoded together (``’``), never one line's apart (``â€™``).
    Each piece is ``(start, end, escape)``: ``escape`` False for a soft break."""
    pieces = sorted([(a, b, False) for a, b, _d in soft] + [(a, b, True) for a, b in escapes])
    out: list[list[tuple[int, int, bool]]] = []
    for piece in pieces:
        if out and out[-1][-1][1] == piece[0] and (piece[2] or out[-1][-1][2]):
            out[-1].append(piece)
        else:
            out.append([piece])
    return out


def word_replacements(text: str) -> list[Replacement]:
    """RFC 2047 encoded-words as their text (:func:`email.header.decode_header`), the blank between two adjacent ones
    dropped as a reader drops it; a word that does not decode stays as written."""
    if "=?" not in text:
        return []
    out: list[Replacement] = []
    for m in _WORD.finditer(text):
        try:
            ((raw, charset),) = email.header.decode_header(m.group(0))
            decoded = raw.decode(charset or "utf-8", errors="replace") if isinstance(raw, bytes) else raw
        except (LookupError, ValueError):
            continue
        if out and out[-1][1] < m.start() and _BETWEEN.fullmatch(text[out[-1][1] : m.start()]):
            out.append((out[-1][1], m.start(), ""))
        out.append((m.start(), m.end(), decoded))
    return out


def reference_replacements(text: str) -> list[Replacement]:
    """HTML/XML character references (``&#x69;``, ``&#105;``, ``&eacute;``) as the characters they name."""
    if "&" not in text:
        return []
    return [
        (m.start(), m.end(), d) for m in _REFERENCE.finditer(text) if (d := html.unescape(m.group(0))) != m.group(0)
    ]


def prose_text(value: str) -> Mapped | None:
    """``value`` as its reader reads it — quoted-printable decoded where it is (:func:`qp_replacements`), then its
    encoded-words and character references — mapped to the original characters, or None when nothing is decoded."""
    view = Mapped(value)
    for replacements in (qp_replacements, word_replacements, reference_replacements):
        reps = replacements(view.text)
        if reps:
            view = apply(view, reps)
    return None if view.text == value else view
