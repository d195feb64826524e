"""Members of a listing written side by side: a repeated unit that differs only by its label.

An options listing is often one line per member (``<option value="Low">Low</option>``, ``<li>Low</li>``), and the
scan compares the hit's line with a nearby line holding another label (principle 3: a listing describes the task).
Minified markup, a one-line form or a toolbar writes the members side by side on one line instead:

    <form><button name="action" value="keep">Keep</button><button name="action" value="warn">Warn</button>…</form>

Each ``value="keep"`` reads as a key-value pair, so every record's own label was a leak, whatever it was (a
moderation queue that renders the same three buttons on every item: 100 % of its clean records flagged). The
members are still a listing: the text holding the hit, with every label taken out, repeats with a period that
carries the hit onto another label's place. :func:`side_by_side` finds that period: for another label's hit at
distance ``d``, the masked text agrees with itself shifted by ``d`` over a stretch of at least ``d`` characters
that covers both. A member marked apart (``aria-pressed="true"``, ``class="btn selected"``, a ``★`` before it)
breaks the repetition, so a chosen option stays a value, as a marked line does.

Bounded: a window of ``WINDOW`` characters each side of the hit and at most ``PAIRS`` other labels' hits, each
compared over at most the window, so the cost follows the hits, not the text's length.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence

WINDOW = 600
"""Characters each side of the hit that a unit and its sibling must fit in."""
PAIRS = 6
"""Other labels' hits (nearest first) tried as the sibling of the hit's unit."""
MIN_PERIOD = 3
"""A period shorter than this (``\\0\\0``) is two labels glued together, not a unit repeated."""
_COUNTER = re.compile(r"(?<=[A-Za-z_])\d+")
"""Numbers glued to a name that count the members (``id="r0"``, ``id="r1"``, ``opt2``): compared as one."""


def side_by_side(text: str, spans: Sequence[tuple[int, int, str]], va: int, vb: int, norm: str) -> bool:
    """The hit at ``text[va:vb]`` (label ``norm``) and another label's hit in ``spans`` (sorted ``(start, end,
    norm)`` of every label hit in ``text``) are the same place of a unit written twice side by side, once each
    label is taken out (see the module). ``False`` when no other label is near."""
    lo, hi = max(0, va - WINDOW), min(len(text), vb + WINDOW)
    near = spans[bisect_left(spans, (lo,)) : bisect_left(spans, (hi,))]
    if text.find("<", lo, hi) < 0 or text.find(">", lo, hi) < 0:
        return False  # no markup in the window: no unit has an element (:func:`_element`), so none is masked
    if not any(n != norm for _a, _b, n in near):
        return False
    masked, at, others = _masked(text, near, lo, hi, va)
    if at is None:
        return False
    others.sort(key=lambda o: abs(o - at))
    return any(_periodic(masked, min(at, o), abs(o - at), at) for o in others[:PAIRS])


def _masked(
    text: str, near: Sequence[tuple[int, int, str]], lo: int, hi: int, va: int
) -> tuple[str, int | None, list[int]]:
    """``text[lo:hi]`` with each label hit written as one ``\\0`` and counters folded (:data:`_COUNTER`); the index
    of the hit at ``va`` in it, and the indices of the other labels' hits (the hit's own label elsewhere aside)."""
    parts: list[str] = []
    size = 0
    pos = lo
    at: int | None = None
    mine = next((n for a, _b, n in near if a == va), None)
    others: list[int] = []
    for a, b, n in near:
        if a < pos or b > hi:
            continue  # overlapping hits (a label inside another's span), or one past the window
        piece = _COUNTER.sub("0", text[pos:a])
        parts.append(piece)
        size += len(piece)
        if a == va:
            at = size
        elif n != mine:
            others.append(size)
        parts.append("\x00")
        size += 1
        pos = b
    parts.append(_COUNTER.sub("0", text[pos:hi]))
    return "".join(parts), at, others


def _periodic(masked: str, start: int, period: int, at: int) -> bool:
    """``masked`` agrees with itself shifted by ``period`` over a stretch of at least ``period`` characters that
    holds ``start`` (the first of the two hits): the unit from one hit to the other is written again right after
    (or right before) it. In markup only, and over the hit's whole element (:func:`_element`), so a mark on either
    side of the label — before it (``★reject``) or after it in the same tag (``value="x" aria-pressed``) — keeps its
    unit apart whichever member it is; plain text has no edges to check (``Is it Low? No. Is it High? Yes.`` repeats
    ``Is it …?`` but not its answer) and its listings have their own rules. The unit must hold more than labels and
    separators (a tag's name, a key): a wire format's counts (``$1\\r\\n2\\r\\n``) are not a unit."""
    if period < MIN_PERIOD or start + period >= len(masked):
        return False
    if masked[start] != masked[start + period]:
        return False
    if not any(c.isalnum() for c in masked[start : start + period]):
        return False  # labels and separators only (``\0\r\n``): a delimited run, not a unit with a structure of its own
    element = _element(masked, at)
    if element is None:
        return False  # outside markup a unit has no edges to check (``Is it Low? No. … Is it High? Yes.``)
    lo, hi = element
    need_lo, need_hi = start + (lo - at), start + (hi - at)
    left = start
    while left > 0 and left > need_lo - period and masked[left - 1] == masked[left - 1 + period]:
        left -= 1
    right = start + 1
    limit = len(masked) - period
    while right < limit and (right - left < period or right < need_hi) and masked[right] == masked[right + period]:
        right += 1
    return right - left >= period and left <= need_lo and right >= need_hi


def _element(masked: str, at: int) -> tuple[int, int] | None:
    """The stretch around the hit at ``at`` that its unit must match in: from the ``<`` of the tag it is in (or of
    the element whose text it is) to the ``<`` of the next tag after the one that closes it; None outside markup."""
    lt = masked.rfind("<", 0, at)
    gt = masked.find(">", at)
    if lt < 0 or gt < 0:
        return None
    nxt = masked.find("<", gt)
    return lt, (nxt if nxt >= 0 else gt + 1)
