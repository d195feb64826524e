"""Text in another character set: bytes that are not UTF-8, and text decoded with the wrong codec.

Two ways a label's letters stay readable to a person or a model but not to a search:

* **bytes in another encoding** shown as hex, a byte list or base64: UTF-16 and UTF-32 (either byte
  order, with or without a byte-order mark: Windows, Java and PowerShell's ``-EncodedCommand``) and
  EBCDIC (IBM code pages 037/500/1140: mainframe records). :func:`bytes_text` reads them; the hex,
  byte-list and base64 decoders call it when the bytes are not UTF-8 text;
* **mojibake** (``mojibake``): UTF-8 read as Windows-1252 or Latin-1 (``RÃ©solu`` for ``Résolu``),
  once or more (the pipeline decodes a view again, so double encoding unwinds in two steps);
* **UTF-7** (``utf7``, RFC 2152): ``+AEgAaQBnAGg-`` is base64 of UTF-16 between ``+`` and ``-``;
* **punycode** (``punycode``, RFC 3492): an IDNA label ``xn--…`` read as the Unicode it encodes.

Bytes are read in another encoding only when their shape says so (zero bytes at every other or every
fourth position, a byte-order mark, or six bytes or more all read by EBCDIC as letters (accented too), digits,
blanks or ASCII punctuation, three in five of them letters a-z) and the
text that comes out is printable with a letter: a hash or an id never becomes a view.
"""

from __future__ import annotations

import base64
import binascii
import re

from windtunnel.leakage.views.registry import Replacement, decoder, leftmost


def printable(s: str) -> bool:
    """Text a reader would see as text: no control characters, and a letter or digit."""
    if not s:
        return False
    # Character loops only for what the C checks leave open: a text with a line break or a tab.
    if not s.isprintable() and any(not ch.isprintable() and ch not in "\n\r\t" for ch in s):
        return False
    return _ALNUM_RE.search(s) is not None


_ALNUM_RE = re.compile(r"[^\W_]")
"""A character for which ``str.isalnum`` holds (a word character that is not ``_``)."""

_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
# The bytes EBCDIC (code page 037) reads as text: a letter (accented ones too: ``é`` is 0x51), a digit, the blank,
# a line feed or ASCII punctuation (the braces, quotes and colon of JSON, brackets, parentheses ...). Derived from
# the code page itself, not listed by hand: a record or a JSON document written in EBCDIC reads whole.
_EBCDIC_TEXT = bytes(
    b
    for b in range(256)
    if (ch := bytes([b]).decode("cp037")).isalpha()
    or (ch.isascii() and (ch.isdigit() or ch in " \n!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"))
)


def _wide(raw: bytes) -> str | None:
    """``raw`` as UTF-16 or UTF-32 when its zero bytes sit where those encodings put them for text.

    A byte order mark decides alone. Without one, UTF-32 needs the three high bytes of every code unit to
    be zero (text in the Latin-1 range), and UTF-16 needs the high byte of three code units in four to be
    zero, which lets some characters outside Latin-1 through while rejecting ordinary binary data. Little
    endian is tried first. ``None`` when the pattern does not fit or the bytes do not decode (a lone
    surrogate), so the caller tries the next charset.
    """
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            try:
                return raw[len(bom) :].decode(codec)
            except UnicodeDecodeError:
                return None
    n = len(raw)
    if n >= 8 and n % 4 == 0:
        if raw[1::4].count(0) == raw[2::4].count(0) == raw[3::4].count(0) == n // 4:
            codec = "utf-32-le"
        elif raw[0::4].count(0) == raw[1::4].count(0) == raw[2::4].count(0) == n // 4:
            codec = "utf-32-be"
        else:
            codec = ""
        if codec:
            try:
                return raw.decode(codec)
            except UnicodeDecodeError:
                return None
    if n >= 4 and n % 2 == 0:
        half = n // 2
        codec = (
            "utf-16-le"
            if raw[1::2].count(0) * 4 >= half * 3
            else "utf-16-be"
            if raw[0::2].count(0) * 4 >= half * 3
            else ""
        )
        if codec:
            try:
                return raw.decode(codec)
            except UnicodeDecodeError:
                return None
    return None


def bytes_text(raw: bytes) -> str | None:
    """The printable text (with a letter) that bytes which are not UTF-8 text hold in UTF-16, UTF-32 or
    EBCDIC, else ``None`` (see the module)."""
    n = len(raw)
    if n < 3:
        return None
    text = None
    # (C-level counts first: this runs for every base64 or hex run whose bytes are not UTF-8 text)
    if raw.count(0) * 4 >= n or raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = _wide(raw)
    elif n >= 6 and not raw.translate(None, _EBCDIC_TEXT):
        text = raw.decode("cp037")
        if sum("a" <= ch <= "z" or "A" <= ch <= "Z" for ch in text) * 5 < len(text) * 3:
            return None  # EBCDIC text is mostly letters a-z; a run of other bytes in its ranges is not text
    if text is None or not printable(text) or not any(ch.isalpha() for ch in text):
        return None
    return text


# A run of what UTF-8 looks like read as Windows-1252 or Latin-1: a lead byte's character (Â-ô), then
# one to three continuation bytes' characters (0x80-0xBF as cp1252 or Latin-1 shows them).
_CONT = "\u0080-\u00bf" + "".join(
    bytes([b]).decode("cp1252") for b in range(0x80, 0xA0) if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
)
_MOJIBAKE_RE = re.compile(f"(?:[\u00c2-\u00f4][{_CONT}]{{1,3}})+")


def _unmangle(run: str) -> str | None:
    """``run`` encoded back to the bytes it was read from (Windows-1252, else Latin-1) and read as UTF-8."""
    for codec in ("cp1252", "latin-1"):
        try:
            return run.encode(codec).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    return None


@decoder("mojibake", order=19, marker=lambda t: not t.isascii() and _MOJIBAKE_RE.search(t) is not None)
def mojibake(text: str) -> list[Replacement]:
    """Each run of UTF-8 read with the wrong codec, read right (``Ã©`` → ``é``); a run that does not
    give valid UTF-8 back is left as written."""
    out: list[Replacement] = []
    for mt in _MOJIBAKE_RE.finditer(text):
        fixed = _unmangle(mt.group(0))
        if fixed is not None and fixed != mt.group(0):
            out.append((mt.start(), mt.end(), fixed))
    return out


_UTF7_RE = re.compile(r"\+([A-Za-z0-9+/]{3,})-?")
_UTF7_BLOB_RE = re.compile(rb"\+[A-Za-z0-9/][A-Za-z0-9+/]{2}")


@decoder(
    "utf7",
    order=41,
    marker=lambda t: "+" in t and _UTF7_RE.search(t) is not None,
    blob_marker=lambda b: b.find(b"+") >= 0 and _UTF7_BLOB_RE.search(b) is not None,
)
def utf7(text: str) -> list[Replacement]:
    """Each UTF-7 shifted run (``+`` base64 of UTF-16BE ``-``) that gives printable text with a letter.

    A run shorter than two bytes decoded is skipped, and an odd trailing byte dropped. Requiring printable
    text with a letter keeps most ordinary text after a plus sign from being read as UTF-7 noise; a run
    that is not valid base64 or UTF-16 is left as written.
    """
    out: list[Replacement] = []
    for mt in _UTF7_RE.finditer(text):
        body = mt.group(1)
        if len(body) * 6 // 8 < 2:
            continue
        try:
            raw = base64.b64decode(body + "=" * (-len(body) % 4))
            raw = raw[: len(raw) - len(raw) % 2]
            dec = raw.decode("utf-16-be")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            continue
        if printable(dec) and any(ch.isalpha() for ch in dec):
            out.append((mt.start(), mt.end(), dec))
    return out


_PUNY_BLOB_RE = re.compile(rb"-(?<=[nN]--)")  # led by the literal '-'
_PUNY_RE = re.compile(r"(?<![A-Za-z0-9-])(?:xn|XN)--([A-Za-z0-9-]{1,59})")


@decoder(
    "punycode",
    order=42,
    marker=lambda t: "xn--" in t or "XN--" in t,
    blob_marker=lambda b: _PUNY_BLOB_RE.search(b) is not None,
    blob_anchors=(b"n--",),
)
def punycode(text: str) -> list[Replacement]:
    """Each IDNA label ``xn--…`` as the Unicode text it encodes (RFC 3492)."""
    out: list[Replacement] = []
    for mt in _PUNY_RE.finditer(text):
        try:
            dec = mt.group(1).lower().encode("ascii").decode("punycode")
        except (UnicodeError, ValueError):
            continue
        if dec and printable(dec):
            out.append((mt.start(), mt.end(), dec))
    return out


# UTF-16 text read as Latin-1 or Windows-1252 (a byte-order mark as ``ÿþ`` or ``þÿ``, then each
# character and a NUL): four characters at least.
_WIDE_LE_RE = re.compile("(?:\u00ff\u00fe)?(?:[\x01-\u00ff]\x00){4,}")
_WIDE_BE_RE = re.compile("(?:\u00fe\u00ff)?(?:\x00[\x01-\u00ff]){4,}")


@decoder(
    "wide_text",
    order=21,
    marker=lambda t: "\x00" in t,
    blob_marker=lambda b: b.find(b"\\") >= 0 and b.find(b"\\u0000") >= 0,
)
def wide_text(text: str) -> list[Replacement]:
    """Each run of UTF-16 text read one byte per character (``W\\x00i\\x00n\\x00``, often after
    ``ÿþ``): the NULs between the characters show the encoding, and the run reads as UTF-16."""
    found: list[Replacement] = []
    for rx, codec in ((_WIDE_LE_RE, "utf-16-le"), (_WIDE_BE_RE, "utf-16-be")):
        for mt in rx.finditer(text):
            run = mt.group(0)
            body = run[2:] if run[:2] in ("\u00ff\u00fe", "\u00fe\u00ff") else run
            try:
                dec = body.encode("latin-1").decode(codec)
            except (UnicodeEncodeError, UnicodeDecodeError):
                continue
            if printable(dec):
                found.append((mt.start(), mt.end(), dec))
    return leftmost(found)
