"""Structure resolution: which characters of a string are values of *this* record.

A tool often returns many records at once in one string — a CSV or TSV export, a SQL dump, the parts
of a spreadsheet, a YAML document whose records pull shared blocks in by reference — and the label of
this record is then a cell like any other. Principle 1 (a label that is a value is a leak) needs two
steps that no text view shows: *resolve* the structure (a cell's header, a shared-string index, a YAML
alias or merge key) and find *this record's* part of it: the row or block that holds an id the
projection shows outside the structure (``question: TKT-14100``). A table in which every row is named
elsewhere, or a document pulling in more than one of sibling blocks, says nothing about this record.

:func:`own_value` answers for one hit: the span is a value of this record's row or block. The formats
read here (delimited text, HTML rows, SQL ``COPY`` and ``INSERT``, OOXML shared strings, YAML anchors)
are listed in docs/leakage.md under principle 1; :func:`own_column_value` reads a table the JSON structure
stores by column (one array per column) by row. (:mod:`windtunnel.leakage.records` holds the helpers
that read record ids in the projection's JSON structure.)
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from windtunnel.leakage.pointers import node_at
from windtunnel.leakage.views.layout import BARS, join_wrapped

Span = tuple[int, int]
Own = tuple[Span, tuple[str, Span] | None]
"""A span of this record's value in a string, and where the record states it when that is elsewhere
(``(pointer, span)`` of a spreadsheet cell that points at a shared string), else ``None``."""
Cell = tuple[str, int, int]
"""``(text, start, end)``: a cell's value and where it is written in its string."""
Table = tuple[list[Cell] | None, list[list[Cell]]]
"""A table held in a string: its header row (``None`` when the format writes no header line among its
rows, a SQL tuple list) and its data rows."""

_MAX_TEXT = 200_000
"""Strings longer than this are not parsed as records (a scan stays linear in what it reads)."""


@dataclass
class Records:
    """What one item's projection says about its record, worked out on first use."""

    root: Any
    _texts: list[tuple[str, str]] | None = None
    _tokens: Counter[str] | None = None
    _own: dict[str, list[Own]] = field(default_factory=dict)
    _cells: dict[str, dict[Span, str]] = field(default_factory=dict)
    """Per string, the text of each cell of this record's rows (a wrapped cell's pieces joined)."""
    _refs: dict[str, list[str]] | None = None
    """Per node pointer, the pointers of the strings that refer to it (:meth:`referrers`)."""
    _whole: frozenset[str] | None = None

    def located(self) -> list[tuple[str, str]]:
        """``(pointer, text)`` of every string and number of the projection (a bounded walk).

        Pointers are RFC 6901, as the scan writes them: a finding placed on another string (a sheet
        that points at a shared string) resolves in the projection. At most 5,000 values are listed."""
        if self._texts is None:
            out: list[tuple[str, str]] = []
            stack: list[tuple[Any, str]] = [(self.root, "")]
            while stack and len(out) < 5000:
                node, ptr = stack.pop()
                if isinstance(node, str):
                    out.append((ptr, node))
                elif isinstance(node, Mapping):
                    stack.extend((v, f"{ptr}/{_escape(str(k))}") for k, v in node.items())
                elif isinstance(node, list):
                    stack.extend((v, f"{ptr}/{i}") for i, v in enumerate(node[:2000]))
                elif isinstance(node, (int, float)) and not isinstance(node, bool):
                    out.append((ptr, str(node)))
            self._texts = out
        return self._texts

    def texts(self) -> list[str]:
        """Every string (and number, as written) of the projection: where an id of this record may be
        shown outside the structure that holds its row (``"question": "TKT-1"``, ``"id": 32890``)."""
        return [t for _p, t in self.located()]

    def shown(self, value: str, inside: Counter[str]) -> bool:
        """Whether the id ``value`` is written in the projection more often than ``inside`` counts
        (the tokens of the structure itself): it is shown outside the structure."""
        if self._tokens is None:
            self._tokens = Counter(tok for text in self.texts() for tok in _TOKEN_RE.findall(text))
        return self._tokens[value] > inside[value]

    def whole_values(self) -> frozenset[str]:
        """The projection's strings of 4 to 80 characters with a letter, casefolded and blanks collapsed: a
        name or subject the record shows as a whole value (``"name": "Carlos Yilmaz"``), which a table cell
        may repeat to say which row is this record's (:func:`_own_rows`)."""
        if self._whole is None:
            self._whole = frozenset(
                _fold(t) for _p, t in self.located() if 4 <= len(t.strip()) <= 80 and any(c.isalpha() for c in t)
            )
        return self._whole

    def referrers(self, pointer: str) -> list[str]:
        """The pointers of the projection's strings that are a JSON Pointer to the node at ``pointer`` or
        to the object holding it (``"from": "/suggestions/3/value"``, ``"$ref": "#/options/2"``).

        A string is read as a reference only when it is a pointer (``/a/1`` or ``#/a/1``, no blank) that
        resolves in the projection to a node other than the whole document; a file path does not."""
        if self._refs is None:
            refs: dict[str, list[str]] = {}
            for ptr, text in self.located():
                target = text[1:] if text.startswith("#/") else text
                if len(target) < 3 or not target.startswith("/") or len(target) > 256 or " " in target:
                    continue
                tokens = [t.replace("~1", "/").replace("~0", "~") for t in target[1:].split("/")]
                if not all(tokens) or node_at(self.root, tokens) is None:
                    continue
                refs.setdefault("".join("/" + _escape(t) for t in tokens), []).append(ptr)
            self._refs = refs
        out = list(self._refs.get(pointer, []))
        parent = pointer.rsplit("/", 1)[0]
        if parent and isinstance(node_at(self.root, _tokens(parent)), Mapping):
            out += self._refs.get(parent, [])
        return out

    def own_spans(self, text: str) -> list[Own]:
        """The spans of ``text`` that are values of this record (memoised per string).

        A string longer than :data:`_MAX_TEXT` is not parsed; its hits are decided as prose. Each
        distinct string is parsed once per item, however many hits it holds."""
        got = self._own.get(text)
        if got is None:
            got = [] if len(text) > _MAX_TEXT else _own_spans(text, self)
            self._own[text] = got
        return got


def holds_records(text: str) -> bool:
    """Whether ``text`` holds a structure whose own values depend on the rest of the projection (a
    table of records, a shared-string table, YAML anchors): then what a hit in it means does too.
    (Memoised for short strings, which recur; a long one is looked at once per item by
    :meth:`Records.own_spans`.)"""
    return _holds_records(text) if len(text) <= 512 else _structure(text)


@lru_cache(maxsize=4096)
def _holds_records(text: str) -> bool:
    """:func:`_structure`, memoised: short strings recur across the items of a dataset (a header, a
    template), and the scan asks before it replays a string's cached classification."""
    return _structure(text)


def _structure(text: str) -> bool:
    """Whether ``text`` holds one of the structures this module resolves: a table of records (delimited
    text, HTML rows, SQL rows), a spreadsheet's shared strings, or YAML anchors. Looks only at
    ``text`` (what the rest of the projection says is :func:`own_value`'s business), and only at
    strings up to :data:`_MAX_TEXT` characters."""
    if len(text) > _MAX_TEXT:
        return False
    return (
        bool(_tables(text))
        or ("<si" in text and "<sst" in text)
        or ("&" in text and "*" in text and _ANCHOR_RE.search(text) is not None)
    )


_RULE_CELL = "-=:+ \t"
"""The characters of a rule line's cells (``|---|:--:|``)."""


def table_columns(text: str, records: Records) -> list[tuple[str, list[str]]]:
    """``(column name, its cells)`` of each named column of each table of several rows ``text`` holds (as
    :func:`_tables` reads them), blank cells and rule lines left out: what
    :func:`~windtunnel.leakage.candidates.candidates` reads together as one value per column (a lab export's
    ``compliance`` column, ``OK`` on every row of a sample that passed, ``EXCEEDS`` on some row of one that failed).
    A table with a row named as this record's by an id or a whole value the projection shows outside it
    (:func:`_own_rows`, :func:`_named_row`) lists other records beside it: its columns are theirs, and none is read —
    unless every row is keyed by one value in the first column (a sample id over its parameters' rows): one
    subject's rows."""
    if len(text) > _MAX_TEXT or not _structure(text):
        return []
    out: list[tuple[str, list[str]]] = []
    for header, found in _tables(text):
        rows = [row for row in found if any(v.strip(_RULE_CELL) for v, _a, _b in row)]  # a rule line is no row
        if not header or len(rows) < 2:
            continue
        first = next((i for i, (name, _a, _b) in enumerate(header) if name.strip()), 0)  # a pipe's empty edge aside
        keys = {row[first][0].strip() for row in rows if first < len(row)}
        one = len(keys) == 1 and "" not in keys  # every row keyed by one value: one subject's rows (a sample's)
        region = text[min(a for _v, a, _b in found[0]) : max(b for _v, _a, b in found[-1])]
        if not one and (_own_rows(found, records, [region]) or _named_row(found, records)[0]):
            continue
        for i, (name, _a, _b) in enumerate(header):
            cells = [row[i][0].strip() for row in rows if i < len(row) and row[i][0].strip()]
            if name.strip() and cells:
                out.append((name.strip(), cells))
    return out


def own_value(records: Records, text: str, span: Span) -> Own | None:
    """The own value holding ``text[span]`` as its whole value — a cell of this record's row (or a
    value of a block this record pulls in by reference) in a multi-record structure held in the
    string — with where the record states it when that is another string (the spreadsheet cell that
    points at this shared string); ``None`` when the span is no such value."""
    a, b = span
    for own in records.own_spans(text):
        sa, sb = own[0]
        if sa <= a and b <= sb and not text[sa:a].strip() and not text[b:sb].strip():
            return own
    return None


def own_row_cells(
    records: Records, text: str, inputs: frozenset[str] = frozenset()
) -> tuple[list[tuple[str, str, Span]], str | None]:
    """``(column name, cell text, span)`` of each cell of this record's row of a table of many records held in
    ``text`` (a header over rows, the row named by an id the projection shows outside the table, :func:`_own_rows`,
    or else by a whole value it shows there, :func:`_named_row`): the record's fields, as
    :func:`windtunnel.leakage.record_table.record_table` reads the one row of a one-record table; and the naming
    value when the row is named by a whole value (``None`` for an id). A value may be one many records share (a
    source ``Indeed``, a status ``open``): one record cannot tell a name from a shared value, so only mining reads a
    row named so, where the dataset says whether the value is specific to its record. Nothing when no row, or more
    than one, is this record's; the other rows stay a listing of other records.

    ``inputs`` are the whole string values of the task's input (``derive_from``), casefolded: a row holding one of
    them as a whole cell, the only row that does, is this record's row as surely as one named by its id (the target
    agent's row of a susceptibility report among the other agents' rows; the task names that agent), whoever else
    shares the value (``None`` naming it). An HTML cell's ``class`` is a field of its own (``Interp@class``): a
    value written as the cell's formatting (``<td class="interp interp--r"></td>``, an empty cell coloured by its
    result) is what its reader sees."""
    if len(text) > _MAX_TEXT or not _structure(text):
        return [], None
    out: list[tuple[str, str, Span]] = []
    naming: str | None = None
    for header, rows in _tables(text):
        if not header or len(rows) < 2:
            continue
        region = text[min(a for _v, a, _b in rows[0]) : max(b for _v, _a, b in rows[-1])]
        own = _own_rows(rows, records, [region])
        if not own:
            own = _input_row(rows, inputs)
        if not own:
            own, naming = _named_row(rows, records)
        if len(own) != 1 or len(own[0]) != len(header):
            continue
        for (name, _na, _nb), (value, a, _b) in zip(header, own[0], strict=True):
            lead = len(value) - len(value.lstrip())
            cell = value.strip()
            if name.strip() and cell:
                out.append((name.strip(), cell, (a + lead, a + lead + len(cell))))
            if name.strip() and (attr := _cell_class(text, a)) is not None:
                out.append((f"{name.strip()}@class", *attr))
    return out, naming if out else None


def _input_row(rows: list[list[Cell]], inputs: frozenset[str]) -> list[list[Cell]]:
    """The one row holding a whole cell that is a name of the task's input (``inputs``, casefolded: a value with a
    letter; a measurement another row may hold too names none — review 43b: an MIC of another agent's row), else
    none."""
    names = frozenset(t for t in inputs if any(c.isalpha() for c in t))
    if not names:
        return []
    hits = [row for row in rows if any(input_cell(v, names) for v, _a, _b in row)]
    return hits if len(hits) == 1 else []


def input_cell(value: str, inputs: frozenset[str]) -> bool:
    """A cell is a value of the task's input (``inputs``, casefolded), whole or as one of its components (its parts
    apart at marks other than blanks, hyphens and points: ``GEN^Gentamicin``)."""
    return _fold(value) in inputs or any(_fold(part) in inputs for part in _COMPONENT.split(value) if part.strip())


_COMPONENT = re.compile(r"[^\w\s.-]+")


_CELL_OPEN = re.compile(r"<t[dh]\b([^>]*)>\s*\Z", re.I)
_CLASS_ATTR = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)


def _cell_class(text: str, a: int) -> tuple[str, Span] | None:
    """The ``class`` attribute of the HTML cell whose text starts at ``a``, and its span, where a cell opens there."""
    start = text.rfind("<t", max(0, a - 512), a)
    if start < 0:
        return None
    tag = _CELL_OPEN.match(text, start, a)
    if tag is None:
        return None
    m = _CLASS_ATTR.search(tag.group(1))
    if m is None:
        return None
    group = 1 if m.group(1) is not None else 2
    value = m.group(group).strip()
    if not value:
        return None
    at = tag.start(1) + m.start(group)
    return value, (at, at + len(m.group(group)))


def own_cell_within(records: Records, text: str, span: Span) -> list[str]:
    """The texts of this record's cells written within ``text[span]`` (a wrapped cell's pieces joined,
    ``Crit`` + ``ical``): what a view that joins a table's wrapped rows shows of this record's row when
    a hit there covers the whole row (:func:`windtunnel.leakage.views.layout.wrapped_cells`)."""
    records.own_spans(text)
    a, b = span
    return [v for (sa, sb), v in records._cells.get(text, {}).items() if a <= sa and sb <= b]


def _escape(token: str) -> str:
    """``token`` as one RFC 6901 pointer segment (``~`` → ``~0``, ``/`` → ``~1``), as the scan writes
    pointers, so a finding placed on another string of the projection resolves like the walk's."""
    return token.replace("~", "~0").replace("/", "~1")


_TOKEN_RE = re.compile(r"[\w-]+")
"""An id as a token: a run of word characters and hyphens (``TKT-14100``, ``32890``)."""
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?|\d{1,2}:\d{2}(?::\d{2})?")


def _id_like(value: str) -> bool:
    """A value that names a record: a number or code with a digit, no blank, not a date or time."""
    v = value.strip()
    return (
        3 <= len(v) <= 64
        and _TOKEN_RE.fullmatch(v) is not None
        and any(ch.isdigit() for ch in v)
        and not _DATE.fullmatch(v)
    )


def id_tokens(text: str) -> list[str]:
    """The ids written in a text as tokens (``ticket 4230``, ``see TKT-14100``): what structure resolution
    takes as a record named outside a table (:func:`_id_like`)."""
    return [tok for tok in _TOKEN_RE.findall(text) if _id_like(tok)] if len(text) <= _MAX_TEXT else []


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def names_own_id(records: Records, text: str) -> bool:
    """Whether ``text`` (one string of the projection: a list member, a row) holds an id the projection shows
    outside it (``"HND-4821: Excellent"`` in a manifest beside ``"lot_code": "HND-4821"``): the string is tied to
    this record, not a listing of another."""
    inside = Counter(_TOKEN_RE.findall(text))
    return any(_id_like(tok) and records.shown(tok, inside) for tok in inside)


def _own_rows(rows: list[list[Cell]], records: Records, sources: list[str]) -> list[list[Cell]]:
    """The rows holding an id the projection shows outside the structure (``sources``: the text the
    structure is written in) that no other row holds; none when every row of a table of several is named so (then
    the names say nothing about which one is this record). A value two rows hold (the unit's model on this
    record's row and on another unit's) names neither."""
    inside = Counter(tok for text in sources for tok in _TOKEN_RE.findall(text))
    # a value several rows hold (a model number, a site) names none of them: only a row's own value is its name
    rows_holding = Counter(v for row in rows for v in {value.strip() for value, _a, _b in row})
    named: list[tuple[list[Cell], str]] = []
    for row in rows:
        for value, _a, _b in row:
            if _id_like(value) and rows_holding[value.strip()] == 1 and records.shown(value.strip(), inside):
                named.append((row, value.strip()))
                break
    if not named:
        return []
    if len(named) == len(rows) and len({v for _r, v in named}) > 1:
        return []
    return [r for r, _v in named]


def _named_row(rows: list[list[Cell]], records: Records) -> tuple[list[list[Cell]], str | None]:
    """This record's row of a table of several, named by a whole value rather than an id, and that value
    (casefolded): in a column whose cells all differ (a key: a name, a title), the one cell that is a whole
    string value of the projection (4 to 80 characters, a letter, not a date or a time). A value in key
    columns naming different rows says nothing about which row is this record's; a table whose rows no
    value names is a listing of other records. Whether the value is this record's own (a name) or one many
    records share (a source, an office) only the dataset tells: :func:`own_row_cells`."""
    if len(rows) < 2 or len({len(r) for r in rows}) != 1:
        return [], None
    whole = records.whole_values()
    picked: dict[int, str] = {}
    for j in range(len(rows[0])):
        column = [_fold(row[j][0]) for row in rows]
        if len(set(column)) != len(column) or not all(column):
            continue
        hits = [
            i
            for i, v in enumerate(column)
            if v in whole and 4 <= len(v) <= 80 and any(c.isalpha() for c in v) and not _MOMENT.search(v)
        ]
        if len(hits) == 1:
            picked.setdefault(hits[0], column[hits[0]])
    if len(picked) != 1:
        return [], None
    ((i, value),) = picked.items()
    return [rows[i]], value


_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|\d{1,2}/\d{1,2}/\d{2,4}")
"""A date or clock time within a value: a timestamp names a moment many records may share, never a record."""


def _own_columns(header: list[Cell], rows: list[list[Cell]], records: Records, sources: list[str]) -> list[Cell]:
    """The cells of this record's column of a transposed table (fields as rows, records as columns:
    ``field,TKT-1,TKT-2`` over ``priority,Low,High``): the column whose header cell is an id the projection
    shows outside the structure. None when no header cell is, or when every id of the header is (then
    the names say nothing about which column is this record's), as :func:`_own_rows` reads rows."""
    inside = Counter(tok for text in sources for tok in _TOKEN_RE.findall(text))
    ids = [j for j, (value, _a, _b) in enumerate(header) if _id_like(value)]
    named = [j for j in ids if records.shown(header[j][0].strip(), inside)]
    if not named or (len(named) == len(ids) and len({header[j][0].strip() for j in named}) > 1):
        return []
    return [row[j] for row in rows for j in named if j < len(row)]


def _own_spans(text: str, records: Records) -> list[Own]:
    """Every value of this record that ``text`` holds, with where the record states it when that is
    another string: the cells of this record's rows of each table in ``text`` (the rows holding an id
    shown outside the table; in a transposed table, the column headed by such an id), the shared
    strings this record's row of a sheet points at, and the values of the YAML blocks this record
    pulls in."""
    out: list[Own] = []
    cells = records._cells.setdefault(text, {})
    for header, rows in _tables(text):
        region = text[min(a for _v, a, _b in rows[0]) : max(b for _v, _a, b in rows[-1])]
        own = [cell for row in _own_rows(rows, records, [region]) for cell in row]
        if not own and header:
            whole = text[min(a for _v, a, _b in header) : max(b for _v, _a, b in rows[-1])]
            own = _own_columns(header, rows, records, [whole])
        out.extend(((a, b), None) for _v, a, b in own)
        cells.update(((a, b), v) for v, a, b in own)
    if "<si" in text and "<sst" in text:
        out.extend(_shared_strings(text, records))
    if "&" in text and "*" in text:
        out.extend((span, None) for span in _yaml_referenced(text, records))
    return out


# ---------------------------------------------------------------- delimited text and SQL dumps


def _split(line: str, start: int, delim: str) -> list[Cell]:
    """The cells of one delimited line, quotes removed from the spans (``"a;b";c``).

    Each cell is ``(text, start, end)`` with offsets into the whole text (``start`` is where the line
    begins), so a finding in a cell points at the original characters. A quoted cell may hold the delimiter
    and doubled quotes (kept doubled in the cell's text); anything between its closing quote and the next
    delimiter is dropped, and an unclosed quote runs to the end of the line. A trailing delimiter gives a
    final empty cell, as in CSV.
    """
    cells: list[Cell] = []
    i, n = 0, len(line)
    while i <= n:
        if i < n and line[i] == '"':
            j = line.find('"', i + 1)
            while j != -1 and j + 1 < n and line[j + 1] == '"':
                j = line.find('"', j + 2)
            if j == -1:
                j = n
            cells.append((line[i + 1 : j], start + i + 1, start + j))
            k = line.find(delim, j)
            i = n + 1 if k == -1 else k + 1
        else:
            k = line.find(delim, i)
            end = n if k == -1 else k
            cells.append((line[i:end], start + i, start + end))
            i = end + 1
    return cells


def _lines(text: str, lo: int = 0, hi: int | None = None) -> Iterator[tuple[str, int]]:
    """``(line, start)`` of each line of ``text[lo:hi]``, without its line break."""
    hi = len(text) if hi is None else hi
    pos = lo
    while pos < hi:
        end = text.find("\n", pos, hi)
        end = hi if end == -1 else end
        line = text[pos:end]
        yield (line[:-1] if line.endswith("\r") else line), pos
        pos = end + 1


_COPY_RE = re.compile(r"(?im)^COPY\s+[\w.\"]+\s*\(([^()\n]*)\)\s+FROM\s+stdin[^\n]*\n")
_INSERT_RE = re.compile(r"(?is)\bINSERT\s+INTO\s+[\w.\"`]+\s*\(([^()]*)\)\s*VALUES\s*")
_SQL_ROW_RE = re.compile(r"\(((?:'(?:[^']|'')*'|[^()'])*)\)\s*(,?)\s*")
_SQL_VALUE_RE = re.compile(r"\s*('(?:[^']|'')*'|[^,]*?)\s*(?:,|$)")


def _tables(text: str) -> list[Table]:
    """The header and data rows of each multi-record table held in ``text`` (a delimited export, a drawn
    or HTML table, the rows of a SQL ``COPY … FROM stdin`` block, the tuples of an ``INSERT … VALUES``)."""
    html = "<tr" in text or "<TR" in text
    if "\n" not in text and "\r" not in text and not html and "INSERT" not in text.upper():
        return []
    out: list[Table] = []
    if html:
        out.extend(_html_tables(text))
    if "FROM stdin" in text or "from stdin" in text:
        for m in _COPY_RE.finditer(text):
            end = text.find("\n\\.", m.end() - 1)
            rows = [_split(line, s, "\t") for line, s in _lines(text, m.end(), len(text) if end == -1 else end)]
            if rows:
                out.append((None, rows))
    if "INSERT" in text.upper():
        for m in _INSERT_RE.finditer(text):
            rows = []
            pos = m.end()
            while (row := _SQL_ROW_RE.match(text, pos)) is not None:
                rows.append(_sql_values(row.group(1), row.start(1)))
                pos = row.end()
                if not row.group(2):
                    break
            if rows:
                out.append((None, rows))
    if not out and "\n" in text:
        table = _delimited(text) or _drawn(text) or _pipe(text)
        if table:
            out.append((table[0], table[1:]))
    if not out and "|" in text:
        out.extend(_segments(text))
    return out


_SEGMENT_TYPE = re.compile(r"[A-Z][A-Z0-9]{1,3}")
"""A segment's type: its first field, two to four capitals and digits (``OBX``, ``PID``, ``NTE``)."""


def _segments(text: str) -> list[Table]:
    """The rows of a message of typed segments (one per line, ``\\r`` or ``\\n`` apart, fields split at ``|``, the
    first field the segment's type: an HL7 v2 result message's ``OBX|6|NM|GEN^Gentamicin||0.25|mg/L||S|||F``): each
    run of two segments or more of one type and one number of fields is a table of many records, its columns named
    by the type and the field's place (``OBX.8``). No header row: its names are the places."""
    lines = [(m.group(), m.start()) for m in re.finditer(r"[^\r\n]+", text)]
    if len(lines) < 3:
        return []
    groups: dict[tuple[str, int], list[list[Cell]]] = {}
    for line, start in lines:
        if line.count("|") < 2:
            return []  # a line of another kind: no message of segments
        cells = _split(line, start, "|")
        kind = cells[0][0]
        if _SEGMENT_TYPE.fullmatch(kind) is None:
            return []
        groups.setdefault((kind, len(cells)), []).append(cells)
    out: list[Table] = []
    for (kind, width), rows in groups.items():
        if len(rows) >= 2:
            header = [(f"{kind}.{j}", rows[0][j][1], rows[0][j][1]) for j in range(width)]
            out.append((header, rows))
    return out


def _sql_values(body: str, start: int) -> list[Cell]:
    """The cells of one SQL tuple's body (``'CASE-1', 'High', 3``) with their spans in the string
    (``start`` is where ``body`` begins): a quoted value without its quotes (a doubled quote stays
    doubled in the span), a bare value (a number, ``NULL``) as written."""
    cells: list[Cell] = []
    pos = 0
    while pos <= len(body):
        m = _SQL_VALUE_RE.match(body, pos)
        if m is None or m.end() == pos:
            break
        raw = m.group(1)
        a = start + m.start(1)
        if raw.startswith("'") and raw.endswith("'") and len(raw) >= 2:
            cells.append((raw[1:-1], a + 1, a + len(raw) - 1))
        else:
            cells.append((raw, a, a + len(raw)))
        pos = m.end()
    return cells


def _delimited(text: str) -> list[list[Cell]]:
    """The header and data rows of a delimited table (a header and two rows or more, every line with the
    header's number of cells, the delimiter a tab, ';', ',' or '|'), else nothing.

    The first delimiter of that list found in the header whose split agrees on every line wins; prose
    with commas rarely has the same count on every line, and a one-row table is
    :func:`windtunnel.leakage.mention.table_cell`'s (a one-record table states its values)."""
    lines = [(line, s) for line, s in _lines(text) if line.strip()]
    if len(lines) < 3:
        return []
    header = lines[0][0]
    for delim in ("\t", ";", ",", "|"):
        if delim not in header:
            continue
        head = _split(header, lines[0][1], delim)
        if len(head) < 2:
            continue
        rows = [_split(line, s, delim) for line, s in lines[1:]]
        if all(len(r) == len(head) for r in rows):
            return [head, *rows]
    return []


_RULE_CHARS = frozenset("─━═┄┈-=+:┼╋╪╫┬┴├┤┳┻┣┫┡┩╇┝┥┯┷┏┓┗┛┌┐└┘╔╗╚╝╠╣╦╩╬ \t\r")
"""The characters of a drawn table's rule lines (borders, the line under the header, row separators)."""


def _drawn(text: str) -> list[list[Cell]]:
    """The header and data rows of a drawn or pipe table of many records (a terminal's box table, ``psql`` output, a
    Markdown or grid table): lines whose column bars stand at the header's positions (outer bars or
    none), rule lines left out. A line whose first cell is blank continues the row above (a cell wrapped
    over lines): the row's cell is then its pieces joined (``Crit`` + ``ical``), spanning from the first
    piece to the last. Two data rows or more, else nothing (a one-record table is
    :func:`windtunnel.leakage.mention.table_cell`'s)."""
    if not any(bar in text for bar in BARS[:3]) and text.count("|") < 4:
        return []
    lines: list[tuple[str, int]] = []
    for line, start in _lines(text):
        body = line.strip()
        if not body or set(body) <= _RULE_CHARS:
            continue
        if not any(ch in BARS for ch in body):
            if lines:
                break  # the table ended
            continue
        lines.append((line, start))
    if len(lines) < 3:
        return []
    bars = tuple(i for i, ch in enumerate(lines[0][0]) if ch in BARS)
    if any(tuple(i for i, ch in enumerate(line) if ch in BARS) != bars for line, _s in lines):
        return []
    width = max(len(line) for line, _s in lines)
    edges = [(-1, bars[0]), *itertools.pairwise(bars), (bars[-1], width)]
    # the space outside outer bars is no cell
    edges = [(a, b) for a, b in edges if any(line[a + 1 : b].strip() for line, _s in lines)]
    if len(edges) < 2:
        return []
    rows: list[list[Cell]] = []
    for line, start in lines:
        cells: list[Cell] = []
        for a, b in edges:
            piece = line[a + 1 : b]
            value = piece.strip()
            at = start + a + 1 + (len(piece) - len(piece.lstrip()))
            cells.append((value, at, at + len(value)))
        if len(rows) > 1 and not cells[0][0]:
            rows[-1] = [
                (join_wrapped(old, new), oa if old else na, nb if new else ob)
                for (old, oa, ob), (new, na, nb) in zip(rows[-1], cells, strict=True)
            ]
        else:
            rows.append(cells)
    return rows if len(rows) >= 3 else []


_PIPE_RULE = re.compile(r"\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*")


def _pipe(text: str) -> list[list[Cell]]:
    """The header and data rows of a Markdown pipe table of many records whose bars need not line up (``| Name |
    Stage |`` over ``|---|---|`` over rows of any width): the first run of lines holding a bar whose second line
    is a rule line, each line split at ``|`` (the empty edges of outer bars are no cells), every row with the
    header's number of cells. Two data rows or more, else nothing (a one-record table is
    :mod:`windtunnel.leakage.record_table`'s)."""
    if text.count("|") < 6 or "-|" not in text.replace(" ", "").replace(":", ""):
        return []
    block: list[tuple[str, int]] = []
    for line, start in _lines(text):
        if "|" in line:
            block.append((line, start))
        elif block:
            break
    if len(block) < 4 or not _PIPE_RULE.fullmatch(block[1][0].strip()):
        return []
    rows = [_pipe_cells(line, start) for line, start in (block[0], *block[2:])]
    width = len(rows[0])
    if width < 2 or any(len(r) != width for r in rows):
        return []
    return rows


def _pipe_cells(line: str, start: int) -> list[Cell]:
    """The stripped cells of one pipe-table line with their spans, outer bars' empty edges left out."""
    cells: list[Cell] = []
    for value, a, _b in _split(line, start, "|"):
        lead = len(value) - len(value.lstrip())
        v = value.strip()
        cells.append((v, a + lead, a + lead + len(v)))
    body = line.strip()
    if body.startswith("|") and cells and not cells[0][0]:
        cells = cells[1:]
    if body.endswith("|") and cells and not cells[-1][0]:
        cells = cells[:-1]
    return cells


_HTML_TABLE_RE = re.compile(r"<table\b.*?</table\s*>", re.S | re.I)
_HTML_ROW_RE = re.compile(r"<tr\b[^>]*>(.*?)</tr\s*>", re.S | re.I)
_HTML_CELL_RE = re.compile(r"<t([dh])\b[^>]*>(.*?)</t[dh]\s*>", re.S | re.I)
_LEAD_TAGS = re.compile(r"(?:\s|<[^<>]*>)*")
_TRAIL_TAGS = re.compile(r"(?:\s|<[^<>]*>)*\Z")


def _html_tables(text: str) -> list[Table]:
    """The header row and data rows of each HTML table of two rows or more after its header row (the
    cells' text, inline tags around it left out of the span)."""
    out: list[Table] = []
    for table in _HTML_TABLE_RE.finditer(text):
        rows: list[list[Cell]] = []
        for row in _HTML_ROW_RE.finditer(text, table.start(), table.end()):
            cells: list[Cell] = []
            for cell in _HTML_CELL_RE.finditer(text, row.start(1), row.end(1)):
                a, b = cell.span(2)
                inner = text[a:b]
                lead = _LEAD_TAGS.match(inner)
                a2 = a + (lead.end() if lead else 0)
                trail = _TRAIL_TAGS.search(text, a2, b)
                b2 = trail.start() if trail else b
                cells.append((text[a2:b2], a2, b2))
            if cells:
                rows.append(cells)
        if len(rows) >= 3:
            out.append((rows[0], rows[1:]))
    return out


# ---------------------------------------------------------------- spreadsheets (OOXML)

_SI_RE = re.compile(r"<si>(.*?)</si>", re.S)
_T_RE = re.compile(r"<t(?:\s[^>]*)?>([^<]*)</t>")
_ROW_RE = re.compile(r"<row\b[^>]*>(.*?)</row>", re.S)
_CELL_RE = re.compile(r"<c\b([^>]*?)(?:/>|>(.*?)</c>)", re.S)
_V_RE = re.compile(r"<v>([^<]*)</v>")


def _shared_strings(sst: str, records: Records) -> list[Own]:
    """The spans of the shared strings (a workbook's table of every text cell, ``<si><t>…</t></si>``)
    that this record's row of a sheet in the projection points at by index (``<c t="s"><v>4</v>``),
    each with the sheet cell's index (its pointer and span): the record states its value there."""
    entries: list[Cell] = []
    for m in _SI_RE.finditer(sst):
        t = _T_RE.search(m.group(1))
        if t is None:
            entries.append(("", m.start(1), m.start(1)))
        else:
            entries.append((t.group(1), m.start(1) + t.start(1), m.start(1) + t.end(1)))
    out: list[Own] = []
    for pointer, sheet in records.located():
        if "<sheetData" not in sheet or len(sheet) > _MAX_TEXT:
            continue
        rows: list[list[tuple[str, int | None, Span]]] = []
        for row in _ROW_RE.finditer(sheet):
            cells: list[tuple[str, int | None, Span]] = []
            for c in _CELL_RE.finditer(row.group(1)):
                body = c.group(2) or ""
                v = _V_RE.search(body)
                if v is None:
                    continue
                raw = v.group(1).strip()
                at = row.start(1) + c.start(2) + v.start(1)
                vspan = (at, at + len(v.group(1)))
                if 't="s"' in c.group(1) and raw.isdigit() and int(raw) < len(entries):
                    cells.append((entries[int(raw)][0], int(raw), vspan))
                else:
                    cells.append((raw, None, vspan))
            rows.append(cells)
        table = [[(value, 0, 0) for value, _i, _s in r] for r in rows[1:]]
        own = {id(r) for r in _own_rows(table, records, [sst, sheet])}
        for cells, resolved in zip(rows[1:], table, strict=True):
            if id(resolved) in own:
                out.extend(
                    ((entries[i][1], entries[i][2]), (pointer, vspan)) for _v, i, vspan in cells if i is not None
                )
    return out


# ---------------------------------------------------------------- YAML anchors, aliases and merge keys

_ALIAS_RE = re.compile(r"\*([\w.-]+)")
_ANCHOR_RE = re.compile(r"(?m)^([ \t]*)(?:-[ \t]+)?[^\s#:][^:\n]*:[ \t]*&([\w.-]+)[ \t]*(?:#.*)?$")


def _yaml_referenced(text: str, records: Records) -> list[Span]:
    """The spans of the blocks a YAML document defines under an anchor (``lvl_2: &lvl_2``) and pulls
    into a record by an alias or a merge key (``<<: *lvl_2``): what the record reads as its own fields.
    Among sibling anchors (one indentation under one parent): the one referenced when only one is, else
    those referenced from the list item of this record (an item holding an id the projection shows
    outside the document)."""
    anchors: list[tuple[str, int, Span]] = []
    for m in _ANCHOR_RE.finditer(text):
        indent = len(m.group(1).expandtabs())
        start = m.end() + 1
        anchors.append((m.group(2), indent, (start, _block_end(text, start, indent))))
    if not anchors:
        return []
    used = set(_ALIAS_RE.findall(text))
    out: list[Span] = []
    by_indent: dict[int, list[tuple[str, Span]]] = {}
    for name, indent, span in anchors:
        by_indent.setdefault(indent, []).append((name, span))
    own: set[str] | None = None
    for group in by_indent.values():
        referenced = [(name, span) for name, span in group if name in used]
        if len(referenced) == 1:
            out.extend(_yaml_values(text, *referenced[0][1]))
        elif len(referenced) > 1:
            if own is None:
                own = _own_item_aliases(text, records)
            mine = [span for name, span in referenced if name in own]
            if len(mine) == 1:
                out.extend(_yaml_values(text, *mine[0]))
    return out


def _block_end(text: str, start: int, indent: int) -> int:
    """Where the block of lines from ``start`` indented deeper than ``indent`` ends."""
    end = start
    for line, s in _lines(text, min(start, len(text))):
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        end = s + len(line)
    return end


_ITEM_RE = re.compile(r"(?m)^([ \t]*)-[ \t]+")


def _own_item_aliases(text: str, records: Records) -> set[str]:
    """The aliases used in the list items of this record: items holding an id the projection shows
    outside the document (when one item, or items of one id, hold such ids)."""
    inside = Counter(_TOKEN_RE.findall(text))
    items: list[tuple[str, set[str]]] = []
    for m in _ITEM_RE.finditer(text):
        nl = text.find("\n", m.end())
        end = len(text) if nl == -1 else max(nl, _block_end(text, nl + 1, len(m.group(1).expandtabs())))
        block = text[m.start() : end]
        ids = {t for t in _TOKEN_RE.findall(block) if _id_like(t) and records.shown(t, inside)}
        if ids:
            items.append((block, ids))
    if not items or len({frozenset(ids) for _b, ids in items}) != 1:
        return set()
    return {name for block, _ids in items for name in _ALIAS_RE.findall(block)}


_YAML_PAIR_RE = re.compile(r"(?m)^[ \t]*[^\s#:][^:\n]*:[ \t]+(?![&*|>])(\S[^\n#]*?)[ \t]*(?:#.*)?$")


def _yaml_values(text: str, lo: int, hi: int) -> list[Span]:
    """The spans of the scalar values of ``key: value`` lines in ``text[lo:hi]`` (quotes excluded)."""
    out: list[Span] = []
    for m in _YAML_PAIR_RE.finditer(text, lo, hi):
        a, b = m.span(1)
        if b - a >= 2 and text[a] in "\"'" and text[b - 1] == text[a]:
            a, b = a + 1, b - 1
        out.append((a, b))
    return out


# ---------------------------------------------------------------- tables stored by column


def _tokens(pointer: str) -> list[str]:
    """The RFC 6901 reference tokens of ``pointer``, unescaped (``""`` is the whole document: none)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")] if pointer else []


def _lists_within(node: Any, depth: int) -> Iterator[list[Any]]:
    """The lists in ``node``'s subtree down to ``depth`` levels (bounded: at most 64 members per level)."""
    if isinstance(node, list):
        yield node
        members: list[Any] = node[:64]
    elif isinstance(node, Mapping):
        members = list(itertools.islice(node.values(), 64))
    else:
        return
    if depth > 0:
        for member in members:
            yield from _lists_within(member, depth - 1)


def own_column_value(records: Records, pointer: str) -> bool:
    """Whether the JSON value at ``pointer`` is this record's cell of a table stored by column.

    A column-oriented export (one array per column, ``{"key": [...], "priority": [...]}``, or a list of
    ``{"name", "values"}`` columns) writes a row as one index across arrays of one length. The value at
    index *i* of its array is this record's when, in an array of the same length beside it (under the
    same object, or up to two levels above), index *i* holds an id the projection shows outside the
    structure — and not every index does (then the ids say nothing about which row is this record's),
    the rule :func:`_own_rows` applies to a table stored by row."""
    tokens = _tokens(pointer)
    if len(tokens) < 2 or not tokens[-1].isdigit():
        return False
    column = node_at(records.root, tokens[:-1])
    index = int(tokens[-1])
    if not isinstance(column, list) or len(column) < 2:
        return False
    for up in (2, 3, 4):
        if len(tokens) < up:
            break
        scope = node_at(records.root, tokens[:-up])
        others = [m for m in _lists_within(scope, up) if m is not column and len(m) == len(column)]
        if not others:
            continue
        inside = Counter(
            tok for m in others for v in m if isinstance(v, (str, int)) for tok in _TOKEN_RE.findall(str(v))
        )
        for other in others:
            ids = [str(v).strip() if isinstance(v, (str, int)) and not isinstance(v, bool) else "" for v in other]
            named = [i for i, v in enumerate(ids) if _id_like(v) and records.shown(v, inside)]
            if index in named and len(named) < len(ids):
                return True
        return False
    return False
