"""Closest-name suggestions for error messages.

Every "unknown name" error (a config key, a registry name, a tool name) offers the closest valid name, so a typo
costs one look rather than a trip to the docs. Matching uses rapidfuzz's weighted ratio on normalised names, with
a cut-off so that nothing far off is suggested. Where the choices have descriptions (a registry's plugins), a name
that is a word of one description is matched by meaning first: ``typo`` is not a misspelt ``content_type_confusion``
but what ``noise`` does ("keyboard-adjacent typos")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import ModuleType

from windtunnel._util.optional import optional_import


def closest(name: str, choices: Iterable[str], *, cutoff: float = 60.0) -> str | None:
    """The valid choice closest to ``name``, or ``None`` when nothing is close enough.

    The weighted ratio scores a name that is a prefix of a longer choice about as high as a one-letter slip (``tool``:
    90 against ``tool_registry``, 89 against ``tools``), so among the choices within :data:`NEAR_TIE` of the best one
    the closest by plain edit ratio wins (``tools``)."""
    options = list(choices)
    if not options:
        return None
    fuzz, prep = _rapidfuzz("fuzz"), _rapidfuzz("utils").default_process
    weighted = [fuzz.WRatio(name, o, processor=prep) for o in options]
    top = max(weighted)
    if top < cutoff:
        return None
    near = [o for o, w in zip(options, weighted, strict=True) if w >= top - NEAR_TIE]
    return str(max(near, key=lambda o: fuzz.ratio(name, o, processor=prep)))


NEAR_TIE = 5.0
"""Weighted-ratio points within which two choices count as equally close (see :func:`closest`)."""


def by_meaning(name: str, described: Mapping[str, str]) -> str | None:
    """The one choice whose description holds a word of ``name`` (a plural or singular form counts: ``typo`` finds
    "typos"), or None when no description, or more than one, does. Words shorter than three letters are ignored."""
    words = {w for w in re.split(r"[^a-z0-9]+", name.lower()) if len(w) >= 3}
    forms = words | {w + "s" for w in words} | {w + "es" for w in words} | {w[:-1] for w in words if w.endswith("s")}
    hits = [c for c, text in described.items() if forms & set(re.findall(r"[a-z0-9]+", text.lower()))]
    return hits[0] if len(hits) == 1 else None


def did_you_mean(name: str, choices: Iterable[str], described: Mapping[str, str] | None = None) -> str:
    """`` (did you mean 'x'?)`` or an empty string. With ``described`` (choice → its one-line description), a choice
    whose description names what ``name`` says comes first, with that description: `` (did you mean 'noise'? noise:
    Realistic typing noise: keyboard-adjacent typos …)``."""
    meant = by_meaning(name, described) if described else None
    if meant is not None and described is not None:
        return f" (did you mean {meant!r}? {meant}: {described[meant]})"
    best = closest(name, choices)
    return f" (did you mean '{best}'?)" if best else ""


def _rapidfuzz(module: str) -> ModuleType:
    """``rapidfuzz.<module>``, imported when a name is first misspelt: every error message may suggest a
    name, but a run or a ``validate`` that meets no unknown name never pays for the import."""
    return optional_import(f"rapidfuzz.{module}")
