"""The ``blind`` agent of ``leak baseline --simulate blind`` over whole datasets: a rider in part of the records
among many random values, a score that orders with the label, a note outside ``--derive-from`` and a feedback text
drawn from a pool per label are called leaking; a dataset where nothing rides with the label, and the twin with the
rider removed, stay at chance.

The datasets are invented: tickets with random ids, dates and words, one field or note carrying the label on a
share of them.
"""

from __future__ import annotations

import random

from windtunnel.leakage.baseline import summarize_blind_baseline
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import _split_templated, blind_with_drivers

LABELS = ["approve", "deny", "hold"]
WEIGHTS = [0.5, 0.3, 0.2]
WORDS = ["printer", "invoice", "vpn", "export", "login", "badge", "desk", "cable", "quota", "mail", "sso", "disk"]
NOTE = [
    "Called the customer and left a voicemail about the case today.",
    "Reassigned from the intake queue to tier two.",
]


def _ticket(rng: random.Random, i: int) -> dict[str, object]:
    """A record full of values that ride with no label: an id, a date, a handler, three random words."""
    return {
        "ticket": f"TCK-{rng.randrange(10**6):06d}",
        "opened": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "handler": rng.choice(["ana", "kofi", "wen", "lena", "omar", "zoe"]),
        "tags": rng.sample(WORDS, 3),
        "body": f"Customer {i} writes about their account and the problem they see with it since last week.",
    }


def _dataset(n: int, seed: int, rider: str | None, share: float) -> list[LeakItem]:
    """``n`` tickets; on ``share`` of them ``rider`` says the label: ``code`` (a routing code in a field),
    ``score`` (a score out of 100 whose range gives the label), ``note`` (a sentence in a history note)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        lab = rng.choices(LABELS, WEIGHTS)[0]
        proj = _ticket(rng, i)
        proj["history"] = [{"by": "system", "text": rng.choice(NOTE)}]
        if rider is not None and rng.random() < share:
            k = LABELS.index(lab)
            if rider == "code":
                proj["routing"] = ["RT-PAY-7", "RT-REJ-2", "RT-PEND-4"][k]
            elif rider == "score":
                proj["score"] = rng.randint([80, 10, 45][k], [99, 39, 74][k])
            else:
                said = ["OK to pay, approved at the estimate.", "Not covered under the policy, denial letter sent.",
                        "Waiting on the inspection before any decision is made."][k]  # fmt: skip
                proj["history"].append({"by": "adjuster", "text": said})
        out.append(LeakItem(id=f"t{i}", expected=[lab], label_set=LABELS, projection=proj))
    return out


def _verdict(items: list[LeakItem], derive_from: tuple[str, ...] = ("/body",)) -> tuple[str, float, float]:
    """The baseline's verdict on the agent's out-of-fold answers, its pass rate and the chance rate."""
    preds, _drivers = blind_with_drivers(items, derive_from=derive_from, folds=5, seed=0)
    rows = [{"prediction": p, "label": it.expected[0]} for p, it in zip(preds, items, strict=True)]
    s = summarize_blind_baseline(rows)
    return s.verdict, s.pass_rate, s.chance


def test_a_code_on_a_third_of_the_records_among_random_values_is_a_leak() -> None:
    verdict, rate, chance = _verdict(_dataset(150, 1, "code", 0.35))
    assert verdict == "leak" and rate > chance + 0.15


def test_a_score_whose_range_gives_the_label_is_a_leak() -> None:
    # Every score is a different number: only its range rides with the label.
    verdict, rate, chance = _verdict(_dataset(150, 2, "score", 0.5))
    assert verdict == "leak" and rate > chance + 0.15


def test_a_note_outside_derive_from_is_read_and_prose_stays_hidden_without_it() -> None:
    items = _dataset(150, 3, "note", 0.45)
    assert _verdict(items)[0] == "leak"  # the owner named /body: the adjuster's note is not the task's input
    assert _verdict(items, derive_from=())[0] != "leak"  # no --derive-from: prose may be the input, hidden


def test_nothing_riding_with_the_label_stays_at_chance() -> None:
    for seed in range(4):
        verdict, rate, chance = _verdict(_dataset(150, 10 + seed, None, 0.0))
        assert verdict != "leak" and rate <= chance + 0.05, (seed, rate, chance)


def test_the_twin_without_the_rider_falls_to_chance() -> None:
    leaky = _dataset(150, 4, "code", 0.5)
    twin = [
        LeakItem(id=it.id, expected=it.expected, label_set=LABELS, projection={**it.projection, "routing": "RT-ANY"})
        for it in leaky
    ]
    assert _verdict(leaky)[0] == "leak"
    assert _verdict(twin)[0] != "leak"


def test_a_templated_text_shared_by_many_records_is_not_one_record() -> None:
    # Three students share a feedback text; each holds a name of their own: three records. Two renderings of one
    # record hold the same name: one record.
    where = [
        {("value", "/student", "ana"): ("/student",)},
        {("value", "/student", "kofi"): ("/student",)},
        {("value", "/student", "wen"): ("/student",)},
        {("value", "/student", "lena"): ("/student",)},
        {("value", "/student", "lena"): ("/student",)},
        {("value", "/student", "omar"): ("/student",)},
    ]
    assert _split_templated([0, 0, 0, 1, 1, 1], where) == [0, 2, 3, 1, 1, 1]
