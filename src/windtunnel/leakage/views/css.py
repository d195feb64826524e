"""Text a stylesheet generates: the strings of the ``content`` property, escapes undone, pieces joined.

A page can show a word that its markup does not hold: ``#t1::after { content: "\\4c egal" }``
draws ``Legal`` after the element (CSS 2.1 12.2; CSS Syntax 4.3.7: ``\\`` then one to six hex digits
and an optional blank is that code point, ``\\`` then another character is that character), and the
word may be drawn in pieces: ``content: "Se" "v1"`` (strings concatenate), or ``"Se"`` before the
element and ``"v1"`` after it (``::before`` and ``::after`` of the same selector, around an
element with no text). The view writes each declaration's strings as the one text they draw,
without quotes, and joins the ``::before`` and ``::after`` text of one selector when both are
declared and nothing but other declarations stands between them. ``content`` is the one property
whose value is drawn text, so the view names it, as the PDF view names its text operators.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_STRING = r"\"(?:[^\"\\\n]|\\[\s\S]){0,1024}\"|'(?:[^'\\\n]|\\[\s\S]){0,1024}'"
# A declaration of the content property: its value is one or more strings (other values, such as
# ``attr(x)`` or ``counter(n)``, end the run of strings; ``none`` and ``normal`` hold none).
_CONTENT_RE = re.compile(rf"(?<![\w-])content\s*:\s*(?P<v>(?:{_STRING})(?:\s*(?:{_STRING}))*)", re.IGNORECASE)
_PIECE_RE = re.compile(_STRING)
_ESCAPE_RE = re.compile(r"\\(?:([0-9A-Fa-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\n\r\f])|(.))", re.DOTALL)
# The selector of the rule a declaration is in: the text after the previous '}' (or '{' of an
# at-rule, or the start) and before the '{' that opens the rule; its pseudo-element at its end.
_PSEUDO_RE = re.compile(r"(?P<base>[^{};]*?)::?(?P<which>before|after)\s*\Z", re.IGNORECASE)


def _unescaped(body: str) -> str:
    """A CSS string's body with its escapes undone (a code point out of range is U+FFFD)."""

    def one(mt: re.Match[str]) -> str:
        if mt.group(1) is not None:
            cp = int(mt.group(1), 16)
            return chr(cp) if 0 < cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF else "\ufffd"
        if mt.group(2) is not None:
            return ""
        return mt.group(3)

    return _ESCAPE_RE.sub(one, body) if "\\" in body else body


def _drawn(value: str) -> str:
    """The text a run of strings draws (each string's body, escapes undone, concatenated)."""
    return "".join(_unescaped(p.group(0)[1:-1]) for p in _PIECE_RE.finditer(value))


def _pseudo(text: str, at: int) -> tuple[str, str] | None:
    """``(selector without its pseudo-element, "before" | "after")`` of the rule the declaration at
    ``at`` is in, when that rule is a ``::before`` or ``::after`` rule."""
    open_at = text.rfind("{", max(0, at - 2048), at)
    if open_at < 0 or text.rfind("}", open_at, at) >= 0:
        return None
    start = max(text.rfind("}", max(0, open_at - 1024), open_at), text.rfind(";", max(0, open_at - 1024), open_at))
    mt = _PSEUDO_RE.search(text, start + 1, open_at)
    if mt is None:
        return None
    base = mt.group("base")
    if "<" in base:  # the first rule of a <style> element: the tag is not part of the selector
        base = base[base.rfind(">") + 1 :]
    return base.strip(), mt.group("which").lower()


@decoder("css_content", order=79, marker=lambda t: "content" in t or "CONTENT" in t or "Content" in t)
def css_content(text: str) -> list[Replacement]:
    """Each ``content`` declaration's strings as the text they draw; a ``::before`` text and the
    ``::after`` text of the same selector that follows it joined (what lies between them deleted)."""
    decls = [
        (mt.start("v"), mt.end("v"), _drawn(mt.group("v")), _pseudo(text, mt.start()))
        for mt in _CONTENT_RE.finditer(text)
    ]
    out: list[Replacement] = []
    i = 0
    while i < len(decls):
        a, b, drawn, pseudo = decls[i]
        if pseudo is not None and pseudo[1] == "before" and i + 1 < len(decls):
            na, nb, ndrawn, npseudo = decls[i + 1]
            if npseudo == (pseudo[0], "after") and "<" not in text[b:na]:
                out.append((a, nb, drawn + ndrawn))
                i += 2
                continue
        out.append((a, b, drawn))
        i += 1
    return out
