"""Glyphs a reader counts: a rating drawn as a run of filled and empty marks (``★★★☆☆``) reads as a
fraction (``3/5 stars``), so the number it shows is matched like the number written out.

The decoded text is what the mention policy's rating cue reads (``3/5 stars`` with a numeric label
set), so a drawn rating leaks exactly when a written one would. A run must be 2 to 10 marks, all filled
marks before all empty ones, as a rating bar draws them; ``☆★☆`` is decoration, not a rating. A bar
drawn in HTML by the width of its filled part is read the same way (:func:`rating_width`).
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_FILLED = "★⭐●◉⬤♥❤✦■▰🌕"
_EMPTY = "☆✩○◯♡▢□▱🌑✧"
_RUN_RE = re.compile(f"[{_FILLED}{_EMPTY}](?:\\ufe0f)?(?:[ \\u200b]?[{_FILLED}{_EMPTY}](?:\\ufe0f)?){{1,9}}")


@decoder("rating_glyphs", order=85, marker=lambda t: not t.isascii())
def rating_glyphs(text: str) -> list[Replacement]:
    """Each run of 2 to 10 rating marks as ``<filled>/<all> stars`` (``★★★★`` alone: ``4 stars``);
    the marks of one kind only (filled or empty) in one run, then the other, as a rating bar draws them."""
    out: list[Replacement] = []
    for mt in _RUN_RE.finditer(text):
        marks = [ch for ch in mt.group(0) if ch in _FILLED or ch in _EMPTY]
        filled = sum(ch in _FILLED for ch in marks)
        kinds = "".join("f" if ch in _FILLED else "e" for ch in marks)
        if "ef" in kinds:
            continue  # not a bar: ☆★☆
        if filled == len(marks):
            out.append((mt.start(), mt.end(), f"{filled} stars"))
        else:
            out.append((mt.start(), mt.end(), f"{filled}/{len(marks)} stars"))
    return out


# A tag that names stars or a rating (class or id) and draws its fill with a CSS width in percent.
_TAG_RE = re.compile(r"<[A-Za-z][^<>]{0,400}>")
_NAMES_RATING = re.compile(r"""\b(?:class|id)\s*=\s*["'][^"']*(?:star|rating)""", re.IGNORECASE)
_WIDTH_RE = re.compile(r"\bwidth\s*:\s*(\d{1,3}(?:\.0+)?)\s*%")


@decoder("rating_width", order=86, marker=lambda t: "width" in t and "%" in t)
def rating_width(text: str) -> list[Replacement]:
    """A star bar drawn as the width of its filled part (``<span class="stars-inner" style="width:
    80%">``): the width as the rating it draws on a five-star bar (``4/5 stars``), when it falls on a
    whole star. Only an element whose class or id names stars or a rating is read so.

    The replacement covers the ``width: …%`` declaration, so a finding points at it and the sanitizer
    removes the width (the bar then draws no rating). A progress bar or a layout width is left alone."""
    out: list[Replacement] = []
    for tag in _TAG_RE.finditer(text):
        body = tag.group(0)
        if "width" not in body or _NAMES_RATING.search(body) is None:
            continue
        width = _WIDTH_RE.search(body)
        if width is None:
            continue
        pct = float(width.group(1))
        if pct > 100 or pct % 20:
            continue
        a, b = tag.start() + width.start(), tag.start() + width.end()
        out.append((a, b, f"{int(pct) // 20}/5 stars"))
    return out
