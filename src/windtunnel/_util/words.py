"""Small English helpers for messages: "an int", "a list", "a function shop.answer", "tone_shift never runs".

Error messages quote what they found ("agent.endpoint is a dict, not a callable"); these keep that phrasing
grammatical and the same across packages."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any


def article(word: str) -> str:
    """``"int"`` → ``"an int"``, ``"list"`` → ``"a list"`` (by the first letter, good enough for type names)."""
    return f"{'an' if word[:1].lower() in 'aeio' else 'a'} {word}"


def type_name(obj: Any) -> str:
    """The fully qualified class name of ``obj`` (``module.Class``; a builtin type by its bare name, ``str``): two
    frameworks may both call their class ``Agent``."""
    t = type(obj)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def _qualified(obj: Any) -> str:
    """``module.name`` of a function, class or method (its bare name when it has no module)."""
    module, name = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None) or repr(obj)
    return f"{module}.{name}" if module and module != "builtins" else str(name)


def kind_of(obj: Any) -> str:
    """What ``obj`` is, article included, for messages that say what an endpoint (or a model, a tool) really is:
    ``a function shop.agent.answer``, ``an async function …``, ``a method …``, ``a class shop.Agent (not an
    instance)``, ``a module shop.agent``, ``None``, ``a str``, or for any other object ``a`` and its class
    (:func:`type_name`), so a user who gave the wrong thing reads what they gave, not ``builtins.function``."""
    if obj is None:
        return "None"
    if inspect.isclass(obj):
        return f"a class {_qualified(obj)} (not an instance)"
    if inspect.ismodule(obj):
        return f"a module {obj.__name__}"
    if inspect.ismethod(obj):
        return f"a method {_qualified(obj)}"
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        is_async = inspect.iscoroutinefunction(obj) or inspect.isasyncgenfunction(obj)
        return f"{'an async' if is_async else 'a'} function {_qualified(obj)}"
    return article(type_name(obj))


def a_type(value: object) -> str:
    """What a data value is, with its article (``"an int"``, ``"a list"``, ``"an object"``): :func:`kind_of`, under the
    name the data checks use."""
    return kind_of(value)


def never_run(names: Sequence[str]) -> str:
    """``"tone_shift never runs"`` / ``"noise, paraphrase never run"``."""
    return f"{', '.join(names)} never {'runs' if len(names) == 1 else 'run'}"


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is one (``1 cell``, ``4 cells``; a regular plural)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
