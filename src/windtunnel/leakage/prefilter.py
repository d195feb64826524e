"""A sound, cheap pre-check: can this projection contain any finding at all?

The projection is serialised once by orjson (C speed) and the checks below run on that text with
C-level string operations. They only ever answer "maybe" too often, never "no" wrongly: every finding
of the full scan needs all tokens of some answer (or correlated value) to occur in some view of some
string, or an upstream-named field. For an ASCII serialisation the views reduce to lowercase text,
thousands separators, HTML entities, percent-encoding and base64 blobs, all checked here; anything
else (non-ASCII text, which may hide homoglyphs or invisibles, and backslash escapes) goes to the full
scan. Items that pass the pre-check as "no" have no findings, so the result is identical.
"""

from __future__ import annotations

import html
import re
import urllib.parse
from typing import Any

import orjson

from windtunnel.leakage.decode import _b64_candidates
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.text import WORD_RE, normalize_needle

_UPSTREAM_KEY_RE = re.compile(
    r'"(?:ai|ml|llm|gpt|guess|triage|pred|suggest|auto|classif|infer)[^"]*":|"[^"]*confidence[^"]*":'
)
_ISO_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SEPARATOR_RE = re.compile(r"(?<=\d)[,\u00a0\u202f\u2009 ](?=\d{3})")


def token_sets(needles: NeedleSet) -> list[list[str]]:
    """Per answer or correlated value, the tokens that all occur wherever it can match (cached)."""
    cached = needles.__dict__.get("_token_sets")
    if cached is None:
        cached = needles.__dict__["_token_sets"] = _token_sets(needles)
    return cached


def _token_sets(needles: NeedleSet) -> list[list[str]]:
    out: list[list[str]] = []
    for n in needles.needles:
        if n.role == "label":
            continue
        out.append(WORD_RE.findall(n.norm))
        if n.canon:
            # Every written form of a date holds its year; month and day may be words or unpadded.
            out.append([n.canon[:4]] if _ISO_DATE_RE.match(n.canon) else WORD_RE.findall(n.canon))
    return out


def _any_needle(token_sets: list[list[str]], text: str) -> bool:
    return any(all(t in text for t in toks) for toks in token_sets)


def may_have_findings(projection: Any, needles: NeedleSet) -> bool:
    """``False`` only when the full scan of ``projection`` is certain to find nothing."""
    return plan(projection, needles)[0]


def plan(projection: Any, needles: NeedleSet, decode: bool = True) -> tuple[bool, bool]:
    """``(walk, decode)``: whether the full scan can find anything, and whether decoded views can.

    With ``decode=False`` the decoded views are not searched, so they are not checked either.
    """
    try:
        blob = orjson.dumps(projection).decode()
    except TypeError:
        return True, True
    if not blob.isascii() or "\\\\" in blob:
        return True, decode
    sets = token_sets(needles)
    decode = decode and bool(sets) and (
        ("&" in blob and _decoded_hits(html.unescape(blob), sets))
        or ("%" in blob and _decoded_hits(urllib.parse.unquote(blob), sets))
        or any(_decoded_hits(decoded, sets) for _a, _b, decoded in _b64_candidates(blob, 4))
    )
    if decode:
        return True, True
    low = blob.lower()
    if _UPSTREAM_KEY_RE.search(low):
        return True, False
    if not sets:
        return False, False
    if _any_needle(sets, low):
        return True, False
    if needles.any_canon and _any_needle(sets, _SEPARATOR_RE.sub("", low)):
        return True, False
    return False, False


def _decoded_hits(decoded: str, token_sets: list[list[str]]) -> bool:
    if not decoded.isascii() or "%" in decoded or "&" in decoded or "\\" in decoded:
        return True
    low = normalize_needle(decoded) if not decoded.isascii() else decoded.lower()
    return _any_needle(token_sets, low) or _any_needle(token_sets, _SEPARATOR_RE.sub("", low))
