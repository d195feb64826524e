"""Small text helpers shared by the invariant modules (normalisation, quoting, regex compilation).

Every phrase-matching check compares normalised text (:func:`normalize`), so "I CAN’T help" and "i can't  help" are
the same answer and a pattern is written once, in lower case with plain quotes. User regexes are compiled when the
config is loaded (:func:`check_patterns`), so a bad pattern is a config error with its position, not a crash on the
first cell.
"""

from __future__ import annotations

import re
import unicodedata

from windtunnel._util.lazyre import lazy

_QUOTES = str.maketrans({"‘": "'", "’": "'", "ʼ": "'", "`": "'", "“": '"', "”": '"'})
_SPACE = lazy(r"\s+")


def normalize(text: str) -> str:
    """NFKC, case-folded, typographic quotes made plain, whitespace collapsed to single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    return _SPACE.sub(" ", text).strip()


def clip(text: str, limit: int = 80) -> str:
    """``repr``-quoted text, shortened with an ellipsis so details stay one readable line."""
    text = _SPACE.sub(" ", text).strip()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text)


def shown_pattern(pattern: str) -> str:
    """A regular expression quoted as the config writes it: ``repr`` would double every backslash, and the doubled
    pattern, copied back into the config, is another pattern. ``repr`` only when it holds a quote or a character that
    does not print, which only ``repr`` shows unambiguously."""
    if pattern.isprintable() and "'" not in pattern:
        return f"'{pattern}'"
    return repr(pattern)


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile a user regex; a ``ValueError`` names the pattern and the position of the problem."""
    try:
        return re.compile(pattern, flags)
    except re.error as err:
        where = f" at position {err.pos}" if err.pos is not None else ""
        raise ValueError(
            f"invalid regular expression {pattern!r}: {err.msg}{where} "
            "(escape literal characters such as ( [ . * + ? with a backslash)"
        ) from None


def check_patterns(patterns: list[str], *, matched: str) -> list[str]:
    """Validate user regexes: none empty (it would match every ``matched``), each one compiles.

    Called from the types' field validators, so the ``ValueError`` becomes a config error pointing at the key;
    ``matched`` names what the patterns are matched against (``output``, ``prompt``) for the message. Returns the
    patterns unchanged.
    """
    for p in patterns:
        if not p:
            raise ValueError(f"patterns must not contain an empty string (it would match every {matched})")
        compile_pattern(p)
    return patterns
