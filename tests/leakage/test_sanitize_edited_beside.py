"""A field every label's items get an edit at — some by mining, the others by the agreement evidence — is left to the
per-item edits; only a field whose edits fall on some labels' items is blanked on every item.

Invented data after ds30 ``childcare_ratio``: a handover note states how many educators the room needs, as a number
word, on some records of every label, and on the others says something unrelated (`Nappy order arrives in four
days.`, a number word in another sense). Mining found the phrases of three labels (those with most records), the
agreement evidence (the number word in the slot that follows the label) the other three's. Counting only the mined
edits, the note's edits fell on three labels and the note was blanked on every item: 51 of 93 clean records
rewritten. Counted together, the per-item edits stand, the clean records keep their bytes, and the sanitized data is
at chance for the blind baseline.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.sanitized_rows import sanitized_rows
from windtunnel.flows.leak import Fields
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow

LABELS = ["2", "3", "4", "5", "6", "7"]
WORDS = dict(zip(LABELS, ["two", "three", "four", "five", "six", "seven"], strict=True))
OTHER = [
    "Nappy order arrives in {w} days.",
    "{W} new families start next week, please label cubbies.",
    "Fire drill at 10:30, use the north gate.",
    "Sunscreen restocked; excursion forms due Friday.",
]


SAID = ["Ratio check done: {w} staff required.", "We need {w} educators on the floor this session."]
"""The sentence stating the answer, in one of two phrasings."""


def _rows() -> list[dict[str, object]]:
    rng = random.Random(31)
    rows: list[dict[str, object]] = []
    weights = [30, 18, 18, 28, 30, 18]  # mining reaches the labels with more leaking records
    population = [lab for lab, k in zip(LABELS, weights, strict=True) for _ in range(k)]
    rng.shuffle(population)
    for i, lab in enumerate(population):
        under2 = int(lab) * 4 - rng.randint(0, 3)
        w = rng.choice(list(WORDS.values()))
        other = rng.choice(OTHER).format(w=w, W=w.capitalize())
        leak = rng.random() < 0.4
        said = rng.choice(SAID).format(w=WORDS[lab])
        note = f"{said} {other}" if leak else other
        proj = {"session": {"under_24_months": under2}, "handover_note": note}
        rows.append({"id": f"c{i}", "expected": lab, "label_set": LABELS, "projection": proj, "leak": leak})
    return rows


def test_a_note_edited_on_every_label_by_mining_and_agreement_keeps_clean_records(tmp_path: Path) -> None:
    out, pairs = sanitized_rows(_rows(), tmp_path, ["/session"])
    kept = [raw == line for r, raw, line in pairs if not r["leak"]]
    assert kept and all(kept)  # before: the note blanked on every item
    blind = baseline_flow(BaselineRequest(simulate="blind", dataset=out, fields=Fields(), derive_from=["/session"]))
    assert blind.summary["baseline"]["verdict"] != "leak"
