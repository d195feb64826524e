"""A record of data markup held in a string, read as its fields: what mining counts at ``pointer/<element>/...``.

An e-file preview, a SOAP body, an exported row — ``<IRS1040><FilingStatusCd>2</FilingStatusCd><TotalIncomeAmt>
72135</TotalIncomeAmt></IRS1040>`` — states its record's values, each named by its element. Written in a string, the
whole text is one value that its other elements (an amount, an id) make unique; mining reads it as structure, as it
walks JSON held in a string: each element's text is a value at the string's pointer followed by the element's path
(``/efile_preview/IRS1040/FilingStatusCd``), so an element whose values ride with the label is a field like any other.

Data markup only: the string is one element holding elements, and text stands only in elements holding no other
(no mixed content, as a page's paragraphs are). A page, a mail's HTML body, markup inside prose stay text.
"""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<(/?)([A-Za-z_][\w.:-]{0,60})(?:\s([^<>]{0,300}?))?\s*(/?)>")
_ATTRIBUTE = re.compile(r"""([A-Za-z_][\w.:-]{0,60})\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')""")
"""An attribute of a start tag with its quoted value (``class="row pci-fail"``): a field of the element too."""
_SKIP = re.compile(r"<\?[^<>]{0,300}\?>|<!--.{0,300}?-->", re.S)
_MAX_TEXT = 65536
_MAX_LEAVES = 500


def markup_leaves(text: str) -> list[tuple[str, str]]:
    """``(path, text)`` of each element holding text in the data markup ``text`` (see the module docstring), the
    path ``/Root/Child/...`` (element names as written; siblings of one name share it), the text unescaped and
    stripped, and of each attribute with a value (``/Root/@v``); ``[]`` when ``text`` is not one element of data
    markup."""
    return [(path, value) for path, value, _span in markup_fields(text)]


def markup_fields(text: str) -> list[tuple[str, str, tuple[int, int] | None]]:
    """:func:`markup_leaves` with where each value is written in ``text``: the span of its characters as written
    (escaped, without the blanks around it), or None where the text had comments or processing instructions taken
    out before reading (its offsets then no longer the text's)."""
    lead = len(text) - len(text.lstrip())
    s = text.strip()
    if len(s) > _MAX_TEXT or not s.startswith("<") or not s.endswith(">"):
        return []
    skipped = _SKIP.sub("", s).strip()
    placed = skipped == s  # the offsets read are the text's
    s = skipped
    out: list[tuple[str, str, tuple[int, int] | None]] = []

    def where(a: int, raw: str) -> tuple[int, int] | None:
        start = a + len(raw) - len(raw.lstrip())
        return (lead + start, lead + start + len(raw.strip())) if placed else None

    # (name, path, its text pieces with their offsets, holds an element)
    stack: list[tuple[str, str, list[tuple[str, int]], bool]] = []
    roots = 0
    at = 0
    for m in _TAG.finditer(s):
        between = s[at : m.start()]
        if between.strip():
            if not stack or "<" in between or ">" in between:
                return []
            stack[-1][2].append((between, at))
        at = m.end()
        closing, name, attributes, empty = m.group(1), m.group(2), m.group(3), m.group(4)
        if closing:
            if not stack or stack[-1][0] != name:
                return []
            _n, path, pieces, parent = stack.pop()
            body = "".join(p for p, _a in pieces).strip()
            if body and parent:
                return []  # mixed content: a document, not a record
            if body:
                out.append((path, html.unescape(body), where(pieces[0][1], pieces[0][0]) if len(pieces) == 1 else None))
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
        for a in _ATTRIBUTE.finditer(attributes or ""):  # an attribute's value is the element's field (``/tr/@class``)
            group = 2 if a.group(2) is not None else 3
            value = html.unescape(a.group(group)).strip()
            if value:
                out.append((f"{path}/@{a.group(1)}", value, where(m.start(3) + a.start(group), a.group(group))))
                if len(out) > _MAX_LEAVES:
                    return []
        if not empty:
            stack.append((name, path, [], False))
    if stack or s[at:].strip() or not roots:
        return []
    return out
