"""Where a code of a public code system is tied: the shapes the scan reads a code's name from.

A code (:func:`~windtunnel.leakage.lexicon.code_spellings`: ``30``, ``HH``, ``#ffbf00``) counts only as
a value, and a number only under a name naming its code system (``levelno``, ``bmi``, ``fill``). These
helpers read that name where a markup, a log line or a positional segment writes it: the last
identifier of a pair's name window, an attribute closing its tag, the first field of a ``|``-separated
line. The decision itself is the scan's (:mod:`.scan`, the value-only branch and ``_code_named``).
"""

from __future__ import annotations

import re
from functools import lru_cache

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_ATTRIBUTE_END = re.compile(r"[\"']\s*/?>")
_NUMBER_CODE = re.compile(r"\d+(?:[./]\d+)?")
_NAME_WORD = re.compile(r"[^\W\d_][\w.-]*")
_FIELD_SEPARATORS = "|^~"


def number_code(code: str) -> bool:
    """``code`` is a number (``30``, ``7.5``, ``4/5``): it has too many senses to be tied by anything
    but a name of its own code system."""
    return _NUMBER_CODE.fullmatch(code) is not None


def attribute_end(text: str, b: int) -> bool:
    """A quoted attribute value ends at ``text[b]`` and closes its tag (``fill="#4c1"/>``,
    ``style="color:red">``): the value is the attribute's, as a pair's is."""
    return _ATTRIBUTE_END.match(text, b) is not None


def last_name(window: str) -> str:
    """The last identifier of a pair's name window (``fill`` in ``<rect x="40" fill="``, ``port`` in
    ``level=info port=``): the pair's own name, not the words before it."""
    names = _NAME_WORD.findall(window)
    return names[-1] if names else ""


@lru_cache(maxsize=256)
def _naming_re(names: tuple[str, ...]) -> re.Pattern[str]:
    """Whole-word pattern of a code system's naming words."""
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(names, key=len, reverse=True)) + r")\b")


def names_code(names: tuple[str, ...], name: str) -> bool:
    """``name`` (a key, an identifier: ``levelno``, ``uv_index_max``, ``background-color``) holds a
    word of ``names``, read as words (camel case and separators split)."""
    words = " ".join(re.split(r"[\W_]+", _CAMEL.sub(" ", name).casefold())).strip()
    return bool(words) and _naming_re(names).search(words) is not None


def segment_field(names: tuple[str, ...], text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is a whole field (or component) of a line of ``|``-separated fields whose first
    field holds a word of ``names`` (``PV1|1|E|…``, ``OBX|…|HH``, ``ORC|NW|…|^^^^^S|``): the line's
    name says what its positional fields hold, as a key does for a pair."""
    if a == 0 or text[a - 1] not in _FIELD_SEPARATORS:
        return False
    if b < len(text) and text[b] not in _FIELD_SEPARATORS + "\r\n":
        return False
    start = max(text.rfind("\r", 0, a), text.rfind("\n", 0, a)) + 1
    head, bar, _rest = text[start:a].partition("|")
    return bool(bar) and names_code(names, head)
