"""A number written in prose outside the named input whose values, sorted, fall into one block per label is a leak.

Invented shape: a flood-claim desk grades damage ``minor``, ``moderate``, ``major`` from the adjuster's inspection
(the named input). A notice drafted after the grade is decided carries an ``ESTIMATED LOSS INDEX`` line: a number on
the grade's own scale where the desk filled it in, ``PENDING`` elsewhere. Each number is held by one record, so no
value reaches the support floor, and the notice is prose (more words than a value), where a mined word is the
author's, for review. But read as the word's numbers, sorted, the records of each grade sit in one block of their
own: the notice states the grade in its units, a leak as a code written among words is. The same numbers drawn
apart from the grade give nothing, and a word of the notice riding with a grade stays for review.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import PROSE_REVIEW, mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["minor", "moderate", "major"]
BANDS = {"minor": (10, 29), "moderate": (30, 59), "major": (60, 95)}
DERIVE = ["/inspection"]
_ROOMS = ["kitchen", "basement", "garage", "hallway", "bedroom"]


def _dataset(
    seed: int, *, leak: bool, n: int = 150, every: int = 5, numbered: int = 2, restate: bool = False
) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        band = BANDS[label] if leak else BANDS[rng.choice(LABELS)]
        index = str(rng.randint(*band)) if i % every < numbered else "PENDING"
        notice = (
            f"FLOOD CLAIM NOTICE\nCOUNTY OFFICE {rng.choice(['NORTH', 'SOUTH', 'EAST', 'WEST'])}\n"
            f"CLAIM {rng.randrange(10**5):05d}\nESTIMATED LOSS INDEX: {index}\n\nEND OF NOTICE\n"
        )
        projection: dict[str, Any] = {
            "inspection": {"room": rng.choice(_ROOMS), "water_line_cm": rng.randint(2, 140)},
            "notice": notice,
        }
        if restate and index != "PENDING":  # the adjuster's own loss index, which the notice repeats
            projection["inspection"]["loss_index"] = int(index)
        out.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_number_sorted_into_one_block_per_label_in_prose_is_a_leak() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    blocks = {s.label for s in result.suggestions if s.kind == "range" and s.value.startswith("index ")}
    assert blocks == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    numbered = [it for it in items if "PENDING" not in it.projection["notice"]]
    assert len(numbered) == 60
    for it in numbered:
        found = flagged.get(it.id, [])
        assert any(f.severity == "medium" and f.pointer == "/notice" for f in found), it.id
        assert not any(PROSE_REVIEW in f.detail for f in found if f.value.startswith("index "))


def test_numbers_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.kind == "range" and s.value.startswith("index ")], seed
        flagged = dict(mined_findings(items, result, derive_from=DERIVE))
        assert not any(f.severity == "medium" for fs in flagged.values() for f in fs), seed


def test_a_few_numbers_are_asked_as_the_whole_word() -> None:
    # five notices a grade: each grade's run alone is too rare for its test among the candidates, but the word's
    # numbers sorted into one block per grade are one test of the whole word, as a field's numbers are
    items = _dataset(2, leak=True, every=10, numbered=1)
    result = mine(items, derive_from=DERIVE)
    blocks = {s.label for s in result.suggestions if s.kind == "range" and s.value.startswith("index ")}
    assert blocks == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert sum(any(f.severity == "medium" for f in fs) for fs in flagged.values()) == 15


def test_prose_restating_the_named_inputs_number_stays_for_review() -> None:
    # the index is the adjuster's, in the named input; the notice repeats it: it tells no more than the input does
    # (review 30r: a narrative repeating the measured wind had made a clean dataset exit 1)
    items = _dataset(1, leak=True, restate=True)
    result = mine(items, derive_from=DERIVE)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert not any(f.severity == "medium" and f.pointer == "/notice" for fs in flagged.values() for f in fs)
