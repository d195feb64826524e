"""A line's glued fields (``worker=W10006 result=ELV``) are fields of their own, as a query string's parameters are.

Invented data after ds29 ``noise_dose``: an application log line written after the classification carries the
outcome as a regulation acronym (``result=LEAV``) on some records. The whole line is unique to its record (a
timestamp, a worker id), and each acronym, a token anywhere, rode with its label on six to eight records: two of the
four were mined, 12 of 28 such leaks missed (here, four or five records a label: 7 of 17 found before). Read as the
field ``…/log/*/result``, its values make one code book and all four are found. A field of ids (``worker=…``) or one
drawn apart from the label (``shift=B``) names nothing.
"""

from __future__ import annotations

import random

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.candidates import glued_fields
from windtunnel.leakage.model import LeakItem

LABELS = ["below action values", "lower exposure action value", "upper exposure action value", "exposure limit value"]
CODES = dict(zip(LABELS, ["BELOW", "LEAV", "UEAV", "ELV"], strict=True))


def test_glued_fields_of_a_line() -> None:
    line = "2025-07-23T16:25:25Z INFO classify worker=W10006 result=ELV note=a=b"
    assert [(n, v) for n, v, _ in glued_fields(line)] == [("worker", "W10006"), ("result", "ELV")]
    (_n, v, (a, b)) = glued_fields("x result=LEAV")[0]
    assert "x result=LEAV"[a:b] == v == "LEAV"


def _items(n: int = 140, seed: int = 4, *, leak_share: float = 0.12) -> tuple[list[LeakItem], set[str]]:
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        label = LABELS[i % 4]
        dose = {"below action values": 78.0, "lower exposure action value": 82.0}.get(
            label, 86.0 if "upper" in label else 89.0
        )
        day, worker = f"2024-07-{rng.randint(1, 28):02d}", f"W{rng.randrange(10000, 99999)}"
        log = [f"{day}T12:42:07Z INFO dosecalc worker={worker} shift={rng.choice('ABC')}"]
        leak = rng.random() < leak_share
        if leak:
            log.append(f"{day}T16:25:25Z INFO classify worker={worker} result={CODES[label]}")
            leaking.add(f"n{i}")
        projection = {"segments": [{"laeq_dba": dose + rng.uniform(-0.9, 0.9), "hours": 8}], "system": {"log": log}}
        items.append(
            LeakItem.from_mapping({"id": f"n{i}", "expected": label, "label_set": LABELS, "projection": projection})
        )
    return items, leaking


def test_a_code_a_later_stage_wrote_into_a_log_line_is_found_for_every_label() -> None:
    items, leaking = _items()
    assert mined_flags(items, ["/segments"], "/system") == leaking


def test_glued_fields_drawn_apart_from_the_label_name_nothing() -> None:
    items, _ = _items(leak_share=0.0)
    assert mined_flags(items, ["/segments"], "/system") == set()


# After ds31 ``legionella_outlet_temp``: a handset's sync line of eight chunks (more words than a value has) whose
# ``result=`` is a tick or a cross on some records. Read as prose, the line gave only its glyphs as tokens anywhere:
# the tick (16 records) was found, the cross (12) not. Six of its eight chunks are pairs: a record line, its fields
# read as a short line's, both glyphs one code book.
GLYPH = {"pass": "✔", "fail": "✘"}


def _sync_items(*, leaks: bool, n: int = 140, seed: int = 9) -> tuple[list[LeakItem], set[str]]:
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        label = "pass" if i % 2 else "fail"
        temp = rng.uniform(50.5, 58.0) if label == "pass" else rng.uniform(41.0, 49.5)
        line = (
            f"2026-03-{rng.randint(1, 28):02d} SYNC handset=TH-{rng.randint(1, 9):02d} probe=K-type "
            f"outlet=DHW-{rng.randint(100, 300)} uploaded=1 status=ok"
        )
        if rng.random() < 0.2:
            line += f" result={GLYPH[label] if leaks else rng.choice('✔✘')}"
            if leaks:
                leaking.add(f"t{i}")
        projection = {"reading": {"temp_c": round(temp, 1)}, "handset_sync_log": line}
        items.append(
            LeakItem.from_mapping(
                {"id": f"t{i}", "expected": label, "label_set": ["pass", "fail"], "projection": projection}
            )
        )
    return items, leaking


def test_a_long_line_of_pairs_is_a_record_line() -> None:
    from windtunnel.leakage.candidates import field_line

    line = "2026-01-28 SYNC handset=TH-01 probe=K-type outlet=DCW-227 uploaded=1 status=ok result=✘"
    assert [(k[1], k[2]) for k, _span, _view in field_line("/log", line)][-1] == ("/log/result", "✘")
    assert field_line("/note", "the operator wrote that status=ok was shown twice before the handset failed") == ()


def test_a_glyph_in_a_long_line_of_pairs_is_found_for_both_labels() -> None:
    items, leaking = _sync_items(leaks=True)
    assert mined_flags(items, ["/reading"], "/handset_sync_log") == leaking


def test_glyphs_drawn_apart_from_the_label_in_a_long_line_name_nothing() -> None:
    items, _ = _sync_items(leaks=False)
    assert mined_flags(items, ["/reading"], "/handset_sync_log") == set()
