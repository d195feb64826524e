"""A code whose number's series rides with the label is mined, both ways.

A shipping desk's exception records each carry the workflow a rules engine ran, ``WF-1xx`` for a reroute, ``WF-5xx``
for a return to sender, ``WF-8xx`` for a claim: every code is held by one or two records, so no code reaches the
support floor and the word ``wf`` is held by every label, but read as the code's number, sorted, the records of one
label sit together. Mining tests each run of one label's numbers after the same word (its p times the intervals the
word's numbers make), wherever the code is written (a field of its own or a line of a log), and finds the records
through the 2-grams that hold the numbers. The same codes drawn independently of the label give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import correlated_map, mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["reroute", "return_to_sender", "claim"]
SERIES = {"reroute": 100, "return_to_sender": 500, "claim": 800}
NOTES = ["Parcel scanned at hub", "Address label smudged", "Consignee not available", "Box arrived wet"]
DERIVE = ["/exception/scan_text"]


def _dataset(seed: int, *, leak: bool, n: int = 180) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choices(LABELS, weights=[5, 3, 2])[0]
        base = SERIES[label] if leak else rng.choice(list(SERIES.values()))
        code = f"WF-{base + rng.randrange(100)}"
        projection: dict[str, Any] = {
            "exception": {
                "id": f"EXC-{rng.randrange(10**6):06d}",
                "scan_text": f"{rng.choice(NOTES)}; depot {rng.randrange(1, 40)}",
            },
            "history": [f"2026-03-{rng.randint(10, 28)} exception opened"],
        }
        if rng.random() < 0.5:
            projection["workflow"] = {"code": code, "state": "done"}
        else:
            projection["history"].append(f"2026-04-{rng.randint(10, 28)} engine ran {code}")
        out.append(LeakItem(id=f"x{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_code_series_by_label_is_mined_and_found_where_it_is_written() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    ranges = {s.label: s for s in result.suggestions if s.kind == "range"}
    assert set(ranges) == set(LABELS)
    assert all(s.value.startswith("wf ") and s.purity == 1.0 for s in ranges.values())
    assert ranges["claim"].value.split(" ")[1].startswith("8")
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert len(flagged) == len(items)  # every record holds a code of its label's series, in a field or a log line
    pointers = {f.pointer.rsplit("/", 1)[0] for fs in flagged.values() for f in fs}
    assert pointers == {"/workflow", "/history"}
    for it in items:  # each finding points at the code's characters
        text = it.projection.get("workflow", {}).get("code") or it.projection["history"][-1]
        (f,) = flagged[it.id]
        assert f.severity == "medium"
        span = f.span or (0, len(text))
        assert text[span[0] : span[1]].startswith("WF-")
    mapping = correlated_map(result.suggestions, result.members)
    assert all(isinstance(e, str) and e.startswith("wf ") for es in mapping.values() for e in es)


def test_codes_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(4):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.kind == "range"], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_a_number_after_a_word_in_every_label_is_not_a_series() -> None:
    # depot numbers in the task's input and ids are never runs: the input is not mined, ids are drawn at random
    items = _dataset(3, leak=True)
    result = mine(items, derive_from=DERIVE)
    assert not [s for s in result.suggestions if s.kind == "range" and not s.value.startswith("wf ")]


def test_ids_drawn_in_one_block_per_task_of_a_mixed_file_are_not_a_series() -> None:
    # a file mixing two tasks (two label sets), each family's ticket ids drawn from its own block and each family
    # answering mostly one label: across the file the ids sort by task, hence by label; within a task they do not
    rng = random.Random(7)
    items = []
    for task, labels, base in (("t", ["spam", "ham"], 10000), ("u", ["low", "high"], 20000)):
        for i in range(60):
            label = labels[0] if rng.random() < 0.9 else labels[1]
            projection = {"ticket": f"TCK-{base + rng.randrange(5000)}", "body": f"{rng.choice(NOTES)} {i}"}
            items.append(LeakItem(id=f"{task}{i}", expected=[label], projection=projection, label_set=labels))
    result = mine(items, derive_from=["/body"])
    assert not [s for s in result.suggestions if s.kind == "range"]
