"""Relations of two fields of one record: a value no field holds, computed from two that do.

A duty amount and the entered value differ on every record, yet their ratio is the tariff rate of the answer's
chapter (17.6 % for one, 28.2 % for another); a certificate's issue date and its expiry differ on every record, yet
the months between them are the grade's validity (12, 9, 6). No single value reaches mining's support floor, so
nothing rides — but the derived value does, as a whole value would. :func:`derived` reads, per record, the derived
values of pairs of fields: the ratio of two numbers (rounded to ``RATIO_DIGITS`` significant digits), the difference of
two whole numbers of one object (a count before and after a step), which of those two are zero, the gap between two
dates (in days, and in whole months where both fall on the same day of the month) and which of the two comes first.
Each derived value is a mining candidate like a ``(pointer, value)`` pair (:func:`~windtunnel.leakage.mine.mine` tests
it with the same support, purity and Fisher test, its p multiplied by the number of pairs read, the pair having been
chosen among them).

The pairs are bounded, so mining stays linear on wide records: the fields of one object first (``MAX_FIELDS`` numbers
and ``MAX_FIELDS`` dates of it, in document order), then fields of sibling objects (two objects under one parent, a
list's elements excepted: the same field of two lines of an invoice is no relation of the record), then fields of an
object and of an object it holds, up to
``MAX_PAIRS`` per record. Two occurrences of one field template (a list) are never a pair, and ``skip`` leaves out
the pairs a caller does not want asked (with ``--derive-from``, two fields of the input: a relation of the task's
own measurements is its signal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from itertools import chain, islice
from typing import Any

from windtunnel.leakage.ranges import day_of, number_of
from windtunnel.leakage.scan import escape_pointer_token

RATIO_DIGITS = 3
"""Significant digits a ratio is rounded to: a rate applied to an amount rounded to cents reads the same on every
record, while two amounts drawn apart spread over many values."""
MAX_FIELDS = 16
"""Numbers (and, apart, dates) of one object taken into pairs, in document order."""
MAX_PAIRS = 256
"""Pairs read per record: those of one object first, then those of sibling objects."""

RATIO = "ratio"
DIFFERENCE = "difference"
"""Of two whole numbers of one object: a count before and after a later stage's step (41 ropes in service, then 40)
moves by a step the outcome sets, where their ratio changes with the count."""
ZEROS = "zeros"
"""Of two whole numbers of one object: which of them is zero (``/sirens none, /closures some``). Counts a later stage
compiles after the decision (sirens sounded, beaches closed, notices sent) are zero or not by the outcome, each count
a spread of its own: none of their values, and no difference of two, rides with one label, while which of them are
zero does."""
BOTH = "both"
"""Two derived values of one object held together (:func:`~windtunnel.leakage.mine._relation_tests`): each rules
labels out, together they leave one."""
DAYS = "days"
MONTHS = "months"
ORDER = "order"
"""Of two dates: whether the second falls before the first, on the same day, or after it. A later stage's date set
from the outcome (a hold that lapsed before the audit on the snapshots to expire, and runs on past it on those kept)
differs from the input's date by a gap of its own on every record, none held by enough records, while which of the two
comes first rides with the label: the gap's sign, a value like which of two counts are zero."""
LINE = "line"
"""A number on one exact line of another per label (:mod:`.label_lines`), not a value derived per record."""


@dataclass(frozen=True)
class Leaf:
    """A number or a date of the record: ``pointer`` where it is, ``text`` as the model reads it."""

    pointer: str
    template: str
    text: str
    number: float | None
    day: int | None


@dataclass(frozen=True)
class Derived:
    """One derived value of one pair of fields of a record. ``relation`` is ``(kind, first, second)`` (templates,
    ``first`` before ``second`` in sort order): the ratio ``first / second``, or the gap from ``first`` to
    ``second`` in days or months (negative where ``second`` is earlier). ``texts`` are the two fields' values as
    written."""

    relation: tuple[str, str, str]
    value: str
    texts: tuple[str, str]


def _template(pointer: str) -> str:
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def leaves(projection: Any) -> list[Leaf]:
    """The numbers (JSON numbers and strings writing one, booleans not) and ISO dates of ``projection``, in document
    order, not inside JSON held in a string."""
    out: list[Leaf] = []
    stack: list[tuple[str, Any]] = [("", projection)]
    while stack:
        ptr, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{ptr}/{escape_pointer_token(str(k))}", v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((f"{ptr}/{i}", v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, (int, float)):
            out.append(Leaf(ptr, _template(ptr), str(value), float(value), None))
        elif isinstance(value, str) and len(value) <= 40:
            day = day_of(value)
            if day is not None:
                out.append(Leaf(ptr, _template(ptr), value, None, day))
            elif (x := number_of(value)) is not None:
                out.append(Leaf(ptr, _template(ptr), value, x, None))
    return out


def ratio_text(a: float, b: float) -> str | None:
    """``a / b`` rounded to ``RATIO_DIGITS`` significant digits as text (``0.375``, ``2.5``, ``1``), or None where
    either is zero (a zero is a value of its own, mined as one) or the ratio is not finite."""
    if a == 0 or b == 0:
        return None
    r = float(f"{a / b:.{RATIO_DIGITS}g}")
    if r != r or r in (float("inf"), float("-inf")):
        return None
    return f"{r:g}" if abs(r) < 1e6 else None


def months_between(a: int, b: int) -> int | None:
    """Whole months from day number ``a`` to day number ``b`` where both fall on the same day of the month (a
    validity of 12 months from 2025-08-19 ends 2026-08-19), else None."""
    da, db = date.fromordinal(a), date.fromordinal(b)
    if da.day != db.day:
        return None
    return (db.year - da.year) * 12 + (db.month - da.month)


_WHOLE = re.compile(r"-?\d{1,15}")
"""A whole number as written (a count: ``40``, not ``375.0`` or ``1,000``)."""


def _values(x: Leaf, y: Leaf) -> Iterator[tuple[str, str]]:
    """The derived values of a pair (``x`` first in template order): ``(kind, value)``."""
    if x.number is not None and y.number is not None:
        r = ratio_text(x.number, y.number)
        if r is not None:
            yield RATIO, r
        if _WHOLE.fullmatch(x.text) and _WHOLE.fullmatch(y.text) and _parent(x.pointer) == _parent(y.pointer):
            yield DIFFERENCE, str(int(x.number) - int(y.number))
            yield ZEROS, f"{_some(x.number)}, {_some(y.number)}"
    elif x.day is not None and y.day is not None:
        yield DAYS, str(y.day - x.day)
        yield ORDER, _ORDER_WORDS[(y.day > x.day) - (y.day < x.day)]
        m = months_between(x.day, y.day)
        if m is not None:
            yield MONTHS, str(m)


_ORDER_WORDS = {-1: "before", 0: "on the day of", 1: "after"}
"""The second date of a pair against the first, as :data:`ORDER` reads it (words, so no range test reads them)."""


def _some(count: float) -> str:
    """A count as :data:`ZEROS` reads it: ``none`` or ``some`` (words, so no range test reads them as numbers)."""
    return "none" if count == 0 else "some"


def _parent(pointer: str) -> str:
    return pointer.rpartition("/")[0]


def pairs(found: list[Leaf]) -> Iterator[tuple[Leaf, Leaf]]:
    """The pairs of ``found`` to read, bounded (module docstring): one object's fields first, then sibling objects'."""
    by_parent: dict[str, list[Leaf]] = {}
    for leaf in found:
        group = by_parent.setdefault(_parent(leaf.pointer), [])
        kind_count = sum(1 for g in group if (g.day is None) == (leaf.day is None))
        if kind_count < MAX_FIELDS:
            group.append(leaf)
    candidates = (
        (x, y)
        for x, y in chain(_within(by_parent), _across(by_parent), _nested(by_parent))
        if (x.day is None) == (y.day is None) and x.template != y.template
    )
    yield from islice(candidates, MAX_PAIRS)


def _within(by_parent: dict[str, list[Leaf]]) -> Iterator[tuple[Leaf, Leaf]]:
    """Every two fields of one object."""
    for group in by_parent.values():
        for i, x in enumerate(group):
            for y in group[i + 1 :]:
                yield x, y


def _across(by_parent: dict[str, list[Leaf]]) -> Iterator[tuple[Leaf, Leaf]]:
    """Every field of an object with every field of a sibling object (a list's elements excepted)."""
    parents = list(by_parent)
    for i, p in enumerate(parents):
        grand, _, last = p.rpartition("/")
        if not p or last.isdigit():
            continue
        for q in parents[i + 1 :]:
            g2, _, last2 = q.rpartition("/")
            if g2 != grand or last2.isdigit():
                continue
            for x in by_parent[p]:
                for y in by_parent[q]:
                    yield x, y


def _nested(by_parent: dict[str, list[Leaf]]) -> Iterator[tuple[Leaf, Leaf]]:
    """Every field of an object with every field of an object it holds (a list's elements excepted): a survey's date
    and the next survey's due date its system block holds."""
    for q in by_parent:
        p, _, last = q.rpartition("/")
        if last.isdigit() or p not in by_parent:
            continue
        for x in by_parent[p]:
            for y in by_parent[q]:
                yield x, y


def restating(found: list[Leaf], is_input: Callable[[str], bool]) -> Iterator[tuple[str, bool]]:
    """Per number or date of ``found`` (a record's :func:`leaves`) outside the input (``is_input(template)`` false):
    its template, and whether its value is one the input holds (an invoice's amount restating the order's total).
    A field doing so on nearly every record is the input restated: its relations are the input's."""
    own = {(leaf.number, leaf.day) for leaf in found if is_input(leaf.template)}
    for leaf in found:
        if not is_input(leaf.template):
            yield leaf.template, (leaf.number, leaf.day) in own


def derived(
    projection: Any, skip: Callable[[str, str], bool] = lambda _a, _b: False, found: list[Leaf] | None = None
) -> list[Derived]:
    """The derived values of ``projection``'s pairs of fields (module docstring), without those ``skip(a, b)``
    (templates) leaves out; ``found``, where given, is ``projection``'s :func:`leaves`."""
    out: list[Derived] = []
    seen: set[tuple[tuple[str, str, str], str]] = set()
    for x, y in pairs(leaves(projection) if found is None else found):
        if y.template < x.template:
            x, y = y, x
        if skip(x.template, y.template):
            continue
        for kind, value in _values(x, y):
            relation = (kind, x.template, y.template)
            if (relation, value) in seen:
                continue
            seen.add((relation, value))
            out.append(Derived(relation, value, (x.text, y.text)))
    return out


def describe(relation: tuple[str, str, str]) -> str:
    """The relation in words, without its value: ``the ratio of /a to /b``, ``the days from /a to /b``, ``one line
    per label of /a over /b``."""
    kind, a, b = relation
    if kind == RATIO:
        return f"the ratio of {a} to {b}"
    if kind == DIFFERENCE:
        return f"the difference of {a} and {b}"
    if kind == ZEROS:
        return f"which of {a} and {b} are zero"
    if kind == ORDER:
        return f"which of {a} and {b} comes first"
    if kind == BOTH:
        return f"two relations held together, of {a} and of {b}"
    if kind == LINE:
        return f"one line per label of {a} over {b}"
    return f"the {kind} from {a} to {b}"


def shown(relation: tuple[str, str, str], value: str) -> str:
    """The relation and its value, as a suggestion's value reads: ``/a / /b = 0.375``, ``12 months from /a to /b``."""
    kind, a, b = relation
    if kind == RATIO:
        return f"{a} / {b} = {value}"
    if kind == DIFFERENCE:
        return f"{a} - {b} = {value}"
    if kind == ZEROS:
        first, _, second = value.partition(", ")
        return f"{a} {first}, {b} {second}"
    if kind == ORDER:
        return f"{b} {value} {a}"
    return f"{value} {kind} from {a} to {b}"
