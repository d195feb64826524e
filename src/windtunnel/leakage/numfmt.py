"""A spreadsheet cell shown through its number format: the format is a mapping, the cell's number selects.

A workbook can store a label as a number and let the cell's style write the word: the style's number
format ``[=1]"Medium";[=2]"High";"Low"`` shows ``1`` as ``Medium``. The format is principle 6's mapping
(conditions or sign sections to labels) and the cell's value is this record's selector; without a value
(the cell left empty) the format lists the labels and states none.

Read from the unzipped parts of an OOXML workbook held in the projection's strings: the number formats
(``<numFmt numFmtId="165" formatCode="…"/>``) and the cell styles in order (``<cellXfs><xf
numFmtId="165"/>…``) of the styles part, and the cells of the sheets (``<c r="D2" s="3"><v>1</v></c>``).
A format's sections are separated by ``;`` outside quotes; a section may carry a condition (``[=1]``,
``[>=5]``); without conditions the sections are for positive, negative and zero numbers. A section shows
a label when its literal text (in quotes, or after ``\\``) is the label and it writes no digit of the
number. The finding (``freetext.key-value``, high: a cell of this record's row) is at the cell's value,
the one cell of the workbook whose shown text is a label (a sheet of many records is left to structure
resolution), under a header naming a task (``Triage``) or none: a column named for something else
(``PO approved``, ``Budget (EUR)``) shows that thing's value in label words (principle 3).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from windtunnel.leakage.mention import naming_re
from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import raw_finding, string_leaves

_NUMFMT = re.compile(r"<numFmt\b[^>]*?\bnumFmtId=\"(\d+)\"[^>]*?\bformatCode=\"([^\"]*)\"")
_CELLXFS = re.compile(r"<cellXfs\b[^>]*>(.*?)</cellXfs>", re.DOTALL)
_XF = re.compile(r"<xf\b([^>]*)/?>")
_XF_FMT = re.compile(r"\bnumFmtId=\"(\d+)\"")
_CELL = re.compile(r"<c\b([^>]*?\bs=\"(\d+)\"[^>]*)>\s*<v>([^<]{1,40})</v>")
_REF = re.compile(r"\br=\"([A-Z]{1,3})(\d+)\"")
_HEADER = re.compile(r"<c\b[^>]*?\br=\"([A-Z]{1,3})1\"[^>]*>\s*<is>\s*<t[^>]*>([^<]*)</t>")
_COND = re.compile(r"\[(=|<>|<=|>=|<|>)(-?\d+(?:\.\d+)?)\]")
_LITERAL = re.compile(r"\"([^\"]*)\"|\\(.)")
_PLACE = re.compile(r"[0#?]|General", re.IGNORECASE)
_MAX_LEAVES = 2000


def may_format(blob: bytes) -> bool:
    """The gate on the serialised projection: a number format and a styled cell value are written in it."""
    return b"formatCode" in blob and b"<v>" in blob


def _sections(code: str) -> list[str]:
    """The sections of a format code, split at ``;`` outside quotes.

    A spreadsheet number format holds up to four sections (positive; negative; zero; text), and a quoted
    literal may hold a ``;`` of its own (``"Low;ish"``), so a plain ``split`` would cut it. The quotes stay
    in the sections; an unclosed quote runs to the end of the code.
    """
    out: list[str] = []
    cur: list[str] = []
    quoted = False
    for ch in code:
        if ch == '"':
            quoted = not quoted
        if ch == ";" and not quoted:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return out


def _holds(op: str, bound: float, x: float) -> bool:
    """Whether ``x`` meets a section's condition."""
    return {
        "=": x == bound,
        "<>": x != bound,
        "<": x < bound,
        ">": x > bound,
        "<=": x <= bound,
        ">=": x >= bound,
    }[op]


def shown(code: str, x: float) -> str | None:
    """The literal text the format ``code`` shows for the number ``x``, or ``None`` when the section it
    picks writes a digit of the number (or nothing literal)."""
    parts = _sections(code)[:3]
    conds = [_COND.search(p) for p in parts]
    if any(conds):
        pick = next(
            (p for p, c in zip(parts, conds, strict=True) if c and _holds(c.group(1), float(c.group(2)), x)), None
        )
        if pick is None:
            rest = [p for p, c in zip(parts, conds, strict=True) if c is None]
            pick = rest[0] if rest else None
    elif len(parts) == 1:
        pick = parts[0]
    elif len(parts) == 2:
        pick = parts[0] if x >= 0 else parts[1]
    else:
        pick = parts[0] if x > 0 else parts[1] if x < 0 else parts[2]
    if pick is None:
        return None
    body = _COND.sub("", pick)
    if _PLACE.search(_LITERAL.sub("", body)):
        return None
    text = "".join(m.group(1) if m.group(1) is not None else m.group(2) for m in _LITERAL.finditer(body))
    return text.strip() or None


def _norm(s: str) -> str:
    """A label folded for comparison."""
    return " ".join(s.casefold().split())


def format_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """A ``freetext.key-value`` finding at the one cell whose number format shows a label, when it shows the
    answer (see the module's docstring)."""
    if len(label_set) < 2 or not isinstance(projection, (Mapping, list)):
        return []
    leaves = list(islice(string_leaves(projection), _MAX_LEAVES))
    formats: dict[str, str] = {}
    styles: list[str | None] = []
    for _path, text in leaves:
        if "formatCode" in text:
            formats.update((i, html.unescape(c)) for i, c in _NUMFMT.findall(text))
            xfs = _CELLXFS.search(text)
            if xfs is not None:
                styles = [(m.group(1) if (m := _XF_FMT.search(a)) else None) for a in _XF.findall(xfs.group(1))]
    if not formats or not styles:
        return []
    labels = {_norm(lab) for lab in label_set}
    naming = naming_re()
    shown_cells = []
    for path, text in leaves:
        if "<v>" not in text:
            continue
        headers = dict(_HEADER.findall(text))
        for m in _CELL.finditer(text):
            ref = _REF.search(m.group(1))
            head = headers.get(ref.group(1)) if ref is not None and ref.group(2) != "1" else None
            if head is not None and naming.search(head.casefold().replace("_", " ")) is None:
                continue  # a column named for something else (``PO approved``) shows that thing's value
            style = int(m.group(2))
            code = formats.get(styles[style] or "") if style < len(styles) else None
            try:
                x = float(m.group(3))
            except ValueError:
                continue
            label = shown(code, x) if code else None
            if label is not None and _norm(label) in labels:
                shown_cells.append((path, m.span(3), label))
    if len(shown_cells) != 1 or _norm(shown_cells[0][2]) not in {_norm(e) for e in expected}:
        return []
    path, span, _label = shown_cells[0]
    return [
        raw_finding(
            item_id,
            path,
            span,
            "freetext.key-value",
            "a cell's number format shows its value as the expected answer",
            expected[0],
        )
    ]
