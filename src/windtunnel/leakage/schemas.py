"""Principle 3 for schemas: what a field's schema says (an ``example``, a ``default``) describes the field.

A tool's description (OpenAPI, JSON Schema, a function's parameters) may give a sample value for the very
field the task asks for: ``priority: {type: string, nullable: true, example: High}``. The sample is about
the field's type, not about any record; the record itself is elsewhere (and may hold ``null``). A field's
schema is recognised by what makes it one in every schema language in use: a ``type`` naming a data type
(``string``, ``integer``, ``number``, ``boolean``, ``object``, ``array``) beside the value, in the same
object or the same block of YAML lines (indented alike, or ``{…}`` on one line). A finding there is dropped.

This is one of the rules that name a format (docs/leakage.md lists it under principle 3): the data-type
names are the schema languages' own words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import parse_pointer

_TYPES = frozenset({"string", "integer", "number", "boolean", "object", "array"})
_TYPE_LINE = re.compile(r"""^\s*-?\s*["']?type["']?\s*:\s*["']?(\w+)["']?\s*,?\s*$""")
_TYPE_INLINE = re.compile(r"""[{,]\s*["']?type["']?\s*:\s*["']?(\w+)["']?\s*[,}]""")


def _indent(line: str) -> int:
    """The line's indentation in characters."""
    return len(line) - len(line.lstrip(" "))


def in_text_schema(text: str, a: int) -> bool:
    """``text[a]`` is in a YAML block or inline object that also has a ``type`` naming a data type.

    A label inside a schema (an enum's member, a default) describes the schema, not the record. The inline
    form is checked on ``a``'s own line; the block form looks up and down from that line for a sibling
    ``type:`` line at the same indentation, stopping where the block ends (a line indented less). Blank lines
    do not end a block. A text without the word ``type`` is answered at once.
    """
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", a)
    line = text[start : len(text) if end < 0 else end]
    m = _TYPE_INLINE.search(line)
    if m is not None and m.group(1).casefold() in _TYPES:
        return True
    if "type" not in text:
        return False
    lines = text.split("\n")
    row = text.count("\n", 0, a)
    own = _indent(line)
    for step in (-1, 1):
        i = row + step
        while 0 <= i < len(lines):
            other = lines[i]
            if other.strip():
                ind = _indent(other)
                if ind < own:
                    break
                if ind == own:
                    t = _TYPE_LINE.match(other)
                    if t is not None and t.group(1).casefold() in _TYPES:
                        return True
            i += step
    return False


def _place(root: Any, pointer: str) -> tuple[Any, Any]:
    """The container holding the value at ``pointer`` and the value (``None, None`` when the pointer
    does not resolve)."""
    try:
        tokens = parse_pointer(pointer)
    except ValueError:
        return None, None
    node = root
    parent = None
    for tok in tokens:
        parent = node
        if isinstance(node, Mapping) and tok in node:
            node = node[tok]
        elif isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
            node = node[int(tok)]
        else:
            return None, None
    return parent, node


def may_hold_schema(blob: bytes) -> bool:
    """Whether a projection serialised by orjson as ``blob`` can hold a field's schema (a sound gate:
    ``False`` proves :func:`drop_schema_values` drops nothing). Both of its tests need the word
    ``type`` as written, a key or text, which orjson writes verbatim in every key and string."""
    return blob.find(b"type") >= 0


def drop_schema_values(findings: Sequence[Finding], root: Any) -> list[Finding]:
    """The findings left once those inside a field's schema are dropped."""
    out: list[Finding] = []
    for f in findings:
        if f.blocking and f.inner is None:
            parent, leaf = _place(root, f.pointer)
            if isinstance(parent, Mapping) and str(parent.get("type", "")).casefold() in _TYPES:
                continue
            if isinstance(leaf, str) and f.span is not None and in_text_schema(leaf, f.span[0]):
                continue
        out.append(f)
    return out
