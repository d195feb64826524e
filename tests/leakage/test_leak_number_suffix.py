"""A capital glued after a number (``94V``, ``120L``) is a word of its own, and a weak one.

Invented data. The tokeniser splits a capital that follows two digits or more (``94V`` → ``94`` ``V``), as it
splits a code's capitals from its digits (``MSE20``); one digit and one capital (``3D``, ``A1``, ``B2B``) stay one
token. A label matched only through that split is a glued mention (:attr:`~windtunnel.leakage.needles.Hit.glued`):
one record alone does not make it a leak (a unit or a size letter written after a number is not the label stated),
the dataset's evidence does (a tyre's speed symbol glued to its load index, on every record, rides with the label);
the same label written as its own token is a leak in one record.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views.tokens import glued_blanks, identifier_view

SYMBOLS = ["S", "T", "H", "V", "W"]


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("94V", "94 V"),
        ("120L", "120 L"),
        ("1080P", "1080 P"),
        ("205/55R16 91H", "205/55 R16 91 H"),
        ("20MSE", "20 MSE"),
    ],
)
def test_a_capital_after_two_digits_or_more_is_split_off_as_a_glued_word(text: str, view: str) -> None:
    v = identifier_view(Mapped(text))
    assert v is not None and v.text == view
    assert glued_blanks(text)  # the blank is the split's, so a label matched there is a glued mention


@pytest.mark.parametrize("text", ["A1", "B2B", "3D", "5G", "4K", "2X", "12Volt", "90B", "3DE4", "x94v"])
def test_one_digit_and_a_capital_mixed_case_and_hex_stay_one_token(text: str) -> None:
    v = identifier_view(Mapped(text))
    assert v is None or " " not in v.text
    assert not glued_blanks(text)


def test_a_code_of_capitals_beside_digits_splits_as_before() -> None:
    v = identifier_view(Mapped("MP3"))
    assert v is not None and v.text == "MP 3"


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _flagged(path: Path, *, agreement: bool | None = None) -> list[bool]:
    out = io.BytesIO()
    req = ScanRequest(dataset=path, fmt="json", stream=out, mine=False, derive_from=["/test"], agreement=agreement)
    scan_flow(req)
    return [bool(it["leaked"]) for it in json.loads(out.getvalue())["items"]]


def _tyres(n: int = 60, *, glued: str = "own", alone: bool = False) -> tuple[list[dict[str, Any]], list[bool]]:
    """``n`` tyre records; every other one's title ends with a load index and a symbol: the record's own
    (``glued="own"``), one drawn apart from the label (``"drawn"``); ``alone`` writes the record's own as a field of
    its own instead (a token, not glued to a number)."""
    rng = random.Random(5)
    rows, leaking = [], []
    for i in range(n):
        label = SYMBOLS[i % len(SYMBOLS)]
        title = f"Roadstar {rng.choice(['Touring', 'Sport', 'Eco'])} 205/55R16"
        marked = i % 2 == 0
        if marked:
            symbol = label if glued == "own" else rng.choice(SYMBOLS)
            if not alone:
                title += f" {rng.randrange(82, 100)}{symbol}"
        listing: dict[str, Any] = {"title": title}
        if marked and alone:
            listing["symbol"] = label
        proj = {"listing": listing, "test": {"max_speed_kmh": rng.randrange(150, 300)}}
        rows.append({"id": f"t{i}", "expected": label, "label_set": SYMBOLS, "projection": proj})
        leaking.append(marked and glued == "own")
    return rows, leaking


def test_a_symbol_glued_to_a_number_that_rides_with_the_label_is_found(tmp_path: Path) -> None:
    rows, leaking = _tyres()
    path = _write(tmp_path / "tyres.jsonl", rows)
    assert _flagged(path) == leaking  # the dataset's evidence: the glued place follows the label
    # one record alone: a letter glued to a number is not the label stated
    assert not any(_flagged(path, agreement=False))


def test_a_letter_glued_to_a_number_that_does_not_track_the_label_is_not_flagged(tmp_path: Path) -> None:
    rows, _ = _tyres(glued="drawn")
    path = _write(tmp_path / "tyres.jsonl", rows)
    assert not any(_flagged(path))
    assert not any(_flagged(path, agreement=False))


def test_the_same_label_as_its_own_token_is_flagged_in_one_record(tmp_path: Path) -> None:
    rows, leaking = _tyres(alone=True)
    path = _write(tmp_path / "tyres.jsonl", rows)
    assert _flagged(path, agreement=False) == leaking
