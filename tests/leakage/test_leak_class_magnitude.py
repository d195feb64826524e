"""A class letter written with its magnitude (``C5.6``, ``X9.8``) is a mention of the letter, decided by the dataset.

Invented data after ds30 ``solar_flare``: a flare's class is one letter of ``A B C M X``; an upstream event list's line
gives the flare's class with its magnitude glued to it (``C5.6``) on half the records, and every record lists its
region's earlier flares (``M1.3 on 2024-07-05``) drawn apart from this one. Read as one token, ``C5.6`` held no label
and the event line was never seen (47 of 64 leaks missed). Split as a code's letters from its digits are, the letter is
a weak (glued) mention: the event line's slot follows the record's label over the dataset and is a leak; the history's
is at chance and stays clear. A capital before a whole number stays one token (``P1``, a coded scale's own label;
``G18``; ``A1``, ``C5``, maybe a byte in hex); so do codes of more parts (``B2B``, ``H5N1``).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views.tokens import identifier_view

LABELS = ["A", "B", "C", "M", "X"]


def _split(text: str) -> str:
    view = identifier_view(Mapped(text))
    return text if view is None else view.text


def test_a_lone_capital_before_a_number_is_split_from_it() -> None:
    assert _split("XRA 1-8A C5.6 4.4E-02") == "XRA 1-8A C 5.6 4.4E-02"
    assert _split("M1.3 on 2024-07-05") == "M 1.3 on 2024-07-05"
    assert _split("X10.5") == "X 10.5"
    for whole in ("C5", "A1", "P1", "G18", "B2B", "H5N1", "v1.2.3", "C5.6.7", "1-8A"):
        assert _split(whole) == whole


def _rows(n: int, rng: random.Random) -> tuple[list[dict[str, Any]], list[bool]]:
    rows, leaking = [], []
    for i in range(n):
        label = LABELS[i % 5]
        peak = {"A": 5e-8, "B": 5e-7, "C": 5e-6, "M": 5e-5, "X": 5e-4}[label]
        history = [f"{rng.choice(LABELS)}{rng.randint(1, 9)}.{rng.randint(0, 9)} on 2024-07-0{d}" for d in (2, 5)]
        projection: dict[str, Any] = {
            "instruction": "Classify the flare by its peak flux: A, B, C, M or X.",
            "samples": [f"{peak * rng.uniform(0.2, 1):.2e}", f"{peak * 1.5:.2e}"],
            "region": {"number": 13600 + i, "history": history},
        }
        leak = i % 2 == 0
        if leak:
            projection["events_txt"] = (
                "#Event  Begin  Max  End  Type  Particulars\n"
                f"{4900 + i}  2009  2014  2017  XRA  {label}{rng.randint(1, 9)}.{rng.randint(0, 9)}  4.4E-02\n"
            )
        rows.append({"id": f"f{i}", "expected": label, "label_set": LABELS, "projection": projection})
        leaking.append(leak)
    return rows, leaking


def _flagged(path: Path, agreement: bool | None = None) -> list[bool]:
    out = io.BytesIO()
    req = ScanRequest(dataset=path, fmt="json", stream=out, derive_from=["/samples"], agreement=agreement, mine=False)
    scan_flow(req)
    return [bool(it["leaked"]) for it in json.loads(out.getvalue())["items"]]


def test_a_class_with_its_magnitude_that_rides_with_the_label_is_found_and_history_is_not(tmp_path: Path) -> None:
    rows, leaking = _rows(100, random.Random(7))
    path = tmp_path / "flares.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert _flagged(path) == leaking
    # one record alone cannot tell a class from a code: without the dataset's evidence nothing is flagged
    assert not any(_flagged(path, agreement=False))


def test_a_class_with_a_whole_magnitude_is_still_mined_where_the_input_tells_the_label_too() -> None:
    # review 43: the event line written with a whole magnitude (``C5``) is found by mining its line as a template; the
    # input's numbers, read as words of the input, had explained it away (a sample of 1.5 times the class's floor is
    # a number every record of the class holds): a number of the input tells no rider apart alone
    from tests.leakage.mined_flags import mined_flags
    from windtunnel.leakage.model import LeakItem

    rng = random.Random(1)
    items, leaking = [], set()
    for i in range(150):
        label = LABELS[i % 5]
        peak = {"A": 5e-8, "B": 5e-7, "C": 5e-6, "M": 5e-5, "X": 5e-4}[label]
        projection: dict[str, Any] = {"samples": [f"{peak * rng.uniform(0.2, 1):.2e}", f"{peak * 1.5:.2e}"]}
        if i % 2 == 0:
            projection["events_txt"] = (
                "#Event  Begin  Max  End  Type  Particulars\n"
                f"{4900 + i}  2009  2014  2017  XRA  {label}{rng.randint(1, 9)}  4.4E-02\n"
            )
            leaking.add(f"f{i}")
        items.append(
            LeakItem.from_mapping({"id": f"f{i}", "expected": label, "label_set": LABELS, "projection": projection})
        )
    assert mined_flags(items, ["/samples"], "/events_txt") == leaking
