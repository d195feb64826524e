"""Small statistics shared by every repeated-trial score: Wilson intervals and pass^k."""

from __future__ import annotations

import math
from collections.abc import Iterable

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


__all__ = ["Z95", "mean_pass_hat_k", "pass_hat_k", "wilson_interval"]
