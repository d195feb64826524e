"""A URL's path segment is a candidate alone, beside the segment pairs, both ways.

A certificate store files each lot's PDF under a folder a later stage chose by the outcome, the class's name
or, for a rejected lot, a code (``s3://coa/2026/08/REJ/LOT-26-8541.pdf``), after a month folder that changes record by
record.
Read as segment pairs only, the outcome folder is glued to its month (``08/REJ``): twelve values of a handful of
records each, below the test's power, so only the field's book of whole values could find it, and on ds28
``wood_pellet_class`` it found 13 of 21 (the rest were missed); read alone, ``REJ`` is one value on every rejected
lot. The same folders drawn apart from the outcome give nothing.
"""

from __future__ import annotations

import random

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.model import LeakItem

LABELS = ["A1", "A2", "B", "off-spec"]
FOLDER = {"A1": "A1", "A2": "A2", "B": "B", "off-spec": "REJ"}
DERIVE = ["/lab/ash_pct"]


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 128) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        folder = FOLDER[rng.choice(LABELS)] if drawn_apart else FOLDER[label]
        month = rng.randint(1, 12)
        filed = f"{folder}/" if rng.random() < 0.66 else ""  # a third of the lots filed before the outcome was
        url = f"s3://coa-store/2026/{month:02d}/{filed}LOT-26-{1000 + i}.pdf"
        projection = {"lab": {"ash_pct": 0.5 + (i % 4) * 0.4}, "documents": {"coa_pdf": url}}
        out.append(LeakItem(id=f"p{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _flagged(items: list[LeakItem]) -> set[str]:
    return mined_flags(items, DERIVE, "/documents/coa_pdf")


def test_a_urls_segments_are_candidates_alone_and_in_pairs() -> None:
    got = candidates({"doc": "s3://coa-store/2026/08/REJ/LOT-26-8541.pdf"})
    assert ("url-segment", "/doc", "REJ") in got
    assert ("url-segment", "/doc", "08/REJ") in got  # the pairs as before
    assert ("url-segment", "/doc", "coa-store") not in got  # the host is no segment


def test_an_outcome_folder_after_a_changing_month_is_found() -> None:
    items = _dataset(3)
    rejected = {it.id for it in items if "/REJ/" in it.projection["documents"]["coa_pdf"]}
    assert rejected <= _flagged(items)


def test_folders_drawn_apart_from_the_outcome_give_nothing() -> None:
    assert _flagged(_dataset(3, drawn_apart=True)) == set()
