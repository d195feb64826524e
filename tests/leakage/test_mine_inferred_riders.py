"""Without ``--derive-from``: what the inferred input leaves out, so that mining reads it as a rider.

Two shapes of a field every record holds, read before as the task's possible content and so not mined:

* prose whose texts are a pool of ordinary remarks every label's records share, and on some records one more in a
  canned sentence of their label (:func:`~windtunnel.leakage.mine.rides_beside`): an upstream step's words beside
  filler, mined as prose outside the input is;
* a string of many chunks that are not words (a program's log in markup, a form as CSV, a query) whose codes do not
  shift the odds of the labels: a program wrote it, so it is no prose that may be the input, and a code riding with
  one label inside it is a leak. A coded report whose codes do shift the odds (a weather report's groups) stays the
  possible content, as does a field whose long values are mostly words.

Both ways: a text written record by record, a pool of phrasings per label on every record, and shared texts whose
label shares differ (graded) stay the possible content, and a measurement is never asked.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings, rides_beside
from windtunnel.leakage.model import LeakItem

LABELS = ["reversed", "kept", "deferred"]
NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Max", "Ned", "Oz", "Pia"]
FILLER = [
    "Orbit refreshed overnight, nothing else to add here.",
    "Ephemeris sent over, covariance looks realistic to us.",
    "Tracking data updated this morning with the new passes.",
]
CANNED = {
    "reversed": "Prepare the avoidance burn and confirm at the next pass.",
    "kept": "Keep watching the next messages before any decision is made.",
    "deferred": "Nothing to do on our side for this one, closing it now.",
}


def _items(seed: int, make: Any, n: int = 180) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        projection = {
            "task": "Decide the outcome.",
            "reading": {"value": round(rng.uniform(0, 100), 1), "by": rng.choice(NAMES)},
            **make(rng, i, label),
        }
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _leaks(items: list[LeakItem]) -> Counter[str]:
    """Field template (list indices as ``*``) → items holding a mined leak (not for review) there."""
    out: Counter[str] = Counter()
    for _id, findings in mined_findings(items, mine(items)):
        for pointer in {
            "/".join("*" if p.isdigit() else p for p in f.pointer.split("/")) for f in findings if f.blocking
        }:
            out[pointer] += 1
    return out


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
    items = _items(1, _log)
    assert _leaks(items)["/gfx"] == sum(1 for it in items if "GFX_DECISION" in it.projection["gfx"])


def _report(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    sight = {"reversed": ["1SM", "2SM", "M1/4SM"], "kept": ["3SM", "4SM", "5SM"], "deferred": ["7SM", "10SM", "5SM"]}
    cloud = {"reversed": ["OVC002", "BKN004"], "kept": ["BKN012", "OVC020"], "deferred": ["SCT050", "FEW120"]}
    return {
        "report": f"METAR K{rng.choice(NAMES).upper()[:3]} {rng.randint(10, 28)}1653Z {rng.randint(100, 360):03d}"
        f"{rng.randint(2, 25):02d}KT {rng.choice(sight[label])} {rng.choice(cloud[label])} A{rng.randint(2950, 3050)}"
        f" M0{rng.randint(1, 9)}/M1{rng.randint(0, 9)} RMK AO2 SLP{rng.randint(100, 250)}"
    }


def test_a_coded_report_whose_codes_shift_the_odds_stays_the_possible_content() -> None:
    assert "/report" not in _leaks(_items(7, _report))


def _notes(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    notes = [{"text": rng.choice(FILLER)}]
    if i % 4 == 0:
        notes.append({"text": CANNED[label]})
    return {"notes": notes}


def test_a_canned_note_beside_shared_filler_is_a_leak() -> None:
    items = _items(2, _notes)
    result = mine(items)
    assert "/notes/*/text" not in result.inputs
    assert _leaks(items)["/notes/*/text"] == sum(1 for it in items if len(it.projection["notes"]) > 1)


def _pool(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    own = [CANNED[label], CANNED[label].replace("the", "our"), CANNED[label].upper()]
    return {"notes": [{"text": rng.choice(FILLER)}, {"text": rng.choice(own)}]}


def test_phrasings_of_each_label_on_every_record_stay_the_possible_content() -> None:
    assert "/notes/*/text" not in _leaks(_items(3, _pool))


def _written(rng: random.Random, i: int, label: str) -> dict[str, Any]:
    words = ["leak", "noise", "crack", "stain", "draft", "rattle", "drip", "hum", "squeak", "wobble"]
    return {"notes": [{"text": " ".join(rng.choice(words) for _ in range(9))}]}


def test_text_written_record_by_record_gives_no_leak() -> None:
    assert "/notes/*/text" not in _leaks(_items(4, _written))


def test_riders_beside_filler_in_counts() -> None:
    shared = [Counter({"a": 10, "b": 11, "c": 9}), Counter({"a": 9, "b": 10, "c": 10})]
    riders = [Counter({"a": 5}), Counter({"b": 4}), Counter({"c": 5})]
    assert rides_beside([*shared, *riders], 90)
    assert not rides_beside(riders, 90)  # no shared text: a pool per label, maybe the content
    assert not rides_beside([*shared, *riders, Counter({"a": 40})], 90)  # one label's texts on most records
    graded_shared = [Counter({"a": 25, "b": 5, "c": 1}), Counter({"a": 1, "b": 5, "c": 25})]
    assert not rides_beside([*graded_shared, *riders], 90)  # shared texts shift the odds: the content
    pairs = [Counter({"a": 2}), Counter({"b": 2}), Counter({"c": 2})] + [Counter({"a": 1, "b": 1})] * 9
    assert not rides_beside([*shared, *pairs], 90)  # remarks combined at random: as many one-label texts as chance


def test_a_table_cell_in_a_string_read_as_the_input_is_judged_by_its_own_column() -> None:
    def tally(rng: random.Random, i: int, label: str) -> dict[str, Any]:
        species = rng.choice(["WAE", "SMB", "NOP", "LAT"])
        if i % 3:
            return {"tally": f"SPP | N | MEAN\n{species} | 1 | {rng.uniform(8, 30):.1f}"}
        cells = " | ".join("1" if lab == label else "0" for lab in LABELS)
        return {"tally": f"SPP | {' | '.join(x.upper() for x in LABELS)}\n{species} | {cells}"}

    items = _items(6, tally)
    assert _leaks(items)["/tally"] == sum(1 for it in items if "N | MEAN" not in it.projection["tally"])


def test_a_measurement_that_repeats_is_not_asked() -> None:
    def reading(rng: random.Random, i: int, label: str) -> dict[str, Any]:
        low = {"reversed": 70, "kept": 75, "deferred": 80}[label]
        return {"nadir": rng.randint(low, low + 12)}

    assert "/nadir" not in _leaks(_items(5, reading))  # its repeated values ride with labels: it is the input
