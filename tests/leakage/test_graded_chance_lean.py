"""A value leaning to a label by chance among many neutral ones makes no field graded (principle 7, Bonferroni).

A laser-marking job's payload names its sponsor and office on every record (twenty-odd combinations, each on a
handful of records of every standard) and, on the records marked, the standard struck. Among twenty neutral values
one holds five records of one standard and one of another by chance (one-sided p 0.004 per value and label): read
as a lean, it made the field graded and the standards written in it were for review only. The lean is asked of
every repeated value and every label: so corrected, that value leans nowhere, and a value of a prior state (the
previous grade, 60 % of its records one label on many records) still leans.
"""

from __future__ import annotations

from windtunnel.leakage.graded import graded, leaning_purity

LABELS = ["375", "585", "750", "916", "999"]


def _neutral() -> list[tuple[float | str, str]]:
    pairs: list[tuple[float | str, str]] = []
    for v in range(19):  # a sponsor and an office: six records each, one of every standard and one more
        pairs += [(f"STD=;SPONSOR={v}", lab) for lab in LABELS] + [(f"STD=;SPONSOR={v}", LABELS[v % 5])]
    pairs += [("STD=;SPONSOR=19", "916")] * 5 + [("STD=;SPONSOR=19", "999")]  # five of one standard: chance
    return pairs


def test_a_chance_lean_among_many_neutral_values_is_no_lean() -> None:
    pairs = _neutral()
    assert leaning_purity([(str(v), lab) for v, lab in pairs]) is None
    assert not graded(pairs)


def test_a_prior_state_still_leans_and_is_graded() -> None:
    pairs: list[tuple[float | str, str]] = []
    for i, lab in enumerate(LABELS):  # the previous grade: 60 % of its records the same label, on many records
        pairs += [(f"prev {lab}", lab)] * 18 + [(f"prev {lab}", LABELS[(i + k) % 5]) for k in (1, 2) for _ in range(6)]
    share = leaning_purity([(str(v), lab) for v, lab in pairs])
    assert share is not None and share < 0.9
    assert graded(pairs)
