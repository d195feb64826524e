"""Writing a decoded run back in its own encoding, after the sanitizer has edited what it decodes to.

The scan reads a base64, base32 or hex run as the text it decodes to (:mod:`.views.binary`); a leak found there points
at the whole run. Cutting the run removes everything it carries (a chart link's view context, a cache key's other
fields), and on the records that do not leak the run stays: so the field's edits would tell which records held the
answer. The sanitizer instead edits the decoded text as it edits any string, then encodes it again the way the run
was written (alphabet, padding, letter case). Only a run that reads back byte for byte is re-encoded: one whose text
was compressed, or whose decoding is not one to one (a run with stray padding, mixed-case hex), returns ``None`` and
is cut as before.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from dataclasses import dataclass

from windtunnel.leakage.views.binary import base32_runs, base64_runs, hex_runs
from windtunnel.leakage.views.registry import Replacement

Encode = Callable[[str], str]
"""Writes an edited text in the run's own encoding."""


@dataclass(frozen=True)
class Decoded:
    """A run's text and how to write an edited text back in its encoding."""

    text: str
    encode: Encode


def _utf8(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _base64(run: str) -> Decoded | None:
    urlsafe = "-" in run or "_" in run
    # a run of the standard alphabet whose length is a multiple of four needed no padding: it is written padded, as
    # its encoders do by default (an edited text that needs some gets it); a URL-safe run is padded only where it shows
    # it (links and tokens leave it out: review 44, 13 of 61 rewritten links padded)
    padded = run.endswith("=") or (not urlsafe and len(run) % 4 == 0)

    def encode(text: str) -> str:
        data = text.encode("utf-8")
        out = (base64.urlsafe_b64encode(data) if urlsafe else base64.b64encode(data)).decode("ascii")
        return out if padded else out.rstrip("=")

    body = run + "=" * (-len(run) % 4)
    try:
        raw = base64.urlsafe_b64decode(body) if urlsafe else base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        return None
    text = _utf8(raw)
    return Decoded(text, encode) if text is not None and encode(text) == run else None


def _base32(run: str) -> Decoded | None:
    padded = run.endswith("=") or len(run) % 8 == 0

    def encode(text: str) -> str:
        out = base64.b32encode(text.encode("utf-8")).decode("ascii")
        return out if padded else out.rstrip("=")

    try:
        raw = base64.b32decode(run.rstrip("=") + "=" * (-len(run.rstrip("=")) % 8))
    except (binascii.Error, ValueError):
        return None
    text = _utf8(raw)
    return Decoded(text, encode) if text is not None and encode(text) == run else None


def _hex(run: str) -> Decoded | None:
    upper = run != run.lower()

    def encode(text: str) -> str:
        out = text.encode("utf-8").hex()
        return out.upper() if upper else out

    try:
        raw = bytes.fromhex(run)
    except ValueError:
        return None
    text = _utf8(raw)
    return Decoded(text, encode) if text is not None and encode(text) == run else None


RECODERS: dict[str, Callable[[str], Decoded | None]] = {"base64": _base64, "base32": _base32, "hex": _hex}
"""The views (:mod:`.views.binary`'s decoders) whose runs can be written back; a nested view (``url+base64``) is not
one of them: its outer layer's edit would have to be undone as well."""


_FINDERS: dict[str, Callable[[str], list[Replacement]]] = {
    "base64": base64_runs,
    "base32": base32_runs,
    "hex": hex_runs,
}


def run_at(value: str, view: str, span: tuple[int, int]) -> tuple[int, int, Decoded] | None:
    """The encoded run of ``value`` holding ``span``, a hit read in ``view`` (``decoded:base64``, or its identifier view
    ``decoded:base64+identifier``), with its text and encoder, when the run reads back exactly; else ``None``."""
    if not view.startswith("decoded:"):
        return None
    name, *rest = view.removeprefix("decoded:").split("+")
    if name not in RECODERS or any(r != "identifier" for r in rest):
        return None
    for a, b, _ in _FINDERS[name](value):
        if a <= span[0] and span[1] <= b:
            got = RECODERS[name](value[a:b])
            return (a, b, got) if got is not None else None
    return None
