"""Principle 6 for one-hot columns: a column per label, the one this record's row sets names its label.

A feature table often encodes a categorical field as one column per category, named by the field and the
category (``size: S,size: M,size: L``, ``y__billing,y__refund``, ``screen_dpi=low,screen_dpi=high``), and a
row sets one of them (``0,1,0``). The header alone is a listing of the label set: its cells name every label
evenly. The row reads it as a mapping with a selector: the one column it sets, every other column of the
block empty or ``0``, names the row's value of that field.

So, in a delimited text table (a header line and rows of the same number of cells):

* a *block* is the header cells that each end with one label after a shared prefix and a separator (``:``,
  ``=``, ``_``, ``-``, ``.``, blanks), naming every label of the set once;
* this record's row is the table's one data row, or the one row holding a value the projection shows
  outside the table (the record's id);
* a block whose prefix names the task (the target's words, or a word for the value a model learns: ``y``,
  ``label``, ``target``, ``class``) states the label of the column the row sets, alone:
  ``freetext.key-value`` at that header cell when it is the answer;
* anything else (no row, no column set or several, a block of another field, ``ui_text_size=S`` beside an
  empty ``size`` column) is the listing: the findings inside the block's header cells are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import drop_within, node_at, parse_pointer, raw_finding, string_leaves
from windtunnel.leakage.text import normalize_needle

_DELIMITERS = (",", "\t", ";", "|")
_PREFIX_END = " :=_-./"
_TARGET_WORDS = frozenset({"y", "label", "labels", "target", "class", "gold", "truth"})
"""Words naming the value a model learns in a feature table's columns (``y__billing``)."""
_SET = frozenset({"1", "1.0", "true", "yes", "x"})
_UNSET = frozenset({"", "0", "0.0", "false", "no", "nan", "null", "none", "-"})
_MAX_LEAVES = 2000
_MAX_TEXT = 200_000
_WORDS = re.compile(r"[A-Za-z]+|\d+")


@dataclass(frozen=True)
class Block:
    """One one-hot block of a table's header: its prefix, and per label the header cell's span."""

    prefix: str
    cells: dict[str, tuple[int, int]]
    """Label (normalised) → ``[start, end)`` of its header cell in the text."""
    selected: str | None
    """The label whose column this record's row sets, alone (``None``: no row, none set, or several)."""
    mark: tuple[int, int] | None = None
    """``[start, end)`` in the text of the row's cell that sets the selected column."""


def may_one_hot(blob: bytes | None, label_set: Sequence[str] = ()) -> bool:
    """Sound gate on the serialised projection: a table's header line needs a line break in a string, and a
    block names every label of ``label_set`` (in an ASCII serialisation each label's words, lowercased, are
    in it: a header cell is written as it is, ``_`` and ``-`` aside, and orjson escapes no letter)."""
    if blob is None:
        return True
    # The escape's backslash by memchr first: the two-byte search is a full pass (~1.5 µs over a ticket).
    if blob.find(b"\\") < 0 or blob.find(b"\\n") < 0:
        return False
    if not label_set or not blob.isascii():
        return True
    low = blob.lower()
    for label in label_set:
        for word in re.findall(r"[^\W_]+", label.casefold()):
            if not word.isascii() or low.find(word.encode()) < 0:
                return not word.isascii()
    return True


def _cells(line: str, delim: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each cell of ``line`` split at ``delim`` (blanks around a cell left out)."""
    out, start = [], 0
    for part in line.split(delim):
        a, b = start, start + len(part)
        while a < b and line[a].isspace():
            a += 1
        while b > a and line[b - 1].isspace():
            b -= 1
        out.append((a, b))
        start += len(part) + 1
    return out


def _words(name: str) -> tuple[str, ...]:
    """The words of a name, casefolded (``risk_level`` → ``risk``, ``level``)."""
    return tuple(w.casefold() for w in _WORDS.findall(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)))


def blocks(text: str, labels: Sequence[str], outside: frozenset[str]) -> Iterator[Block]:
    """The one-hot blocks of the delimited tables of ``text`` (see the module); ``outside``: the values the
    projection shows outside this text (casefolded), which name this record's row in a table of many."""
    if len(text) > _MAX_TEXT or "\n" not in text:
        return
    norms = sorted({normalize_needle(lab) for lab in labels if lab.strip()}, key=len, reverse=True)
    if len(norms) < 2:
        return
    lines = text.split("\n")
    offsets = [0]
    for ln in lines[:-1]:
        offsets.append(offsets[-1] + len(ln) + 1)
    for i, header in enumerate(lines[:-1]):
        for delim in _DELIMITERS:
            if header.count(delim) < len(norms):
                continue
            head = _cells(header, delim)
            groups: dict[str, dict[str, int]] = {}
            for k, (a, b) in enumerate(head):
                cell = normalize_needle(re.sub(r"[_-]+", " ", header[a:b]))  # ``y__account_access`` as words
                for norm in norms:
                    if cell.endswith(norm) and len(cell) > len(norm) and cell[-len(norm) - 1] in _PREFIX_END:
                        prefix = cell[: -len(norm)].rstrip(_PREFIX_END)
                        if prefix:
                            group = groups.setdefault(prefix, {})
                            group[norm] = -1 if norm in group else k  # a label twice: no one-hot block
                        break
            complete = {p: c for p, c in groups.items() if set(c) == set(norms) and min(c.values()) >= 0}
            if not complete:
                if groups:
                    break
                continue
            rows: list[list[str]] = []
            spans: list[list[tuple[int, int]]] = []
            for j in range(i + 1, len(lines)):
                ln = lines[j]
                if not ln.strip():
                    continue
                row = _cells(ln, delim)
                if len(row) != len(head):
                    break
                rows.append([ln[a:b].strip().strip("\"'").casefold() for a, b in row])
                spans.append([(offsets[j] + a, offsets[j] + b) for a, b in row])
            own = _own_row(rows, outside)
            for prefix, cols in complete.items():
                base = offsets[i]
                cells = {norm: (base + head[k][0], base + head[k][1]) for norm, k in cols.items()}
                selected = _selected(cols, rows[own]) if own is not None else None
                mark = spans[own][cols[selected]] if own is not None and selected is not None else None
                yield Block(prefix, cells, selected, mark)
            break


def _own_row(rows: list[list[str]], outside: frozenset[str]) -> int | None:
    """The index of this record's row: the one data row, or the one row holding a value shown outside the table."""
    if len(rows) == 1:
        return 0
    named = [i for i, r in enumerate(rows) if any(v and v in outside for v in r)]
    return named[0] if len(named) == 1 else None


def _selected(cols: Mapping[str, int], row: list[str]) -> str | None:
    """The label whose column ``row`` sets while every other column of the block is unset."""
    chosen = [norm for norm, k in cols.items() if row[k] in _SET]
    rest_unset = all(row[k] in _UNSET for norm, k in cols.items() if norm not in chosen)
    return chosen[0] if len(chosen) == 1 and rest_unset else None


def names_task(prefix: str, target: str | None) -> bool:
    """The block's prefix names the task: the target's own words, or a word for the learnt value (``y``)."""
    words = _words(prefix)
    return (len(words) == 1 and words[0] in _TARGET_WORDS) or (target is not None and words == _words(target))


def _outside(projection: Any, path: tuple[str, ...]) -> frozenset[str]:
    """The scalars of the projection outside the string at ``path``, casefolded (three characters or more).

    These are the values the record shows of itself (an id, a name), read to find the row of a one-hot
    table that is this record's. Strings and integers are kept (booleans are not), between 3 and 64
    characters, so a short code or a long text does not match a row by chance. At most
    :data:`_MAX_LEAVES` nodes are visited, bounding the work on a large record.
    """
    out: set[str] = set()
    stack: list[tuple[Any, tuple[str, ...]]] = [(projection, ())]
    seen = 0
    while stack and seen < _MAX_LEAVES:
        node, at = stack.pop()
        seen += 1
        if isinstance(node, Mapping):
            stack.extend((v, (*at, str(k))) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, (*at, str(i))) for i, v in enumerate(node))
        elif at != path and isinstance(node, (str, int)) and not isinstance(node, bool):
            text = str(node).strip().casefold()
            if len(text) >= 3 and len(text) <= 64:
                out.add(text)
    return frozenset(out)


def one_hot_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str], target: str | None
) -> list[Finding]:
    """A ``freetext.key-value`` finding at the header cell of the answer's column when this record's row
    sets it alone in a block naming the task (see the module)."""
    answers = {normalize_needle(e) for e in expected}
    out: list[Finding] = []
    for path, text in islice(string_leaves(projection), _MAX_LEAVES):
        if "\n" not in text:
            continue
        if next(blocks(text, label_set, frozenset()), None) is None:
            continue
        for block in blocks(text, label_set, _outside(projection, path)):
            if block.selected in answers and block.mark is not None and names_task(block.prefix, target):
                a, b = block.mark
                detail = "this record's row sets the one-hot column of the expected answer"
                answer = next(e for e in expected if normalize_needle(e) == block.selected)
                out.append(raw_finding(item_id, path, (a, b), "freetext.key-value", detail, answer))
    return out


def drop_listed_columns(
    findings: list[Finding], projection: Any, label_set: Sequence[str], target: str | None
) -> list[Finding]:
    """``findings`` without those inside the header cells of a one-hot block that states nothing of this
    record (see the module); the list itself when none is dropped."""
    return drop_within(findings, lambda pointer: _listed(projection, pointer, label_set, target))


def _listed(projection: Any, pointer: str, label_set: Sequence[str], target: str | None) -> list[tuple[int, int]]:
    """The header cells of the string at ``pointer`` that belong to a block stating nothing of this record.

    A one-hot table names every label in its header; only the row for this record (a value the projection
    shows elsewhere, read from :func:`_outside`) states one. The cells of blocks without such a row are all
    returned; in a block whose row selects one column and whose prefix names the task, that column's cell
    is kept out, as it is the record's value. A single-line string, or one with no block at all, returns
    nothing (the cheap test runs before the scalars outside are gathered).
    """
    try:
        path = tuple(parse_pointer(pointer))
    except ValueError:
        return []
    text = node_at(projection, path)
    if not isinstance(text, str) or "\n" not in text:
        return []
    out: list[tuple[int, int]] = []
    if next(blocks(text, label_set, frozenset()), None) is None:
        return out
    for block in blocks(text, label_set, _outside(projection, path)):
        if block.selected is not None and names_task(block.prefix, target):
            # the row sets one column: that cell is the record's value, the other cells name other labels
            out.extend(span for norm, span in block.cells.items() if norm != block.selected)
        else:
            out.extend(block.cells.values())
    return out
