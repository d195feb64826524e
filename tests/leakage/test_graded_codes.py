"""A code book among numbers that say nothing is no measure (principle 7, ``graded.codes_among_numbers``).

An upstream router writes its team's id on the tickets it routed (``17`` billing, ``23`` outage, ``41`` account, ``58``
feature) and a default queue's number, or any other, on the rest. Sorted, the field looks like a measurement's mixed
middle with pure values, and read as graded the rider was for review only. A measurement (a reading of the subject
beside the one the rule reads) is pure at its ends and in bands, and stays graded.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.leakage.items_file import scan_items, write_rows
from windtunnel.leakage.graded import codes_among_numbers, graded

LABELS = ["billing", "outage", "account", "feature"]
TEAM = {"billing": 17, "outage": 23, "account": 41, "feature": 58}
TEXT = {
    "billing": "I was charged twice this month for my plan",
    "outage": "the service is down and nothing loads",
    "account": "I cannot log in to my profile after reset",
    "feature": "please add dark mode to the dashboard",
}
INPUT = ["/issue/text"]


def _rows(noise: str, *, rider: bool = True, seed: int = 3, n: int = 160) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        label = rng.choice(LABELS)
        other = rng.choice([5, 9, 12, 30]) if noise == "queues" else rng.randint(1, 99)
        while other in TEAM.values():
            other = rng.randint(1, 99)
        team = TEAM[label] if rider and rng.random() < 0.5 else other
        text = f"{TEXT[label]} {rng.choice(['thanks', 'asap', 'help'])} ref {rng.randint(100, 999)}"
        projection = {"issue": {"text": text, "routing": {"team": {"id": team}}}}
        rows.append({"id": f"t{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


@pytest.mark.parametrize("noise", ["queues", "any"])
def test_a_team_id_per_label_beside_other_numbers_is_a_leak(tmp_path: Path, noise: str) -> None:
    rows = _rows(noise)
    report = scan_items(write_rows(tmp_path / "tickets.jsonl", rows), INPUT)
    routed = [r["id"] for r in rows if r["projection"]["issue"]["routing"]["team"]["id"] in TEAM.values()]
    assert len(routed) >= 60
    assert all(report[rid]["leaked"] for rid in routed)
    assert not any(report[r["id"]]["leaked"] for r in rows if r["id"] not in routed)


def test_the_same_tickets_without_the_rider_flag_nothing(tmp_path: Path) -> None:
    report = scan_items(write_rows(tmp_path / "tickets.jsonl", _rows("queues", rider=False)), INPUT)
    assert not any(it["leaked"] for it in report.values())


def _measurement(seed: int = 7, n: int = 200) -> list[tuple[float, str]]:
    """A reading of the subject beside the one the rule reads: integer, noisy, pure at its ends and in bands."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        x = rng.uniform(0, 100)
        label = LABELS[min(3, int(x // 25))]
        pairs.append((float(round(x + rng.gauss(0, 8))), label))
    return pairs


def test_a_measurement_is_no_code_book_and_stays_graded() -> None:
    pairs = _measurement()
    assert not codes_among_numbers(pairs)
    assert graded(list(pairs))


def test_codes_among_numbers_both_ways() -> None:
    rng = random.Random(1)
    noise = [(float(rng.choice([5, 9, 12, 30])), rng.choice(LABELS)) for _ in range(80)]
    codes = [(float(TEAM[lab]), lab) for lab in LABELS for _ in range(10)]
    assert codes_among_numbers(noise + codes)
    assert not codes_among_numbers(noise)  # nothing pure: no code
    few = [(float(TEAM[lab]), lab) for lab in LABELS for _ in range(3)]
    assert not codes_among_numbers(noise + few)  # a value on three records: chance, not a code
    by_label = sorted(noise, key=lambda p: p[1])  # the rest read in label order: not shown to say nothing
    values = sorted(v for v, _ in noise)
    assert not codes_among_numbers([(v, lab) for (_v, lab), v in zip(by_label, values, strict=True)] + codes)
