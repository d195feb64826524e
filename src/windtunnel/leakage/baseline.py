"""Blind-baseline statistics: is a baseline that cannot do the task scoring above chance?

A rule such as "flag when the pass rate exceeds 1/N" is wrong: a baseline at exactly chance has a
pass rate above 1/N about half the time (a third to a half for small n), so it raises false alarms
constantly, while a real but small leak on few items is indistinguishable from noise. The question is
a hypothesis test: H0 "the baseline passes with probability p0 (chance)" against H1 "more often".
This module answers it exactly (binomial tail in log space, no approximation), with a Wilson interval
for the rate, the number of items needed to detect a given excess, and an exact McNemar test for
paired raw vs sanitized runs.

This is the last step of the audit's evidence, and the only one that looks at an agent's results: the
scan says where the answer *can* be read, the baseline says whether something that should not know it
*does* score as if it did. The results are produced elsewhere (the user's own blind run, or
:mod:`.simulate`); this module only judges them, so it takes booleans or ``{prediction, label}`` and
knows nothing of items or findings.

Chance is a choice, and the default is the strict one: with labels, the *majority* rate, since a
blind guesser that always answers the most common label reaches it without reading anything, and a
test against 1/N would call that a leak on any unbalanced dataset. ``uniform`` and ``prior`` are
available, and ``--chance`` states the rate outright. The verdict has three values on purpose: "not
significant" on twenty items is not "at chance", and the summary says how many items would tell.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from statistics import NormalDist
from typing import Any, Literal

from windtunnel._util.rng import cell_rng

ChanceModel = Literal["auto", "uniform", "majority", "prior", "given"]
Verdict = Literal["leak", "at-chance", "inconclusive"]


# ---------------------------------------------------------------- exact binomial


def _log_pmf(k: int, n: int, p: float) -> float:
    """``log P(X = k)`` for ``X ~ Binomial(n, p)``; ``-inf`` for an impossible count at ``p`` of 0 or 1."""
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)


def _logsumexp(values: Sequence[float]) -> float:
    """``log(sum(exp(v)))`` without overflow or underflow: shifted by the largest term."""
    top = max(values, default=-math.inf)
    if top == -math.inf:
        return -math.inf
    return top + math.log(sum(math.exp(v - top) for v in values))


def binom_sf(k: int, n: int, p: float) -> float:
    """Exact ``P(X >= k)`` for ``X ~ Binomial(n, p)``: the one-sided p-value of ``k`` passes out of ``n``.

    Summed in log space (``lgamma`` terms, log-sum-exp), so it neither overflows for large ``n`` nor
    rounds a tiny tail to zero before the comparison with ``alpha``. ``O(n - k)`` terms.
    """
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return min(1.0, math.exp(_logsumexp([_log_pmf(i, n, p) for i in range(k, n + 1)])))


def binom_cdf(k: int, n: int, p: float) -> float:
    """Exact ``P(X <= k)`` for ``X ~ Binomial(n, p)``, in log space like :func:`binom_sf` (McNemar's two-sided tail)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return min(1.0, math.exp(_logsumexp([_log_pmf(i, n, p) for i in range(0, k + 1)])))


def wilson_interval(passes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (sane at 0, 1 and small n, unlike the Wald interval).

    Two-sided at ``confidence``, clipped to ``[0, 1]``; ``(0, 1)`` for ``n == 0`` (nothing is known).
    The verdict uses its upper end: an interval below ``chance + excess`` rules a material leak out.
    """
    if n == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    phat = passes / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@lru_cache(maxsize=4096)
def critical_passes(n: int, p0: float, alpha: float) -> int:
    """Smallest pass count ``k`` with ``P(X >= k | p0) <= alpha`` (``n + 1`` when none is).

    The rejection threshold of the exact one-sided test; :func:`power` evaluates the alternative's
    tail at it. Cached: :func:`n_needed` bisects over ``n`` and asks for the same ``(n, p0, alpha)`` often.
    """
    logs = [_log_pmf(i, n, p0) for i in range(n + 1)]
    tail = -math.inf
    k = n + 1
    log_alpha = math.log(alpha)
    for i in range(n, -1, -1):
        tail = _logsumexp([tail, logs[i]])
        if tail > log_alpha + 1e-12:
            break
        k = i
    return k


@lru_cache(maxsize=4096)
def power(n: int, p0: float, p1: float, alpha: float) -> float:
    """Probability that the exact one-sided test at ``alpha`` flags a baseline whose true rate is ``p1``.

    Exact, not a normal approximation: at the item counts of a typical eval (tens to hundreds) the
    approximation overstates power. ``power_at_n`` in the summary is this at ``p1 = chance + excess``.
    """
    return binom_sf(critical_passes(n, p0, alpha), n, p1)


@lru_cache(maxsize=1024)
def n_needed(
    p0: float, excess: float, *, alpha: float = 0.01, target_power: float = 0.8, cap: int = 200_000
) -> int | None:
    """Items needed so the exact test detects a rate of ``p0 + excess`` with ``target_power``.

    Bisection on the exact power (which saw-tooths slightly in ``n``; the answer is the smallest ``n``
    found by bisection, within a few items of the true first crossing). ``None`` when the excess is
    impossible (``p0 + excess > 1``) or more than ``cap`` items would be needed.
    """
    p1 = p0 + excess
    if excess <= 0 or p1 > 1.0:
        return None
    lo, hi = 1, 1
    while power(hi, p0, p1, alpha) < target_power:
        lo = hi
        hi *= 2
        if hi > cap:
            return None
    while lo < hi:
        mid = (lo + hi) // 2
        if power(mid, p0, p1, alpha) >= target_power:
            hi = mid
        else:
            lo = mid + 1
    return hi


# ---------------------------------------------------------------- summaries


@dataclass
class BaselineSummary:
    """The blind-baseline verdict and the numbers behind it.

    ``verdict`` is ``leak`` (p-value at or below ``alpha``: exit 1), ``at-chance`` (the Wilson interval's
    upper end is below ``chance + excess``: a leak of that size is ruled out) or ``inconclusive`` (too
    few items to tell; ``n_needed`` says how many would give ``target_power``). ``notes`` state the
    reason in a sentence for the terminal.
    """

    n: int
    passes: int
    pass_rate: float
    chance: float
    chance_model: str
    chance_floors: dict[str, float]
    p_value: float
    wilson: tuple[float, float]
    confidence: float
    alpha: float
    verdict: Verdict
    excess: float
    n_needed: int | None
    power_at_n: float
    notes: list[str] = field(default_factory=list)

    @property
    def suspicious(self) -> bool:
        """The baseline scores significantly above chance (``verdict == "leak"``): the CLI exits 1."""
        return self.verdict == "leak"

    def to_dict(self) -> dict[str, Any]:
        """Every field, for the JSON output of ``leak baseline`` (the interval as a two-element list)."""
        out = asdict(self)
        out["wilson"] = list(self.wilson)
        return out


class ResultError(ValueError):
    """A per-item result is malformed; the message names the item (id, line) and the value."""


def parse_passed(value: Any) -> bool:
    """A ``passed`` flag: ``true``/``false``, the strings ``"true"``/``"false"`` (any case), or 0/1.

    Anything else (``"no"``, ``"0"``, ``0.0``, ``null`` ...) raises ``ValueError``: guessing would turn
    ``"no"`` into a pass, and a miscounted pass rate is exactly what the baseline exists to catch.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.casefold() in ("true", "false"):
        return value.casefold() == "true"
    raise ValueError(f"'passed' must be true or false, got {_show(value)}")


def _show(value: Any) -> str:
    """A result value as an error message quotes it: its type when that matters, cut at 60 characters."""
    if value is None:
        return "null"
    text = repr(value) if isinstance(value, str) else f"{value!r} ({type(value).__name__})"
    return text if len(text) <= 60 else text[:57] + "..."


def _where(i: int, r: Any, lines: Sequence[int] | None) -> str:
    """Where result ``i`` is, for an error message: its line when known, else its position, and its id."""
    place = f"line {lines[i]}" if lines is not None and i < len(lines) else f"result {i + 1}"
    if isinstance(r, Mapping) and "id" in r:
        return f"{place} (id {str(r['id'])!r})"
    return place


def pass_flags(results: Iterable[Any], lines: Sequence[int] | None = None) -> tuple[list[bool], list[str]]:
    """Pass flags and labels of ``results``; ``lines`` (1-based, per result) locate errors.

    A result is a boolean, ``{"passed": ...}`` (optionally with ``label``), or ``{"prediction", "label"}``
    (passed when they are equal up to case and surrounding blanks; an explicit ``passed`` wins). The
    labels list is only as long as the results that carry one: the chance floors are computed from it.
    Anything else raises :class:`ResultError` naming the result's line or position and id.
    """
    passes: list[bool] = []
    labels: list[str] = []
    for i, r in enumerate(results):
        if isinstance(r, bool):
            passes.append(r)
            continue
        if not isinstance(r, Mapping):
            raise ResultError(f"{_where(i, r, lines)}: a {type(r).__name__}; use true/false or an object")
        try:
            if "label" in r and "prediction" in r:
                label = str(r["label"]).strip()
                labels.append(label)
                passes.append(
                    str(r["prediction"]).strip().casefold() == label.casefold()
                    if "passed" not in r
                    else parse_passed(r["passed"])
                )
            elif "passed" in r:
                passes.append(parse_passed(r["passed"]))
                if "label" in r:
                    labels.append(str(r["label"]).strip())
            else:
                raise ValueError(f"has neither 'passed' nor 'prediction' + 'label' (keys: {sorted(r)})")
        except ValueError as err:
            raise ResultError(f"{_where(i, r, lines)}: {err}") from None
    return passes, labels


class SingleLabelError(ValueError):
    """Every result has the same label: chance (majority or prior) is 1, no test can tell a leak.

    Raised instead of a verdict because a "pass rate of 100 % at chance 100 %" would read as fine while
    it proves nothing; the CLI turns it into a usage error naming the label.
    """


def chance_floors(labels: Sequence[str], n_labels: int | None = None) -> dict[str, float]:
    """``uniform`` 1/N, ``majority`` (constant best guess) and ``prior`` Σp² (sampling the prior).

    The pass rates a blind agent reaches by each strategy, i.e. the ``p0`` of the test. ``N`` is
    ``n_labels`` when given, else the number of distinct labels seen. Floors that cannot be computed are
    absent (no labels: no ``majority`` or ``prior``), so the caller can say which input is missing.
    """
    out: dict[str, float] = {}
    counts = Counter(labels)
    n_classes = n_labels or len(counts)
    if n_classes:
        out["uniform"] = 1.0 / n_classes
    if labels:
        total = len(labels)
        out["majority"] = max(counts.values()) / total
        out["prior"] = sum((c / total) ** 2 for c in counts.values())
    return out


def summarize_blind_baseline(
    results: Iterable[Any],
    *,
    chance: float | None = None,
    chance_model: ChanceModel = "auto",
    n_labels: int | None = None,
    alpha: float = 0.01,
    excess: float = 0.1,
    target_power: float = 0.8,
    confidence: float = 0.95,
    lines: Sequence[int] | None = None,
) -> BaselineSummary:
    """Test whether a blind baseline scores above chance.

    ``results`` holds booleans, ``{"passed": bool}`` or ``{"prediction": ..., "label": ...}``. The
    chance rate is ``chance`` when given; otherwise ``chance_model`` picks among the floors computed
    from the labels (``auto``: the majority rate when labels are known, the best a blind guesser can
    do; else 1/``n_labels``). Raises ``ValueError`` when there are no results or no chance rate, and
    :class:`ResultError` for a malformed result (located by ``lines``, 1-based per result, when given).
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    passes_list, labels = pass_flags(results, lines)
    n = len(passes_list)
    if n == 0:
        raise ValueError("no baseline results: a blind baseline over zero items proves nothing")
    floors = chance_floors(labels, n_labels)
    model: str = chance_model
    if chance is not None:
        p0, model = float(chance), "given"
    elif chance_model == "auto":
        model = "majority" if "majority" in floors else "uniform"
        if model not in floors:
            raise ValueError(
                "cannot tell the chance rate: give labels with the results, the number of labels, "
                "or the chance rate itself"
            )
        p0 = floors[model]
    else:
        if chance_model not in floors:
            raise ValueError(f"chance model {chance_model!r} needs labels (have: {sorted(floors) or 'none'})")
        p0 = floors[chance_model]
    if model != "given" and p0 >= 1 and len(set(labels)) == 1:
        raise SingleLabelError(
            f"every item has the same label ({labels[0]!r}): a blind {model} guesser always passes, so the "
            "baseline cannot be tested on these items"
        )
    if not 0 <= p0 < 1:
        raise ValueError(f"chance rate must be in [0, 1), got {p0}")
    k = sum(passes_list)
    p_value = binom_sf(k, n, p0)
    needed = n_needed(p0, excess, alpha=alpha, target_power=target_power)
    pw = power(n, p0, min(1.0, p0 + excess), alpha) if p0 + excess <= 1 else 0.0
    notes: list[str] = []
    wilson = wilson_interval(k, n, confidence)
    if p_value <= alpha:
        verdict: Verdict = "leak"
        notes.append(f"the baseline passes more often than chance ({p0:.3f}) with p = {p_value:.2g}")
    elif wilson[1] < p0 + excess:
        verdict = "at-chance"
        notes.append(f"the {confidence:.0%} interval excludes an excess of {excess:.2f} over chance")
    else:
        verdict = "inconclusive"
        more = f"; about {needed} items give {target_power:.0%} power at alpha {alpha}" if needed else ""
        notes.append(f"{n} items cannot rule out an excess of {excess:.2f} over chance{more}")
    return BaselineSummary(
        n=n,
        passes=k,
        pass_rate=k / n,
        chance=p0,
        chance_model=model,
        chance_floors=floors,
        p_value=p_value,
        wilson=wilson,
        confidence=confidence,
        alpha=alpha,
        verdict=verdict,
        excess=excess,
        n_needed=needed,
        power_at_n=pw,
        notes=notes,
    )


@dataclass
class McNemarResult:
    """Exact McNemar test on paired pass flags (raw vs sanitized).

    The four cells of the paired table (``both_pass``, ``raw_only``, ``sanitized_only``, ``both_fail``)
    are kept so a reader can see the test's input; only ``raw_only`` and ``sanitized_only`` enter it.
    """

    n: int
    both_pass: int
    raw_only: int
    sanitized_only: int
    both_fail: int
    p_two_sided: float
    p_drop: float
    """One-sided: the sanitized run passes *less* often than the raw one."""
    alpha: float
    significant_drop: bool
    p_rise: float = 1.0
    """One-sided the other way: the sanitized run passes *more* often (the sanitizer made the answer easier to guess:
    what it kept reads as the answer, or its cuts changed what reads as the task's input)."""
    significant_rise: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Every field, for the JSON output of ``leak baseline --paired``."""
        return asdict(self)


def mcnemar_exact(raw: Sequence[bool], sanitized: Sequence[bool], *, alpha: float = 0.01) -> McNemarResult:
    """Exact (binomial) McNemar test over items paired by position.

    Only the discordant pairs count: ``b`` items pass raw but fail sanitized, ``c`` the reverse; under
    H0 (sanitizing changes nothing) ``b ~ Binomial(b + c, 1/2)``. ``p_drop`` is the one-sided p-value that
    sanitizing lowered the pass rate (what a removed leak looks like); ``significant_drop`` compares it
    with ``alpha``; ``p_rise`` and ``significant_rise`` are the same the other way (the sanitized data easier, which a
    sanitizer must never do). No discordant pair gives p-values of 1. The callers pair by id first
    (``--pair-by``); sequences of different lengths raise ``ValueError``.
    """
    if len(raw) != len(sanitized):
        raise ValueError(f"paired runs differ in length: {len(raw)} raw vs {len(sanitized)} sanitized")
    b = sum(1 for r, s in zip(raw, sanitized, strict=True) if r and not s)
    c = sum(1 for r, s in zip(raw, sanitized, strict=True) if s and not r)
    both = sum(1 for r, s in zip(raw, sanitized, strict=True) if r and s)
    none = len(raw) - b - c - both
    m = b + c
    if m == 0:
        p2 = p1 = up = 1.0
    else:
        p2 = min(1.0, 2 * binom_cdf(min(b, c), m, 0.5))
        p1 = binom_sf(b, m, 0.5)
        up = binom_sf(c, m, 0.5)
    return McNemarResult(len(raw), both, b, c, none, p2, p1, alpha, p1 <= alpha, up, up <= alpha)


# ---------------------------------------------------------------- built-in blind agents


def blind_predictions(labels: Sequence[str], strategy: str, *, seed: int | None = 0) -> list[str]:
    """Predictions of a blind agent that never sees the input.

    ``majority`` always answers the most frequent label; ``prior`` samples labels from their observed
    frequencies (seeded, repeatable).

    These never read an item, so their score is the same on raw and sanitized data: they calibrate the
    chance floor (they should land on it), they do not test for a leak. An unknown strategy raises
    ``ValueError`` listing the valid ones; no labels give no predictions.
    """
    counts = Counter(labels)
    if not counts:
        return []
    if strategy == "majority":
        top = max(sorted(counts), key=lambda lab: counts[lab])
        return [top] * len(labels)
    if strategy == "prior":
        rng: random.Random = cell_rng(seed, "blind-prior")
        population = sorted(counts)
        weights = [counts[lab] for lab in population]
        return rng.choices(population, weights=weights, k=len(labels))
    raise ValueError(f"unknown blind strategy {strategy!r}; valid: majority, prior")
