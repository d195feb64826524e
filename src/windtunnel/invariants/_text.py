"""Small text helpers shared by the invariant modules (normalisation, quoting, regex compilation)."""

from __future__ import annotations

import re
import unicodedata

_QUOTES = str.maketrans({"‘": "'", "’": "'", "ʼ": "'", "`": "'", "“": '"', "”": '"'})
_SPACE = re.compile(r"\s+")


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
    """Validate user regexes: none empty (it would match every ``matched``), each one compiles."""
    for p in patterns:
        if not p:
            raise ValueError(f"patterns must not contain an empty string (it would match every {matched})")
        compile_pattern(p)
    return patterns
