"""Regular expressions compiled on first use: a module that declares many (refusal phrases, disclosure
patterns) is imported by ``windtunnel validate``, which never matches them (start-up, issue 16)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence


def compiled(patterns: Sequence[str], flags: int = 0) -> Callable[[], tuple[re.Pattern[str], ...]]:
    """A function returning ``patterns`` compiled with ``flags``, compiled by its first call."""
    frozen = tuple(patterns)

    @functools.cache
    def get() -> tuple[re.Pattern[str], ...]:
        """The compiled patterns (compiled on the first call, cached after)."""
        return tuple(re.compile(p, flags) for p in frozen)

    return get
