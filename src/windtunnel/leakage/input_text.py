"""Where a named input sits inside a text: the owner's ``--derive-from`` key names resolved in a string.

``--derive-from`` names the fields the task is answered from: a JSON pointer, or a key name matched anywhere in the
structure. A record is often one text with its own structure — a YAML document, an HTML fragment, a log with
sections — and the owner names a key *inside* it (``narrative``, ``body``, ``EVENT``). No pointer reaches it, so the
``blind`` agent read the whole text as prose outside the input, the input included (a clean dataset called leaking
on the words of its own input), and the sanitizer could not tell the input from the rest of the text.

:func:`input_spans` finds the characters of the named input in a text, by the structure that names it:

* a key at the start of a line, ``name: value`` or ``name = value`` (YAML, a header block, ``.ini``, ``key: value``
  notes): the rest of the line, and the lines below indented deeper (a YAML block, a folded header);
* a glued ``name=value`` inside a line (a log's fields, a query string): the value, quoted or up to a blank;
* an element of markup named by it — its tag (``<narrative>``) or a token of its ``class`` / ``id`` / ``name``
  (``<div class="body">``): the element's content, up to its closing tag;
* a section headed by it, a line holding only the name and punctuation around it (``--- EVENT ---``,
  ``[EVENT]``, ``## Event``, ``EVENT:``): the lines below, up to the next line headed alike.

Names are compared case-insensitively; pointers (``/a/b``) are not names and are resolved by the structure alone.
:func:`mask_input` blanks those characters (spaces, so every offset of the rest stays valid) in every string of a
projection: what the ``blind`` agent reads, and where the sanitizer may cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from windtunnel.leakage.cuts import merge

Span = tuple[int, int]

_LINE_KEY = re.compile(r"(?m)^(?P<indent>[ \t]*)(?:[-*+][ \t]+)?(?P<key>[\w.\-]+)[ \t]*[:=](?P<rest>[^\n]*)$")
_GLUED = re.compile(r"""(?<![\w.\-])(?P<key>[\w.\-]+)=(?P<value>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s&;,]+)""")
_OPEN_TAG = re.compile(r"<(?P<tag>[A-Za-z][\w:\-]*)(?P<attrs>(?:\s+[^<>]*?)?)\s*(?<!/)>")
_ATTR = re.compile(r"""(?P<name>class|id|name)\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s>]+))""", re.I)
_HEADER = re.compile(r"(?m)^[ \t]*(?P<lead>[^\w\s]*)[ \t]*(?P<name>\w[\w \-]{0,60}?)[ \t]*(?P<trail>[^\w\s]*)[ \t]*$")
_MAX_TEXT = 65536
"""Only the first characters of a longer text are read for the input's place (the scan's bounds are per string)."""


def names_of(derive_from: Sequence[str]) -> frozenset[str]:
    """The bare key names of ``derive_from`` (not pointers), case-folded."""
    return frozenset(d.casefold() for d in derive_from if d and not d.startswith("/"))


def input_spans(text: str, names: frozenset[str]) -> list[Span]:
    """The characters of ``text`` that the key ``names`` name (see the module docstring), merged and sorted."""
    if not names or not text:
        return []
    return list(_spans(text[:_MAX_TEXT], names))


@lru_cache(maxsize=16384)
def _spans(text: str, names: frozenset[str]) -> tuple[Span, ...]:
    """:func:`input_spans`, memoised (a text many records share is read once)."""
    low = text.casefold()
    if not any(n in low for n in names):
        return ()
    found: list[Span] = []
    found.extend(_line_keys(text, names))
    found.extend((m.start("value"), m.end("value")) for m in _GLUED.finditer(text) if m["key"].casefold() in names)
    found.extend(_elements(text, names))
    found.extend(_sections(text, names))
    return tuple(merge(found))


def _line_keys(text: str, names: frozenset[str]) -> list[Span]:
    """The values of ``name: value`` / ``name = value`` lines, with the deeper-indented lines below each."""
    out: list[Span] = []
    for m in _LINE_KEY.finditer(text):
        if m["key"].casefold() not in names:
            continue
        start, end = m.start("rest"), m.end("rest")
        depth = len(m["indent"].expandtabs(4))
        pos = end
        while pos < len(text):
            nl = text.find("\n", pos + 1)
            line = text[pos + 1 : nl if nl >= 0 else len(text)]
            if line.strip() and len(line) - len(line.lstrip(" \t")) <= depth:
                break
            pos = nl if nl >= 0 else len(text)
            if line.strip():
                end = pos
            if nl < 0:
                break
        if end > start:
            out.append((start, end))
    return out


def _elements(text: str, names: frozenset[str]) -> list[Span]:
    """The contents of the elements whose tag, or a token of whose ``class`` / ``id`` / ``name``, is a name."""
    if "<" not in text:
        return []
    out: list[Span] = []
    for m in _OPEN_TAG.finditer(text):
        tag = m["tag"]
        hit = tag.casefold() in names
        if not hit:
            for a in _ATTR.finditer(m["attrs"] or ""):
                value = a["dq"] if a["dq"] is not None else a["sq"] if a["sq"] is not None else a["bare"] or ""
                if any(tok.casefold() in names for tok in value.split()):
                    hit = True
                    break
        if hit:
            close = _closing(text, tag, m.end())
            if close is not None and close > m.end():
                out.append((m.end(), close))
    return out


def _closing(text: str, tag: str, start: int) -> int | None:
    """Where the element of ``tag`` opened before ``start`` closes (its closing tag's ``<``), same-named elements
    nested inside counted; None when it never closes."""
    pattern = re.compile(rf"<(/?){re.escape(tag)}(?=[\s>/])[^<>]*?(/?)>", re.I)
    depth = 1
    for m in pattern.finditer(text, start):
        if m[1]:
            depth -= 1
            if depth == 0:
                return m.start()
        elif not m[2]:
            depth += 1
    return None


def _sections(text: str, names: frozenset[str]) -> list[Span]:
    """The lines below a line headed by a name (the name and punctuation around it only), up to the next line
    headed alike (the same leading punctuation, or the same trailing one when there is none)."""
    heads = [m for m in _HEADER.finditer(text) if m["lead"] or m["trail"]]
    out: list[Span] = []
    for i, m in enumerate(heads):
        if m["name"].strip().casefold() not in names:
            continue
        start = m.end() + 1 if m.end() < len(text) else m.end()
        end = len(text)
        for n in heads[i + 1 :]:
            if (m["lead"] and n["lead"] == m["lead"]) or (not m["lead"] and n["trail"] == m["trail"]):
                end = n.start()
                break
        if end > start:
            out.append((start, end))
    return out


def masked(text: str, spans: Sequence[Span]) -> str:
    """``text`` with the characters of ``spans`` turned into spaces (line breaks kept): every other offset stays."""
    if not spans:
        return text
    chars = list(text)
    for a, b in spans:
        for i in range(a, min(b, len(chars))):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def masked_input(value: str, names: frozenset[str]) -> str:
    """The string ``value`` as read outside the task's input: the characters of the key ``names`` inside it
    (:func:`input_spans`) blanked, offsets kept; ``value`` itself when it holds none, or when it is JSON (walked
    as structure, where a key is a pointer the structure resolves). The one reading of the input inside a text that
    mining, the agreement evidence, the ``blind`` agent and the sanitizer share."""
    spans = input_of(value, names)
    return masked(value, spans) if spans else value


def input_of(value: str, names: frozenset[str]) -> list[Span]:
    """:func:`input_spans` of a string of a projection: none in JSON held in a string (walked as structure, where
    a key is a pointer the structure resolves)."""
    if not names or value.lstrip()[:1] in ("{", "["):
        return []
    return input_spans(value, names)


def mask_input(projection: Any, derive_from: Sequence[str]) -> Any:
    """``projection`` with the named input blanked inside every string (:func:`input_spans` of the key names of
    ``derive_from``; the same object when no string holds any). Offsets in each string stay valid."""
    names = names_of(derive_from)
    if not names:
        return projection
    changed = False

    def walk(node: Any) -> Any:
        nonlocal changed
        if isinstance(node, str):
            out = masked_input(node, names)
            changed = changed or out is not node
            return out
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    try:
        out = walk(projection)
    except RecursionError:  # nested deeper than Python's limit: read as it is (the scan names such an item)
        return projection
    return out if changed else projection
