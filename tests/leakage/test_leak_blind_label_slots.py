"""The ``blind`` agent's pooled feature (:mod:`windtunnel.leakage.label_slots`): a slot that names the record's own
label on a few records of every label is a leak no per-label feature shows (two or three records each); a slot
whose label words vary at random stays at chance; the slot is not read inside ``--derive-from`` nor, without it, in
prose.

The datasets are invented: inspections with random ids and words, twelve ratings, an upstream summary naming the
rating on a share of them.
"""

from __future__ import annotations

import random

from windtunnel.leakage.baseline import summarize_blind_baseline
from windtunnel.leakage.label_slots import SlotJudge, read_slots
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_with_drivers
from windtunnel.leakage.text import normalize_needle

LABELS = [f"R{k}" for k in range(1, 13)]
WORDS = ["roof", "siding", "deck", "porch", "window", "gutter", "paint", "floor", "stair", "door", "attic", "vent"]


def _dataset(n: int, seed: int, slot: str | None, share: float = 0.08, *, prose: bool = False) -> list[LeakItem]:
    """``n`` inspections; on ``share`` of them an upstream summary names a rating in one slot: ``own`` (the
    record's own), ``random`` (any rating, drawn independently). ``prose``: the summary is a long sentence."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        lab = rng.choice(LABELS)
        proj: dict[str, object] = {
            "file": f"INS-{rng.randrange(10**6):06d}",
            "inspector": rng.choice(["ana", "kofi", "wen", "lena", "omar", "zoe"]),
            "tags": rng.sample(WORDS, 3),
            "notes": f"Walked the property {i} with the owner and looked at every room and the yard outside.",
        }
        if slot is not None and rng.random() < share:
            named = lab if slot == "own" else rng.choice(LABELS)
            text = f"condition {named}; quality Q{rng.randint(1, 6)}"
            if prose:
                text = f"The prior report from the lender's file gave condition {named}; quality Q3 for this house."
            proj["prior"] = {"summary": text}
        out.append(LeakItem(id=f"i{i}", expected=[lab], label_set=LABELS, projection=proj))
    return out


def _verdict(items: list[LeakItem], derive_from: tuple[str, ...] = ("/notes",)) -> tuple[str, float, float, int]:
    """The baseline's verdict on the agent's out-of-fold answers, its pass rate, the chance rate and how many
    answers a label slot decided."""
    preds, drivers = blind_with_drivers(items, derive_from=derive_from, folds=5, seed=0)
    rows = [{"prediction": p, "label": it.expected[0]} for p, it in zip(preds, items, strict=True)]
    s = summarize_blind_baseline(rows)
    return s.verdict, s.pass_rate, s.chance, sum(1 for d in drivers if d is not None and d[1] == "label-slot")


def test_a_slot_naming_each_records_own_label_on_few_records_per_label_is_a_leak() -> None:
    # About 2 records per rating hold the summary: no single rating's word reaches significance (the agent without
    # the pooled slot stays at chance on these three datasets: 0.12, 0.10, 0.10 against 0.11, 0.10, 0.10), the slot
    # does.
    for seed in (1, 2, 3):
        verdict, rate, chance, decided = _verdict(_dataset(300, seed, "own"))
        assert verdict == "leak" and rate > chance + 0.04
        assert decided >= 15


def test_a_slot_whose_label_words_vary_at_random_stays_at_chance() -> None:
    for seed in (2, 3, 4):
        verdict, _rate, _chance, decided = _verdict(_dataset(300, seed, "random", share=0.3))
        assert verdict != "leak"
        assert decided == 0


def test_the_slot_inside_derive_from_is_not_read() -> None:
    verdict, _rate, _chance, decided = _verdict(_dataset(300, 1, "own"), derive_from=("/notes", "/prior"))
    assert verdict != "leak" and decided == 0


def test_a_slot_in_prose_is_read_only_outside_a_named_input() -> None:
    items = _dataset(300, 5, "own", prose=True)
    assert _verdict(items)[3] > 0  # with --derive-from, prose elsewhere is read
    assert _verdict(items, derive_from=())[3] == 0  # without it, all prose is hidden


def test_a_slot_listing_two_labels_answers_nothing() -> None:
    items = _dataset(120, 6, "own", share=0.5)
    for it in items:
        prior = it.projection.get("prior") if isinstance(it.projection, dict) else None
        if isinstance(prior, dict):
            prior["summary"] = f"condition {it.expected[0]} or R8; quality Q2"
    slots = read_slots(items, ("/notes",))
    judge = SlotJudge.fit(
        range(len(items)), slots, [normalize_needle(it.expected[0]) for it in items], list(range(120))
    )
    assert all(not judge.named(s) for s in slots)
