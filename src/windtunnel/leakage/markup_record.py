"""A record of data markup held in a string, read as its fields: what mining counts at ``pointer/<element>/...``.

An e-file preview, a SOAP body, an exported row — ``<IRS1040><FilingStatusCd>2</FilingStatusCd><TotalIncomeAmt>
72135</TotalIncomeAmt></IRS1040>`` — states its record's values, each named by its element. Written in a string, the
whole text is one value that its other elements (an amount, an id) make unique; mining reads it as structure, as it
walks JSON held in a string: each element's text is a value at the string's pointer followed by the element's path
(``/efile_preview/IRS1040/FilingStatusCd``), and each attribute one at the element's path and ``@`` its name
(``/page/div/span@class``), so an element or attribute whose values ride with the label is a field like any other.

Data markup only: the string is one element holding elements, and text stands only in elements holding no other
(no mixed content, as a page's paragraphs are). A page, a mail's HTML body, markup inside prose stay text.
"""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<(/?)([A-Za-z_][\w.:-]{0,60})(\s[^<>]{0,300}?)?\s*(/?)>")
_ATTR = re.compile(r"""([A-Za-z_][\w.:-]{0,60})\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_SKIP = re.compile(r"<\?[^<>]{0,300}\?>|<!--.{0,300}?-->", re.S)
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
            if body:
                value = html.unescape(body)
                span = None
                if exact and len(pieces) == 1 and value == body:
                    piece, p0 = pieces[0]
                    b0 = p0 + len(piece) - len(piece.lstrip()) + lead
                    span = (b0, b0 + len(body))
                out.append((path, value, span))
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
        for att in _ATTR.finditer(attrs or ""):  # an element's attributes are its fields: ``<span class="risk-lvl-4">``
            group = 2 if att.group(2) is not None else 3
            raw = att.group(group)
            value = html.unescape(raw).strip()
            if value:
                span = None
                if exact and value == raw.strip():
                    v0 = m.start(3) + att.start(group) + len(raw) - len(raw.lstrip()) + lead
                    span = (v0, v0 + len(value))
                out.append((f"{path}@{att.group(1)}", value, span))
        if not empty:
            stack.append((name, path, [], False))
    if stack or s[at:].strip() or not roots:
        return []
    return out
