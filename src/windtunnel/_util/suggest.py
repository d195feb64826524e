"""Closest-name suggestions for error messages.

Every "unknown name" error (a config key, a registry name, a tool name) offers the closest valid name, so a typo
costs one look rather than a trip to the docs. Matching uses rapidfuzz's weighted ratio on normalised names, with
a cut-off so that nothing far off is suggested."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from windtunnel._util.optional import optional_import


def closest(name: str, choices: Iterable[str], *, cutoff: float = 60.0) -> str | None:
    """The valid choice closest to ``name``, or ``None`` when nothing is close enough."""
    options = list(choices)
    if not options:
        return None
    match = _rapidfuzz("process").extractOne(
        name, options, scorer=_rapidfuzz("fuzz").WRatio, processor=_rapidfuzz("utils").default_process
    )
    if match is None or match[1] < cutoff:
        return None
    return str(match[0])


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or an empty string."""
    best = closest(name, choices)
    return f" (did you mean '{best}'?)" if best else ""


def _rapidfuzz(module: str) -> ModuleType:
    """``rapidfuzz.<module>``, imported when a name is first misspelt: every error message may suggest a
    name, but a run or a ``validate`` that meets no unknown name never pays for the import."""
    return optional_import(f"rapidfuzz.{module}")
