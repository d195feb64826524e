"""Small statistics shared by every repeated-trial score and the leakage miner: Wilson intervals,
pass^k, the one-sided Fisher exact test, the chi-square tail and multiple-testing corrections."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


def wilson_interval(passed: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a pass rate of ``passed`` out of ``total`` trials.

    Unlike the normal approximation it stays inside [0, 1] and is not degenerate at 0 or ``total``
    successes. ``total == 0`` gives the uninformative ``(0.0, 1.0)``.
    """
    if total < 0 or passed < 0 or passed > total:
        raise ValueError(f"need 0 <= successes <= trials, got {passed} successes of {total} trials")
    if total == 0:
        return 0.0, 1.0
    p = passed / total
    z2 = z * z
    denom = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def pass_hat_k(passed: int, total: int, k: int) -> float:
    """Unbiased estimate of the chance that ``k`` independent trials *all* pass (pass^k).

    From ``total`` trials with ``passed`` successes: ``C(passed, k) / C(total, k)``. With ``k == total``
    it is 1 when every trial passed and 0 otherwise; with ``k == 1`` it is the pass rate.
    """
    if not 1 <= k <= total:
        raise ValueError(f"need 1 <= k <= total, got k={k}, total={total}")
    if passed < 0 or passed > total:
        raise ValueError(f"need 0 <= passed <= total, got passed={passed}, total={total}")
    return math.comb(passed, k) / math.comb(total, k)


def mean_pass_hat_k(trials: Iterable[tuple[int, int]], k: int) -> float | None:
    """pass^k averaged over tasks, each given as ``(passed, total)``; ``None`` when there is no task."""
    values = [pass_hat_k(p, t, k) for p, t in trials]
    return sum(values) / len(values) if values else None


def _log_comb(n: int, k: int) -> float:
    """``log C(n, k)`` through ``lgamma``, exact enough at any size and never overflowing."""
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def fisher_greater(a: int, row: int, col: int, total: int) -> float:
    """One-sided Fisher exact p-value that a 2×2 table's top-left cell is ``a`` or more.

    The table has ``total`` items, ``row`` of them with the feature and ``col`` with the label; under
    independence the top-left count is hypergeometric. Summed in log space, exact for any size.
    """
    if not (0 <= a <= row <= total and 0 <= col <= total):
        raise ValueError(f"not a 2x2 table: a={a}, row={row}, col={col}, total={total}")
    least, hi = max(0, row + col - total), min(row, col)
    if a <= least:
        return 1.0
    if a > hi:
        return 0.0

    def log_pmf(i: int) -> float:
        """The log probability of a top-left count of ``i`` under independence (hypergeometric)."""
        return _log_comb(col, i) + _log_comb(total - col, row - i) - _log_comb(total, row)

    # Sum the tail that lies past the mode, where the terms only fall: each term from its neighbour by
    # their ratio, stopping once they no longer change the sum; the other tail is one minus it.
    mode = (row + 1) * (col + 1) // (total + 2)
    acc = t = 1.0
    if a > mode:
        for i in range(a, hi):
            t *= (col - i) * (row - i) / ((i + 1) * (total - col - row + i + 1))
            acc += t
            if t < acc * 1e-17:
                break
        return min(1.0, math.exp(log_pmf(a) + math.log(acc)))
    for i in range(a - 1, least, -1):
        t *= i * (total - col - row + i) / ((col - i + 1) * (row - i + 1))
        acc += t
        if t < acc * 1e-17:
            break
    return min(1.0, max(0.0, 1.0 - math.exp(log_pmf(a - 1) + math.log(acc))))


def binomial_greater(k: int, n: int, p: float) -> float:
    """One-sided binomial p-value: the chance of ``k`` or more successes in ``n`` trials of chance ``p``.

    Summed in log space from ``k`` up, stopping once the terms no longer change the sum; exact for any size."""
    if not (0 <= k <= n) or not 0.0 <= p <= 1.0:
        raise ValueError(f"need 0 <= k <= n and 0 <= p <= 1, got k={k}, n={n}, p={p}")
    if k == 0 or p >= 1.0:
        return 1.0
    if p <= 0.0:
        return 0.0
    lp, lq = math.log(p), math.log1p(-p)
    acc = 0.0
    for i in range(k, n + 1):
        term = math.exp(_log_comb(n, i) + i * lp + (n - i) * lq)
        acc += term
        if i > n * p and term < acc * 1e-17:
            break
    return min(1.0, acc)


def chi2_sf(x: float, df: int) -> float:
    """The chance of a chi-square variable of ``df`` (a whole number, 1 or more) degrees of freedom reaching ``x``.

    The closed forms of the upper tail for whole degrees of freedom (half ``x`` as ``h``): ``exp(-h)`` times the first
    ``df / 2`` terms of the series of ``exp(h)`` for an even ``df``; ``erfc(sqrt(h))`` plus terms in ``h ** (i - 1/2)``
    for an odd one; each term in log space, so a large ``x`` or ``df`` neither overflows nor loses the tail."""
    if df < 1:
        raise ValueError(f"need df >= 1, got {df}")
    if x <= 0.0:
        return 1.0
    h = x / 2.0
    lh = math.log(h)
    if df % 2 == 0:
        total = sum(math.exp(-h + i * lh - math.lgamma(i + 1)) for i in range(df // 2))
    else:
        total = math.erfc(math.sqrt(h)) + sum(
            math.exp(-h + (i - 0.5) * lh - math.lgamma(i + 0.5)) for i in range(1, (df - 1) // 2 + 1)
        )
    return min(1.0, max(0.0, total))


def adjust_p(p_values: Sequence[float], method: str = "bh") -> list[float]:
    """Adjusted p-values for ``len(p_values)`` tests: ``bh`` (Benjamini-Hochberg, the false discovery rate) or
    ``bonferroni`` (the family-wise error rate). Reject where the adjusted value is <= alpha.

    The leakage miner tests thousands of tokens at once; without a correction, some would look significant by
    chance alone. Benjamini-Hochberg is computed with the step-up running minimum, so adjusted values keep the
    order of the raw ones."""
    m = len(p_values)
    if method == "bonferroni":
        return [min(1.0, p * m) for p in p_values]
    if method != "bh":
        raise ValueError(f"unknown correction {method!r}; valid: bh, bonferroni")
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        out[i] = min(1.0, running)
    return out


__all__ = ["Z95", "adjust_p", "binomial_greater", "fisher_greater", "mean_pass_hat_k", "pass_hat_k", "wilson_interval"]


def pure_groups_chance(groups: Sequence[int], counts: Sequence[int], max_states: int = 20_000) -> float:
    """The exact chance that, the labels of ``sum(counts)`` records permuted at random (``counts[l]`` records of each
    label), every one of the disjoint ``groups`` (their sizes; records in no group are free) holds one label only.

    A group of one is always pure. Counted over the groups' assignments to labels that fit the counts (a table of the
    records each label gives the groups so far, the largest groups first): ``W(c)`` assignments use ``c[l]`` records of
    label ``l``, and each leaves ``(N - M)! / prod (n_l - c_l)!`` labelings of the free records among the
    ``N! / prod n_l!`` in all. Where the table would pass ``max_states`` entries, the groups counted so far are all
    that is asked: fewer groups pure is likelier, so the chance returned is then an upper bound, never below it."""
    total = sum(counts)
    sizes = sorted((g for g in groups if g >= 2), reverse=True)
    if not sizes or sum(sizes) > total:
        return 1.0 if not sizes else 0.0
    states: dict[tuple[int, ...], int] = {tuple(0 for _ in counts): 1}
    held = 0
    for g in sizes:
        nxt: dict[tuple[int, ...], int] = {}
        for c, w in states.items():
            for lab, n in enumerate(counts):
                if c[lab] + g <= n:
                    c2 = (*c[:lab], c[lab] + g, *c[lab + 1 :])
                    nxt[c2] = nxt.get(c2, 0) + w
        if len(nxt) > max_states:
            break
        states, held = nxt, held + g
    if not states:
        return 0.0
    base = math.lgamma(total - held + 1) + sum(math.lgamma(n + 1) for n in counts) - math.lgamma(total + 1)
    acc = 0.0
    for c, w in states.items():
        acc += math.exp(math.log(w) + base - sum(math.lgamma(n - k + 1) for n, k in zip(counts, c, strict=True)))
    return min(1.0, acc)
