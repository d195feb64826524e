"""Whole-token hits in every canonical view, as units for the learned decision (an experiment, not shipped:
it lives beside its benchmark, outside the package).

The learned decision (:mod:`windtunnel.leakage.learned`) scores the naive scan's hits: the answer, an alias or a
correlated value as whole tokens in the *raw* strings of the projection. A label the raw strings do not show
(encoded, split, folded, escaped, inside an identifier) never becomes a unit, so the model cannot help there.
This module widens the units to the hits of the audit's own matcher
(:meth:`~windtunnel.leakage.needles.NeedleSet.search`): the same needles, as whole tokens in every view of
every string (the normalised views, canonical numbers, identifiers split into words, OCR misreadings and
every view of the canonical view pipeline, :func:`~windtunnel.leakage.views.canonical_views`), each hit mapped
back to the original characters the view came from.

A view hit that a naive hit of the same needle already covers is that naive hit (one unit per place). Every
other view hit is a new unit with the naive hit's features (:func:`~windtunnel.leakage.learned.hit_features`,
read at its original characters) plus what only a view says (:func:`view_features`): which view produced it
(each decoder of a nested view by name), the decode depth, whether the raw string or the item holds the
needle as a whole token elsewhere, and the words and punctuation beside it *in the view* (a decoded
``Priority: High`` is a key-value pair only there). ``benchmarks/leak_learn_views.py`` trains and measures
the decision over these units beside the naive ones (docs/dev/leakage-learned-decision.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from windtunnel.leakage.learned import (
    _CLITIC,
    Hit,
    Part,
    _Strings,
    hit_features,
    naive_hits,
    needles,
    parts,
    pointer_of,
)
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.text import VIEW_ORDER

UNIT = "unit:view"
"""The feature every view-only unit carries (a naive hit never does): the model's own bias for the new units."""

_WORD = re.compile(r"\w+")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_KV_BEFORE = re.compile(r"[:=]\s*[\"'`*_]*$")
_DECODER = re.compile(r"[+:]")
_CLITIC_AT = re.compile(_CLITIC)
"""A clitic after a letter and an apostrophe (``customer's``): the word's end, not a token (the naive hits'
rule, :func:`~windtunnel.leakage.learned.whole_token`), so no view unit either."""


@dataclass(frozen=True)
class ViewHit:
    """One place where a needle stands as whole tokens in some view of a string, and the naive scan sees none.

    ``hit`` is shaped as a naive hit (its ``start``/``end`` in the casefolded string, so the naive features
    read it); ``span`` is the original characters ``[start, end)`` of ``hit.part.text`` the view came from
    (what a finding points at); ``views`` the views that show it, least transformed first; ``view_text`` and
    ``view_span`` the first view's text and the hit's place there.
    """

    hit: Hit
    span: tuple[int, int]
    views: tuple[str, ...]
    view_text: str
    view_span: tuple[int, int]


def decoders_of(view: str) -> list[str]:
    """The steps of a view's name: ``decoded:base64+percent`` → ``["base64", "percent"]``, ``casefold`` →
    ``["casefold"]`` (a normalised view is one step), ``decoded:hex+canonical`` → ``["hex", "canonical"]``."""
    steps = [s for s in _DECODER.split(view) if s]
    return steps[1:] if steps and steps[0] == "decoded" else steps


def depth_of(view: str) -> int:
    """How many decodings a view is from the string as written: 0 for a normalised view (case, accents,
    invisibles, look-alikes), 1 for an identifier, canonical-number or OCR view or one decoder, one more per
    nested decoder."""
    if view in VIEW_ORDER:
        return 0
    return max(1, len(decoders_of(view)) - (1 if view.endswith(("+canonical", "+ocr")) else 0))


@lru_cache(maxsize=4096)
def _needle_set(answers: tuple[str, ...], correlated: tuple[str, ...]) -> NeedleSet:
    """The audit's matcher over the learned decision's needles (an answer set recurs across a dataset)."""
    return NeedleSet.build(answers, correlated)


def _matcher(item: LeakItem) -> tuple[NeedleSet, dict[str, str]]:
    """The matcher of ``item``'s needles (answers and aliases as answers, correlated values as correlated) and
    each needle's kind by its text."""
    kinds = dict(needles(item))
    answers = tuple(n for n, k in kinds.items() if k != "correlated")
    correlated = tuple(n for n, k in kinds.items() if k == "correlated")
    return _needle_set(answers, correlated), kinds


def _folded_offset(text: str, i: int) -> int:
    """Offset ``i`` of ``text`` as an offset of ``text.casefold()`` (the naive hits' coordinates)."""
    return i if len(text.casefold()) == len(text) else len(text[:i].casefold())


def view_hits(item: LeakItem, strings: Sequence[Part], naive: Sequence[Hit]) -> list[ViewHit]:
    """Every place in ``strings`` where a needle of ``item`` stands as whole tokens in some view and no naive
    hit (``naive``) of the same needle overlaps it: one per (string, needle, original span), its views
    merged, in reading order. Scalars are searched as their text (``str``) like the naive scan reads them."""
    matcher, kinds = _matcher(item)
    taken: dict[int, list[tuple[str, int, int]]] = {}
    for h in naive:
        taken.setdefault(id(h.part), []).append((h.needle.casefold(), h.start, h.end))
    out: list[ViewHit] = []
    for part in strings:
        if not part.text.strip():
            continue
        found: dict[tuple[str, int, int], ViewHit] = {}
        for m in matcher.search(part.text):
            needle = m.needle.text
            if needle not in kinds:
                continue  # the matcher's own twin of a needle (an OCR misreading): named by its view
            a, b = m.span
            va, vb = m.view_span
            got_clitic = _CLITIC_AT.match(m.view_text, va)
            if got_clitic is not None and got_clitic.end() == vb:
                continue  # the ``s`` of ``customer's``: the word before it, as the naive hits read it
            fa, fb = _folded_offset(part.text, a), _folded_offset(part.text, b)
            folded = needle.casefold()
            if any(n == folded and fa < e and s < fb for n, s, e in taken.get(id(part), ())):
                continue  # the naive scan's own unit
            key = (needle, a, b)
            got = found.get(key)
            if got is not None:
                if m.view not in got.views:
                    found[key] = ViewHit(got.hit, got.span, (*got.views, m.view), got.view_text, got.view_span)
                continue
            hit = Hit(part, pointer_of(part.path), fa, max(fa, fb), needle, kinds[needle])
            found[key] = ViewHit(hit, (a, b), (m.view,), m.view_text, m.view_span)
        out.extend(found.values())
    return out


def view_features(vh: ViewHit, raw_in_string: bool, raw_in_item: bool) -> list[str]:
    """What only the view says about a view hit: the unit's kind (:data:`UNIT`), each view and decoder
    that shows it, the decode depth, whether the raw string (``raw_in_string``) or the item (``raw_in_item``)
    holds the needle as a whole token elsewhere, whether the hit is the whole view, and the punctuation and
    words beside it in the view (hashed like the naive features' words)."""
    f = [UNIT, f"v:first:{vh.views[0]}", f"v:depth:{min(depth_of(vh.views[0]), 4)}"]
    f += sorted({f"v:step:{s}" for v in vh.views for s in decoders_of(v)})
    f.append(f"v:views:{min(len(vh.views), 3)}")
    f += [f"v:raw-string:{raw_in_string}", f"v:raw-item:{raw_in_item}"]
    text, (a, b) = vh.view_text, vh.view_span
    before, after = text[max(0, a - 256) : a], text[b : b + 256]
    f.append(f"v:whole:{not _WORD.search(before) and not _WORD.search(after)}")
    f.append(f"v:grown:{(b - a) < (vh.span[1] - vh.span[0])}")
    btoks, atoks = _TOKEN.findall(before), _TOKEN.findall(after)
    f.append(f"v:pb:{btoks[-1] if btoks and not btoks[-1][0].isalnum() else ('w' if btoks else '^')}")
    f.append(f"v:pa:{atoks[0] if atoks and not atoks[0][0].isalnum() else ('w' if atoks else '$')}")
    f.append(f"v:kv-before:{bool(_KV_BEFORE.search(before[-64:]))}")
    bwords, awords = _WORD.findall(before), _WORD.findall(after)
    f += [f"v:b{i + 1}:{w.lower()}" for i, w in enumerate(reversed(bwords[-2:]))]
    f += [f"v:a{i + 1}:{w.lower()}" for i, w in enumerate(awords[:2])]
    return f


def item_view_units(
    item: LeakItem, findings: Sequence[Finding]
) -> tuple[list[tuple[Hit, list[str]]], list[tuple[ViewHit, list[str]]]]:
    """``(naive units, view units)`` of ``item`` with their features: the naive hits exactly as
    :func:`~windtunnel.leakage.learned.item_hit_features` gives them, and every view hit no naive hit covers
    with the naive features (read at its original characters) plus :func:`view_features`."""
    strings = list(parts(item.projection))
    naive = naive_hits(item, strings)
    index = _Strings(item, strings, naive, findings) if naive else None
    naive_units = [(h, hit_features(item, h, index)) for h in naive] if index is not None else []
    extra = view_hits(item, strings, naive)
    if not extra:
        return naive_units, []
    vindex = _Strings(item, strings, [*naive, *(v.hit for v in extra)], findings)
    raw_parts = {(id(h.part), h.needle.casefold()) for h in naive}
    raw_needles = {h.needle.casefold() for h in naive}
    out: list[tuple[ViewHit, list[str]]] = []
    for vh in extra:
        folded = vh.hit.needle.casefold()
        feats = hit_features(item, vh.hit, vindex)
        feats += view_features(vh, (id(vh.hit.part), folded) in raw_parts, folded in raw_needles)
        out.append((vh, feats))
    return naive_units, out
