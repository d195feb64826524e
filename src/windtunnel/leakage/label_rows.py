"""Principle 6 for a text table of one row per label: a column that sets one row alone names its label.

A report may print one row per label with numbers beside each (a classification report of an evaluation run
on this record alone, a tally, a confusion row): ``Neutral  0.00  0.00  0.00  1`` among ``Negative … 0`` and
``Positive … 0``. The row names alone are a listing of the label set (principle 3); a column whose value is
``1`` in one row and ``0`` in every other is a one-hot column over the labels, as a header of one column per
label is (:mod:`.onehot`), and sets that row's label apart.

* A row is a line of a text that starts with a label (or an identifier whose last words are one, an enum
  key such as ``CATEGORY_ACCOUNT_ACCESS``; a number of a numeric scale) followed by numbers only,
  blank-separated; the table is the
  text's rows, every label of the set once, each with as many numbers.
* A column is set by one row when that row holds ``1`` (``1.0``, ``1.00``) there and every other row ``0``;
  the columns so set must all pick the same row.

The finding (``freetext.selected``, high) is at the ``1`` of the picked row, reported only when that row is
the answer's. A table whose columns set no row, or different rows, says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import raw_finding, string_leaves
from windtunnel.leakage.text import normalize_needle

_ROW = re.compile(r"[ \t]*([^\W\d][\w .-]*?|\d+)((?:[ \t]+-?\d+(?:\.\d+)?)+)[ \t]*$")
_NUM = re.compile(r"-?\d+(?:\.\d+)?")


def may_tabulate(blob: bytes) -> bool:
    """The gate on the serialised projection: a string of several lines with a number ending one."""
    return re.search(rb"\d[ \t]*\\n", blob) is not None


def _label(name: str, norms: dict[str, str]) -> str | None:
    """The label a row's name is: the label itself, or the last words of an identifier (``SIZE_XL``)."""
    words = normalize_needle(re.sub(r"[_.-]+", " ", name)).split()
    for k in range(len(words)):
        got = norms.get(" ".join(words[k:]))
        if got is not None:
            return got
    return None


def row_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """Findings where one row of a per-label text table is set apart by a one-hot column (module docstring).

    The table must have exactly one row per label of the set (a label met twice voids the table) and the
    same count of numbers in every row. A column picks a row when that row holds 1 and every other row 0;
    the finding needs every picking column to pick the same row, and that row to be the answer's. It points
    at the first picking cell, the characters that give the answer away, with the first answer as value.
    """
    if len(label_set) < 2 or not expected:
        return []
    norms = {normalize_needle(x): x for x in label_set}
    answer = normalize_needle(expected[0])
    out: list[Finding] = []
    for path, text in string_leaves(projection):
        if "\n" not in text:
            continue
        rows: dict[str, list[tuple[float, int, int]]] = {}
        at = 0
        for line in text.split("\n"):
            m = _ROW.match(line)
            label = _label(m.group(1), norms) if m is not None else None
            if m is not None and label is not None:
                if label in rows:
                    rows = {}
                    break
                base = at + m.start(2)
                rows[label] = [(float(n.group()), base + n.start(), base + n.end()) for n in _NUM.finditer(m.group(2))]
            at += len(line) + 1
        if len(rows) != len(norms) or len({len(v) for v in rows.values()}) != 1:
            continue
        picked: set[str] = set()
        spans: dict[str, tuple[int, int]] = {}
        for c in range(len(next(iter(rows.values())))):
            ones = [lab for lab, nums in rows.items() if nums[c][0] == 1]
            if len(ones) == 1 and all(nums[c][0] == 0 for lab, nums in rows.items() if lab != ones[0]):
                picked.add(ones[0])
                spans.setdefault(ones[0], rows[ones[0]][c][1:])
        if len(picked) == 1 and normalize_needle(next(iter(picked))) == answer:
            label = next(iter(picked))
            out.append(
                raw_finding(
                    item_id,
                    path,
                    spans[label],
                    "freetext.selected",
                    "a column of a table of one row per label sets the expected answer's row alone",
                    expected[0],
                )
            )
    return out
