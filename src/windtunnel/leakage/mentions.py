"""Every mention of a label in what the model reads, with its context signature: the input of the
dataset's agreement evidence (:mod:`.agreement`).

A *mention* is one occurrence of a label of the item's label set (or of a label's alias, the same for
every label, so no label is easier to see than another) in a string or scalar of the projection, in any
view the scan matches in (:meth:`~windtunnel.leakage.needles.NeedleSet.search`). It keeps the pointer
and span of the original characters (what a finding points at) and a *context signature* at a few
back-off levels (:data:`LEVELS`): the slot the label sits in (a few tokens each side, within its line),
with every label word masked by one placeholder, digits normalised and case folded, so that mentions of
different labels in the same slot share a signature. Whether a slot's label follows the record's label
is then a question the whole dataset can answer (:mod:`.agreement`), and no rule has to name the slot.

The search is symmetric on purpose: the answer is not searched with the abbreviations, codes and
truncations the scan gives it alone, so a slot is not seen to agree only because the answer has more
spellings than the other labels. It reads the item only (not the audit), so a dataset can be read once
for its mentions before any item is audited; :func:`decisions` pairs mentions with an audit's findings.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from windtunnel.leakage.aliases import label_aliases
from windtunnel.leakage.formats import string_representation
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.prefilter import Plan, dumps, plan_blob, string_may_hit
from windtunnel.leakage.scan import escape_pointer_token
from windtunnel.leakage.text import normalize_needle

CONTEXT_TOKENS = 3
"""Tokens kept on each side of a mention in its context signature (a word, a number or one punctuation mark
each): enough to tell ``priority : §`` from ``the § end``, few enough that a slot's mentions share it."""
_WINDOW = 80
"""Characters read on each side of a mention to find its context tokens (bounded: linear in the text)."""
MAX_MENTIONS = 64
"""Mentions kept per item (the first in walk order): a label word in every line of a long log says no more."""
MAX_GLUED = 16
"""Glued mentions (a label glued to a code's digits, ``MSE`` of ``MSE20``: :attr:`Mention.glued`) kept per item
beside :data:`MAX_MENTIONS`, in a budget of their own: a field of many codes never crowds out an ordinary
mention read after it."""
MAX_TEXT = 100_000
"""Characters of one string searched for mentions (a longer string is searched in its first part)."""
PLACEHOLDER = "§"
"""What every label word of the label set becomes in a signature."""
LEVELS = ("pointer+context", "context", "pointer+near")
"""The signature levels, most specific first: the pointer with array indices generalised and the masked
context; the masked context alone; the pointer and the one token each side (the near context). (The pointer
alone is no slot: one field holds a label in a value slot in one record and the record's own label word in an
idiom in the next, and only the context tells them apart.) The near level is asked only where neither other has
the records a verdict needs: the words around a slot are the record's own (a flight plan's ``-E190/M-SDE2…``:
the type before the category and the equipment after it differ record by record, so each record's context is a
slot of its own), while the separators beside it are the field's. It can find a slot that follows the label (a
leak), never one at chance: a demotion asks the pointer-and-context level (:mod:`.agreement`)."""

_TOKEN = re.compile(r"[^\W\d_]+|\d+|[^\w\s]")
_SENTENCE_END = re.compile(r"[.!?]+(?=\s)")
"""A sentence's end in prose: ``.``, ``!`` or ``?`` before a blank (not ``3.5``, ``a.b`` or ``/path.``)."""


class Mention(NamedTuple):
    """One occurrence of a label: where (``pointer`` into the projection, ``span`` of the original string;
    ``None`` for a whole non-string value), which label (as the label set writes it) and its signatures,
    one per level of :data:`LEVELS`."""

    pointer: str
    span: tuple[int, int] | None
    label: str
    signatures: tuple[str, ...]
    representation: str = "json"
    """The string's representation as the scan names it (``json``, ``markdown``, ``html`` ...)."""
    listed: bool = False
    """Another label is joined to this one (``Low, Medium or High``: through listing marks and other labels only,
    :func:`_joined`): the item lists labels in this slot, and which of them is its own is the item-level decision's to
    read. A label two words away in another field's value (``triage category 3, pain 2/10``) is no listing."""
    glued: bool = False
    """A label glued to a code's digits (``MSE`` of ``MSE20``, :attr:`~windtunnel.leakage.needles.Hit.glued`): a weak
    mention, kept within :data:`MAX_GLUED`, never in place of an ordinary one."""


class _LabelNeedles(NamedTuple):
    """A label set's needles (each label with its aliases, all of one role), the label of each needle text,
    and the pattern of every label word in a normalised view (what a signature masks)."""

    needles: NeedleSet
    label_of: dict[str, str]
    mask: re.Pattern[str]
    by_norm: dict[str, str]
    """The label of each needle's normalised text (what the mask matches in a view)."""


@lru_cache(maxsize=256)
def _label_needles(labels: tuple[str, ...], aliases: tuple[tuple[str, tuple[str, ...]], ...]) -> _LabelNeedles:
    """The needles of a label set, built once per distinct label set and alias map (bounded).

    A text that two labels share is left out: a mention of it names no one label."""
    user = {k: list(v) for k, v in aliases}
    owner: dict[str, str | None] = {}
    for lab in labels:
        for text in (lab, *label_aliases(lab, labels, user)):
            norm = normalize_needle(text)
            if not norm:
                continue
            owner[norm] = lab if owner.get(norm, lab) == lab else None
    texts = {t: lab for t, lab in owner.items() if lab is not None}
    # All of one role, the answers', so the scan's sound pre-check (which looks for answers) applies to them.
    needles = NeedleSet.build(list(texts))
    label_of = {n.text: texts[n.text] for n in needles.needles if n.text in texts}
    words = sorted({n.norm for n in needles.needles}, key=len, reverse=True)
    mask = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)") if words else re.compile("$^")
    by_norm = {n.norm: texts[n.text] for n in needles.needles if n.text in texts}
    return _LabelNeedles(needles, label_of, mask, by_norm)


def _tokens(text: str, prepared: _LabelNeedles) -> list[tuple[str, str | None]]:
    """``text`` (a normalised view's window) as signature tokens, label words masked (with the label each
    stands for beside it), digits as ``0``."""
    out: list[tuple[str, str | None]] = []
    at = 0
    for mt in prepared.mask.finditer(text):
        out.extend(("0" if t.isdigit() else t.lower(), None) for t in _TOKEN.findall(text, at, mt.start()))
        out.append((PLACEHOLDER, prepared.by_norm.get(mt.group())))
        at = mt.end()
    out.extend(("0" if t.isdigit() else t.lower(), None) for t in _TOKEN.findall(text, at))
    return out


def _context(view: str, a: int, b: int, prepared: _LabelNeedles) -> tuple[str, str, set[str]]:
    """The masked context of ``view[a:b]``: up to :data:`CONTEXT_TOKENS` tokens each side within its line and its
    sentence, ``^`` / ``$`` where the string starts or ends within them, ``¶`` where the line or the sentence does;
    and the labels joined to it within them (:func:`_joined`); and the *near* context: the one token each side (or
    the mark where the string, line or sentence ends), the coarsest slot of a field (:data:`LEVELS`). (A line is a
    unit of the formats that hold values: a log line, a YAML entry, a CSV row; a sentence is one of prose: the sentence
    before a boilerplate one changes record by record, and would make every record's slot its own.)"""
    lo = max(0, a - _WINDOW)
    nl = view.rfind("\n", lo, a)
    start = nl + 1 if nl >= 0 else lo
    ends = [m.end() for m in _SENTENCE_END.finditer(view, start, a)]
    head_mark = "¶" if nl >= 0 or ends else "^" if lo == 0 else None
    hi = min(len(view), b + _WINDOW)
    nl = view.find("\n", b, hi)
    stop = nl if nl >= 0 else hi
    end = _SENTENCE_END.search(view, b, stop)
    tail_mark = "¶" if nl >= 0 or end else "$" if hi == len(view) else None
    lo_at, hi_at = ends[-1] if ends else start, end.start() if end else stop
    c0, c1 = _code_chunk(view, a, b, prepared)
    c0, c1 = max(c0, lo_at), min(c1, hi_at)
    # a label word among the parts of the mention's own code (`34-30-08`) is a part of that code, not a label
    # beside it: read as the code's characters, not masked
    left = [*_tokens(view[lo_at:c0], prepared), *_plain_tokens(view[c0:a])]
    right = [*_plain_tokens(view[b:c1]), *_tokens(view[c1:hi_at], prepared)]
    head = [head_mark] if head_mark and len(left) <= CONTEXT_TOKENS else []
    tail = [tail_mark] if tail_mark and len(right) <= CONTEXT_TOKENS else []
    kept = [*left[-CONTEXT_TOKENS:], (PLACEHOLDER, None), *right[:CONTEXT_TOKENS]]
    near = " ".join(
        [
            left[-1][0] if left else head_mark or "…",
            PLACEHOLDER,
            right[0][0] if right else tail_mark or "…",
        ]
    )
    return " ".join([*head, *(t for t, _lab in kept), *tail]), near, _joined(left, right)


_JOINING = frozenset({",", ";", "/", "|", "&", "+", "-", "–", "or", "and", "nor", "vs", "versus"})
"""Tokens that join the members of a listing (``keep, inspect or retire``, a range ``24-30``); any other word between
two labels makes them two values of their own (``triage category 3, pain 2/10``)."""


def _joined(left: Sequence[tuple[str, str | None]], right: Sequence[tuple[str, str | None]]) -> set[str]:
    """The labels a mention stands listed with: those reached from it through joining tokens and other labels only
    (:data:`_JOINING`), each side (``left`` before it, ``right`` after it, as :func:`_tokens` gives them)."""
    out: set[str] = set()
    for side in (reversed(left), iter(right)):
        for tok, lab in side:
            if lab is not None:
                out.add(lab)
            elif tok not in _JOINING:
                break
    return out


_CHUNK_PART = re.compile(r"[^\W_]+")
_LIST_JOINERS = frozenset(",;|/")
"""What joins the members of a listing written without blanks (``High/Low``); a code's parts are joined otherwise."""


def _code_chunk(view: str, a: int, b: int, prepared: _LabelNeedles) -> tuple[int, int]:
    """The run without blanks around the mention ``view[a:b]`` when it is a code whose parts are not all labels
    (``MEL 34-30-08``: ``08`` is no label, so ``30`` there is the code's second part, not a second label), as
    ``(start, end)`` in ``view``; ``(a, b)`` otherwise — a listing written without blanks (``High/Low``, parts
    joined by ``,;|/``) or a run of labels only (``1-3``) keeps its other labels."""
    if len(view) > _CHUNKS_INDEXED:
        return _indexed_chunk(_chunk_index(view, prepared.mask), view, a, b)
    c0, c1 = a, b
    while c0 > 0 and not view[c0 - 1].isspace():
        c0 -= 1
    while c1 < len(view) and not view[c1].isspace():
        c1 += 1
    chunk = view[c0:c1]
    if (c0, c1) == (a, b) or _LIST_JOINERS.intersection(chunk):
        return a, b
    parts = _CHUNK_PART.findall(chunk)
    if all(prepared.mask.fullmatch(part) for part in parts):
        return a, b
    return c0, c1


_CHUNKS_INDEXED = 1024
"""A view longer than this has its runs without blanks read once (:func:`_chunk_index`): a run of thousands of
label words without a blank (``High-High-…``) was read whole by each of its hits."""
_RUN = re.compile(r"\S+")
_JOINER = re.compile(r"[,;|/]")


class _ChunkIndex(NamedTuple):
    """A view's runs without blanks (sorted starts, ends), whether each run's parts are all label words, and
    where a listing's joiner (:data:`_LIST_JOINERS`) stands."""

    starts: list[int]
    ends: list[int]
    labels_only: list[bool]
    joiners: list[int]


@lru_cache(maxsize=8)
def _chunk_index(view: str, mask: re.Pattern[str]) -> _ChunkIndex:
    """The :class:`_ChunkIndex` of ``view`` with the label words of ``mask`` (made once per view)."""
    starts, ends, labels_only = [], [], []
    for m in _RUN.finditer(view):
        starts.append(m.start())
        ends.append(m.end())
        labels_only.append(all(mask.fullmatch(part) for part in _CHUNK_PART.findall(m.group())))
    return _ChunkIndex(starts, ends, labels_only, [m.start() for m in _JOINER.finditer(view)])


def _indexed_chunk(index: _ChunkIndex, view: str, a: int, b: int) -> tuple[int, int]:
    """:func:`_code_chunk` read from the view's :class:`_ChunkIndex`: the same chunk (its runs, from the one
    holding ``a - 1`` to the one holding ``b``), the same joiner test, the same test of its parts."""
    first = bisect_right(index.starts, a - 1) - 1 if a > 0 and not view[a - 1].isspace() else None
    last = bisect_right(index.starts, b) - 1 if b < len(view) and not view[b].isspace() else None
    c0 = index.starts[first] if first is not None else a
    c1 = index.ends[last] if last is not None else b
    if (c0, c1) == (a, b) or bisect_left(index.joiners, c1) > bisect_left(index.joiners, c0):
        return a, b
    lo = first if first is not None else bisect_left(index.starts, a)
    hi = last if last is not None else bisect_right(index.starts, b - 1) - 1
    if all(index.labels_only[lo : hi + 1]):
        return a, b
    return c0, c1


def _plain_tokens(text: str) -> list[tuple[str, str | None]]:
    """``text`` as signature tokens with no label word masked (digits as ``0``): the parts of a code."""
    return [("0" if t.isdigit() else t.lower(), None) for t in _TOKEN.findall(text)]


def _general_pointer(pointer: str, mask: re.Pattern[str]) -> str:
    """``pointer`` with array indices as ``*`` and label words of its keys masked, case folded."""
    parts = []
    for seg in pointer.split("/")[1:]:
        if seg.isdigit():
            parts.append("*")
        else:
            parts.append(mask.sub(PLACEHOLDER, normalize_needle(seg) or seg.lower()))
    return "/" + "/".join(parts)


def item_mentions(item: LeakItem, *, decode: bool = True) -> list[Mention]:
    """The mentions of ``item``'s labels in its projection (none without a label set of two labels or more),
    in walk order, at most :data:`MAX_MENTIONS` ordinary ones and :data:`MAX_GLUED` glued ones (a budget of their
    own: glued mentions never displace ordinary ones)."""
    labels = tuple(dict.fromkeys(item.label_set))
    if len(labels) < 2:
        return []
    prepared = _label_needles(labels, tuple((k, tuple(v)) for k, v in item.aliases.items()))
    blob = dumps(item.projection)
    plan = plan_blob(blob, prepared.needles, decode) if blob is not None else None
    if plan is not None:
        if not plan.walk:
            return []  # the pre-check proves no label can match anywhere
        decode = decode and plan.decode
    out: list[Mention] = []
    glued = [0]  # the glued mentions in ``out``
    stack: list[tuple[str, Any]] = [("", item.projection)]
    while stack and len(out) - glued[0] < MAX_MENTIONS:
        pointer, node = stack.pop()
        if isinstance(node, Mapping):
            for key in reversed(list(node)):
                stack.append((f"{pointer}/{escape_pointer_token(str(key))}", node[key]))
        elif isinstance(node, list):
            for i in range(len(node) - 1, -1, -1):
                stack.append((f"{pointer}/{i}", node[i]))
        elif isinstance(node, str):
            text = node[:MAX_TEXT]
            dec = decode
            if text.isascii():
                dec = decode and (plan.string_decode(text) if plan is not None and plan.exact else True)
                if not _may_hold(text, prepared, plan, dec):
                    continue
            _string_mentions(text, pointer, prepared, dec, out, glued, whole=False)
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            _string_mentions(str(node), pointer, prepared, False, out, glued, whole=True)
    if len(out) - glued[0] <= MAX_MENTIONS:
        return out
    kept = []
    ordinary = 0
    for m in out:
        ordinary += not m.glued
        if m.glued or ordinary <= MAX_MENTIONS:
            kept.append(m)
    return kept


def _may_hold(text: str, prepared: _LabelNeedles, plan: Plan | None, decode: bool) -> bool:
    """Whether an ASCII string can hold a mention (``False`` is a proof): with an exact plan and no decoded view
    to search, some token set the serialisation holds must have all its words in the string (what the scan's walk
    checks); otherwise the scan's per-string check."""
    live = plan.live if plan is not None and plan.exact and not decode else None
    if live is None:
        return string_may_hit(text, prepared.needles, decode)
    low = text.lower()
    if any(all(w in low for w in words) for words, _adjacent in live):
        return True
    return bool(prepared.needles.ocr) and prepared.needles.ocr_gate.misread_in(low.encode())


def _string_mentions(
    text: str,
    pointer: str,
    prepared: _LabelNeedles,
    decode: bool,
    out: list[Mention],
    glued: list[int],
    *,
    whole: bool,
) -> None:
    """Append the mentions in one string (``whole``: a number, whose mention has no span) to ``out``, a glued one
    only while ``glued[0]`` (the glued ones already in ``out``, counted here) is below :data:`MAX_GLUED`."""
    if not text:
        return
    found = _found(text, prepared, decode)
    if not found:
        return
    ptr = _general_pointer(pointer, prepared.mask)
    rep = "json" if whole else string_representation(text, "json")
    for span, label, ctx, near, listed, weak in found:
        if weak:
            if glued[0] >= MAX_GLUED:
                continue
            glued[0] += 1
        sigs = (f"{ptr} {ctx}", ctx, f"{ptr} {near}")
        out.append(Mention(pointer, None if whole else span, label, sigs, rep, listed, weak))


_Found = tuple[tuple[int, int], str, str, str, bool, bool]
"""A mention in a text apart from where it is: span, label, masked context, near context, listed, glued."""


def _found(text: str, prepared: _LabelNeedles, decode: bool) -> tuple[_Found, ...]:
    """The mentions in ``text`` apart from where it is: (span, label, masked context, listed, glued) per hit. A text
    seen again with the same label set (a template, a twin record) is searched once (bounded cache)."""
    key = (text, decode, prepared.needles) if len(text) <= _CACHED_TEXT_MAX else None
    if key is not None:
        known = _FOUND.get(key)
        if known is not None:
            return known
    made = []
    for h in prepared.needles.search(text, decode=decode):
        label = prepared.label_of.get(h.needle.text)
        if label is None:
            continue
        ctx, near, beside = _context(h.view_text, *h.view_span, prepared)
        made.append((h.span, label, ctx, near, bool(beside - {label}), h.glued))
    result = tuple(made)
    if key is not None:
        if len(_FOUND) >= _FOUND_MAX:
            _FOUND.clear()
        _FOUND[key] = result
    return result


_FOUND: dict[tuple[str, bool, NeedleSet], tuple[_Found, ...]] = {}
"""(text, decode, the label set's needles) → its mentions apart from where it is; cleared when full."""
_FOUND_MAX = 4096
_CACHED_TEXT_MAX = 4096


def overlaps(f: Finding, m: Mention) -> bool:
    """Whether finding ``f`` points at mention ``m``'s characters (same place; overlapping spans, or either
    without a span: a whole value, or JSON held in the string)."""
    if f.pointer != m.pointer or f.target != "value":
        return False
    if f.span is None or m.span is None:
        return True
    return f.span[0] < m.span[1] and m.span[0] < f.span[1]


def decisions(mentions: Sequence[Mention], findings: Sequence[Finding], expected: Sequence[str]) -> list[str]:
    """What the item-level audit decided at each mention: ``leak (<rule>)``, ``review (<rule>)``, or ``cleared``
    (no finding there; for a label that is not the answer, ``cleared (another label)``)."""
    answers = {normalize_needle(e) for e in expected}
    out = []
    for m in mentions:
        here = [f for f in findings if overlaps(f, m)]
        blocking = [f for f in here if f.blocking]
        if blocking:
            out.append(f"leak ({blocking[0].rule})")
        elif here:
            out.append(f"review ({here[0].rule})")
        else:
            out.append("cleared" if normalize_needle(m.label) in answers else "cleared (another label)")
    return out


__all__ = ["LEVELS", "Mention", "decisions", "item_mentions", "overlaps"]
