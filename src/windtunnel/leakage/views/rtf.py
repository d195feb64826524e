"""Rich Text Format read as the text it shows: control words, groups and escapes taken out.

An RTF body (``{\\rtf1 … our review rated this {\\b Decline}.\\par …}``) wraps every run of text in
groups and control words; a word styled in pieces (``{\\b\\insrsid1 L}{\\b\\insrsid2 ow}``, ``{\\i Hig}\\cf2
h\\cf0``) or written with a code-page escape (``\\'4eeutral``) is one word on the page. The view keeps the
text and drops the markup: a control word with its number and the one blank that ends it, the braces of a
group, the line breaks of the source (RTF ignores them; ``\\par`` and ``\\line`` are the breaks), and
whole destination groups that hold no body text (``{\\*\\generator …}``, the font and colour tables,
pictures, document information). ``\\'hh`` is the Windows-1252 character, ``\\uN`` the Unicode character
(its one-character fallback dropped), ``\\~`` a no-break space, ``\\-`` nothing, ``\\{`` ``\\}`` ``\\\\`` the
character itself. Each piece of text keeps its own characters, so a finding points at what was written.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_START = "{\\rtf"
_TOKEN = re.compile(r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z'])|([{}])|(\r?\n)")
"""A control word (its number and one ending blank), a hex escape, a control symbol, a brace, a line break."""
_SKIPPED = re.compile(
    r"[ \t]*\\(?:\*|(?:fonttbl|colortbl|stylesheet|info|pict|object|header|footer|headerl|headerr|footerl|footerr|"
    r"listtable|listoverridetable|rsidtbl|generator|themedata|colorschememapping|latentstyles|datastore|"
    r"xmlnstbl|filetbl|revtbl|fldinst|pgdsctbl|mmathPr)(?![a-zA-Z]))"
)
"""The start of a group that holds no body text: an ignorable destination (``\\*``) or a table."""
_WORDS = {"par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n", "cell": "\t", "tab": "\t"}
_WORDS.update({"emdash": "\u2014", "endash": "\u2013", "bullet": "\u2022", "lquote": "\u2018", "rquote": "\u2019"})
_WORDS.update({"ldblquote": "\u201c", "rdblquote": "\u201d", "emspace": " ", "enspace": " ", "qmspace": " "})
_SYMBOLS = {"~": "\u00a0", "-": "", "_": "\u2011", "\\": "\\", "{": "{", "}": "}"}


@decoder(
    "rtf",
    order=23,
    marker=lambda t: _START in t,
    blob_marker=lambda b: b.find(b"{\\\\rtf") >= 0,
    blob_anchors=(b"\\\\rtf",),
)
def rtf_text(text: str) -> list[Replacement]:
    """The markup of each RTF document in ``text`` replaced by what it shows (see the module's docstring);
    an unbalanced document keeps the replacements made before the point where it breaks off."""
    out: list[Replacement] = []
    at = text.find(_START)
    while at >= 0:
        end = _document(text, at, out)
        at = text.find(_START, end)
    return out


def _document(text: str, start: int, out: list[Replacement]) -> int:
    """Append the replacements of the document opening at ``start``; return where it ends.

    Braces are counted from ``start``: the document ends at the brace that closes its first group, and an
    unbalanced one runs to the end of ``text`` (the replacements made so far are kept). A group that opens a
    destination without body text is replaced whole, from its brace to the matching close, whatever it
    holds. Every other token is replaced by what it shows (a break, a tab, a character, or nothing), so the
    text between tokens stays as written and a finding's span points at the original characters. A
    ``\\uN`` drops the one fallback character that follows it unless that is markup or a line break.
    """
    depth = 0
    skip_from: int | None = None
    skip_depth = 0
    for m in _TOKEN.finditer(text, start):
        a, b = m.span()
        word, num, hexc, sym, brace, newline = m.groups()
        if skip_from is not None:
            if brace == "{":
                depth += 1
            elif brace == "}":
                depth -= 1
                if depth < skip_depth:
                    out.append((skip_from, b, ""))
                    skip_from = None
            continue
        if brace == "{":
            depth += 1
            if _SKIPPED.match(text, b):
                skip_from, skip_depth = a, depth
                continue
            out.append((a, b, ""))
        elif brace == "}":
            depth -= 1
            out.append((a, b, ""))
            if depth <= 0:
                return b
        elif newline:
            out.append((a, b, ""))
        elif hexc:
            out.append((a, b, bytes([int(hexc, 16)]).decode("cp1252", errors="replace")))
        elif sym is not None:
            out.append((a, b, _SYMBOLS.get(sym, "")))
        elif word == "u" and num:
            out.append((a, b, chr(int(num) % 0x10000)))
            if b < len(text) and text[b] not in "\\{}\r\n":
                out.append((b, b + 1, ""))
        else:
            out.append((a, b, _WORDS.get(word, "")))
    return len(text)
