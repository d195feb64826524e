"""A record of data markup held in a string, read as its fields: what mining counts at ``pointer/<element>/...``.

An e-file preview, a SOAP body, an exported row — ``<IRS1040><FilingStatusCd>2</FilingStatusCd><TotalIncomeAmt>
72135</TotalIncomeAmt></IRS1040>`` — states its record's values, each named by its element. Written in a string, the
whole text is one value that its other elements (an amount, an id) make unique; mining reads it as structure, as it
walks JSON held in a string: each element's text is a value at the string's pointer followed by the element's path
(``/efile_preview/IRS1040/FilingStatusCd``), and each attribute one at the element's path and ``@`` its name
(``/page/div/span@class``), so an element or attribute whose values ride with the label is a field like any other.
An element of one class name is read at its path with the class too (``/table/tr/td.foal@style``): siblings of one tag
are told apart by it.

Data markup only: the string is one element holding elements, and text stands only in elements holding no other
(no mixed content, as a page's paragraphs are). A page, a mail's HTML body, markup inside prose stay text.
"""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<(/?)([A-Za-z_][\w.:-]{0,60})(\s[^<>]{0,300}?)?\s*(/?)>")
_ATTR = re.compile(r"""([A-Za-z_][\w.:-]{0,60})\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_SKIP = re.compile(r"<\?[^<>]{0,300}\?>|<!--.{0,300}?-->", re.S)
_CLASS = re.compile(r"[A-Za-z][\w-]{0,39}")
"""A class attribute of one name (``class='foal'``): it names the element's slot as a key does, so the element's
other attributes and its text are also read at the path with the class (``/table/tr/td.foal@style``). Cells of one
tag under one row share a path, and a pedigree's foal, sire and dam cells are told apart only by their class."""
_MAX_TEXT = 65536
_MAX_LEAVES = 500


def markup_leaves(text: str) -> list[tuple[str, str]]:
    """``(path, text)`` of each element holding text in the data markup ``text`` (see the module docstring), the
    path ``/Root/Child/...`` (element names as written; siblings of one name share it), the text unescaped and
    stripped; ``[]`` when ``text`` is not one element of data markup."""
    return [(path, value) for path, value, _span in markup_fields(text)]


def markup_fields(text: str) -> list[tuple[str, str, tuple[int, int] | None]]:
    """:func:`markup_leaves` with each value's span in ``text`` where it is written there as one run (an attribute's
    value, an element's text without entities, in a string with no comment or declaration to skip), else ``None``:
    where a finding points, so that the sanitizer cuts the value and leaves the markup around it."""
    s = text.strip()
    if len(s) > _MAX_TEXT or not s.startswith("<") or not s.endswith(">"):
        return []
    lead = len(text) - len(text.lstrip())
    skipped = _SKIP.sub("", s).strip()
    exact = skipped == s  # offsets in ``s`` are offsets in ``text`` (plus ``lead``) only where nothing was skipped
    s = skipped
    out: list[tuple[str, str, tuple[int, int] | None]] = []
    # (name, path, its text pieces with their starts, holds an element)
    stack: list[tuple[str, str, list[tuple[str, int]], bool]] = []
    classed: list[tuple[int, str]] = []  # (depth, path with the class) of the open elements named by one class
    roots = 0
    at = 0
    for m in _TAG.finditer(s):
        between = s[at : m.start()]
        start = at
        at = m.end()
        if between.strip():
            if not stack or "<" in between or ">" in between:
                return []
            stack[-1][2].append((between, start))
        closing, name, attrs, empty = m.group(1), m.group(2), m.group(3), m.group(4)
        if closing:
            if not stack or stack[-1][0] != name:
                return []
            _n, path, pieces, parent = stack.pop()
            body = "".join(p for p, _a in pieces).strip()
            if body and parent:
                return []  # mixed content: a document, not a record
            own = classed.pop()[1] if classed and classed[-1][0] == len(stack) + 1 else None
            if body:
                value = html.unescape(body)
                span = None
                if exact and len(pieces) == 1 and value == body:
                    piece, p0 = pieces[0]
                    b0 = p0 + len(piece) - len(piece.lstrip()) + lead
                    span = (b0, b0 + len(body))
                out.append((path, value, span))
                if own is not None:
                    out.append((own, value, span))
                if len(out) > _MAX_LEAVES:
                    return []
            continue
        if stack:
            stack[-1] = (stack[-1][0], stack[-1][1], stack[-1][2], True)
            if stack[-1][2] and "".join(p for p, _a in stack[-1][2]).strip():
                return []
        elif roots:
            return []  # a second root: not one record
        else:
            roots = 1
        path = f"{stack[-1][1] if stack else ''}/{name}"
        fields = []
        for att in _ATTR.finditer(attrs or ""):  # an element's attributes are its fields: ``<span class="risk-lvl-4">``
            group = 2 if att.group(2) is not None else 3
            raw = att.group(group)
            value = html.unescape(raw).strip()
            if value:
                span = None
                if exact and value == raw.strip():
                    v0 = m.start(3) + att.start(group) + len(raw) - len(raw.lstrip()) + lead
                    span = (v0, v0 + len(value))
                fields.append((att.group(1), value, span))
        named = next((v for a, v, _s in fields if a == "class" and _CLASS.fullmatch(v)), None)
        for att_name, value, span in fields:
            out.append((f"{path}@{att_name}", value, span))
            if named is not None and att_name != "class":
                out.append((f"{path}.{named}@{att_name}", value, span))
        if not empty:
            stack.append((name, path, [], False))
            if named is not None:
                classed.append((len(stack), f"{path}.{named}"))
    if stack or s[at:].strip() or not roots:
        return []
    return out
