"""A sound, cheap pre-check: can this projection contain any finding at all, and can decoding add one?

The projection is serialised once by orjson (C speed) to ASCII bytes and the checks below run on those
bytes with C-level operations (``in``, ``find``, ``translate``, a few regexes). They may answer "maybe"
too often, never "no" wrongly. Every finding of the full scan needs some answer (or correlated value)
to match in some view of some string or key, or an upstream-named key. For an ASCII serialisation:

* the plain views reduce to the lowercased text. A multi-word answer must appear as its words in
  order, separated only by non-alphanumeric characters or JSON escapes (a superset of every phrase
  match, of a key split at its camel case, ``amberFalcon``, and of ``Amber_falcon``);
* numbers and dates are also tried without thousands separators, on their canonical tokens;
* HTML entities and percent-encoding are decoded over the whole text and checked the same way;
* base64: a decoded blob can only add a match if it holds a whole word of some answer (a word never
  straddles a blob, whose neighbours are not word characters). Decoding ``b`` bytes gives at most
  ``4/3 · b`` ASCII letters in the most forgiving view (``ⅷ`` is 3 bytes and folds to ``viii``; this
  is the maximum over all of Unicode, checked by a test), so a blob shorter than the shortest answer
  word cannot hold one and is not decoded. Candidate runs are found with ``find`` on a
  ``bytes.translate``-d copy; decoded text is folded the way the scanner folds it before the check;
* anything else (non-ASCII text, which may hide homoglyphs or invisibles, and literal backslashes)
  goes to the full scan. Numeric and date answers always get the decoded views when any blob decodes.

Items that pass the pre-check as "no" have no findings, so the result is identical to the full scan;
``test_prefilter_is_sound`` and the planted-answer property test assert it.
"""

from __future__ import annotations

import html
import re
import urllib.parse
from dataclasses import dataclass
from typing import Any

import orjson

from windtunnel.leakage.decode import _b64_candidates, _b64_text
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.text import WORD_RE, Mapped, full_view

# An upstream-named key (see formats.is_upstream_name): its first word starts with one of these, or
# one of its words is "confidence". Leading non-alphanumerics are skipped by the key splitter.
_UPSTREAM_PREFIXES: tuple[bytes, ...] = (
    b"ai",
    b"ml",
    b"llm",
    b"gpt",
    b"guess",
    b"triage",
    b"pred",
    b"suggest",
    b"auto",
    b"classif",
    b"infer",
)
_UPSTREAM_KEY_RE = re.compile(
    rb'"[^a-z0-9"]*(?:' + b"|".join(_UPSTREAM_PREFIXES) + rb')[^"]*":|"[^"]*confidence[^"]*":'
)
# A quote opening a string with an upstream prefix, or with a non-alphanumeric character (a key like
# "_aiLabel" could follow).
_UPSTREAM_START_RE = re.compile(rb'"(?:[^a-z0-9":,}\]]|' + b"|".join(_UPSTREAM_PREFIXES) + rb")")
_ISO_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SEPARATOR_RE = re.compile(rb"(?<=\d)[, ](?=\d{3})")
# What may stand between two words of a phrase in the serialised text: non-alphanumerics and escapes.
_GAP_RE = re.compile(rb"(?:[^a-z0-9\\]|\\u[0-9a-f]{4}|\\.)*")
_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-"
# A JSON escape (``\n``, ``\u0009``) stands for one character that is not base64: blank it first.
_ESCAPE_RE = re.compile(rb"\\(?:u[0-9a-fA-F]{4}|.)")
# base64 characters → 'a' (lowercase letters) or 'B' (the others), everything else → ' '.
_CLASSES = bytes((0x61 if 0x61 <= b <= 0x7A else 0x42) if b in _B64_ALPHABET else 0x20 for b in range(256))


@dataclass(frozen=True)
class _Probe:
    """What the pre-check looks for, derived once per needle set."""

    sets: tuple[tuple[tuple[bytes, ...], bool], ...]
    """Per answer / correlated value (and canonical form): its words, and whether they must be adjacent."""
    label_sets: tuple[tuple[bytes, ...], ...]
    """Words of the other labels: they matter only inside upstream fields."""
    any_canon: bool
    min_blob: int
    """Shortest base64 run that can decode to a whole word of some needle."""


def probe(needles: NeedleSet) -> _Probe:
    """The pre-check's view of ``needles`` (cached on the needle set)."""
    cached: _Probe | None = needles.__dict__.get("_probe")
    if cached is None:
        cached = needles.__dict__["_probe"] = _make_probe(needles)
    return cached


def token_sets(needles: NeedleSet) -> list[list[str]]:
    """Per answer or correlated value, the words that all occur wherever it can match (cached)."""
    cached: list[list[str]] | None = needles.__dict__.get("_token_sets")
    if cached is None:
        cached = needles.__dict__["_token_sets"] = [[t.decode() for t in toks] for toks, _adj in probe(needles).sets]
    return cached


def _make_probe(needles: NeedleSet) -> _Probe:
    sets: list[tuple[tuple[bytes, ...], bool]] = []
    labels: list[tuple[bytes, ...]] = []
    shortest = 1 << 30
    for n in needles.needles:
        toks = tuple(t.encode() for t in WORD_RE.findall(n.norm))
        if n.role == "label":
            labels.append(toks)
        else:
            # Adjacency only for plain multi-word answers; a leading '_' could be eaten by the gap.
            adjacent = len(toks) > 1 and not n.canon and not any(t.startswith(b"_") for t in toks[1:])
            sets.append((toks, adjacent))
            if n.canon:
                # Every written form of a date holds its year; month and day may be words or unpadded.
                canon = [n.canon[:4]] if _ISO_DATE_RE.match(n.canon) else WORD_RE.findall(n.canon)
                sets.append((tuple(t.encode() for t in canon), False))
        for t in toks:
            shortest = min(shortest, len(t) if t.isascii() else 1)
    # A decodable part is a multiple of 4 characters long and decodes to at most 3/4 as many bytes.
    min_blob = max(4, -(-min(shortest, 1 << 20) // 4) * 4)
    return _Probe(tuple(sets), tuple(labels), needles.any_canon, min_blob)


def may_have_findings(projection: Any, needles: NeedleSet) -> bool:
    """``False`` only when the full scan of ``projection`` is certain to find nothing."""
    return plan(projection, needles)[0]


def plan(projection: Any, needles: NeedleSet, decode: bool = True) -> tuple[bool, bool]:
    """``(walk, decode)``: whether the full scan can find anything, and whether decoded views can.

    With ``decode=False`` the decoded views are not searched, so they are not checked either.
    """
    blob = dumps(projection)
    if blob is None:
        return True, decode
    return plan_bytes(blob, needles, decode)


def dumps(value: Any) -> bytes | None:
    """``value`` serialised by orjson, or ``None`` when orjson cannot (non-string keys, huge ints)."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return None


def subtree_may_hit(value: Any, needles: NeedleSet, decode: bool, upstream_possible: bool = True) -> bool:
    """Whether a container inside the projection, outside upstream fields, can hold any finding.

    Scanned on its own, the subtree would give the findings it gives in place (its representation,
    pointer prefix and label-set suppression only rename or remove findings), so the item pre-check
    applies to it unchanged.
    """
    blob = dumps(value)
    return blob is None or plan_blob(blob, needles, decode, upstream_possible)[0]


def keys_may_hit(keys: str, needles: NeedleSet) -> bool:
    """Whether any of the object keys joined in ``keys`` can match an answer or correlated value."""
    if needles.any_canon or not keys.isascii():
        return True
    low = keys.lower()
    return any(all(t in low for t in toks) for toks in token_sets(needles))


def plan_bytes(blob: bytes, needles: NeedleSet, decode: bool = True) -> tuple[bool, bool]:
    """:func:`plan` on the projection as serialised by ``orjson.dumps``."""
    walk, dec, _up = plan_blob(blob, needles, decode)
    return walk, dec


def plan_blob(
    blob: bytes, needles: NeedleSet, decode: bool = True, upstream_possible: bool = True
) -> tuple[bool, bool, bool]:
    """``(walk, decode, upstream)`` for a serialised projection or subtree.

    ``upstream`` is ``False`` only when no key in ``blob`` can be upstream-named; ``upstream_possible``
    ``False`` says the caller already knows that (a subtree of such a projection), skipping the check.
    """
    if not blob.isascii() or b"\\\\" in blob:
        return True, decode, True
    pr = probe(needles)
    low = blob.lower()
    upstream = upstream_possible and _has_upstream_key(low)
    if decode and (pr.sets or (upstream and pr.label_sets)) and _decoded_may_hit(blob, low, pr, upstream):
        return True, True, upstream
    if upstream:
        return True, False, True
    return _plain_hit(pr, low), False, False


def string_may_hit(text: str, needles: NeedleSet, decode: bool) -> bool:
    """For one ASCII string outside upstream fields: can an answer or correlated value match in it?"""
    pr = probe(needles)
    low = text.lower().encode()
    if any(all(t in low for t in toks) for toks, _adj in pr.sets):
        return True
    if not decode:
        return False
    if "&" in text or "%" in text or "\\" in text:
        return True
    return bool(_b64_pieces(text.encode(), pr.min_blob, json=False))


def _has_upstream_key(low: bytes) -> bool:
    # Cheap first: a string opening with a prefix or a non-alphanumeric, or "confidence" anywhere.
    if _UPSTREAM_START_RE.search(low) is None and b"confidence" not in low:
        return False
    return _UPSTREAM_KEY_RE.search(low) is not None


def _plain_hit(pr: _Probe, low: bytes) -> bool:
    for toks, adjacent in pr.sets:
        if all(t in low for t in toks) and (not adjacent or _adjacent(low, toks)):
            return True
    if pr.any_canon:
        stripped = _SEPARATOR_RE.sub(b"", low)
        return any(all(t in stripped for t in toks) for toks, _adj in pr.sets)
    return False


def _adjacent(low: bytes, toks: tuple[bytes, ...]) -> bool:
    """The words occur in order, separated only by what a phrase or a split key allows."""
    first = toks[0]
    pos = low.find(first)
    while pos >= 0:
        end = pos + len(first)
        for t in toks[1:]:
            gap = _GAP_RE.match(low, end)
            end = gap.end() if gap is not None else end
            if not low.startswith(t, end):
                break
            end += len(t)
        else:
            return True
        pos = low.find(first, pos + 1)
    return False


def _decoded_may_hit(blob: bytes, low: bytes, pr: _Probe, upstream: bool) -> bool:
    sets = [toks for toks, _adj in pr.sets]
    if upstream:
        sets.extend(pr.label_sets)
    if b"&" in blob and _text_may_hit(html.unescape(blob.decode()), sets):
        return True
    if b"%" in blob and _text_may_hit(urllib.parse.unquote(blob.decode()), sets):
        return True
    pieces = _b64_pieces(_unescaped(blob), pr.min_blob)
    if not pieces:
        return False
    if pr.any_canon:
        return True
    lowered: list[bytes] = []
    for piece in pieces:
        if "%" in piece or "&" in piece or "\\" in piece:
            return True
        # The most forgiving view, as the scanner sees it (homoglyphs, fullwidth, invisibles folded).
        view = piece.lower() if piece.isascii() else full_view(Mapped(piece)).text
        lowered.append(view.encode())
    union = b"\n".join([low, *lowered])
    return any(all(t in union for t in toks) and any(t in p for p in lowered for t in toks) for toks in sets)


def _unescaped(blob: bytes) -> bytes:
    """``blob`` with each JSON escape (one character that is not base64) as a space."""
    return _ESCAPE_RE.sub(b" ", blob) if b"\\" in blob else blob


def _b64_pieces(blob: bytes, min_len: int, *, json: bool = True) -> list[str]:
    """Decoded text of every base64 blob in ``blob`` that is at least ``min_len`` characters long.

    Only runs holding a character other than a lowercase letter are looked at (plain lowercase words
    are never decoded, see ``decode._B64_RE``), found with ``find`` on a translated copy; a run that
    ends a key in serialised JSON (``json``) is skipped too (keys are matched as written, never decoded).
    """
    classes = blob.translate(_CLASSES)
    out: list[str] = []
    pos = classes.find(b"B")
    while pos >= 0:
        start = classes.rfind(b" ", 0, pos) + 1
        end = classes.find(b" ", pos)
        if end < 0:
            end = len(classes)
        size = end - start
        if size >= min_len and not (json and blob.startswith(b'":', end)):
            run = blob[start:end]
            # A whole run decodes only when its length is a multiple of 4, else the parts around a '/'.
            if b"/" in run:
                out.extend(dec for _a, _b, dec in _b64_candidates(run.decode(), 4))
            elif size % 4 == 0:
                dec = _decode_run(run)
                if dec is not None:
                    out.append(dec)
        pos = classes.find(b"B", end)
    return out


_DECODED: dict[bytes, str | None] = {}
_DECODED_MAX = 32768


def _decode_run(run: bytes) -> str | None:
    """``decode._b64_text`` of a whole run, memoised (ids and status names recur on every item)."""
    try:
        return _DECODED[run]
    except KeyError:
        pass
    if len(_DECODED) >= _DECODED_MAX:
        _DECODED.clear()
    dec = _DECODED[run] = _b64_text(run.decode())
    return dec


def _text_may_hit(decoded: str, sets: list[tuple[bytes, ...]]) -> bool:
    if not decoded.isascii() or "%" in decoded or "&" in decoded or "\\" in decoded:
        return True
    low = decoded.lower().encode()
    if any(all(t in low for t in toks) for toks in sets):
        return True
    stripped = _SEPARATOR_RE.sub(b"", low)
    return any(all(t in stripped for t in toks) for toks in sets)
