"""Small English helpers for messages: "an int", "a list", "tone_shift never runs".

Error messages quote what they found ("agent.endpoint is a dict, not a callable"); these keep that phrasing
grammatical and the same across packages."""

from __future__ import annotations

from collections.abc import Sequence


def article(word: str) -> str:
    """``"int"`` → ``"an int"``, ``"list"`` → ``"a list"`` (by the first letter, good enough for type names)."""
    return f"{'an' if word[:1].lower() in 'aeio' else 'a'} {word}"


def a_type(value: object) -> str:
    """The type of ``value`` with its article: ``"an int"``, ``"a str"``, ``"a NoneType"``."""
    return article(type(value).__name__)


def never_run(names: Sequence[str]) -> str:
    """``"tone_shift never runs"`` / ``"noise, paraphrase never run"``."""
    return f"{', '.join(names)} never {'runs' if len(names) == 1 else 'run'}"
