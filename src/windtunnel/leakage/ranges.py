"""Ranges of a number that ride with one label: the dataset evidence for a score that maps to the answer.

A gradebook's points (90 for an A, 84 for a B), a risk score, a percentage written beside the record: each value
is held by a few records only, so no single value reaches mining's support floor, yet sorted by the number the
records of one label sit together — every record scoring 90 to 100 is an A. :func:`pure_runs` reads the numbers
one field holds (list indices as ``*``), sorts their distinct values and returns each maximal run of consecutive
values held only by records of one label. :func:`~windtunnel.leakage.mine.mine` tests each run like any candidate
(one-sided Fisher exact, its records against the label), its p multiplied by the number of intervals of that
field's values (``m (m + 1) / 2`` for ``m`` distinct values: the run was chosen among them after looking), so ids,
amounts or ages drawn independently of the label give runs that chance explains and nothing is mined. A run that
passes is found through its values, each at its pointer, as a whole value mined there would be.

A run is tested alone, so one of a few records cannot pass, however cleanly the field sorts its labels. Asked of the
field as a whole (:func:`separated`), a field whose numbers, sorted, fall into one block per label — an upstream
panel's 100-point score on 20 lots, 81 for tier 1, 84–86 for tier 2 … 94–97 for tier 5 — is no accident: among the
orderings of its records' labels, one block per label happens ``k! * prod(n_i!) / N!`` of the time (``k`` labels of
``n_i`` records among ``N``). That is the field's p, one test per field: with it each block is a run of its own,
found however few records it holds (the field's test is their evidence).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from math import exp, lgamma

_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?%?")


def number_of(text: str) -> float | None:
    """The number a whole value writes (``90``, ``-3.5``, ``88.0%``), or None: a date, an id with letters, a
    version or a word is not a number on a scale."""
    s = text.strip()
    if not _NUMBER.fullmatch(s):
        return None
    return float(s.rstrip("%"))


_QUANTITY = re.compile(r"([-+]?\d+(?:\.\d+)?) ?([^\W\d_]{1,4})")
"""A number and its unit, as a log or a form writes a measurement (``128ms``, ``3.2 kg``, ``40 min``)."""


def scale_of(text: str) -> float | None:
    """The number a value places on its field's scale: a whole number (:func:`number_of`), or a measurement's number
    with its unit of one to four letters (``TEST_T=128ms``: a test time stopped at the first failure). The unit is
    not compared: a field mixing units reads its numbers as they come, and a run over them is only as pure as their
    labels make it."""
    x = number_of(text)
    if x is not None:
        return x
    m = _QUANTITY.fullmatch(text.strip())
    return float(m.group(1)) if m is not None else None


@dataclass(frozen=True)
class Run:
    """Consecutive values of one field held only by records of ``label``: ``texts`` as written, lowest first."""

    label: str
    texts: tuple[str, ...]
    support: int
    """Records holding one of the values."""
    intervals: int
    """Intervals the field's distinct values make (``m (m + 1) / 2``): the choices the run was picked among."""


def pure_runs(values: Mapping[str, Mapping[str, int]], min_support: int) -> list[Run]:
    """The maximal runs of one field's numeric values (``text`` → records per label) held by one label only, of two
    values or more and ``min_support`` records or more. Values that are not numbers (:func:`scale_of`) are left out; a
    value held by records of two labels ends a run (the field does not separate them there)."""
    numbers: dict[float, list[str]] = {}
    for text in values:
        x = scale_of(text)
        if x is not None:
            numbers.setdefault(x, []).append(text)
    m = len(numbers)
    if m < 3:
        return []
    intervals = m * (m + 1) // 2
    out: list[Run] = []
    run: list[str] = []
    run_label: str | None = None
    support = 0

    def close() -> None:
        """Keep the run being read if it is long and held enough."""
        if run_label is not None and len(run) >= 2 and support >= min_support:
            out.append(Run(run_label, tuple(run), support, intervals))

    for x in sorted(numbers):
        texts = numbers[x]
        labels: dict[str, int] = {}
        for t in texts:
            for lab, n in values[t].items():
                if n:
                    labels[lab] = labels.get(lab, 0) + n
        only = next(iter(labels)) if len(labels) == 1 else None
        if only is not None and only == run_label:
            run.extend(texts)
            support += labels[only]
            continue
        close()
        run, run_label, support = (list(texts), only, labels[only]) if only is not None else ([], None, 0)
    close()
    return out


def run_text(texts: Sequence[str]) -> str:
    """How a run is shown: its lowest and highest value, ``90..100`` (a run of one value: that value)."""
    return f"{texts[0]}..{texts[-1]}" if texts[0] != texts[-1] else texts[0]


@dataclass(frozen=True)
class Separation:
    """A field whose numbers, sorted, fall into one block per label (:func:`separated`)."""

    p: float
    """Probability that a random ordering of the field's records' labels puts each label in one block."""
    blocks: list[Run]
    """One run per label, lowest first, each its values as written."""


def separated(values: Mapping[str, Mapping[str, int]]) -> Separation | None:
    """The field's numeric values (``text`` → records per label) as one test: when, sorted by their number, the values
    of each label are consecutive (no value held by two labels, no label's values on both sides of another's), the
    probability of that under a random ordering of the records' labels and the blocks; None otherwise, with fewer than
    two labels, or fewer than three values (:func:`scale_of`)."""
    numbers: dict[float, list[str]] = {}
    for text in values:
        x = scale_of(text)
        if x is not None:
            numbers.setdefault(x, []).append(text)
    if len(numbers) < 3:
        return None
    blocks: list[tuple[str, list[str], int]] = []
    for x in sorted(numbers):
        labels: dict[str, int] = {}
        for t in numbers[x]:
            for lab, n in values[t].items():
                if n:
                    labels[lab] = labels.get(lab, 0) + n
        if len(labels) != 1:
            return None
        ((label, n),) = labels.items()
        if blocks and blocks[-1][0] == label:
            blocks[-1][1].extend(numbers[x])
            blocks[-1] = (label, blocks[-1][1], blocks[-1][2] + n)
        else:
            blocks.append((label, list(numbers[x]), n))
    if len(blocks) < 2 or len({b[0] for b in blocks}) != len(blocks):
        return None
    total = sum(b[2] for b in blocks)
    log_p = lgamma(len(blocks) + 1) + sum(lgamma(b[2] + 1) for b in blocks) - lgamma(total + 1)
    m = len(numbers)
    runs = [Run(label, tuple(texts), n, m * (m + 1) // 2) for label, texts, n in blocks]
    return Separation(min(1.0, exp(log_p)), runs)


_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?")


def day_of(text: str) -> int | None:
    """The day an ISO date (or date-time) writes, as a day number (``2024-06-17`` and ``2024-06-17T09:00:00Z``
    alike), or None: anything else, a time of day past the date being left out."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3))).toordinal()
    except ValueError:
        return None


def date_gaps(
    dates_of: Sequence[Mapping[str, str]], derived: Callable[[str], bool]
) -> dict[tuple[str, str], dict[str, set[int]]]:
    """A date computed from another date of the same record, read as a number field: per pair ``(field, from)`` of
    date fields one record holds (``dates_of``: per record, template → the date as written), ``field`` one that
    ``derived`` allows (outside the task's input) and ``from`` one it does not (the input it is computed from), the
    days from ``from`` to ``field`` as text → the records. A next-eligible date 28, 120 or 365 days after the visit
    is no date any two records share, yet its gap from the visit is the deferral's length: the pair is a field of
    its own, asked with the block test (:func:`separated`; its p multiplied by the number of pairs, the pair being
    chosen among them)."""
    out: dict[tuple[str, str], dict[str, set[int]]] = {}
    for r, dates in enumerate(dates_of):
        days = {t: d for t, text in dates.items() if (d := day_of(text)) is not None}
        for b, db in days.items():
            if not derived(b):
                continue
            for a, da in days.items():
                if not derived(a):
                    out.setdefault((b, a), {}).setdefault(str(db - da), set()).add(r)
    return out
