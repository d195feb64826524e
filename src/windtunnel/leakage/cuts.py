"""Where the sanitizer may cut a string: structure-aware units, the sentence around a hit, listings.

A string the model reads is often a document with a structure of its own: XML or HTML (tags and
attribute values), an iCalendar object (``NAME;PARAM=x:VALUE`` content lines, folded), a mail message
(header fields, a blank line, a body). Removing "the sentence around the hit" by punctuation alone cuts
through that structure: it empties an XML document (no sentence ends in it), drops a header field's
name with its value, or leaves a start tag without its end tag.

So a cut is first confined to the *unit* that holds the hit: an XML/HTML text node or attribute value,
a content line's or a header field's value, a mail body (itself a document, so its own units apply).
Inside the unit the cut is the sentence (``sentence`` mode) or the span widened over markup wrapped
around it (``span`` mode). A hit that lies in the structure itself (a tag name, a header field's name)
is not cut at all: the rescan then reports it, instead of the sanitizer breaking the document.

A cut that would remove one member of a *listing* (one line of an enum definition, one item of
``Low, Medium, High``) is refused too: the members left behind would name the answer by elimination.

Every function returns ranges of the string it was given (``[start, end)``, original offsets), which
the sanitizer merges (:func:`merge`) and removes from the end backwards, so earlier offsets stay valid.
Structure is recognised by cheap, bounded signs (a ``BEGIN:V`` line, two header fields, a tag), not by
a parser, since they run on every string the sanitizer cuts: a document whose structure is not
recognised is cut as prose.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache

Range = tuple[int, int]

_WRAP = "*_~`\"'"
_ENDS = ".!?。！？"

# A tag, comment, processing instruction or declaration; CDATA is matched apart (its content is text).
_TAG = re.compile(
    r"<!\[CDATA\[(?P<cdata>.*?)\]\]>"
    r"|<!--.*?-->"
    r"|<\?[^<>]*\?>"
    r"|<![A-Za-z][^<>]*>"
    r"|</[A-Za-z][\w:.-]*\s*>"
    r"|<(?P<name>[A-Za-z][\w:.-]*)(?P<attrs>(?:\s+[^\s<>=/]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'<>]+))?)*)\s*/?>",
    re.DOTALL,
)
_ATTR_VALUE = re.compile(r"=\s*(?:\"([^\"]*)\"|'([^']*)')")
# A header field (RFC 5322) or an iCalendar content line (RFC 5545): a name, parameters, ':', a value.
_FIELD = re.compile(r"([!-9;-~]+?)(?:;[^\r\n:]*)?:[ \t]?")
_FIELD_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
_STRUCTURE_FIELDS = frozenset({"BEGIN", "END"})


@lru_cache(maxsize=256)
def units(text: str) -> tuple[Range, ...] | None:
    """The ranges of ``text`` a cut may touch, or ``None`` when ``text`` is plain prose (all of it).

    Tried in order: an iCalendar object (each content line's value, folded lines joined), a header
    block (each field's value, then the body's own units), markup (text between tags, CDATA content,
    quoted attribute values). Anything outside the ranges (tag and field names, ``BEGIN`` / ``END``
    lines, unquoted attribute values) is structure: a hit there gets no cut. Sorted, disjoint, and
    cached: one string is cut once per finding in it.
    """
    if _is_calendar(text):
        return tuple(_field_units(text, stop_at_blank=False))
    if _is_header_block(text):
        return tuple(_field_units(text, stop_at_blank=True))
    if "<" in text and ">" in text:
        found = _markup_units(text)
        if found is not None:
            return tuple(found)
    return None


def widen_eliminating(text: str, cuts: list[Range], labels: Sequence[str]) -> list[Range]:
    """The cuts, each widened to its whole structural unit when it would leave the unit naming every
    label but one, where the unit named them all (``Not Low. Not Medium. Definitely High.`` cut to ``Not
    Low. Not Medium.``): the gap would name the answer by elimination, so the unit goes whole."""
    distinct = {lab.casefold() for lab in labels if lab}
    if len(distinct) < 2 or not cuts:
        return cuts
    found = units(text)
    out: list[Range] = []
    for a, b in cuts:
        lo, hi = 0, len(text)
        if found is not None:
            unit = next((u for u in found if u[0] <= a and b <= u[1]), None)
            if unit is None:
                out.append((a, b))
                continue
            lo, hi = unit
        before = _label_hits(text, labels, lo, hi)
        rest = text[lo:a] + "\n" + text[b:hi]
        after = _label_hits(rest, labels, 0, len(rest))
        if before == distinct and len(after) == len(distinct) - 1 and after < before:
            out.append((lo, hi))
        else:
            out.append((a, b))
    return merge(out)


def cut_range(text: str, span: Range, mode: str) -> Range | None:
    """The range to remove for a hit at ``span``: its sentence (or the span itself in ``span`` mode),
    confined to the structural unit that holds it; ``None`` when the hit is in the structure itself.

    ``None`` is not an error: the sanitizer leaves the string as it is and the rescan reports the hit as
    a residual, so a broken document is never the price of a redaction. The caller checks the result
    with :func:`listing_member` before cutting.
    """
    found = units(text)
    lo, hi = 0, len(text)
    if found is not None:
        # sorted and disjoint: only the last unit starting at or before the hit can hold it (one bisection,
        # not a pass over the units per finding)
        i = bisect_right(found, (span[0], len(text) + 1))
        if not i or span[1] > found[i - 1][1]:
            return None
        lo, hi = found[i - 1]
    if mode == "sentence":
        return sentence(text, span, lo, hi)
    return with_markup(text, span, lo, hi)


def sentence(text: str, span: Range, lo: int = 0, hi: int | None = None) -> Range:
    """The sentence (or line) around ``span`` inside ``text[lo:hi]``, with the blank after it.

    A sentence ends at ``.`` ``!`` ``?`` (or their CJK forms) followed by a blank, or at a line break,
    so a list item or a table row goes alone. A whole line is taken with its indentation and line break;
    a last sentence takes the blank before it instead of after, so no dangling blank is left. Cost is
    the length of the sentence, not of the text (the start is searched backwards from the hit).
    """
    hi = len(text) if hi is None else hi
    a, b = span
    start = _sentence_start(text, lo, a)
    while start < a and text[start] in " \t":
        start += 1
    end = hi
    stops = _stops(text)
    k = bisect_left(stops, b)
    if k < len(stops) and stops[k] < hi:
        end = stops[k] + 1
    elif b <= hi - 1 and text[hi - 1] in _ENDS:  # the unit's end reads as the text's
        end = hi
    # Take the blank after the sentence along, so no double blank remains (not the next line's indent).
    while end < hi and text[end] in " \t" and text[end - 1] != "\n":
        end += 1
    if text[end - 1 : end] == "\n":
        # A whole line goes with its indentation.
        first = text.rfind("\n", lo, start) + 1
        if first >= lo and not text[max(first, lo) : start].strip():
            start = max(first, lo)
    if start > lo and end == hi:
        while start > lo and text[start - 1] in " \t":
            start -= 1
    return (start, end)


def _sentence_start(text: str, lo: int, a: int) -> int:
    """Where the sentence holding ``a`` starts: after the last line break or sentence end before it, or right
    after a stop that touches the hit (``header.PAYLOAD`` keeps its header)."""
    if a - 1 >= lo and (text[a - 1] == "\n" or text[a - 1] in _ENDS):
        return a
    stops = _stops(text)
    k = bisect_left(stops, a - 1)
    return stops[k - 1] + 1 if k and stops[k - 1] >= lo else lo


_STOP = re.compile(r"\n|[.!?。！？](?=\s)")


@lru_cache(maxsize=8)
def _stops(text: str) -> list[int]:
    """The places of ``text``'s line breaks and of its sentence ends followed by a blank, sorted: read once per
    string, so each cut finds its sentence by bisection (a scan from each hit to its sentence's ends was
    quadratic in a long sentence of many hits)."""
    return [m.start() for m in _STOP.finditer(text)]


def with_markup(text: str, span: Range, lo: int = 0, hi: int | None = None) -> Range:
    """``span`` widened over emphasis or quotes wrapped around it (``**High**``), inside ``[lo, hi)``.

    Only symmetric wrappers (the same character on both sides, one of ``* _ ~ ` " '``) are taken, so
    ``span`` mode never leaves an empty ``****`` behind and never eats a neighbour's punctuation.
    """
    hi = len(text) if hi is None else hi
    a, b = span
    while a > lo and b < hi and text[a - 1] == text[b] and text[b] in _WRAP:
        a, b = a - 1, b + 1
    return a, b


def merge(spans: Sequence[Range]) -> list[Range]:
    """Overlapping or touching ranges joined, sorted: two findings in one sentence make one cut, so the
    sanitizer never removes a range twice or shifts a second cut by the first."""
    out: list[Range] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def every_occurrence(text: str, span: Range) -> list[Range]:
    """Every place ``text`` holds the chunk ``text[span]`` as a whole token (case ignored, not inside a longer word),
    ``span`` itself included: evidence about a value (a code mined over the dataset) is about each place holding it,
    where a finding points at the first. Linear in the text."""
    chunk = text[span[0] : span[1]]
    if not chunk.strip():
        return [span]
    found = [(m.start(), m.end()) for m in re.finditer(r"(?<!\w)" + re.escape(chunk) + r"(?!\w)", text, re.IGNORECASE)]
    return sorted({span, *found})


# ---------------------------------------------------------------- markup


def _markup_units(text: str) -> list[Range] | None:
    """The text runs between tags, CDATA contents and quoted attribute values of ``text``; ``None``
    when no tag matches (a ``<`` in prose, ``a < b``), so the text is cut as prose."""
    out: list[Range] = []
    pos = 0
    tags = 0
    for m in _TAG.finditer(text):
        tags += 1
        if m.start() > pos:
            out.append((pos, m.start()))
        if m.group("cdata") is not None:
            out.append(m.span("cdata"))
        elif m.group("attrs"):
            base = m.start("attrs")
            for av in _ATTR_VALUE.finditer(m.group("attrs")):
                g = 1 if av.group(1) is not None else 2
                a, b = av.span(g)
                out.append((base + a, base + b))
        pos = m.end()
    if not tags:
        return None
    if pos < len(text):
        out.append((pos, len(text)))
    return out


# ---------------------------------------------------------------- content lines and header fields


def _logical_lines(text: str, start: int = 0) -> list[Range]:
    """``(start, end)`` of each logical line from ``start`` (folded continuations joined), end before
    the line break."""
    out: list[Range] = []
    pos = start
    n = len(text)
    while pos < n:
        end = text.find("\n", pos)
        end = n if end < 0 else end
        while end < n and end + 1 < n and text[end + 1] in " \t":
            nxt = text.find("\n", end + 1)
            end = n if nxt < 0 else nxt
        stop = end - 1 if end > pos and text[end - 1] == "\r" else end
        out.append((pos, stop))
        pos = end + 1
    return out


def _is_calendar(text: str) -> bool:
    """``text`` starts with a ``BEGIN:V…`` line and has an ``END:V…`` line: an iCalendar / vCard object."""
    head = text.lstrip()[:64].upper()
    return head.startswith("BEGIN:V") and "\nEND:V" in text.upper()


def _is_header_block(text: str) -> bool:
    """Two or more header fields first, up to a blank line or the end, every line a field."""
    fields = 0
    for a, b in _logical_lines(text):
        if a == b:
            break
        m = _FIELD.match(text, a, b)
        if m is None or not _FIELD_NAME.fullmatch(m.group(1)):
            return False
        fields += 1
    return fields >= 2


def _field_units(text: str, *, stop_at_blank: bool) -> list[Range]:
    """The value of each content line or header field (after ``NAME;PARAMS:``); with ``stop_at_blank``
    (a mail message), the body after the first blank line is one more document, cut by its own units."""
    out: list[Range] = []
    lines = _logical_lines(text)
    for i, (a, b) in enumerate(lines):
        if a == b:
            if stop_at_blank:
                body = lines[i + 1][0] if i + 1 < len(lines) else len(text)
                inner = units(text[body:])
                out.extend((body + x, body + y) for x, y in inner) if inner is not None else out.append(
                    (body, len(text))
                )
                break
            continue
        m = _FIELD.match(text, a, b)
        if m is None or m.group(1).upper() in _STRUCTURE_FIELDS:
            continue
        out.append((m.end(), b))
    return out


# ---------------------------------------------------------------- listings


@lru_cache(maxsize=64)
def _labels_re(labels: tuple[str, ...]) -> re.Pattern[str]:
    """Any label as a whole case-folded token, longest first so ``Medium-High`` wins over ``High``."""
    alt = "|".join(re.escape(lab.casefold()) for lab in sorted(labels, key=len, reverse=True) if lab)
    return re.compile(rf"(?<!\w)(?:{alt})(?!\w)")


def _label_hits(text: str, labels: Sequence[str], lo: int, hi: int) -> set[str]:
    """The labels written as whole tokens in ``text[lo:hi]`` (case-insensitive)."""
    return set(_labels_re(tuple(labels)).findall(text[lo:hi].casefold()))


_SKELETON_TOKEN = re.compile(r"\w+|[^\w\s]")
_MAX_LINE_TOKENS = 64
_MAX_LISTING_LINES = 8
"""Parallel lines looked at on each side of a cut (enough to see a listing; bounded, so a file of
thousands of look-alike lines costs each cut the same)."""


@lru_cache(maxsize=4096)
def _skeleton(line: str, labels: tuple[str, ...]) -> tuple[str, ...]:
    """The tokens of ``line``, case-folded, with every label written ``\0`` (one token)."""
    low = _labels_re(labels).sub("\0", line.casefold())
    return tuple(t for part in low.split("\0") for t in (*_SKELETON_TOKEN.findall(part), "\0"))[:-1]


def _parallel(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two lines are members of one listing: the same tokens but for at most two inserted ones (a
    ``selected`` attribute, an ``x`` in a box) and any replaced non-words (``= 1`` / ``= 2``, ``id="r0"`` /
    ``id="r1"``); a replaced word (``Severity: Low`` / ``Priority: High``) makes them two fields."""
    if "\0" not in a or "\0" not in b or max(len(a), len(b)) > _MAX_LINE_TOKENS or abs(len(a) - len(b)) > 2:
        return False
    inf = 3
    prev = list(range(len(b) + 1))
    for i, ta in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, tb in enumerate(b, 1):
            same = 0 if ta == tb or (not ta.isalpha() and not tb.isalpha()) else inf
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + same)
        prev = cur
    return prev[-1] <= 2


def listing_member(text: str, cut: Range, labels: Sequence[str]) -> bool:
    """Would removing ``text[cut]`` remove one member of a listing of labels and keep the others?

    Two shapes: the line of the cut and a neighbour line are parallel (:func:`_parallel`) and the
    neighbour holds another label (``HIGH = 'High'`` beside ``LOW = 'Low'``; ``<option value="Low"
    selected>`` beside ``<option value="Moderate">``); a cut inside a line that a separator (``,`` ``|``
    ``/`` ``or`` ``and``) joins to another label (``Low, High``). On the cut's own line only the
    sentence around the cut counts: a listing in an earlier sentence is no sibling of a statement.
    """
    if len(labels) < 2:
        return False
    a, b = cut
    inside = _label_hits(text, labels, a, b)
    if not inside:
        return False
    line_start = text.rfind("\n", 0, a) + 1
    first_end = text.find("\n", a)
    first_end = len(text) if first_end < 0 else first_end
    last = max(a, b - 1) if text[b - 1 : b] == "\n" else b
    line_end = text.find("\n", last)
    line_end = len(text) if line_end < 0 else line_end
    key = tuple(labels)
    shape = _skeleton(text[line_start:first_end], key)
    # On the cut's own line, only the sentence around the cut: labels listed in an earlier sentence
    # ("Priority levels: Low, Medium, High. We set it to High.") are not members beside the cut.
    s_lo, s_hi = line_start, first_end
    for m in _SENTENCE_BREAK.finditer(text, line_start):  # (an end position would hide the lookahead)
        if m.end() > a:
            break
        s_lo = m.end()
    brk = _SENTENCE_BREAK.search(text, max(a, b - 1), first_end)
    if brk is not None:
        s_hi = brk.end()
    members = _label_hits(text, labels, s_lo, s_hi)
    # Walk the parallel lines up and down from the cut's line: a listing has three members or more
    # (every label, when there are fewer), not two lines such as a diff's "-" and "+".
    for step in (-1, 1):
        lo, hi = (line_start, first_end) if step < 0 else (line_start, line_end)
        for _ in range(_MAX_LISTING_LINES):
            if step < 0:
                if lo == 0:
                    break
                hi = lo - 1
                lo = text.rfind("\n", 0, hi) + 1
            else:
                if hi >= len(text):
                    break
                lo = hi + 1
                nxt = text.find("\n", lo)
                hi = len(text) if nxt < 0 else nxt
            if not _parallel(shape, _skeleton(text[lo:hi], key)):
                break
            members |= _label_hits(text, labels, lo, hi)
    if len(members - inside) >= 1 and len(members) >= min(3, len(set(map(str.casefold, labels)))):
        return True
    if not text[line_start:a].strip() and not text[b:line_end].strip():
        return False
    alt = "|".join(re.escape(lab.casefold()) for lab in sorted(labels, key=len, reverse=True) if lab)
    before = text[line_start:a].casefold()
    after = text[b:line_end].casefold()
    return bool(re.search(rf"(?<!\w)(?:{alt})(?:{_JOIN})$", before) or re.match(rf"(?:{_JOIN})(?:{alt})(?!\w)", after))


_SENTENCE_BREAK = re.compile(r"[.!?](?=[ \t]+\S)")
"""The end of a sentence inside a line (a point followed by more words)."""

_JOIN = r"[ \t]*[,;|/][ \t]*(?:(?:or|and)[ \t]+)?|[ \t]+(?:or|and)[ \t]+"
"""What joins the members of a listing on one line: a separator, or ``or`` / ``and``."""


Column = tuple[str, str]
"""A column of a one-record delimited table held in a string: (its delimiter, its header's name)."""

_DELIMITERS = (",", "\t", ";", "|")


def column_of(text: str, span: Range) -> Column | None:
    """The column whose cell ``text[span]`` is, when ``text`` holds a one-record delimited table (a header line, the
    record's row right under it, as many delimiters in each, the span one whole cell, quotes and blanks around it
    aside); ``None`` otherwise. A value mined in a cell is the column's: the same column of another record is the
    same field (:func:`column_cell`), so an edit alike on every record is a cut of that cell, not of the whole text."""
    a, b = span
    start = text.rfind("\n", 0, a) + 1
    if start == 0:
        return None
    end = text.find("\n", b)
    row = text[start : len(text) if end < 0 else end]
    head_start = text.rfind("\n", 0, start - 1) + 1
    header = text[head_start : start - 1]
    for d in _DELIMITERS:
        if not header.count(d) or header.count(d) != row.count(d):
            continue
        cells = _cells(row, d, start)
        names = header.split(d)
        for (lo, hi), name in zip(cells, names, strict=True):
            if lo <= a and b <= hi and not text[lo:a].strip(' "') and not text[b:hi].strip(' "'):
                return (d, name.strip(' "'))
    return None


def column_cell(text: str, column: Column) -> Range | None:
    """The cell of ``column`` (:func:`column_of`) in ``text``'s record row: the row right under the first header line
    naming the column once with as many delimiters; quotes and blanks around the cell's content left out (an empty
    cell is an empty range). ``None`` where ``text`` holds no such table."""
    d, name = column
    at = 0
    for line in text.split("\n"):
        nxt = at + len(line) + 1
        names = [n.strip(' "') for n in line.split(d)]
        if line.count(d) and names.count(name) == 1 and nxt <= len(text):
            end = text.find("\n", nxt)
            row = text[nxt : len(text) if end < 0 else end]
            if row.count(d) == line.count(d):
                lo, hi = _cells(row, d, nxt)[names.index(name)]
                while lo < hi and text[lo] in ' "':
                    lo += 1
                while hi > lo and text[hi - 1] in ' "':
                    hi -= 1
                return (lo, hi)
        at = nxt
    return None


def in_table_cell(text: str, span: Range) -> bool:
    """``text[span]`` is the whole content of a cell (quotes and blanks around it aside) of a delimited table held in
    ``text``: its row and the line above it (a header, or the row before) hold as many delimiters, one at least. Rows
    of one record's history or of many records alike: the cell is the unit, the row its structure. Reads the text up
    to the row once."""
    a, b = span
    start = text.rfind("\n", 0, a) + 1
    if start == 0 or "\n" in text[a:b]:
        return False
    end = text.find("\n", b)
    row = text[start : len(text) if end < 0 else end]
    above = text[text.rfind("\n", 0, start - 1) + 1 : start - 1]
    for d in _DELIMITERS:
        n = row.count(d)
        if not n or above.count(d) != n:
            continue
        if not any(lo <= a and b <= hi and not text[lo:a].strip(' "') and not text[b:hi].strip(' "')
                   for lo, hi in _cells(row, d, start)):  # fmt: skip
            continue
        return True
    return False


def _cells(row: str, d: str, offset: int) -> list[Range]:
    """The ranges of ``row``'s cells split at ``d`` (no quoting: the callers ask for as many delimiters as the
    header's), as offsets of the text ``row`` starts at ``offset`` in."""
    out: list[Range] = []
    lo = 0
    for part in row.split(d):
        out.append((offset + lo, offset + lo + len(part)))
        lo += len(part) + 1
    return out
