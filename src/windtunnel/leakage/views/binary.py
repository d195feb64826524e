"""Binary-to-text encodings: base64 (standard and URL-safe, padded or not), base32, hex and ASCII85.

A run is decoded only when it gives printable UTF-8 text with a letter or digit in it: the bytes of an
id or a hash never become a view. A base64 run that holds a gzip or zlib stream is inflated first
(bounded). Every decoded character maps to the whole run, so a hit removes it.
"""

from __future__ import annotations

import base64
import binascii
import re
import sys
import zlib

from windtunnel.leakage.views.charsets import bytes_text, printable
from windtunnel.leakage.views.registry import Replacement, decoder, leftmost

__all__ = ["b64_text", "bytes_text", "printable"]

# A run of base64 characters (standard or URL-safe) with optional padding, not glued to more of them; or the
# value of a name=value pair (a query parameter, `ctx=eyJ…`: padding only ends a run, so '=' after a name's last
# character is the pair's). The look-ahead skips runs of plain lowercase letters cheaply: valid base64 of text
# almost always holds an uppercase letter, a digit, '+', '/', '-', '_' or padding.
_B64_RE = re.compile(
    r"(?:(?<![A-Za-z0-9+/=_-])|(?<=[A-Za-z0-9_]=))(?=[a-z]{0,256}[0-9+/=_A-Z-])[A-Za-z0-9+/_-]{2,}={0,2}"
    r"(?![A-Za-z0-9+/=_-])"
)
# A hex or base32 run is decoded only when it is a whole run of base64 characters (not glued to other
# letters, digits, '+', '/', '-', '_' or '='): the scan's pre-check then finds it with the base64 runs.
_B32_RE = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Z2-7]{7,}={0,6}(?![A-Za-z0-9+/=_-])")
_HEX_RE = re.compile(r"(?<![A-Za-z0-9+/=_-])(?:[0-9A-Fa-f]{2}){3,}(?![A-Za-z0-9+/=_-])")
_URLSAFE = bytes.maketrans(b"-_", b"+/")
_DIGIT_RE = re.compile(r"[0-9]")


def _strict_b64decode(blob: str) -> bytes:
    """``base64.b64decode(blob, validate=True)``."""
    if sys.version_info >= (3, 11):
        return binascii.a2b_base64(blob, strict_mode=True)
    return base64.b64decode(blob, validate=True)  # pragma: no cover - Python 3.10


def decodable_length(n: int) -> bool:
    """Whether a base64 run of ``n`` characters can decode: padded runs are a multiple of 4 long, an
    unpadded one (base64url, JWT) is 2 or 3 characters past a multiple of 4; 1 past never decodes."""
    return n % 4 != 1


_INFLATE_MAX = 65536
"""Bytes a compressed payload may inflate to (a bomb stops here; the pipeline bounds a view's growth too)."""


def inflated(raw: bytes) -> bytes:
    """``raw`` decompressed when it is a gzip or zlib stream (a payload logged compressed, then
    base64-encoded: ``H4sI…``, ``eJ…``), else ``raw`` itself; a stream that does not inflate is ``raw``."""
    gzip = raw[:2] == b"\x1f\x8b"
    zlib_header = len(raw) > 2 and raw[0] & 0x0F == 8 and (raw[0] << 8 | raw[1]) % 31 == 0
    if not (gzip or zlib_header):
        return raw
    stream = zlib.decompressobj(47)  # 47: a gzip or a zlib header, told apart by the stream
    try:
        out = stream.decompress(raw, _INFLATE_MAX)
    except zlib.error:
        return raw
    # Only a whole stream whose checksum holds (a few random bytes can start like one), or one cut
    # at the bound.
    return out if out and (stream.eof or len(out) >= _INFLATE_MAX) else raw


_WORDS = re.compile(r"[^\W\d_]+(?:[ '-][^\W\d_]+)*")
"""Words of letters, one or a few: what a capitalised word must decode to, to be read as base64 (:func:`b64_text`)."""


def b64_text(blob: str) -> str | None:
    """The printable text a base64 run decodes to, else ``None``.

    Both alphabets are read (URL-safe when the run holds ``-`` or ``_``), padding is added when missing,
    and the standard alphabet is decoded strictly, so a run of ordinary characters that only looks like
    base64 fails rather than decoding to noise. A gzip or zlib payload is inflated first. The bytes must
    then read as text (:func:`_raw_text`); binary data is ``None``, as no label can be read in it.
    """
    word = blob.isalpha() and blob[1:].islower()
    if word and blob[:1].islower():
        # Plain lowercase words are practically never base64 of text (its runs mix cases inside, or hold a digit or
        # a sign): skip the decode attempt.
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
        raw = inflated(raw)
    except (binascii.Error, ValueError):
        return None
    text = _raw_text(raw)
    if word and text is not None and not _WORDS.fullmatch(text):
        # A capitalised word decodes to a word of letters when it is base64 of one (``Qmdh`` of ``Bga``), to signs
        # and stray bytes when it is only a word (``Typo`` of ``O*h``: the blind agent showed that chance reading
        # as a deciding value, QA-38 L1).
        return None
    return text


def _raw_text(raw: bytes) -> str | None:
    """The printable text that decoded bytes hold: UTF-8, else UTF-16/32 or EBCDIC (:func:`bytes_text`).

    Bytes past ASCII are told UTF-8 or not without raising: read leniently, they are UTF-8 exactly when
    nothing was dropped (every valid sequence writes back to its own bytes). Most such runs are the bytes
    of an id read as base64 (``user2363``), met once each: the strict read's exception cost ~0.6 µs more."""
    if raw.isascii():
        decoded = raw.decode("ascii")
    else:
        decoded = raw.decode("utf-8", "ignore")
        if len(decoded.encode("utf-8", "surrogatepass")) != len(raw):
            return bytes_text(raw)
    if printable(decoded):
        return decoded
    return bytes_text(raw) if "\x00" in decoded else None


MAX_PATH_SLASHES = 16
"""A run that does not decode whole is split at its slashes (a path around a blob) only when it holds at most this
many: a path has a few segments, while a long blob of binary data in base64 holds a slash every 64 characters, and
trying both sides of each would decode the run once per slash (quadratic: 40,000 characters took 2.4 s)."""


def b64_candidates(text: str, min_len: int) -> list[Replacement]:
    """``(start, end, decoded text)`` of each base64 blob in ``text``.

    A run that does not decode whole may be a path around a blob (``Support/QWFh``: '/' is also a
    base64 character), so what follows and what precedes each '/' is tried too.
    """
    out: list[Replacement] = []
    for mt in _B64_RE.finditer(text):
        a, b = mt.span()
        blob = mt.group(0)
        if b - a < min_len:
            continue
        decoded = b64_text(blob)
        if decoded is not None:
            out.append((a, b, decoded))
            continue
        if "/" not in blob:
            continue  # no path to split (most runs: a capitalised word, an id)
        if blob.count("/") > MAX_PATH_SLASHES:
            continue  # binary data written in base64, not a path: each split would decode the run again
        found: list[Replacement] = []
        for i, ch in enumerate(blob):
            if ch != "/":
                continue
            for pa, pb in ((i + 1, len(blob)), (0, i)):
                part = blob[pa:pb]
                if len(part) >= min_len:
                    dec = b64_text(part)
                    if dec is not None:
                        found.append((a + pa, a + pb, dec))
        # Keep non-overlapping parts, leftmost first (a view applies them all at once).
        out.extend(leftmost(found))
    return out


@decoder("base64", order=40, marker=lambda t: len(t) >= 4)
def base64_runs(text: str) -> list[Replacement]:
    """Each base64 blob (standard or URL-safe; an unpadded run gets its padding back)."""
    return b64_candidates(text, 4)


def _b32_text(run: str) -> str | None:
    body = run.rstrip("=")
    if len(body) % 8 in (1, 3, 6):
        return None  # no base32 encoding ends there (an unpadded run of 8k+5 characters does: 3 bytes over)
    try:
        decoded = base64.b32decode(body + "=" * (-len(body) % 8)).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    return decoded if printable(decoded) and any(ch.isalpha() for ch in decoded) else None


@decoder("base32", order=45, marker=lambda t: len(t) >= 7)
def base32_runs(text: str) -> list[Replacement]:
    """Each base32 run (RFC 4648: capitals and 2-7, padding optional)."""
    out: list[Replacement] = []
    for mt in _B32_RE.finditer(text):
        dec = _b32_text(mt.group(0))
        if dec is not None:
            out.append((mt.start(), mt.end(), dec))
    return out


# A host name whose leading labels are base32 in DNS's lower case (a payload carried in a query name:
# ``kjcvcljxgi4tknt4.onsw45djnvsw45.beacon.example.net``), two labels at least, each 8 characters or more.
_DNS_B32_RE = re.compile(r"(?<![\w.-])((?:[a-z2-7]{8,63}\.){2,}|[a-z2-7]{16,63}\.)(?=[a-z0-9-]+\.)")
# Its necessary condition, led by the literal dot so that a text of long words is not scanned at every letter:
# a dot with 8 base32 characters before it and 8 after, or 16 before it and a host name's character after.
_DNS_B32_GATE = r"\.(?<=[a-z2-7]{8}\.)(?:[a-z2-7]{8}|(?<=[a-z2-7]{16}\.)[a-z0-9-])"
_DNS_B32_MARK = re.compile(_DNS_B32_GATE)
_DNS_B32_BLOB = re.compile(_DNS_B32_GATE.encode())


@decoder(
    "dns_base32",
    order=46,
    marker=lambda t: "." in t and _DNS_B32_MARK.search(t) is not None,
    blob_marker=lambda b: _DNS_B32_BLOB.search(b) is not None,
)
def dns_base32(text: str) -> list[Replacement]:
    """The leading labels of a host name read as one base32 run (RFC 4648 in DNS's lower case, the dots
    between labels dropped): the payload a query name carries (``kjcvcljx….b5kbxxg2lunf3gk.tb.beacon.example``
    reads ``REQ-72956|sentiment=Positive.tb.beacon.example``)."""
    out: list[Replacement] = []
    for mt in _DNS_B32_RE.finditer(text):
        run = mt.group(1).replace(".", "").upper()
        if len(run) % 8 in (1, 3, 6):
            continue
        try:
            dec = base64.b32decode(run + "=" * (-len(run) % 8)).decode("utf-8")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            continue
        if printable(dec) and any(ch.isalpha() for ch in dec):
            out.append((mt.start(1), mt.end(1), dec + "."))
    return out


def _hex_text(run: str) -> str | None:
    digits = run
    decoded = _raw_text(bytes.fromhex(digits))
    if decoded is None:
        return None
    if digits.isdigit() and not all(ch.isalpha() or ch == " " for ch in decoded):
        # A number (an id, a phone number) that happens to decode: only words count.
        return None
    return decoded


@decoder("hex", order=50, marker=lambda t: _DIGIT_RE.search(t) is not None)
def hex_runs(text: str) -> list[Replacement]:
    """Each run of hex byte pairs (``48696768``)."""
    out: list[Replacement] = []
    for mt in _HEX_RE.finditer(text):
        dec = _hex_text(mt.group(0))
        if dec is not None:
            out.append((mt.start(), mt.end(), dec))
    return out


# A MIME base64 body (RFC 2045): lines of base64 broken every 76 characters, ending with padding.
# (A line starts at a line start or a quote, and the last ends at a line end — CRLF too — or a quote: the same
# blocks are found in a string and in its JSON serialisation, which the scan's pre-check reads.)
_MIME_RE = re.compile(r'(?m)(?:^|(?<="))(?:[A-Za-z0-9+/]{16,}\r?\n)+[A-Za-z0-9+/]+={0,2}(?=\r?$|")')


@decoder("mime_lines", order=35, marker=lambda t: "\n" in t)
def mime_lines(text: str) -> list[Replacement]:
    """Each block of base64 lines as one run (its line breaks removed), for the base64 decoder."""
    out: list[Replacement] = []
    for mt in _MIME_RE.finditer(text):
        block = mt.group(0)
        out.append((mt.start(), mt.end(), block.replace("\r", "").replace("\n", "")))
    return out


# A hex dump (``xxd``, ``hexdump -C``, ``od -A x -t x1``): lines of an offset, then groups of hex byte
# pairs, then maybe the bytes as text (after two blanks, or between bars). Two lines or more.
_DUMP_LINE = r"[0-9A-Fa-f]{4,16}:?(?:[ ]{1,2}[0-9A-Fa-f]{2,8})+(?:[ ]{2}[^\n]*|[ ]*)"
# A block starts at a line start or after a quote and ends at a line end or before one: the same blocks in a string
# and in its JSON serialisation (where the first line follows ``"key":"``), which the scan's pre-check decodes.
_DUMP_RE = re.compile(rf'(?m)(?:^|(?<=")){_DUMP_LINE}(?:\r?\n{_DUMP_LINE})+(?:$|(?="))')
_DUMP_GROUP = re.compile(r"(?:[0-9A-Fa-f]{2}){1,4}")


def _dump_bytes(block: str) -> bytes | None:
    """The bytes a hex dump block shows: each line's groups after its offset, up to its text column.

    A group is 1 to 4 bytes written as hex pairs (``7b``, ``7b22``, ``7b226576``), in the order they
    are written (``xxd`` and ``hexdump -C`` print bytes in file order); the first field that is not such
    a group starts the text column, which repeats the bytes and is left out. ``None`` for no bytes."""
    out = bytearray()
    for line in block.splitlines():
        fields = line.split()
        for group in fields[1:]:
            if _DUMP_GROUP.fullmatch(group) is None:
                break  # the text column (``|{"ev|``, ``{"event":"c``)
            out += bytes.fromhex(group)
    return bytes(out) or None


@decoder("hex_dump", order=52, marker=lambda t: "\n" in t)
def hex_dump(text: str) -> list[Replacement]:
    """Each hex dump block as the UTF-8 text its bytes spell (a payload logged as a frame of hex).

    A block is two lines or more of an offset and byte groups; it is decoded whole, so a label split
    across two lines of the dump reads as one word, and it is kept only when the bytes are printable
    UTF-8 with a letter (a dump of binary data, or a table of numbers, stays as it is)."""
    out: list[Replacement] = []
    for mt in _DUMP_RE.finditer(text):
        data = _dump_bytes(mt.group(0))
        if data is None:
            continue
        decoded = _raw_text(data)
        if decoded is not None and any(ch.isalpha() for ch in decoded):
            out.append((mt.start(), mt.end(), decoded))
    return out


# Adobe's ASCII85 between its delimiters (PDF streams, PostScript): 5 characters for 4 bytes, 'z' for
# four zero bytes, blanks ignored.
_A85_BODY_RE = re.compile(r"[!-uz \t\r\n]{1,65536}")


@decoder("ascii85", order=47, marker=lambda t: "<~" in t)
def ascii85(text: str) -> list[Replacement]:
    """Each ``<~ … ~>`` run that decodes to printable text (a compressed payload is inflated). Each
    opening is paired with the first closing after it, found by ``str.find`` (linear: a regex tried
    at every opening would read an unclosed run once per opening inside it)."""
    out: list[Replacement] = []
    start = text.find("<~")
    while start >= 0:
        end = text.find("~>", start + 2)
        if end < 0:
            break
        if _A85_BODY_RE.fullmatch(text, start + 2, end):
            try:
                decoded = inflated(base64.a85decode(text[start : end + 2], adobe=True)).decode("utf-8")
            except (ValueError, UnicodeDecodeError):
                decoded = ""
            if printable(decoded):
                out.append((start, end + 2, decoded))
        start = text.find("<~", end + 2)
    return out
