"""A run of one repeated glyph is a token of its own for mining, both ways (:mod:`windtunnel.leakage.glyph_runs`).

Invented shapes over one gauge task (a reading graded ``G0`` … ``G4``, the reading the named input): a report line
whose rating is a run of stars as long as the grade (found, where the glyph alone is on every rated record); a flag
glyph written on one grade's records in runs of any length (the glyph keeps its own token inside the run: found); a
clean card drawn with box characters, as wide as its content, the content showing the reading (its border's length
follows the input, shifting the odds as a measurement does: not mined, not read by the blind agent, nothing
rewritten). Building the runs is one pass: the work grows linearly with the input.
"""

from __future__ import annotations

import json
import random
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.leakage.call_count import calls_made
from tests.leakage.items_file import scan_items, write_rows
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.glyph_runs import glyph_runs, run_glyph
from windtunnel.leakage.mine import measured_runs

GRADES = ["G0", "G1", "G2", "G3", "G4"]
_BANDS = [(3, 9), (10, 19), (20, 39), (40, 79), (80, 140)]
_TOWNS = ["Wells", "Ludlow", "Ely", "Bedford", "Hereford", "Ripon", "Truro", "Bath"]
_NAMES = ["Ann", "Bo", "Kerry", "Maximilian", "Jo", "Li", "Petra"]
INPUT = ["/reading/value_mm"]


def _card(lines: list[str]) -> str:
    width = max(len(line) for line in lines) + 2
    body = [f"│ {line.ljust(width - 2)} │" for line in lines]
    return "\n".join(["┌" + "─" * width + "┐", *body, "└" + "─" * width + "┘"])


def _rows(kind: str, n: int = 120) -> list[dict[str, Any]]:
    rng = random.Random(5)
    out = []
    for i in range(n):
        g = i % 5
        reading, town = rng.randint(*_BANDS[g]), rng.choice(_TOWNS)
        proj: dict[str, Any] = {
            "instruction": "Grade the gauge reading: 3-9 G0, 10-19 G1, 20-39 G2, 40-79 G3, 80-140 G4.",
            "reading": {"site": town, "value_mm": reading},
        }
        if kind == "card":
            proj["card"] = _card([f"gauge {reading} mm", f"site {town}", f"by {rng.choice(_NAMES)}"])
        elif kind == "stars":
            confidence = "".join(rng.choice("●○") for _ in range(5))
            rated = f" | rated {'★' * (g + 1)}" if i % 2 else ""
            proj["digest"] = (
                f"New gauge report from {town} (A{rng.randint(1, 60)}). Observer confidence {confidence}{rated}"
            )
        else:  # a flag glyph on the top grade's records, in a run of any length
            flags = "⚑" * rng.randint(1, 4) if g == 4 else ""
            proj["digest"] = f"Gauge digest for {town}: {flags} routed after check #{rng.randint(100, 999)}"
        out.append({"id": f"r{i}", "expected": GRADES[g], "label_set": GRADES, "projection": proj})
    return out


def _flagged(tmp_path: Path, rows: list[dict[str, Any]], derive_from: list[str]) -> set[str]:
    data = write_rows(tmp_path / "gauge.jsonl", rows)
    return {i for i, it in scan_items(data, derive_from).items() if it["leaked"]}


def _rewritten(tmp_path: Path, rows: list[dict[str, Any]], derive_from: list[str]) -> int:
    data = write_rows(tmp_path / "gauge.jsonl", rows)
    out = tmp_path / "gauge.sanitized.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=derive_from))
    after = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return sum(a["projection"] != r["projection"] for a, r in zip(after, rows, strict=True))


def test_runs_of_one_glyph() -> None:
    assert list(glyph_runs("rated ★★★☆☆ today")) == [("★★★", 6, 9), ("☆☆", 9, 11)]
    assert list(glyph_runs("┌────┐")) == [("────", 1, 5)]  # the corners are glyphs of their own, not the run
    assert list(glyph_runs("❄️❄️❄️")) == [("❄️❄️❄️", 0, 6)]  # with its variation selector
    assert list(glyph_runs("★ ★ a★b ***  ——")) == []  # one glyph, ASCII marks, dashes: no run
    assert run_glyph("🧊🧊") == "🧊" and run_glyph("🧊") is None and run_glyph("★☆") is None


def test_a_family_of_runs_that_measures_is_told_from_a_rating() -> None:
    rating = {("token", "", "★" * (k + 1)): Counter({GRADES[k]: 20}) for k in range(5)}
    assert measured_runs(rating) == set()  # one length per label: a code for the label
    border = {
        ("token", "", "─" * 12): Counter({"G0": 30}),
        ("token", "", "─" * 13): Counter({"G1": 33, "G2": 30, "G3": 31, "G4": 8, "G0": 3}),
        ("token", "", "─" * 14): Counter({"G4": 29, "G1": 5, "G2": 4, "G3": 4, "G0": 2}),
        ("token", "", "─" * 15): Counter({"G0": 10, "G1": 7, "G2": 14, "G3": 13, "G4": 10}),
    }
    assert measured_runs(border) == {("", "─")}  # the shares move with the width: a measurement


def test_a_rating_written_as_a_run_of_stars_is_found(tmp_path: Path) -> None:
    rows = _rows("stars")
    rated = {r["id"] for r in rows if "rated" in r["projection"]["digest"]}
    runs = {r["id"] for r in rows if "★★" in r["projection"]["digest"]}  # a grade of one star is the glyph alone
    flagged = _flagged(tmp_path, rows, INPUT)
    assert runs <= flagged <= rated


def test_a_glyph_inside_a_run_keeps_its_own_token(tmp_path: Path) -> None:
    rows = _rows("flags")
    flagged_rows = {r["id"] for r in rows if "⚑" in r["projection"]["digest"]}
    assert len(flagged_rows) == 24
    assert _flagged(tmp_path, rows, INPUT) == flagged_rows


@pytest.mark.parametrize("derive_from", [INPUT, []])
def test_a_clean_box_card_as_wide_as_its_content_is_left_alone(tmp_path: Path, derive_from: list[str]) -> None:
    rows = _rows("card")
    assert _flagged(tmp_path, rows, derive_from) == set()
    assert _rewritten(tmp_path, rows, derive_from) == 0


WORST: dict[str, Callable[[int], Any]] = {
    "one long run": lambda n: {"note": "rated " + "★" * (20 * n)},
    "runs of two glyphs alternating": lambda n: {"note": "★★☆" * n + " rated today by the desk"},
    "one glyph then another, no run": lambda n: {"note": "★☆" * n + " rated today by the desk"},
    "glyphs with variation selectors": lambda n: {"note": "❄️❄️🧊" * n + " rated today by the desk"},
    "a box card of many lines": lambda n: {"card": _card([f"line {i} of the card" for i in range(n)])},
}


@pytest.mark.parametrize("name", sorted(WORST))
def test_reading_runs_grows_linearly_with_the_input(name: str) -> None:
    make = WORST[name]
    candidates(make(7), INPUT, prose=True)  # warm what is loaded once
    small = calls_made(lambda: candidates(make(40), INPUT, prose=True))
    big = calls_made(lambda: candidates(make(160), INPUT, prose=True))
    # linear work gives 4x (plus a constant); a quadratic step gives 16x
    assert big <= 6 * small + 2000, f"{name}: {small} operations for n=40, {big} for n=160"


def test_a_long_run_is_read_in_memory_linear_in_its_length() -> None:
    text = "★" * 200_000
    tracemalloc.start()
    try:
        list(glyph_runs(text))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= 8 * len(text), f"{peak / len(text):.0f} bytes a character"
