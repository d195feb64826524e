"""String literals joined by an operator: ``"Nega" & "tive"``, ``'P' + '0'``, ``'Hi' || 'gh'``.

Code, formulas and queries build a text from pieces (a spreadsheet's ``="Nega"&"tive"``, JavaScript's
``"Hi" + "gh"``, SQL's ``'Hi' || 'gh'``, Lua's ``..``, PHP's ``.``); a reader evaluates the expression on
sight. The view writes each run of two literals or more, of one kind of quote, joined by one of those
operators, as one literal holding the pieces joined (the quotes kept, so a label alone in them reads as
quoted). The joined text must still match as a whole token: ``"High" + "way"`` is not ``High``.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_JOIN = r"[ ]*(?:&|\+|\|\||\.\.?)[ ]*"
_DOUBLE = r'"([^"\\\n]{0,200})"'
_SINGLE = r"'([^'\\\n]{0,200})'"
_RUN_RE = re.compile(rf"{_DOUBLE}(?:{_JOIN}{_DOUBLE})+|{_SINGLE}(?:{_JOIN}{_SINGLE})+")
_PIECE_RE = {'"': re.compile(_DOUBLE), "'": re.compile(_SINGLE)}
MARK_RE = re.compile(r"[\"']" + _JOIN + r"[\"']")
"""A necessary condition of a joined run: a closing quote, an operator, an opening quote."""


@decoder("concat", order=33, marker=lambda t: MARK_RE.search(t) is not None)
def joined_literals(text: str) -> list[Replacement]:
    """Each run of quoted pieces joined by an operator, as one quoted text."""
    out: list[Replacement] = []
    for m in _RUN_RE.finditer(text):
        quote = m.group()[0]
        pieces = "".join(p.group(1) for p in _PIECE_RE[quote].finditer(m.group()))
        out.append((m.start(), m.end(), f"{quote}{pieces}{quote}"))
    return out
