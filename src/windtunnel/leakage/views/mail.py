"""Mail and calendar transfer forms: RFC 2047 encoded-words, quoted-printable, RFC 5322/5545 unfolding,
and the quote marks of a reply.

Support tools hand the model raw messages and calendar objects, whose transfer encodings hide words
from a plain search: ``=?utf-8?B?SGlnaA==?=`` in a subject, ``Hi=67h`` or a soft line break inside a
word in a quoted-printable body, an iCalendar line folded in the middle of a word, a phrase wrapped
inside a reply's quoted lines (``as Not`` / ``> Spam``). Each decoder replaces exactly the encoded
characters, so a hit maps back to them. An unknown charset is read as UTF-8, and quoted-printable bytes
that are not UTF-8 as Windows-1252, the usual mislabelled case.
"""

from __future__ import annotations

import binascii
import codecs
import re

from windtunnel.leakage.views.registry import Replacement, decoder

_WORD_RE = re.compile(r"=\?([A-Za-z0-9_.:-]{1,40})(?:\*[A-Za-z-]{1,20})?\?([BbQq])\?([^?\s]{0,900})\?=")
_BETWEEN_RE = re.compile(r"[ \t]*(?:\r?\n)?[ \t]+|[ \t]*")
_QP_RE = re.compile(r"(?:=[0-9A-Fa-f]{2})+|=\r?\n")
_QP_HEX_RE = re.compile(r"=([0-9A-Fa-f]{2})")
_FOLD_RE = re.compile(r"\r?\n[ \t]")


def _charset(name: str) -> str:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return "utf-8"


def _word(charset: str, enc: str, payload: str) -> str | None:
    try:
        if enc in "Bb":
            raw = binascii.a2b_base64(payload + "=" * (-len(payload) % 4))
        else:
            raw = _QP_HEX_RE.sub(lambda m: chr(int(m.group(1), 16)), payload.replace("_", " ")).encode("latin-1")
        return raw.decode(_charset(charset), errors="replace")
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None


@decoder("rfc2047", order=55, marker=lambda t: "=?" in t)
def encoded_words(text: str) -> list[Replacement]:
    """``=?UTF-8?B?SGlnaA==?=`` / ``=?utf-8?q?H=69gh?=`` as their text; the blank between two
    adjacent encoded-words is dropped, as RFC 2047 says a reader does."""
    out: list[Replacement] = []
    for mt in _WORD_RE.finditer(text):
        dec = _word(mt.group(1), mt.group(2), mt.group(3))
        if dec is None:
            continue
        if out and out[-1][1] <= mt.start():
            gap = text[out[-1][1] : mt.start()]
            if gap and _BETWEEN_RE.fullmatch(gap):
                out.append((out[-1][1], mt.start(), ""))
        out.append((mt.start(), mt.end(), dec))
    return out


@decoder("qp", order=60, marker=lambda t: "=" in t)
def quoted_printable(text: str) -> list[Replacement]:
    """Quoted-printable (RFC 2045): each run of ``=XX`` as the UTF-8 (else Windows-1252) text it
    encodes, and each soft line break (``=`` at a line end) removed."""
    out: list[Replacement] = []
    for mt in _QP_RE.finditer(text):
        raw = mt.group(0)
        if raw[1] in "\r\n":
            out.append((mt.start(), mt.end(), ""))
            continue
        data = bytes.fromhex(raw.replace("=", ""))
        try:
            dec = data.decode("utf-8")
        except UnicodeDecodeError:
            dec = data.decode("cp1252", errors="replace")
        out.append((mt.start(), mt.end(), dec))
    return out


@decoder("unfold", order=70, marker=lambda t: "\n" in t)
def unfold(text: str) -> list[Replacement]:
    """Folded lines joined: a line break followed by a space or tab is removed with that blank
    (RFC 5545 folds anywhere, even inside a word; RFC 5322 at a blank, which the views already see)."""
    return [(mt.start(), mt.end(), "") for mt in _FOLD_RE.finditer(text)]


# The quote prefix of a replied-to line at its start: ``>``, ``> >``, ``>>``, then a blank or the line's end
# (``>High`` glued, or a tag's ``>`` that closes a line ``<div\n>``, is no quote mark).
_REPLY_PREFIX_RE = re.compile(r"^>(?:[ \t]?>)*(?:[ \t]|(?=\r)|$)", re.MULTILINE)


@decoder(
    "reply_quotes",
    order=72,
    marker=lambda t: "\n>" in t,
    blob_marker=lambda b: b.find(b"\\n>") >= 0,
    blob_anchors=(b"\\n>",),
)
def reply_quotes(text: str) -> list[Replacement]:
    """A quoted reply read without its quote marks: the ``>`` / ``> >`` / ``>>`` and the blank after it
    that start a line are removed, so a phrase the mail client wrapped inside the quote (``classified as
    Not`` / ``> Spam``) reads as written before it was quoted; a Markdown blockquote and a shell's
    continuation prompt read the same way. The line breaks stay, so each quoted line is still a line."""
    return [(mt.start(), mt.end(), "") for mt in _REPLY_PREFIX_RE.finditer(text) if mt.end() > mt.start()]
