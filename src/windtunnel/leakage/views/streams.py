"""A recorded stream of JSON events (server-sent events, NDJSON) joined into the text it carried.

A streamed model answer arrives as many small events, each carrying a piece of the text in the same
field (``"Neg"``, ``"ative"``): no single string holds the label, the model's output does. The view
finds the lines that each hold one JSON object (after an optional ``data:`` prefix), the string field
whose value changes from event to event (what stays the same, an id or a model name, is framing), and
deletes everything between one event's piece and the next one's: the pieces, still the original
characters, stand side by side as the text that was streamed (``Negative``).
"""

from __future__ import annotations

import re
from collections import defaultdict

from windtunnel.leakage.views.registry import Replacement, decoder

MIN_EVENTS = 3
"""Events a stream must hold (two pieces side by side are not yet a stream)."""
# One event: a JSON object filling the rest of a line, after an optional ``data:`` field name.
_EVENT_RE = re.compile(r"(?:^|(?<=\n)|(?<=data:)|(?<=data: ))\{[^\n]*\}[ \t]*\r?$", re.MULTILINE)
# A string member of an object: its name and its value (the value's characters as written).
_MEMBER_RE = re.compile(r'"([^"\\\n]{1,64})"\s*:\s*"((?:[^"\\\n]|\\.)*)"')


def _marker(text: str) -> bool:
    """Whether ``text`` may hold a stream: a line break and at least two objects on lines of their own."""
    return "\n" in text and text.count("}\n") + text.count("}\r\n") >= MIN_EVENTS - 1


@decoder("stream", order=85, marker=_marker)
def joined_stream(text: str) -> list[Replacement]:
    """The pieces of the field that changes from event to event, with what lies between them deleted.

    Of the string fields present in at least :data:`MIN_EVENTS` events with at least two different
    values, the one with the most different values wins (a framing field such as an event type repeats
    a few values; ties: the most characters carried)."""
    values: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    events = 0
    for ev in _EVENT_RE.finditer(text):
        events += 1
        for mt in _MEMBER_RE.finditer(text, ev.start(), ev.end()):
            values[mt.group(1)].append((mt.start(2), mt.end(2), mt.group(2)))
    if events < MIN_EVENTS:
        return []
    best: list[tuple[int, int, str]] | None = None
    best_key = (0, 0)
    for pieces in values.values():
        distinct = len({p[2] for p in pieces})
        if len(pieces) < MIN_EVENTS or distinct < 2:
            continue
        key = (distinct, sum(len(p[2]) for p in pieces))
        if key > best_key:
            best, best_key = pieces, key
    if best is None:
        return []
    return [(best[i][1], best[i + 1][0], "") for i in range(len(best) - 1)]
