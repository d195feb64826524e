"""A PDF content stream read as the text it draws.

When a PDF's text layer cannot be extracted, a tool or a log may hold the page's content stream
itself; the text a reader sees is in its text-showing operators (ISO 32000-1, 9.4.3): a literal
string ``(Neutral) Tj`` (with escapes: ``\\116`` is ``N`` in octal, ``\\(``, ``\\n``), a hex string
``<4869> Tj``, an array with kerning between its pieces ``[(Neg)12(ative)] TJ``, and the ``'``
operator (next line, then show). A word split across pieces or operators, or written in
octal or hex, is not a token of the stream as written.

The view replaces each text-showing operation by the text it shows and the operators between two
of them by what they do to the line: nothing when the text goes on where it stopped (``Tf``, a
small kerning), a blank for a move along the line (``110 0 Td``, kerning of a fifth of an em or
more), a line break for a new line (``T*``, ``Td`` with a vertical move, ``ET`` … ``BT``). The
operators of the text object around them (``BT /F1 10 Tf 56 720 Td``, ``ET``) are deleted. Each
shown piece maps to its own operand, so a hit points at the characters that draw it.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

# A literal string (one level of balanced parentheses inside), a hex string, a number.
_LIT = r"\((?:[^()\\]|\\.|\\\n|\((?:[^()\\]|\\.)*\))*\)"
_HEX = r"<[0-9A-Fa-f \t\r\n]*>"
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?=[\s()<>\[\]/])"
_SHOW_RE = re.compile(
    rf"(?P<s>{_LIT}|{_HEX})\s*(?:Tj(?![A-Za-z])|')|(?P<a>\[(?:\s*(?:{_LIT}|{_HEX}|{_NUM}))*\s*\])\s*TJ(?![A-Za-z])"
)
_PIECE_RE = re.compile(rf"(?P<s>{_LIT}|{_HEX})|(?P<n>{_NUM})")
# What may stand between two operations of one text object: operands and operators, no strings.
_GAP_RE = re.compile(r"[^()<>\[\]]{0,256}")
_NEWLINE_OP_RE = re.compile(r"(?<![A-Za-z])(?:T\*|ET|BT|Tm)(?![A-Za-z])|\S+\s+(?P<ty>\S+)\s+T[dD](?![A-Za-z])")
_MOVE_OP_RE = re.compile(r"(?<![A-Za-z])T[dD](?![A-Za-z])")
_BT_BEFORE_RE = re.compile(r"(?<![A-Za-z])BT(?![A-Za-z])[^()<>\[\]]{0,256}\Z")
_ET_AFTER_RE = re.compile(r"[^()<>\[\]]{0,256}?(?<![A-Za-z])ET(?![A-Za-z])")
_OCTAL_RE = re.compile(r"\\([0-7]{1,3})|\\(\r\n|\n|\r)|\\(.)", re.DOTALL)
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}
_SPACE_KERN = 200
"""A kerning of at least this many thousandths of an em, moving the next piece right, is a word gap."""


def _literal(body: str) -> str:
    """The characters of a literal string's body, its escapes undone (ISO 32000-1, 7.3.4.2)."""

    def one(mt: re.Match[str]) -> str:
        if mt.group(1) is not None:
            return chr(int(mt.group(1), 8) & 0xFF)
        if mt.group(2) is not None:
            return ""
        ch = mt.group(3)
        return _ESCAPES.get(ch, ch)

    return _bytes_text(_OCTAL_RE.sub(one, body).encode("latin-1", "replace")) if "\\" in body else body


def _bytes_text(raw: bytes) -> str:
    """Bytes of a string: UTF-16BE after its byte order mark, else one character per byte."""
    if raw[:2] == b"\xfe\xff":
        return raw[2:].decode("utf-16-be", "replace")
    return raw.decode("latin-1")


def _string(token: str) -> str:
    """The text of a literal or hex string operand."""
    if token[0] == "(":
        return _literal(token[1:-1])
    digits = re.sub(r"\s", "", token[1:-1])
    if len(digits) % 2:
        digits += "0"
    return _bytes_text(bytes.fromhex(digits))


def _shown(mt: re.Match[str]) -> list[Replacement]:
    """The replacements of one text-showing operation: each piece as its text, what lies between
    pieces as nothing or a blank (kerning), the operator and brackets deleted."""
    if mt.group("a") is None:
        a, b = mt.span("s")
        return [(mt.start(), a, ""), (a, b, _string(mt.group("s"))), (b, mt.end(), "")]
    out: list[Replacement] = []
    pos = mt.start()
    arr_a, arr_b = mt.span("a")
    for piece in _PIECE_RE.finditer(mt.string, arr_a + 1, arr_b - 1):
        if piece.group("s") is not None:
            out.append((pos, piece.start(), ""))
            out.append((piece.start(), piece.end(), _string(piece.group("s"))))
            pos = piece.end()
        elif float(piece.group("n")) <= -_SPACE_KERN:
            out.append((pos, piece.end(), " "))
            pos = piece.end()
    out.append((pos, mt.end(), ""))
    return out


def _between(gap: str) -> str:
    """What the operators between two text-showing operations do to the line."""
    for mt in _NEWLINE_OP_RE.finditer(gap):
        ty = mt.group("ty")
        if ty is None:
            return "\n"
        try:
            if float(ty) != 0:
                return "\n"
        except ValueError:
            continue
    return " " if _MOVE_OP_RE.search(gap) else ""


def _marker(text: str) -> bool:
    """A text-showing operator's name (``'`` only shows text in a stream that has these)."""
    return "Tj" in text or "TJ" in text


@decoder("pdf_text", order=78, marker=_marker)
def pdf_text(text: str) -> list[Replacement]:
    """Each text-showing operation as the text it shows, the operators between two of them as a
    blank, a line break or nothing (see the module), ``BT``/``ET`` and the operators after ``BT``
    and before ``ET`` deleted."""
    shows = list(_SHOW_RE.finditer(text))
    if not shows:
        return []
    out: list[Replacement] = []
    prev_end = -1
    for mt in shows:
        start = mt.start()
        if prev_end >= 0 and _GAP_RE.fullmatch(text, prev_end, start):
            out.append((prev_end, start, _between(text[prev_end:start])))
        else:
            if prev_end >= 0:
                _close(text, prev_end, out)
            bt = _BT_BEFORE_RE.search(text, max(0, start - 260), start)
            if bt is not None and (not out or bt.start() >= out[-1][1]):
                out.append((bt.start(), start, ""))
        out.extend(r for r in _shown(mt) if r[0] < r[1])
        prev_end = mt.end()
    _close(text, prev_end, out)
    return [r for r in out if r[0] < r[1]]


def _close(text: str, end: int, out: list[Replacement]) -> None:
    """Delete the operators after the last operation of a text object, up to its ``ET``."""
    et = _ET_AFTER_RE.match(text, end)
    if et is not None:
        out.append((end, et.end(), ""))
