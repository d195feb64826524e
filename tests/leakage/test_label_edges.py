"""A rider set aside as the input's is a leak when its records lie scattered over the input (:mod:`.label_edges`).

Invented parcels: the class follows the weight (the input). A surcharge set above a weight on one mode rides with the
heaviest class only because the weight (and the mode, any class's) sets it: part of a band of the input, clean. A desk
code planted on a random third of one class's records, wherever their weights, is a leak. Both ways, with the cases
the tests cannot judge (ties at one input value, a rider on every record of a label, a label too small) left to the
decision of :func:`~windtunnel.leakage.input_explained.explained_by`.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise
from typing import Any

from windtunnel.leakage.input_explained import explained_by
from windtunnel.leakage.label_edges import (
    edge_p,
    fewest_runs,
    runs_p,
    scattered,
    set_by_another,
    shortest_span,
    span_p,
)
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem

CLASSES = ["light", "medium", "heavy"]


def _class(weight: float) -> str:
    return "light" if weight < 10 else "medium" if weight < 30 else "heavy"


def _parcels(seed: int, *, desk: bool = False, n: int = 180) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        weight = round(rng.uniform(1, 70), 1)
        label = _class(weight)
        mode = rng.choice(["air", "road", "sea"])
        projection: dict[str, Any] = {
            "weight_kg": weight,
            "mode": mode,
            "surcharge": "OVW-AIR" if mode == "air" and weight > 50 else "none",
            "ref": f"P-{rng.randint(1000, 9999)}",
        }
        if desk:
            projection["desk"] = "H-7" if label == "medium" and rng.random() < 1 / 3 else rng.choice(["D-1", "D-2"])
        out.append(LeakItem(id=f"p{i}", expected=[label], projection=projection, label_set=CLASSES))
    return out


def _runs(seq: tuple[int, ...]) -> int:
    return 1 + sum(a != b for a, b in pairwise(seq))


def test_runs_and_span_are_counted_exactly() -> None:
    for present, absent in [(3, 4), (4, 5), (2, 7)]:
        n = present + absent
        seqs = [tuple(int(i in c) for i in range(n)) for c in combinations(range(n), present)]
        for r in range(2, n + 1):
            want = sum(_runs(s) <= r for s in seqs) / len(seqs)
            assert abs(runs_p(present, absent, r) - want) < 1e-12
        for w in range(present, n + 1):
            want = sum(max(c) - min(c) + 1 <= w for c in combinations(range(n), present)) / len(seqs)
            assert abs(span_p(present, n, w) - want) < 1e-12


def test_ties_are_ordered_as_suits_the_input() -> None:
    # per input value: (with the rider, without); the 2nd value's records can join either neighbour
    assert fewest_runs([(0, 2), (1, 1), (2, 0), (0, 3)]) == 3
    assert shortest_span([(0, 2), (1, 1), (2, 0), (0, 3)]) == 3
    assert fewest_runs([(0, 3), (4, 2), (0, 5)]) == 3  # riders tied at one input value: one stretch


def test_a_surcharge_above_a_weight_on_one_mode_stays_the_inputs() -> None:
    """Part of a band of the input (above 50 kg) on one mode: set aside at main, and still."""
    for seed in (0, 2, 3, 4):  # seed 1's surcharge is too rare to be mined at all
        res = mine(_parcels(seed), derive_from=["/weight_kg"])
        assert not any(s.pointer == "/surcharge" for s in res.suggestions), seed
        assert ("/surcharge", "OVW-AIR") in {(e.suggestion.pointer, e.suggestion.value) for e in res.explained}


def test_a_surcharge_on_few_records_stays_the_inputs_by_its_mode() -> None:
    """Few surcharged parcels scatter over the top of the heavy band (runs and span both at chance); within that
    stretch the surcharge is on exactly the air parcels, and air is any class's mode: set by the input and the mode
    (:func:`~windtunnel.leakage.label_edges.set_by_another`). Without that test these three were flagged."""
    for seed, n in [(2, 120), (29, 90), (29, 120)]:
        res = mine(_parcels(seed, desk=True, n=n), derive_from=["/weight_kg"])
        assert not any(s.pointer == "/surcharge" for s in res.suggestions), (seed, n)


def test_a_code_on_a_random_third_of_one_class_is_found() -> None:
    """Including where the code's own span of weights happened to say the class beyond chance (set aside at main:
    seeds 21, 25 and 34)."""
    for seed, n in [(0, 180), (1, 180), (2, 180), (3, 180), (21, 120), (25, 90), (25, 120), (34, 90)]:
        res = mine(_parcels(seed, desk=True, n=n), derive_from=["/weight_kg"])
        assert ("/desk", "H-7", "medium") in {(s.pointer, s.value, s.label) for s in res.suggestions}, (seed, n)
        assert not any(s.pointer == "/surcharge" for s in res.suggestions), (seed, n)


def _band(riders: set[int]) -> tuple[list[dict[str, float | str]], list[str]]:
    """Label x at 22 eGFR-like values (ties among them), y below and z above; ``riders`` index x's records."""
    xs = [15, 15, 16, 18, 19, 19, 20, 20, 20, 20, 22, 23, 23, 23, 24, 25, 25, 25, 26, 27, 27, 28]
    values = [*xs, *range(1, 15), *range(30, 44)]
    labels = ["x"] * len(xs) + ["y"] * 14 + ["z"] * 14
    return [{"/egfr": float(v)} for v in values], labels


def test_a_planted_subset_the_riders_span_seems_to_explain_is_scattered() -> None:
    """The rider's own span (16…23) says x and holds it beyond chance, but along x's records it makes as many runs as
    chance does, and its span is no shorter than chance gives: a leak."""
    riders = {2, 3, 5, 6, 9, 10, 11}  # 16, 18, 19, 19→ one of the two, 20 ×2, 22, 23
    inputs, labels = _band(riders)
    assert explained_by(riders, "x", 1.0, inputs, labels) == "/egfr"
    assert scattered(riders, "x", "/egfr", inputs, labels, 1)


def test_a_stretch_of_the_input_stays_set_aside() -> None:
    riders = set(range(14, 22))  # x's records from 24 up: one stretch
    inputs, labels = _band(riders)
    assert explained_by(riders, "x", 1.0, inputs, labels) == "/egfr"
    assert not scattered(riders, "x", "/egfr", inputs, labels, 1)


def test_riders_tied_at_one_input_value_stay_set_aside() -> None:
    riders = {6, 7, 8}  # three of the four records at 20: too few to show a stretch, but one value of the input
    inputs, labels = _band(riders)
    assert explained_by(riders, "x", 1.0, inputs, labels) == "/egfr"
    assert not scattered(riders, "x", "/egfr", inputs, labels, 1)


def test_a_rider_on_every_record_of_a_label_follows_the_input_test() -> None:
    riders = set(range(22))
    inputs, labels = _band(riders)
    assert edge_p([(float(v), True) for v in range(5)]) is None
    assert not scattered(riders, "x", "/egfr", inputs, labels, 1)


def test_a_label_too_small_to_judge_keeps_todays_decision() -> None:
    inputs = [{"/n": float(v)} for v in [*range(10, 16), *range(1, 7)]]
    labels = ["x"] * 6 + ["y"] * 6
    riders = {0, 2, 4}  # alternate records of x: scattered, but six records cannot reject chance
    assert not scattered(riders, "x", "/n", inputs, labels, 1)


def test_a_rider_at_a_text_place_is_left_alone() -> None:
    inputs: list[dict[str, float | str]] = [{"/t": "a"}] * 10 + [{"/t": "b"}] * 10
    labels = ["x"] * 20
    assert not scattered({0, 3, 6}, "x", "/t", inputs, labels, 1)


def test_a_value_of_another_field_sets_the_rider_only_when_it_is_not_the_labels() -> None:
    riders = {2, 3, 5, 6, 9, 10, 11}
    inputs, labels = _band(riders)
    n = len(labels)
    # a mode every label has, on exactly the riders within their stretch (16..23) and elsewhere at random
    mode: list[dict[str, float | str]] = [{"/mode": "air" if r in riders or r % 3 == 0 else "road"} for r in range(n)]
    mode = [({"/mode": "road"} if 1 < r < 14 and r not in riders else m) for r, m in enumerate(mode)]
    assert set_by_another(riders, "x", "/egfr", inputs, mode, labels) == "/mode"
    assert not scattered(riders, "x", "/egfr", inputs, labels, 1, mode)
    # a second code planted on the same records is the label's: it sets nothing
    twin: list[dict[str, float | str]] = [{"/code": "Q" if r in riders else "-"} for r in range(n)]
    assert set_by_another(riders, "x", "/egfr", inputs, twin, labels) is None
    assert scattered(riders, "x", "/egfr", inputs, labels, 1, twin)
