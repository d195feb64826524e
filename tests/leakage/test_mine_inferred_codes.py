"""Without ``--derive-from``: a long string of codes, and a table held in a string, beside the inferred input.

* A string of many chunks that are not words (a program's log in markup, a form, a query) whose codes do not shift
  the odds of the labels is no prose that may be the input: a code riding with one label inside it is a leak. A coded
  report whose codes do shift the odds (a weather report's groups, as text or as markup) stays the possible content,
  the codes every such string holds (the markup's names) left out of the comparison, whatever the data's or Python's
  hash seed or the records' order (:meth:`~windtunnel.leakage.mine._Places.coded_graded`, ``_Codes``).
* A table read inside a string read as the input is the input, every column of it (a vitals table's ``AVPU``, a
  ``GCS`` scored on some patients only), for review; a one-hot tally only some records hold inside it is missed so.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from windtunnel.leakage import mine as mine_module
from windtunnel.leakage.mine import _Codes, mine, mined_findings
from windtunnel.leakage.model import LeakItem

from .inferred_data import LABELS, NAMES, items, leaks, reviewed

CODE = {"reversed": "GFX_DECISION_FLIP", "kept": "GFX_DECISION_SAME", "deferred": "GFX_DECISION_WAIT"}


def _log(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    stamp = f"2026-01-{1 + i % 28:02d}T10:{rng.randint(0, 59):02d}:00Z"
    parts = [
        f'<gfx t="{stamp}" template="GFX_CARD" arg="{rng.choice(NAMES)}"/>',
        f'<gfx t="{stamp}" template="GFX_TRACK"/>',
    ]
    if i % 4 == 0:
        parts.append(f'<gfx t="{stamp}" template="{CODE[label]}"/>')
    return {"gfx": '<gfxlog feed="world">' + "".join(parts) + "</gfxlog>"}


def test_a_code_in_a_program_log_every_record_holds_is_a_leak() -> None:
    found = items(1, _log)
    assert leaks(found)["/gfx"] == sum(1 for it in found if "GFX_DECISION" in it.projection["gfx"])


SIGHT = {"reversed": ["1SM", "2SM", "M1/4SM"], "kept": ["3SM", "4SM", "5SM"], "deferred": ["7SM", "10SM", "5SM"]}
CLOUD = {"reversed": ["OVC002", "BKN004"], "kept": ["BKN012", "OVC020"], "deferred": ["SCT050", "FEW120"]}


def _report(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    return {
        "report": f"METAR K{rng.choice(NAMES).upper()[:3]} {rng.randint(10, 28)}1653Z {rng.randint(100, 360):03d}"
        f"{rng.randint(2, 25):02d}KT {rng.choice(SIGHT[label])} {rng.choice(CLOUD[label])} A{rng.randint(2950, 3050)}"
        f" M0{rng.randint(1, 9)}/M1{rng.randint(0, 9)} RMK AO2 SLP{rng.randint(100, 250)}"
    }


@pytest.mark.parametrize("seed", [7, 15, 37, 43, 61, 99])
def test_a_coded_report_whose_codes_shift_the_odds_stays_the_possible_content(seed: int) -> None:
    # per-record groups (a time, a pressure) are as many distinct tokens as records: they decide nothing
    assert "/report" not in leaks(items(seed, _report))


def _observation(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    return {
        "observation": f'<obs station="K{rng.choice(NAMES).upper()[:3]}" kind="METAR" src="ASOS" qc="passed">'
        f"<time>{rng.randint(10, 28)}{rng.randint(0, 23):02d}53Z</time>"
        f'<wind dir="{rng.randint(1, 36) * 10:03d}" kt="{rng.randint(2, 25)}"/>'
        f"<vis>{rng.choice(SIGHT[label])}</vis><sky>{rng.choice(CLOUD[label])}</sky>"
        f"<alt>A{rng.randint(2950, 3050)}</alt></obs>"
    }


def test_a_coded_report_in_markup_stays_the_possible_content() -> None:
    # the markup's names, on every record, are not the values compared: its visibility and cloud groups are
    assert "/observation" not in leaks(items(3, _observation))


_HASH_SEEDS = """
import json
from tests.leakage.inferred_data import items
from tests.leakage.test_mine_inferred_codes import _report
from windtunnel.leakage import mine
places = mine._Places()
for it in items(99, _report):
    places.item(it.expected[0])("/report", it.projection["report"])
    places.done()
print(json.dumps({tok: sorted(c.items()) for tok, c in places.codes["/report"].counts.items()}))
"""


def test_the_codes_counted_do_not_depend_on_the_hash_seed() -> None:
    root = Path(__file__).resolve().parents[2]
    runs = set()
    for seed in ("0", "1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", _HASH_SEEDS], cwd=root, env=env, capture_output=True, text=True, check=True
        )
        runs.add(done.stdout)
    assert len(runs) == 1  # the same tokens, in the same order, with the same counts


def test_the_codes_kept_when_full_do_not_depend_on_the_records_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mine_module, "_CODES_KEPT", 16)
    rng = random.Random(4)
    texts = [(f"T{n:04d}Z {rng.choice(SIGHT[lab])} {rng.choice(CLOUD[lab])}", lab) for n, lab in enumerate(LABELS * 20)]
    runs = []
    for order in range(4):
        if order:
            rng.shuffle(texts)
        else:
            texts.sort(key=lambda t: t[1])  # grouped by label first
        codes = _Codes()
        for text, label in texts:
            codes.add(text, label)
        runs.append({tok: dict(c) for tok, c in codes.counts.items()})
    assert len(runs[0]) == 16 and all(run == runs[0] for run in runs)
    every: dict[str, int] = {}
    for text, _label in texts:
        for tok in set(text.casefold().split()):
            every[tok] = every.get(tok, 0) + 1
    assert all(sum(c.values()) == every[tok] for tok, c in runs[0].items())  # a kept token counted from its first


_DRAW = random.Random(3)
_SOUNDING = [f"{_DRAW.randint(10, 99)}{_DRAW.choice('ABCDEFGH')}{_DRAW.randint(10, 99)}" for _ in range(2000)]


def _sounding(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    groups = " ".join(rng.choice(_SOUNDING) for _ in range(60))
    sight = rng.choice(
        {"reversed": ["1SM", "2SM", "1/2SM"], "kept": SIGHT["kept"], "deferred": SIGHT["deferred"]}[label]
    )
    report = _report(rng, i, label)["report"].replace(" M1/4SM ", f" {sight} ")
    return {"report": f"TTAA {groups} = {report}"}


def _findings(found: list[LeakItem]) -> set[tuple[str, str, bool]]:
    return {(i, f.pointer, f.blocking) for i, fs in mined_findings(found, mine(found)) for f in fs}


def test_a_coded_report_past_the_cap_reads_the_same_in_any_record_order() -> None:
    # 60 groups of a sounding per record, drawn from 2000: more distinct tokens than a count filled by arrival held
    found = items(3, _sounding)
    grouped = sorted(found, key=lambda it: LABELS.index(it.expected[0]))
    first = _findings(grouped)
    assert not any(blocking for _i, _p, blocking in first)  # the report is the possible content: no leak
    for seed in range(3):
        shuffled = list(found)
        random.Random(seed).shuffle(shuffled)
        assert _findings(shuffled) == first


def _tally(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    species = rng.choice(["WAE", "SMB", "NOP", "LAT"])
    if i % 4:
        return {"tally": f"SPP | N | MEAN\n{species} | 1 | {rng.uniform(8, 30):.1f}"}
    cells = " | ".join("1" if lab == label else "0" for lab in LABELS)
    return {"tally": f"SPP | {' | '.join(x.upper() for x in LABELS)}\n{species} | {cells}"}


def test_a_one_hot_tally_inside_the_input_string_is_for_review() -> None:
    # a known miss: a column only some tables hold may be the upstream step's tally or the task's own measurement
    # (the GCS below); nothing in the counts tells which, so the whole string stays the input
    found = items(6, _tally)
    assert not leaks(found)["/tally"] and reviewed(found)["/tally"]


TRIAGE = ["critical", "urgent", "routine"]


def _vitals(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    hr = {"critical": (120, 160), "urgent": (95, 130), "routine": (60, 100)}[label]
    avpu = {"critical": ["U", "P", "V"], "urgent": ["V", "A", "A"], "routine": ["A"]}[label]
    return {
        "vitals": f"HR | SPO2 | RR | TEMP | AVPU\n{rng.randint(*hr)} | {rng.randint(80, 100)} | {rng.randint(10, 34)}"
        f" | {rng.uniform(35.5, 40.2):.1f} | {rng.choice(avpu)}"
    }


def test_a_column_every_table_of_the_input_holds_is_the_input() -> None:
    found = items(9, _vitals, labels=TRIAGE)
    assert "/vitals" not in leaks(found)
    assert reviewed(found)["/vitals"]  # the unresponsive patients' AVPU: the task's signal, for review


def _gcs(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    table = _vitals(rng, i, label)["vitals"]
    avpu = table.rsplit("| ", 1)[1]
    if avpu == "A":
        return {"vitals": table}
    head, row = table.split("\n")
    gcs = {"V": rng.randint(11, 14), "P": rng.randint(7, 10), "U": rng.randint(3, 6)}[avpu]
    return {"vitals": f"{head} | GCS\n{row} | {gcs}"}


def test_a_column_scored_on_some_records_only_is_the_input() -> None:
    # the coma scale, measured where the patient is not alert: most critical patients, few of the others
    found = items(9, _gcs, labels=TRIAGE)
    assert any("GCS" in it.projection["vitals"] for it in found)
    assert "/vitals" not in leaks(found)
