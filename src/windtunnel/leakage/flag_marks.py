"""A value read together with the flags its object sets: the same code means another thing on a flagged event.

A roadside inspection lists its violations as ``{"section": "395.3(a)(2)", "oos": true}``. The section cited on an
earlier inspection (``oos: false``) is history, held by records of every label; the section cited with the driver put
out of service is this log's violation, the answer. The value alone is mixed, so mining finds nothing; read with its
object's flag, it rides with one label. Each scalar of an object that also holds a boolean is therefore a candidate a
second time, at its template qualified by the flag (``/inspection/violations/*/section@oos=true``), found and cut at the
value's own place. With ``--derive-from`` only (the flags of the task's input are its content), and only for an object
of few flags (:data:`MAX_FLAGS`): a settings object of dozens of switches is no event's mark.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.pointers import escape_pointer_token, in_derive_from
from windtunnel.leakage.pointers import general_pointer as _general

MAX_FLAGS = 3
"""Booleans an object may hold for its values to be read with them."""
MAX_WORDS = 6
"""Words a string may hold to be read with a flag: a longer one is prose, read as words elsewhere."""
MAX_CHARS = 120
"""Characters a string may hold to be read with a flag."""

_FLAGGED = re.compile(r"@(?P<flag>[^/@]+)=(?P<set>true|false)$")

Key = tuple[str, str, str]
Where = tuple[str, tuple[int, int] | None, str | None, str]


def flagged_values(projection: Any, derive_from: Sequence[str]) -> Iterator[tuple[Key, Where]]:
    """``(candidate, where)`` of each short scalar of an object holding one to :data:`MAX_FLAGS` booleans, once per
    flag: ``("value", template@name=true|false, text)`` at the scalar's pointer. Neither the scalar nor the flag may
    be inside a ``derive_from`` field."""
    stack: list[tuple[str, Any]] = [("", projection)]
    while stack:
        pointer, node = stack.pop()
        if isinstance(node, list):
            stack.extend((f"{pointer}/{i}", v) for i, v in enumerate(node))
            continue
        if not isinstance(node, Mapping):
            continue
        here = {str(k): v for k, v in node.items()}
        stack.extend(
            (f"{pointer}/{escape_pointer_token(k)}", v) for k, v in here.items() if isinstance(v, (Mapping, list))
        )
        flags = [
            (k, v)
            for k, v in here.items()
            if isinstance(v, bool) and not in_derive_from(f"{pointer}/{escape_pointer_token(k)}", derive_from)
        ]
        if not flags or len(flags) > MAX_FLAGS:
            continue
        for name, value in here.items():
            text = _text(value)
            if text is None:
                continue
            at = f"{pointer}/{escape_pointer_token(name)}"
            if in_derive_from(at, derive_from):
                continue
            template = _general(at)
            for flag, set_to in flags:
                yield ("value", f"{template}@{flag}={'true' if set_to else 'false'}", text), (at, None, None, "raw")


def flagged(template: str) -> bool:
    """Whether ``template`` is a value's read with its object's flag (:func:`flagged_values`): mining tests these in a
    family of their own, so that a dataset's flags do not loosen the correction of its values as written."""
    return _FLAGGED.search(template) is not None


def flag_key(template: str) -> Key | None:
    """The candidate of the flag a qualified template reads its value with (``/t/queue@urgent=true`` →
    ``("value", "/t/urgent", "true")``), else None."""
    m = _FLAGGED.search(template)
    if m is None:
        return None
    parent = template[: m.start()].rsplit("/", 1)[0]
    return ("value", f"{parent}/{m.group('flag')}", m.group("set"))


def _text(value: Any) -> str | None:
    """The candidate text of a scalar read with a flag (as mining writes a number), else None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        s = value.strip()
        if s and len(s) <= MAX_CHARS and len(s.split()) <= MAX_WORDS:
            return s
    return None
