"""A measurement glued to its name in a long log line is a field's value, and its number sits on the field's scale.

A wafer-sort datalog's tail line is many words (``SITE 4 X=5 Y=-4 TNUM 1000 CONT done; TNUM 2100 IDDQ done; …``) with
a few ``NAME=value`` pairs among them. On some records the tester appends the test time, ``TEST_T=128ms``; testing
stops at the first failure, so the time falls into one band per bin. Each time is held by one or two dies only, so no
value is mined alone, and the line as a whole is unique to its die: only read as the field ``TEST_T`` with its number
on a scale does the band ride with the bin (ds36 ``wafer_bins``: 29 missed). The same times drawn apart from the bin
give nothing, and a quantity's number is read the way a bare number is.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.ranges import scale_of

LABELS = ["1", "3", "5", "7"]
BAND = {"1": (400, 450), "3": (20, 40), "5": (120, 160), "7": (250, 310)}
DERIVE = ["/measurements"]


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        x, y = rng.randint(-9, 9), rng.randint(-9, 9)
        line = f"SITE {rng.randint(1, 8)} X={x} Y={y} TNUM 1000 CONT done; TNUM 2100 IDDQ done; TNUM 3200 VTH done"
        if rng.random() < 0.5:
            lo, hi = BAND[rng.choice(LABELS)] if drawn_apart else BAND[label]
            line += f"; TEST_T={rng.randint(lo, hi)}ms"
        projection: dict[str, Any] = {
            "lot": f"N8K{rng.randint(100, 999)}.{rng.randint(1, 3)}",
            "measurements": {"iddq_uA": round(rng.uniform(10, 400), 1), "vth_V": round(rng.uniform(0.3, 0.5), 3)},
            "datalog_tail": line,
        }
        out.append(LeakItem(id=f"d{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_quantity_is_read_on_its_number() -> None:
    assert scale_of("128ms") == 128.0
    assert scale_of("3.2 kg") == 3.2
    assert scale_of("-4") == -4.0
    assert scale_of("12.5%") == 12.5
    assert scale_of("ms") is None and scale_of("128 metres long") is None and scale_of("A12") is None


def test_the_glued_fields_of_a_long_line_are_its_fields() -> None:
    line = "SITE 4 X=5 Y=-4 TNUM 1000 CONT done; TNUM 2100 IDDQ done; TNUM 3200 VTH done; TEST_T=128ms"
    found = candidates({"m": {"v": 1}, "log": line}, derive_from=["/m"])
    assert ("value", "/log/TEST_T", "128ms") in found
    assert ("value", "/log/X", "5") in found


def test_test_times_banded_by_bin_are_found() -> None:
    items = _dataset(5)
    timed = {it.id for it in items if "TEST_T=" in it.projection["datalog_tail"]}
    flagged = mined_flags(items, DERIVE, "/datalog_tail")
    assert timed and flagged == timed


def test_test_times_drawn_apart_from_the_bin_give_nothing() -> None:
    assert mined_flags(_dataset(5, drawn_apart=True), DERIVE, "") == set()
