"""A slot is at chance when its agreement is not significantly above chance by the test corrected for the slots
tested, and a value's agreement is ruled out — not by the uncorrected test, which one slot in twenty passes by chance.

ds29 ``vibration_zone``: a previous route's zone, drawn apart from this route's, agrees with it on 20 of 56 records
at chance 25 % (p = 0.04 uncorrected, one slot among many): read as not at chance, its whole value stayed a leak on
20 clean records. Corrected for the slots tested it is at chance; a slot agreeing 60 % stays above it.
"""

from __future__ import annotations

from windtunnel.leakage.agreement import Group, verdict_of
from windtunnel.leakage.mentions import LEVELS


def _group(n: int, k: int, p: float, q: float) -> Group:
    return Group(LEVELS[0], "/route/previous/zone ^ § $", n=n, k=k, chance_sum=0.25 * n, p=p, q=q)


def test_a_slot_significant_only_uncorrected_is_at_chance() -> None:
    assert verdict_of(_group(56, 20, p=0.04, q=0.3)) == "chance"


def test_a_slot_significant_after_correction_is_not() -> None:
    assert verdict_of(_group(56, 20, p=0.04, q=0.04)) == "unknown"
    assert verdict_of(_group(56, 34, p=1e-7, q=1e-6)) == "unknown"  # 60 %: above chance, short of a value
