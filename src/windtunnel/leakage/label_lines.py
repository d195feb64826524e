"""A number computed from the answer and another field: one exact line per label.

A later tool prices a parcel from the zone the task asks for and the parcel's weight: ``price = a + b × (weight - 1)``
with ``a`` and ``b`` the zone's. Every price is its record's own (no value repeats enough to be mined), and no ratio
or gap of two fields is constant (:mod:`.relations`); yet the records of one label lie on one line of (weight,
price), exactly, and the lines of two labels differ, so the price and the weight tell the label. :func:`line_tests`
reads that per pair of numbers of the record outside the named input (of the two, the one that reads as computed from
the other is ``y``: held by fewer records, a later step's result where that step ran, then with more different values,
a price being finer than a count of seats; a number on a line of the input's per label may be the input's own
piecewise rule, a tax per bracket of the income, and is not asked): the records of a label holding three different
``x`` or more whose every point is on one line (exactly, as written: decimals read as fractions) are that label's
evidence, and a record on its own label's line and on no other's is told by it. Lines all through zero are ratios, which
:mod:`.relations` reads per record (a duty at the class's rate), and are left to it; lines all flat are a value per
label, mined as values.

The test is against the labels drawn at random among the records holding both numbers (their counts kept): the chance
that ``c`` labels' points each fall on one line is at most, label after label, the number of ways to pick that many
collinear points of the pool (every line through two of them, counted with all its points) over the number of ways
to pick that many points from those left, summed over the sets of ``c`` labels (:func:`_chance`). Its p is multiplied
by the number of pairs asked (the pair was chosen among them). A number that is a line of ``x`` alone (a price from
the weight only) puts every record on one line: the count of collinear picks is the count of all picks, p is 1. A
pool of more than :data:`MAX_POOL` records is not asked (the lines through two points are counted one by one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

MIN_POINTS = 3
"""Different ``x`` a label's records must hold for its points to be evidence: any two points lie on a line."""
MIN_POOL = 6
"""Records holding both numbers, at least, before a pair is asked (two labels of three points)."""
MAX_POOL = 1500
"""Records holding both numbers, at most: the lines through two of them are counted one by one (quadratic)."""
MAX_NUMBERS = 48
"""Number fields paired, at most (those held by the most records): the pairs asked stay bounded on wide records."""
MAX_SETS = 5000
"""Sets of labels summed over, at most (:func:`_chance`); a pair needing more is not asked."""


@dataclass(frozen=True)
class LineTest:
    """One label's line of ``y`` over ``x``: its records told by it, the test's p (over every label's line of the
    pair, times the pairs asked) and the line (``y = intercept + slope × x``)."""

    y: str
    x: str
    label: str
    records: tuple[int, ...]
    p: float
    intercept: Fraction
    slope: Fraction


def numbers_once(leaves: Sequence[tuple[str, str, float | None]]) -> dict[str, tuple[Fraction, str]]:
    """Per template held by one number of the record only (``leaves``: ``(template, text, number)``, the number None
    for a date), the number as an exact fraction and as written: a template holding two (a list's lines) is no one
    field of the record."""
    seen: dict[str, int] = {}
    for template, _text, _number in leaves:
        seen[template] = seen.get(template, 0) + 1
    out: dict[str, tuple[Fraction, str]] = {}
    for template, text, number in leaves:
        if number is not None and seen[template] == 1 and (value := exact(text)) is not None:
            out[template] = (value, text)
    return out


def exact(text: str) -> Fraction | None:
    """``text`` (a number as written: ``12.45``, ``3``, ``1e-05``) as an exact fraction, or None."""
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return None


def _line(
    rows: Sequence[Mapping[str, tuple[Fraction, str]]], records: Sequence[int], y: str, x: str
) -> tuple[Fraction, Fraction] | None:
    """``(intercept, slope)`` of the one line every point (``x``, ``y``) of ``records`` holding both is on, when they
    hold :data:`MIN_POINTS` different ``x`` or more, else None. Stops at the first point off the line (on numbers
    drawn apart, the third), so a pair is asked at the cost of a few points per label."""
    first: tuple[Fraction, Fraction] | None = None
    line: tuple[Fraction, Fraction] | None = None
    xs: set[Fraction] = set()
    for r in records:
        row = rows[r]
        if x not in row:
            continue
        px, py = row[x][0], row[y][0]
        if line is not None:
            if py != line[0] + line[1] * px:
                return None
        elif first is None:
            first = (px, py)
        elif px == first[0]:
            if py != first[1]:
                return None
            continue
        else:
            slope = (py - first[1]) / (px - first[0])
            line = (first[1] - slope * first[0], slope)
            xs.add(first[0])
        xs.add(px)
    return line if line is not None and len(xs) >= MIN_POINTS else None


def _collinear_picks(points: Sequence[tuple[Fraction, Fraction]]) -> dict[tuple[Fraction, Fraction], int]:
    """Per line through two points of ``points`` of different ``x``, the number of points on it."""
    on: dict[tuple[Fraction, Fraction], set[int]] = {}
    for i, (x1, y1) in enumerate(points):
        for j in range(i + 1, len(points)):
            x2, y2 = points[j]
            if x1 == x2:
                continue
            slope = (y2 - y1) / (x2 - x1)
            held = on.setdefault((y1 - slope * x1, slope), set())
            held.add(i)
            held.add(j)
    return {line: len(held) for line, held in on.items()}


def _chance(sizes: Sequence[int], lines: Mapping[tuple[Fraction, Fraction], int], pool: int, c: int) -> float | None:
    """An upper bound of the chance that ``c`` of the labels (their records' counts ``sizes``), drawn at random among
    the ``pool`` records, each have all their points on one line: summed over each set of ``c`` labels, the product
    over its labels (largest first) of the collinear picks of that many points over the picks from the points left.
    None when more than :data:`MAX_SETS` sets would be summed."""
    if comb(len(sizes), c) > MAX_SETS:
        return None
    total = 0.0
    for chosen in combinations(sorted(sizes, reverse=True), c):
        left, bound = pool, 1.0
        for n in chosen:
            if n < MIN_POINTS:  # too few records to hold three different x: never on a line of evidence
                bound = 0.0
                break
            picks = sum(comb(m, n) for m in lines.values())
            bound *= min(1.0, picks / comb(left, n))
            left -= n
        total += bound
        if total >= 1.0:
            return 1.0
    return total


def line_tests(
    rows: Sequence[Mapping[str, tuple[Fraction, str]]],
    labels: Sequence[str],
    is_input: Callable[[str], bool],
) -> tuple[list[LineTest], int]:
    """The labels' lines of each pair of numbers (``rows``: per record, each number it holds once, by template, as
    ``(value, text)``; ``labels``: per record), neither ``is_input`` (:data:`MAX_NUMBERS` fields at most), whose
    records of two labels or more lie each on their label's line (:func:`_line`), and the number of pairs asked. Per
    label, the records on its line and on no other label's; the p is the pair's (:func:`_chance`), times the pairs
    asked."""
    holders: dict[str, set[int]] = {}
    for r, row in enumerate(rows):
        for template in row:
            holders.setdefault(template, set()).add(r)
    numbers = sorted(t for t, rs in holders.items() if len(rs) >= MIN_POOL and not is_input(t))
    numbers = sorted(sorted(numbers, key=lambda t: -len(holders[t]))[:MAX_NUMBERS])
    rank = {t: (len(holders[t]), -len({rows[r][t][0] for r in holders[t]}), t) for t in numbers}
    found: list[tuple[str, str, dict[str, tuple[Fraction, Fraction]], dict[str, tuple[int, ...]], list[int]]] = []
    asked = 0
    for y in numbers:
        by_label: dict[str, list[int]] = {}
        for r in sorted(holders[y]):
            by_label.setdefault(labels[r], []).append(r)
        for x in numbers:
            # each pair once: ``y`` reads as computed from ``x`` (held by fewer records, then finer, then first)
            if x == y or rank[x] < rank[y] or not MIN_POOL <= len(holders[y] & holders[x]) <= MAX_POOL:
                continue
            asked += 1
            lines: dict[str, tuple[Fraction, Fraction]] = {}
            for n, (lab, held) in enumerate(by_label.items()):
                if len(lines) + len(by_label) - n < 2:
                    break  # two lines can no longer be reached
                line = _line(rows, held, y, x)
                if line is not None:
                    lines[lab] = line
            if len(lines) < 2 or all(a == 0 for a, _b in lines.values()) or all(b == 0 for _a, b in lines.values()):
                continue  # through zero: ratios, read per record by :mod:`.relations`; flat: values, mined as such
            pool = sorted(holders[y] & holders[x])
            told = {
                label: records
                for label in lines
                if len(records := _told(rows, pool, labels, label, lines, y, x)) >= MIN_POINTS
            }
            if told:
                found.append((y, x, lines, told, pool))
    out: list[LineTest] = []
    for y, x, lines, told, pool in found:
        points = [(rows[r][x][0], rows[r][y][0]) for r in pool]
        picks = {line: m for line, m in _collinear_picks(points).items() if m >= MIN_POINTS}
        sizes = [sum(1 for r in pool if labels[r] == label) for label in sorted({labels[r] for r in pool})]
        p = _chance(sizes, picks, len(pool), len(lines))
        if p is None or p >= 1.0:
            continue
        for label, records in sorted(told.items()):
            a, b = lines[label]
            out.append(LineTest(y, x, label, records, min(1.0, p * asked), a, b))
    return out, asked


def _told(
    rows: Sequence[Mapping[str, tuple[Fraction, str]]],
    pool: Sequence[int],
    labels: Sequence[str],
    label: str,
    lines: Mapping[str, tuple[Fraction, Fraction]],
    y: str,
    x: str,
) -> tuple[int, ...]:
    """The records of ``label`` in ``pool`` on its line and on no other label's (a point where two lines cross tells
    neither label)."""
    return tuple(
        r
        for r in pool
        if labels[r] == label
        and not any(rows[r][y][0] == a + b * rows[r][x][0] for other, (a, b) in lines.items() if other != label)
    )


def line_text(test: LineTest) -> str:
    """How a label's line is shown as a candidate's text: ``= 9.25 + 1.1 × /shipment/weight_lb`` (its terms as
    decimals where they are ones)."""

    def shown(value: Fraction) -> str:
        text = format(float(value), ".10g")
        return text if Fraction(text) == value else str(value)

    return f"= {shown(test.intercept)} + {shown(test.slope)} × {test.x}"
