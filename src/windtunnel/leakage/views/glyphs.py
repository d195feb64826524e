"""Glyphs a reader counts: a rating drawn as a run of filled and empty marks (``★★★☆☆``) reads as a
fraction (``3/5 stars``), so the number it shows is matched like the number written out.

The decoded text is what the mention policy's rating cue reads (``3/5 stars`` with a numeric label
set), so a drawn rating leaks exactly when a written one would. A run must be 2 to 10 marks, all filled
marks before all empty ones, as a rating bar draws them; ``☆★☆`` is decoration, not a rating.
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
