"""The mutations' per-variant generator (``_util.rng.HashRandom``): fixed by its key, every method usable."""

from __future__ import annotations

import random

import pytest

from windtunnel._util.rng import HashRandom, variant_rng
from windtunnel.mutations.base import MutationContext
from windtunnel.mutations.plan import generate_one, plan_mutations

TYPES = ["paraphrase", "noise", "tone_shift", "prompt_injection"]


def draws(rng: random.Random) -> list[object]:
    items = list(range(20))
    rng.shuffle(items)
    return [
        rng.random(),
        rng.getrandbits(7),
        rng.getrandbits(700),  # spans more than one 512-bit block
        rng.randrange(1000),
        rng.randint(-5, 5),
        rng.choice("abcdefgh"),
        rng.sample(range(100), 5),
        items,
        rng.uniform(1.0, 2.0),
        rng.choices("xyz", k=4),
        rng.gauss(0.0, 1.0),
        rng.randbytes(3),
    ]


def test_the_same_key_draws_the_same_values_and_another_key_others() -> None:
    assert draws(variant_rng(1, "mutation", "hi", "noise", 0, 0)) == draws(
        variant_rng(1, "mutation", "hi", "noise", 0, 0)
    )
    assert draws(variant_rng(1, "mutation", "hi", "noise", 0, 0)) != draws(
        variant_rng(2, "mutation", "hi", "noise", 0, 0)
    )
    assert draws(variant_rng(1, "a", "b")) != draws(variant_rng(1, "ab"))  # parts are separated


def test_draws_stay_in_range_and_spread() -> None:
    rng = HashRandom(b"spread")
    below = [rng.randrange(7) for _ in range(7000)]  # thousands of draws: many 512-bit blocks
    assert set(below) == set(range(7))
    assert all(800 < below.count(v) < 1200 for v in range(7))
    floats = [rng.random() for _ in range(2000)]
    assert all(0.0 <= f < 1.0 for f in floats) and 0.45 < sum(floats) / len(floats) < 0.55
    assert rng.getrandbits(0) == 0
    with pytest.raises(ValueError):
        rng.getrandbits(-1)


def test_it_cannot_be_reseeded_or_given_a_twister_state() -> None:
    rng = HashRandom(b"k")
    with pytest.raises(TypeError, match="reseed"):
        rng.seed(1)
    with pytest.raises(TypeError):
        rng.setstate(random.Random(1).getstate())


def test_planned_variants_come_from_it_and_regenerate_identically() -> None:
    ctx = MutationContext()
    seen: list[random.Random] = []
    from windtunnel.mutations.base import mutations

    mt = mutations.get("noise")
    original = mt.generate
    try:
        object.__setattr__(mt, "generate", lambda p, rng, c: (seen.append(rng), original(p, rng, c))[1])
        generate_one("Where is my order?", "noise", 3, 0, ctx)
    finally:
        object.__setattr__(mt, "generate", original)
    assert [type(r) for r in seen] == [HashRandom]
    assert seen[0]._key == variant_rng(3, "mutation", "Where is my order?", "noise", 0, 0)._key  # what it was made from
    golden = "Where is my order number 42, and when will it ship?"
    first = plan_mutations(golden, TYPES, 10, 7, ctx)
    again = plan_mutations(golden, TYPES, 10, 7, ctx)
    assert [p.input for p in first] == [p.input for p in again]
    assert [p.input for p in first] != [p.input for p in plan_mutations(golden, TYPES, 10, 8, ctx)]
    for p in first:
        assert generate_one(golden, p.type, 7, p.k, ctx, p.attempt).input == p.input


@pytest.mark.parametrize("population", [list(range(10)), tuple("abcdefgh"), range(10**6), "abcdefg", range(40)])
def test_sample_picks_distinct_members_of_any_sequence(population: object) -> None:
    rng = HashRandom(b"sample")
    seq = population  # type: ignore[assignment]
    for k in (0, 1, 3, min(len(seq), 7)):  # type: ignore[arg-type]
        picked = rng.sample(seq, k)  # type: ignore[arg-type]
        assert len(picked) == k and all(p in seq for p in picked)  # type: ignore[operator]
        assert len({seq.index(p) for p in picked}) == k  # type: ignore[attr-defined]
    assert sorted(rng.sample(list(range(10)), 10)) == list(range(10))
    with pytest.raises(ValueError):
        rng.sample(list(range(3)), 4)
    with pytest.raises(TypeError):
        rng.sample({1, 2, 3}, 2)  # type: ignore[call-overload]  # a set is refused, as random.Random refuses it
    assert rng.sample(["a", "b"], 2, counts=[1, 1]) in (["a", "b"], ["b", "a"])
