"""Decoders of the web: HTML/XML character references, percent-encoding, markup splitting a word, and the
text a URL's text fragment quotes."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

from windtunnel.leakage.views.registry import Replacement, decoder

_ENTITY_RE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_PERCENT_RE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
# Tags between two word characters (``Hi<b>gh</b>``, ``H<span>igh</span>``): the word as rendered.
_SPLIT_TAGS_RE = re.compile(r"(?<=\w)(?:</?[A-Za-z][A-Za-z0-9:-]{0,30}(?:\s[^<>]{0,200})?/?>)+(?=\w)")


@decoder("html", order=10, marker=lambda t: "&" in t)
def entities(text: str) -> list[Replacement]:
    """``&eacute;``, ``&#72;``, ``&#x48;``: each character reference as the character it names."""
    out: list[Replacement] = []
    for mt in _ENTITY_RE.finditer(text):
        raw = mt.group(0)
        dec = html.unescape(raw)
        if dec != raw:
            out.append((mt.start(), mt.end(), dec))
    return out


@decoder("url", order=20, marker=lambda t: "%" in t)
def percent(text: str) -> list[Replacement]:
    """``%48igh``: each run of percent-escapes as the UTF-8 text it encodes (one level; the pipeline
    decodes ``%2548`` again)."""
    out: list[Replacement] = []
    for mt in _PERCENT_RE.finditer(text):
        raw = mt.group(0)
        try:
            dec = bytes.fromhex(raw.replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:
            continue
        out.append((mt.start(), mt.end(), dec))
    return out


_FORM_VALUE_RE = re.compile(r"(?<=[?&;])[\w.%\[\]-]{1,64}=([^&#;\s\"'<>=]*\+[^&#;\s\"'<>=]*)")
"""A query parameter's value holding a ``+`` (``?q=Class+I&…``): the value after ``=``, up to the next ``&``."""
_FORM_BLOB_RE = re.compile(rb"[?&][\w.%\[\]-]{1,64}=[^&#;\s\"'<>=\\]*\+")


@decoder(
    "form",
    order=19,
    marker=lambda t: "+" in t and "=" in t,
    blob_marker=lambda b: b.find(b"+") >= 0 and _FORM_BLOB_RE.search(b) is not None,
)
def form_plus(text: str) -> list[Replacement]:
    """``?classification=Class+I&…``: in a URL query or a form body (``application/x-www-form-urlencoded``) a
    ``+`` in a parameter's value is an encoded space (``%2B`` is the plus sign, which :func:`percent` decodes
    after): each value holding one as the value with spaces. Only a value after ``?``, ``&`` or ``;`` and its
    name's ``=`` is read, so a ``+`` in prose or arithmetic stays a plus."""
    out: list[Replacement] = []
    for mt in _FORM_VALUE_RE.finditer(text):
        a, b = mt.span(1)
        value = mt.group(1)
        if value.strip("+"):
            out.append((a, b, value.replace("+", " ")))
    return out


@decoder("markup", order=80, marker=lambda t: "<" in t and ">" in t)
def split_tags(text: str) -> list[Replacement]:
    """Tags inside a word removed (``Hi<b>gh</b>`` reads ``High`` once rendered)."""
    return [(mt.start(), mt.end(), "") for mt in _SPLIT_TAGS_RE.finditer(text)]


_FRAGMENT_RE = re.compile(r"(?<=:~:)text=([^&#\s\"'<>]+)|(?<=&)text=([^&#\s\"'<>]+)")


def _fragment_text(value: str) -> str:
    """The text a ``text=`` directive quotes, its parts joined as the page shows them: ``prefix-,start,end,
    -suffix`` (each part percent-encoded, the commas and hyphens its syntax) reads ``prefix start…end suffix``,
    ``textStart`` and ``textEnd`` joined where they meet (a word split over the two reads whole)."""
    parts = value.split(",")
    prefix = parts.pop(0)[:-1] if len(parts) > 1 and parts[0].endswith("-") else None
    suffix = parts.pop()[1:] if len(parts) > 1 and parts[-1].startswith("-") else None
    quoted = "".join(unquote(p) for p in parts)
    return " ".join(x for x in (unquote(prefix) if prefix else None, quoted, unquote(suffix) if suffix else None) if x)


@decoder(
    "text_fragment",
    order=25,
    marker=lambda t: ":~:text=" in t,
    blob_marker=lambda b: b":~:text=" in b,
    blob_anchors=(b":~:text=",),
)
def text_fragment(text: str) -> list[Replacement]:
    """A URL's text fragment (``#:~:text=Priority%3A-,Med,ium``, the WICG scroll-to-text syntax) as the text
    it highlights with its context: ``Priority: Medium``."""
    if ":~:" not in text:
        return []
    out: list[Replacement] = []
    for mt in _FRAGMENT_RE.finditer(text):
        group = 1 if mt.group(1) is not None else 2
        decoded = _fragment_text(mt.group(group))
        if decoded and decoded != mt.group(group):
            out.append((mt.start(group), mt.end(group), decoded))
    return out
