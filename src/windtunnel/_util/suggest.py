"""Closest-name suggestions for error messages."""

from __future__ import annotations

from collections.abc import Iterable


def closest(name: str, choices: Iterable[str], *, cutoff: float = 60.0) -> str | None:
    """The valid choice closest to ``name``, or ``None`` when nothing is close enough."""
    from rapidfuzz import fuzz, process, utils

    options = list(choices)
    if not options:
        return None
    match = process.extractOne(name, options, scorer=fuzz.WRatio, processor=utils.default_process)
    if match is None or match[1] < cutoff:
        return None
    return str(match[0])


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or an empty string."""
    best = closest(name, choices)
    return f" (did you mean '{best}'?)" if best else ""
