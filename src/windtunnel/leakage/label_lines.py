"""A number computed from the answer and another field: one exact line per label.

A later tool prices a parcel from the zone the task asks for and the parcel's weight: ``price = a + b × (weight - 1)``
with ``a`` and ``b`` the zone's. Every price is its record's own (no value repeats enough to be mined), and no ratio
or gap of two fields is constant (:mod:`.relations`); yet the records of one label lie on one line of (weight,
price), exactly, and the lines of two labels differ, so the price and the weight tell the label. :func:`line_tests`
reads that per pair of numbers of the record, ``y`` outside the named input (``x`` may be in it: the input's weight),
``y`` reading as computed from ``x`` (of two numbers outside the input: held by fewer records, a later step's result
where that step ran, then with more different values, then by name; the direction chooses what is asked, not the
verdict of a rule of one number alone, below): the records of a label holding three different ``x`` or more whose
every point is on one line (exactly, as written: decimals read as fractions) are that label's evidence, and a record
on its own label's line and on no other's is told by it. Lines all through zero are ratios, which :mod:`.relations`
reads per record (a duty at the class's rate), and are left to it; lines all flat are a value per label, mined as
values.

The label, not ``x``, must pick the line: two labels' lines must both hold records at one ``x`` and differ there, at
:data:`MIN_SHARED` values of ``x`` or more (:func:`_shared`). A fee tiered by the weight, with a label computed from the
weight, puts each tier's records on its tier's line and the labels apart along the weight: the lines differ, never at
one ``x``, and nothing is read (the tax per bracket of an income, likewise). Then the test is against the labels drawn
at random among the records holding both numbers (their counts kept): the chance that ``c`` labels' points each fall on
one line is at most, label after label, the number of ways to pick that many collinear points of the pool (every line
through two of them, counted with all its points) over the number of ways to pick that many points from those left,
summed over the sets of ``c`` labels (:func:`_chance`). The pool is cut to :data:`SAMPLE` records evenly spaced by
record (whatever their labels, so the labels stay drawn at random among them), ``c`` counting the labels whose records
there still hold three different ``x`` on their line: the lines through two points are counted one by one, quadratic
in the sample, linear in the records. Its p is multiplied by the number of pairs asked (the pair was chosen among them).
A number that is a line of ``x`` alone (a price from the weight only) puts every record on one line: the count of
collinear picks is the count of all picks, p is 1. The lines are exact: a price rounded after a rate of fractions of a
cent, or one record off its line (a surcharge), is not read; a piecewise rule of one number read backwards (the weight
over a fee that falls at a tier's edge, fees shared by two tiers) may differ at one fee and is not told apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, gcd, lcm

MIN_POINTS = 3
"""Different ``x`` a label's records must hold for its points to be evidence: any two points lie on a line."""
MIN_POOL = 6
"""Records holding both numbers, at least, before a pair is asked (two labels of three points)."""
SAMPLE = 200
"""Records of the pool the test's bound is counted on, at most (evenly spaced by record, whatever their labels): the
lines through two of them are counted one by one (quadratic in the sample, linear in the records)."""
MIN_SHARED = 3
"""Values of ``x`` where two labels' lines both hold records and differ, at least: the label, not ``x``, picks the
line (a rule of ``x`` alone, cut in pieces where the labels split ``x``, never differs at one ``x``)."""
MAX_NUMBERS = 48
"""Number fields paired, at most (those held by the most records): the pairs asked stay bounded on wide records."""
MAX_SETS = 5000
"""Sets of labels summed over, at most (:func:`_chance`); a pair needing more is bounded over fewer labels."""


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


def _collinear_picks(points: Sequence[tuple[Fraction, Fraction]]) -> dict[tuple[int, int, int], int]:
    """Per line through two points of ``points`` of different ``x``, the number of points on it (the points scaled to
    whole numbers by one common factor, a line keyed by its reduced direction and its offset)."""
    scale = lcm(*(v.denominator for point in points for v in point)) if points else 1
    whole = [(int(px * scale), int(py * scale)) for px, py in points]
    on: dict[tuple[int, int, int], set[int]] = {}
    for i, (x1, y1) in enumerate(whole):
        for j in range(i + 1, len(whole)):
            x2, y2 = whole[j]
            if x1 == x2:
                continue
            dx, dy = (x2 - x1, y2 - y1) if x2 > x1 else (x1 - x2, y1 - y2)
            g = gcd(dx, dy)
            dx, dy = dx // g, dy // g
            held = on.setdefault((dy, dx, y1 * dx - dy * x1), set())
            held.add(i)
            held.add(j)
    return {line: len(held) for line, held in on.items()}


def _chance(sizes: Sequence[int], lines: Mapping[tuple[int, int, int], int], pool: int, c: int) -> float:
    """An upper bound of the chance that ``c`` of the labels (their records' counts ``sizes``), drawn at random among
    the ``pool`` records, each have all their points on one line: summed over each set of ``c`` labels, the product
    over its labels (largest first) of the collinear picks of that many points over the picks from the points left.
    Where more than :data:`MAX_SETS` sets would be summed, the bound of fewer labels on lines, the most whose sets
    stay within it (``c`` labels on lines are that many too: a weaker bound, never none)."""
    while c > 1 and comb(len(sizes), c) > MAX_SETS:
        c -= 1
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
    numbers = sorted(t for t, rs in holders.items() if len(rs) >= MIN_POOL)
    numbers = sorted(sorted(numbers, key=lambda t: -len(holders[t]))[:MAX_NUMBERS])
    inputs = {t for t in numbers if is_input(t)}
    rank = {t: (len(holders[t]), -len({rows[r][t][0] for r in holders[t]}), t) for t in numbers}
    found: list[tuple[str, str, dict[str, tuple[Fraction, Fraction]], dict[str, tuple[int, ...]], list[int]]] = []
    asked = 0
    for y in numbers:
        if y in inputs:
            continue  # the input's own numbers are never read as computed from the answer
        by_label: dict[str, list[int]] = {}
        for r in sorted(holders[y]):
            by_label.setdefault(labels[r], []).append(r)
        for x in numbers:
            # each pair once: ``y`` reads as computed from ``x`` (held by fewer records, then finer, then first)
            if x == y or (x not in inputs and rank[x] < rank[y]) or len(holders[y] & holders[x]) < MIN_POOL:
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
            if _shared(rows, pool, labels, lines, x) < MIN_SHARED:
                continue  # the lines never differ at one x: x, not the label, may pick the line
            told = {
                label: records
                for label in lines
                if len(records := _told(rows, pool, labels, label, lines, y, x)) >= MIN_POINTS
            }
            if told:
                found.append((y, x, lines, told, pool))
    out: list[LineTest] = []
    for y, x, lines, told, pool in found:
        sample = [pool[k * len(pool) // SAMPLE] for k in range(SAMPLE)] if len(pool) > SAMPLE else pool
        # the labels whose records of the sample still hold three different x or more, all on their line
        on_lines = sum(1 for label in lines if _line(rows, [r for r in sample if labels[r] == label], y, x) is not None)
        if not on_lines:
            continue
        points = [(rows[r][x][0], rows[r][y][0]) for r in sample]
        picks = {line: m for line, m in _collinear_picks(points).items() if m >= MIN_POINTS}
        sizes = [sum(1 for r in sample if labels[r] == label) for label in sorted({labels[r] for r in sample})]
        p = _chance(sizes, picks, len(sample), on_lines)
        if p >= 1.0:
            continue
        for label, records in sorted(told.items()):
            a, b = lines[label]
            out.append(LineTest(y, x, label, records, min(1.0, p * asked), a, b))
    return out, asked


def _shared(
    rows: Sequence[Mapping[str, tuple[Fraction, str]]],
    pool: Sequence[int],
    labels: Sequence[str],
    lines: Mapping[str, tuple[Fraction, Fraction]],
    x: str,
) -> int:
    """The values of ``x`` in ``pool`` held by records of two labels or more with lines, where those labels' lines
    differ (the same ``x``, a different ``y`` per label)."""
    held: dict[Fraction, set[str]] = {}
    for r in pool:
        if labels[r] in lines:
            held.setdefault(rows[r][x][0], set()).add(labels[r])
    return sum(1 for px, those in held.items() if len({lines[label][0] + lines[label][1] * px for label in those}) >= 2)


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
