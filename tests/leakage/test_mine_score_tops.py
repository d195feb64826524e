"""The top of a list or an object of numbers is one value to mining (with the input named): an upstream model's score
vector whose greatest member follows the label states the answer, though no one number does.

Invented shape: a help desk routes tickets to ``billing``, ``outage`` or ``account`` from the ticket's text (the
named input). On some records an earlier router's output was exported with them: ``{"engine": "r-7", "weights":
[0.11, 0.74, 0.15]}``, one weight per queue in an order the record does not name, so the per-item audit has no listing
of the labels to read it by. Its top position rides with the queue. Drawn apart from the queue, or in the named input,
it gives nothing; a tie at the top ranks nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import candidates, mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.score_tops import score_tops

LABELS = ["billing", "outage", "account"]
DERIVE = ["/ticket"]


def _weights(rng: random.Random, top: int) -> list[float]:
    rest = [round(rng.uniform(0.02, 0.2), 3) for _ in LABELS]
    rest[top] = round(rng.uniform(0.55, 0.9), 3)
    return rest


def _dataset(seed: int, *, leak: bool, n: int = 120, keyed: bool = False) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        projection: dict[str, Any] = {
            "ticket": {"body": f"ticket {i}: " + rng.choice(["please help", "see below", "thanks"])},
            "queue_load": [rng.randint(3, 40) for _ in range(4)],  # every record's own numbers, beside any label
        }
        if i % 2 == 0:  # half the records carry the router's output
            top = LABELS.index(label) if leak else rng.randrange(3)
            weights = _weights(rng, top)
            projection["router"] = {
                "engine": "r-7",
                "weights": dict(zip(LABELS, weights, strict=True)) if keyed else weights,
            }
        out.append(LeakItem(id=f"t{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_score_tops_reads_a_strict_top_of_numbers_only() -> None:
    doc = {"a": [0.1, 0.7, 0.2], "b": {"x": 1, "y": 3}, "c": [1, 1], "d": [0.5, "n/a"], "e": [True, False], "f": [4]}
    assert sorted(score_tops(doc)) == [("/a", "1"), ("/b", "y")]
    assert list(score_tops({"g": {"h": [2.0, 9.5]}})) == [("/g/h", "1")]  # nested
    assert not list(score_tops({"long": list(range(17))}))  # a series, not one score per label


def test_a_score_vector_whose_top_follows_the_label_is_mined_and_found() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    tops = {s.label: s.value for s in result.suggestions if s.pointer == "/router/weights"}
    assert tops == {"billing": "argmax 0", "outage": "argmax 1", "account": "argmax 2"}
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    carried = [it for it in items if "router" in it.projection]
    for it in carried:
        assert any(f.severity == "medium" and f.pointer == "/router/weights" for f in flagged.get(it.id, [])), it.id
    assert not [it.id for it in items if "router" not in it.projection and it.id in flagged]


def test_a_label_keyed_map_under_a_plain_name_is_read_by_its_top_key() -> None:
    items = _dataset(2, leak=True, keyed=True)
    result = mine(items, derive_from=DERIVE)
    tops = {s.label: s.value for s in result.suggestions if s.pointer == "/router/weights"}
    assert tops == {"billing": "argmax billing", "outage": "argmax outage", "account": "argmax account"}


def test_a_top_drawn_apart_from_the_label_gives_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.value.startswith("argmax")], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_no_top_is_read_in_the_named_input_nor_without_it() -> None:
    projection = {"ticket": {"scores": [0.1, 0.8, 0.1]}, "router": {"weights": [0.2, 0.1, 0.7]}}
    found = candidates(projection, DERIVE)
    assert ("value", "/router/weights", "argmax 2") in found
    assert not [k for k in found if k[1].startswith("/ticket") and k[2].startswith("argmax")]
    assert not [k for k in candidates(projection, []) if k[2].startswith("argmax")]  # mode (a): the input is inferred


def test_the_sanitizers_cut_of_what_the_agent_reads_finds_a_top_at_its_vector() -> None:
    # the blind agent reads the tops mining reads (:func:`candidates`); the cut of what it reads finds them where
    # they sit, as it finds a list's set (``shortcuts.shortcut_findings``)
    from windtunnel.leakage.shortcuts import shortcut_findings

    it = LeakItem(
        id="t1",
        expected=["outage"],
        projection={"ticket": {"body": "down", "scores": [0.1, 0.8, 0.1]}, "router": {"weights": [0.2, 0.7, 0.1]}},
        label_set=LABELS,
    )
    found = shortcut_findings(it, [("value", "/router/weights", "argmax 1")], derive_from=DERIVE)
    assert [(f.pointer, f.view) for f in found] == [("/router/weights", "top")]
    inside = shortcut_findings(it, [("value", "/ticket/scores", "argmax 1")], derive_from=DERIVE)
    assert not inside  # the named input is never cut
