"""The tokeniser: identifiers split into words in values as in keys.

Word boundaries already fall at ``_``, ``-``, ``.``, ``/`` and every other non-word character
(``PRIORITY_HIGH``, ``priority-high``, ``ticket.priority.high``, URL segments; see
:func:`windtunnel.leakage.needles._is_word`). What remains is case: ``priorityHigh`` and
``HTTPHigh`` hold a word boundary at each hump. :func:`identifier_view` writes a space there,
keeping the offset map, so the whole-token match sees ``priority High``.
"""

from __future__ import annotations

import re

from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views.pipeline import apply

# A lowercase letter then a capital (``priorityHigh``; not a digit: ``5G`` stays one token), or a run of capitals then a
# capitalised word (``HTTPServer``): the hump is after the first character of the match.
_HUMP_RE = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_HAS_HUMP_RE = re.compile(r"[a-z][A-Z]|[A-Z][A-Z][a-z]")


def has_humps(text: str) -> bool:
    """Whether ``text`` holds a camelCase hump (a cheap check before :func:`identifier_view`)."""
    return _HAS_HUMP_RE.search(text) is not None


def identifier_view(m: Mapped) -> Mapped | None:
    """``m`` with a space at every camelCase hump, or ``None`` when it has none."""
    text = m.text
    reps = [(p, p, " ") for p in (mt.start() for mt in _HUMP_RE.finditer(text))]
    if not reps:
        return None
    return apply(m, reps)


def identifier_words(text: str) -> list[str]:
    """The words of an identifier or of any text, lowercased (``isHighPriority`` → is, high, priority)."""
    view = identifier_view(Mapped(text))
    return re.findall(r"[^\W_]+", (view.text if view is not None else text).lower())
