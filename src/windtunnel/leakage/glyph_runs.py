"""Runs of one repeated glyph, read as a token of their own: a rating written as ``★★★``, a severity as ``🧊🧊🧊``.

Mining (:mod:`.mine`) counts the tokens of what the model reads; a glyph (a symbol: a rating star, an emoji, a
box-drawing character) is a token of its own (``★``). Written as a run, the glyph's *count* is the value: three stars
on every ``3``, four on every ``4``. Each glyph keeps its own token; the run is one more token, the run as written, so
its length is the token (``★★★`` is not ``★★★★``).

Only a run of one glyph repeated is a run (``★★★☆☆`` gives ``★★★`` and ``☆☆``; a box's ``┌──┐`` gives ``──``), so the
token is the count of one symbol, not a drawing's shape. A run whose length follows the input (a card drawn with ``─``
as wide as its content) is a candidate like any other, and the dataset decides: most of its lengths ride with no
label (purity, significance); the input already tells what one does (:func:`~.input_explained.explained_by`); or the
glyph's runs at one place, read as one field whose values are their lengths (:func:`run_families`), shift the odds of
the labels as a measurement does rather than name one (:func:`~windtunnel.leakage.mine.graded`: a narrow card only on
small readings, the wider ones on every label in shares that move with the width), and :func:`~.mine.mine` drops the
family's runs. A rating is one length per label, and stays.

A glyph is one character of a symbol category (``S*``: ``So``, ``Sm``, ``Sc``, ``Sk``) outside ASCII (ASCII marks are
the text's structure, as :func:`~.candidates._tokens` reads them), with the variation selector that may
follow it (``❄️``). One regex pass over the text, each run read once: linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

_RUN = re.compile(r"([^\w\s\x00-\x7f][\ufe0e\ufe0f]?)\1++")
"""Two or more of one non-ASCII character that is no letter, digit or blank (with its variation selector, if any):
one glyph alone is its own token already. Possessive: the engine keeps no state per repetition (a backtracking
``\1+`` holds some 80 bytes a glyph of a long run)."""


def run_glyph(text: str) -> str | None:
    """The glyph ``text`` is a run of (:func:`glyph_runs`: the whole text, two of it or more), else None."""
    m = _RUN.fullmatch(text)
    return m.group(1) if m is not None and unicodedata.category(m.group(1)[0])[0] == "S" else None


def run_families(keys: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str], list[tuple[str, str, str]]]:
    """The token candidates among ``keys`` (``(kind, pointer, text)``) that are glyph runs, per ``(pointer, glyph)``:
    one glyph's runs at one place, a field whose values are the runs' lengths."""
    out: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for key in keys:
        if key[0] == "token" and (glyph := run_glyph(key[2])) is not None:
            out.setdefault((key[1], glyph), []).append(key)
    return out


def glyph_runs(text: str) -> Iterator[tuple[str, int, int]]:
    """``(run, start, end)`` of each run of one repeated glyph in ``text``, in order (the run as written: its length
    is part of the token)."""
    for m in _RUN.finditer(text):
        if unicodedata.category(m.group(1)[0])[0] == "S":
            yield m.group(0), m.start(), m.end()


__all__ = ["glyph_runs", "run_families", "run_glyph"]
