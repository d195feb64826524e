"""Regular expressions compiled on first use: the modules that declare them (PII and refusal patterns, the
mutators' word and contraction patterns, redaction) are imported by ``windtunnel validate``, which never matches
most of them (start-up, issues 16 and 28).

``lazy(pattern, flags)`` stands where ``re.compile(pattern, flags)`` stood at a module's top and is used the same
way (``.search``, ``.sub``, ``.finditer`` ...); :func:`compiled` does it for a tuple of alternatives.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import AnyStr, Generic, cast

_FORWARDED = ("search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer", "scanner")
"""The compiled pattern's methods kept on the object once compiled (a later call goes straight to them)."""


class _LazyPattern(Generic[AnyStr]):
    """A pattern and its flags, compiled by the first attribute asked of it.

    That first lookup compiles the pattern and stores the compiled pattern's bound methods on the object itself, so
    every later ``.search(...)`` finds the method in the object's own dict: no wrapper call and no check per use on
    the hot paths that match these patterns once per cell."""

    def __init__(self, pattern: AnyStr, flags: int) -> None:
        """Remember what to compile; nothing is compiled yet."""
        self._source: tuple[AnyStr, int] = (pattern, flags)

    def __getattr__(self, name: str) -> object:
        """Compile on first use (any attribute not yet on the object), then answer as the compiled pattern does."""
        if name.startswith("__") or name == "_source":  # copy, pickle and the like: not the pattern's
            raise AttributeError(name)
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = re.compile(*self._source)
            self._compiled = compiled
            for method in _FORWARDED:
                setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        """As ``re.compile`` shows it, with ``lazy`` in front."""
        return f"lazy({self._source[0]!r}, {self._source[1]!r})"


def lazy(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)`` compiled on first use: a stand-in with the compiled pattern's methods and
    attributes (typed as the compiled pattern; not an instance of it, so pass it to ``re.sub`` and the like only
    through its own methods)."""
    return cast("re.Pattern[AnyStr]", _LazyPattern(pattern, flags))


def compiled(patterns: Sequence[str], flags: int = 0) -> Callable[[], tuple[re.Pattern[str], ...]]:
    """A function returning ``patterns`` compiled with ``flags``, compiled by its first call."""
    frozen = tuple(patterns)

    @functools.cache
    def get() -> tuple[re.Pattern[str], ...]:
        """The compiled patterns (compiled on the first call, cached after)."""
        return tuple(re.compile(p, flags) for p in frozen)

    return get
