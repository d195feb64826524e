"""Whether a rider the input seems to tell sits on a stretch of the input or on a subset scattered over it.

:func:`~.input_explained.explained_by` sets a rider aside when its records sit in one place of an input field that
says the label there. The place is the span of the rider's own numbers, chosen after the fact: a code planted on a
random part of one label's records (``N18.4`` on a handful of ``G4`` records, each eGFR of 15-29) spans part of the
label's range by chance, and that part says the label as the whole range does. What tells a rider the input sets from
one planted on the label is how its records lie along the input, among the label's own records:

* ordered by the input's number, the records of the label holding the rider form few *runs* (rider present, rider
  absent): a stretch (a fee charged above a size, every record past an edge) or a few; a subset drawn at random makes
  as many runs as chance does (the exact Wald-Wolfowitz runs test, :func:`runs_p`);
* or they are confined to a short *span* of that order, whatever they do inside it (a fee charged at random above a
  size, never below it: part of a band of the input; :func:`span_p`, the exact chance that ``k`` of ``n`` records drawn
  at random lie within that many consecutive places).

A value set on part of a band of the input *and* by another field the records hold — a surcharge above 50 kg on air
freight only — is scattered inside its stretch, but not at random: within the stretch of the label's records from its
first record to its last, the rider is on exactly the records holding one value of another field, a value that is
not the label's (held by another label's records too, and its records have the label no more than chance gives,
one-sided Fisher exact at :data:`ALPHA`; a
second code planted on the same records is the label's and does not count), and that coincidence is beyond chance
(one over the ways to pick the rider's records in the stretch, times the values tried; :func:`set_by_another`). Such
a rider follows the input and that field, and stays set aside.

Records tied at one input value are ordered as is most favourable to the input (fewest runs, shortest span): the
input cannot tell them apart, so it is not held against it. The rider stays set aside when either test rejects chance
(:data:`ALPHA`, Bonferroni over both tests and the fields whose riders are asked, :func:`scattered`); it is a leak when
neither does although they could: a label too small for the tests to reject chance at all, a rider on every record of
the label (no subset to place), a rider whose records all share one input value, or a place that is a text value
(no order inside the place) keep the decision of
:func:`~.input_explained.explained_by`.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from windtunnel._util.stats import fisher_greater

ALPHA = 0.01
"""The level at which the runs or the span of a rider's records shows a stretch of the input rather than chance."""
TESTS = 2
"""The tests asked of each rider (runs, span): part of the Bonferroni factor."""


def runs_p(present: int, absent: int, runs: int) -> float:
    """The exact chance of ``runs`` runs or fewer when ``present`` and ``absent`` records are ordered at random
    (the Wald-Wolfowitz distribution, counted, not approximated)."""
    total = comb(present + absent, present)
    ways = 0
    for r in range(2, runs + 1):
        k, odd = divmod(r, 2)
        if odd:
            ways += comb(present - 1, k - 1) * comb(absent - 1, k) + comb(present - 1, k) * comb(absent - 1, k - 1)
        else:
            ways += 2 * comb(present - 1, k - 1) * comb(absent - 1, k - 1)
    return min(1.0, ways / total)


def span_p(present: int, records: int, span: int) -> float:
    """The exact chance that ``present`` of ``records`` ordered places drawn at random lie within ``span``
    consecutive places or fewer (first to last inclusive)."""
    if present < 2:
        return 1.0
    ways = sum((records - s + 1) * comb(s - 2, present - 2) for s in range(present, span + 1))
    return min(1.0, ways / comb(records, present))


def fewest_runs(groups: Sequence[tuple[int, int]]) -> int:
    """The fewest runs of presence over ``groups`` (per input value in order: records with the rider, without),
    each group's records ordered as suits the input best."""
    best: dict[int, int] = {}  # the last record's presence -> fewest runs so far
    for with_, without in groups:
        ends = [(1, 1)] if not without else [(0, 0)] if not with_ else [(0, 1), (1, 0)]
        nxt: dict[int, int] = {}
        for first, last in ends:
            inner = 1 if first != last else 0
            here = min((r + (prev != first) for prev, r in best.items()), default=1) + inner
            nxt[last] = min(nxt.get(last, here), here)
        best = nxt
    return min(best.values(), default=0)


def shortest_span(groups: Sequence[tuple[int, int]]) -> int:
    """The fewest consecutive places holding every record with the rider over ``groups`` (as :func:`fewest_runs`):
    in the first group holding one they come last, in the last they come first."""
    held = [i for i, (with_, _without) in enumerate(groups) if with_]
    if not held:
        return 0
    first, last = held[0], held[-1]
    if first == last:
        return groups[first][0]
    return groups[first][0] + sum(sum(g) for g in groups[first + 1 : last]) + groups[last][0]


def edge_p(numbers: Sequence[tuple[float, bool]]) -> tuple[float, float] | None:
    """The smaller p of the runs and span tests over one label's records (``numbers``: input value, rider held) and
    the least p they could give at all at these counts, or None when the rider is on every record or on none."""
    present = sum(1 for _x, held in numbers if held)
    absent = len(numbers) - present
    if not present or not absent:
        return None
    counts: dict[float, list[int]] = {}
    for x, held in numbers:
        counts.setdefault(x, [0, 0])[0 if held else 1] += 1
    groups = [(c[0], c[1]) for _x, c in sorted(counts.items())]
    p = min(runs_p(present, absent, fewest_runs(groups)), span_p(present, len(numbers), shortest_span(groups)))
    return p, min(runs_p(present, absent, 2), span_p(present, len(numbers), present))


def scattered(
    riders: set[int],
    label: str,
    template: str,
    inputs: Sequence[dict[str, float | str]],
    labels: Sequence[str],
    fields: int,
    others: Sequence[dict[str, float | str]] | None = None,
) -> bool:
    """Whether the rider held by the records ``riders`` lies on ``label``'s records scattered over the input field
    ``template`` (module docstring): neither its runs nor its span show a stretch of the input (Bonferroni over both
    tests and ``fields``, the fields whose riders are asked), though at these counts they could, and no value of
    another field (``others``: per record, its values outside the input) sets it within its stretch
    (:func:`set_by_another`). ``inputs`` and ``labels`` are per record."""
    numbers: list[tuple[float, bool]] = []
    for r, (values, lab) in enumerate(zip(inputs, labels, strict=True)):
        if lab != label:
            continue
        x = values.get(template)
        if not isinstance(x, float):
            if r in riders:
                return False  # a rider held at a text value (or at none): no order to place it on
            continue
        numbers.append((x, r in riders))
    if len({x for x, held in numbers if held}) < 2:
        return False  # the riders tied at one input value: a place of one value, as a text's, has no order inside
    tested = edge_p(numbers)
    if tested is None:
        return False
    p, least = tested
    factor = TESTS * max(fields, 1)
    if not least * factor <= ALPHA < p * factor:
        return False  # a stretch, or a label too small to reject chance: the input's decision stands
    return others is None or set_by_another(riders, label, template, inputs, others, labels) is None


def set_by_another(
    riders: set[int],
    label: str,
    template: str,
    inputs: Sequence[dict[str, float | str]],
    others: Sequence[dict[str, float | str]],
    labels: Sequence[str],
) -> str | None:
    """The field (template of ``others``, the records' values outside the input) one value of which holds exactly the
    rider's records among ``label``'s records within the rider's stretch of ``template``, a value not the label's,
    beyond chance (module docstring); or None. ``inputs``, ``others`` and ``labels`` are per record."""
    xs = [inputs[r][template] for r in riders]
    numbers = [x for x in xs if isinstance(x, float)]
    if len(numbers) != len(xs):
        return None
    lo, hi = min(numbers), max(numbers)
    stretch = [
        r
        for r, (values, lab) in enumerate(zip(inputs, labels, strict=True))
        if lab == label and isinstance(x := values.get(template), float) and lo <= x <= hi
    ]
    here = riders & set(stretch)
    if len(here) < 2 or len(here) == len(stretch):
        return None
    candidates: dict[tuple[str, float | str], set[int]] = {}
    for r in stretch:
        for field, value in others[r].items():
            candidates.setdefault((field, value), set()).add(r)
    chance = len(candidates) / comb(len(stretch), len(here))
    if chance > ALPHA:
        return None
    of_label = sum(1 for lab in labels if lab == label)
    for (field, value), held in sorted(candidates.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        if held != here:
            continue
        holders = [lab for values, lab in zip(others, labels, strict=True) if values.get(field) == value]
        mine = sum(1 for lab in holders if lab == label)
        if mine < len(holders) and fisher_greater(mine, len(holders), of_label, len(labels)) > ALPHA:
            return field  # a value of every label, not the label's: it and the input set the rider
    return None
