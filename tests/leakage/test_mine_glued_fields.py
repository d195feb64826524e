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
from windtunnel.leakage.mine import mine, mined_findings
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


# Review 44 (F2): a record line's glued fields were read without --derive-from too, and a field restating the input's
# value was no copy of it. Two clean datasets where nothing leaks.


def _tabular_items(n: int = 160, seed: int = 13) -> list[LeakItem]:
    """A tabular benchmark's row written as one line of pairs, the whole projection: its fields are the task's input
    and follow the label because the task is answered from them."""
    rng = random.Random(seed)
    labels = ["disease", "no_disease"]
    out = []
    for i in range(n):
        sick = i % 2 == 0
        chest = rng.choice(["asymptomatic"] * 4 + ["atypical"]) if sick else rng.choice(["typical", "atypical"])
        thal = rng.choice(["reversible"] * 3 + ["normal", "fixed"]) if sick else rng.choice(["normal"] * 4 + ["fixed"])
        row = (
            f"age={rng.randint(35, 77)} sex={rng.choice('MF')} cp={chest} trestbps={rng.randint(100, 180)} "
            f"chol={rng.randint(150, 330)} thalach={rng.randint(95, 190)} thal={thal} ca={rng.randint(0, 3)}"
        )
        out.append(LeakItem(id=f"h{i}", expected=[labels[i % 2]], projection={"row": row}, label_set=labels))
    return out


def test_a_record_line_read_without_derive_from_is_not_mined_as_fields() -> None:
    assert mined_flags(_tabular_items(), (), "/row") == set()  # 32 of 160 clean records flagged before


def test_a_record_lines_field_restating_the_named_input_is_its_copy() -> None:
    rng = random.Random(11)
    labels = ["stable", "watch", "escalate"]
    items = []
    for i in range(150):
        label = labels[i % 3]
        hr = {"stable": rng.randint(58, 92), "watch": rng.randint(88, 118), "escalate": rng.randint(115, 150)}[label]
        spo2 = {"stable": rng.randint(95, 100), "watch": rng.randint(91, 96), "escalate": rng.randint(84, 92)}[label]
        line = (
            f"2026-03-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d} SYNC "
            f"monitor=BM-{rng.randint(1, 12):02d} bed={rng.randint(1, 30)} hr={hr} spo2={spo2} "
            f"battery={rng.randint(20, 100)} status=ok"
        )
        projection = {"vitals": {"hr": hr, "spo2": spo2}, "monitor_sync": line}
        items.append(LeakItem(id=f"v{i}", expected=[label], projection=projection, label_set=labels))
    result = mine(items, derive_from=["/vitals"])
    fields = {
        item_id
        for item_id, found in mined_findings(items, result, derive_from=["/vitals"])
        if any(f.view == "field" for f in found)
    }
    assert fields == set()  # the line's hr and spo2 as its fields: 51 of 150 flagged before
