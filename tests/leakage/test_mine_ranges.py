"""A number whose ranges ride with the label is mined, both ways; the task's input tells records apart.

A gradebook's points beside each essay (90-100 for A, 80-89 for B ...): each value is held by a few essays only, so
no value reaches the support floor, but sorted by the number the essays of one label sit together. Mining tests
each run of one label's values (its p times the field's intervals), finds the items through the values, and the
correlated map scopes them to their pointer. The same numbers drawn independently of the label give nothing.
Essays given one feedback sentence from a per-grade pool, each with its own word count (the task's input), are
different records, not one essay shown several ways.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import correlated_map, mine, mined_findings, prose_prints, records_of
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.ranges import number_of, pure_runs, separated

LABELS = ["A", "B", "C", "D"]
BANDS = {"A": (90, 100), "B": (80, 89), "C": (70, 79), "D": (40, 69)}
FEEDBACK = {lab: [f"Feedback sentence {k} for the {lab.lower()} pool." for k in range(3)] for lab in LABELS}


def _dataset(seed: int, *, leak: bool, n: int = 200) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        lo, hi = BANDS[label] if leak else (40, 100)
        projection: dict[str, Any] = {
            "essay": {"feedback": rng.choice(FEEDBACK[label]), "words": rng.randint(300, 2500)},
            "gradebook": {"points": rng.randint(lo, hi), "grader": rng.choice(["TA Kim", "TA Ode", "TA Lee"])},
        }
        out.append(LeakItem(id=f"e{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


DERIVE = ["/essay/feedback", "/essay/words"]


def test_points_by_band_are_mined_and_found_through_their_values() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    ranges = [s for s in result.suggestions if s.kind == "range"]
    assert {s.label for s in ranges} == set(LABELS)
    assert all(s.pointer == "/gradebook/points" and s.purity == 1.0 for s in ranges)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert len(flagged) == len(items)  # every essay holds a value of its label's run
    assert all(f.pointer == "/gradebook/points" and f.severity == "medium" for fs in flagged.values() for f in fs)
    mapping = correlated_map(result.suggestions, result.members)
    assert all(isinstance(e, dict) and e["pointer"] == "/gradebook/points" for es in mapping.values() for e in es)


def test_points_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(4):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.kind == "range"], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE))


def test_the_task_input_tells_records_apart() -> None:
    items = _dataset(2, leak=True)
    prose = [prose_prints(it.projection, DERIVE) for it in items]
    record_of, _ = records_of([it.expected[0] for it in items], prose)
    assert len(set(record_of)) == len(items)  # one sentence each pool, but each essay its own word count
    # one essay shown twice (same sentence, same word count) is still one record
    twin = [items[0], LeakItem(id="twin", expected=items[0].expected, projection=items[0].projection)]
    r, _ = records_of(["A", "A"], [prose_prints(it.projection, DERIVE) for it in twin])
    assert r[0] == r[1]


def test_pure_runs_break_at_a_shared_value_and_skip_non_numbers() -> None:
    values = {
        "10": {"x": 3},
        "11": {"x": 2},
        "12%": {"x": 1, "y": 1},  # both labels: the run of x ends here
        "13": {"y": 4},
        "14.5": {"y": 3},
        "v2": {"y": 9},  # not a number on a scale
    }
    runs = pure_runs(values, min_support=5)
    assert [(r.label, r.texts, r.support) for r in runs] == [("x", ("10", "11"), 5), ("y", ("13", "14.5"), 7)]
    assert runs[0].intervals == 5 * 6 // 2
    assert number_of("88.0%") == 88.0 and number_of("2026-01-02") is None and number_of("A1") is None


def test_a_field_one_kind_of_record_holds_is_not_sorted_by_its_numbers() -> None:
    """A file mixing tasks: amounts appear only on records of one task, whose labels are rare in the whole file.
    Counted against the file, any run of them looks pure; counted among the records holding the field, the
    amounts are drawn apart from the label and nothing is mined."""
    rng = random.Random(5)
    items = []
    for i in range(400):
        if i % 8 == 0:  # one record in eight is a payment question, answered yes or no
            label = rng.choice(["yes", "no"])
            projection: dict[str, Any] = {"amount": {"value": round(rng.uniform(10, 300), 2)}}
        else:
            label = rng.choice(LABELS)
            projection = {"gradebook": {"grader": rng.choice(["TA Kim", "TA Ode", "TA Lee"])}}
        items.append(LeakItem(id=f"m{i}", expected=[label], projection=projection))
    assert not [s for s in mine(items).suggestions if s.kind == "range"]


TIERS = ["1", "2", "3", "4", "5"]


def _panel(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    # an upstream panel's 100-point score on about one lot in eight: each tier's scores on 2-6 lots, every run too
    # small to pass alone, but the field sorted falls into one block per tier (when the score maps to the tier)
    rng = random.Random(seed)
    out = []
    for i in range(n):
        tier = rng.choice(TIERS)
        projection: dict[str, Any] = {"lab": {"ph": round(rng.uniform(3.2, 3.8), 2)}, "upstream": {"score": None}}
        if i % 8 == 0:
            band = int(tier) if leak else rng.randint(1, 5)
            projection["upstream"]["score"] = round(rng.uniform(78 + 4 * band, 81.9 + 4 * band), 1)
        out.append(LeakItem(id=f"l{i}", expected=[tier], projection=projection, label_set=TIERS))
    return out


def test_a_field_sorted_into_one_block_per_label_is_found_as_a_whole() -> None:
    items = _panel(4, leak=True)
    scored = {it.id for it in items if it.projection["upstream"]["score"] is not None}
    result = mine(items, derive_from=["/lab"])
    ranges = [s for s in result.suggestions if s.kind == "range" and s.pointer == "/upstream/score"]
    assert {s.label for s in ranges} == {it.expected[0] for it in items if it.id in scored}
    assert any(s.support < 5 for s in ranges)  # a block no run test finds alone
    flagged = dict(mined_findings(items, result, derive_from=["/lab"]))
    assert set(flagged) == scored


def test_a_score_drawn_apart_from_the_label_sorts_into_no_blocks() -> None:
    for seed in range(4):
        items = _panel(seed, leak=False)
        result = mine(items, derive_from=["/lab"])
        assert not [s for s in result.suggestions if s.pointer == "/upstream/score"], seed


def test_separated_counts_the_orderings_of_the_labels() -> None:
    # three labels of 2 records each in three blocks: 3! * 2!^3 / 6! = 1 in 15
    values = {"1": {"a": 1}, "2": {"a": 1}, "3": {"b": 2}, "4": {"c": 1}, "5": {"c": 1}}
    sep = separated(values)
    assert sep is not None and abs(sep.p - 48 / 720) < 1e-12
    assert [(b.label, b.texts) for b in sep.blocks] == [("a", ("1", "2")), ("b", ("3",)), ("c", ("4", "5"))]
    assert separated({**values, "6": {"a": 1}}) is None  # a label on both sides of another's block
    assert separated({**values, "3": {"b": 1, "c": 1}}) is None  # a value two labels hold
    assert separated({"1": {"a": 1}, "x": {"b": 1}, "2": {"b": 1}}) is None  # two numbers: no order to tell


def _mixed_tasks(seed: int) -> list[LeakItem]:
    """Three tasks in one file (told apart by their label sets): a priority of 1-2 for one label and 5-6 for the other
    in the first, the other way round (and 3-4 for a third label) in the second, drawn apart from the label in the
    third."""
    rng = random.Random(seed)
    out: list[LeakItem] = []

    def add(n: int, labels: list[str], priority: dict[str, list[int]] | None) -> None:
        for _ in range(n):
            label = rng.choice(labels)
            value = rng.choice(priority[label]) if priority else rng.randint(1, 6)
            projection = {
                "ticket": {"text": rng.choice(["printer down", "cannot login", "need laptop", "vpn slow"])},
                "meta": {"priority": value, "site": rng.choice(["N", "S"])},
            }
            out.append(LeakItem(id=f"m{len(out)}", expected=[label], projection=projection, label_set=labels))

    add(60, ["A", "B"], {"A": [1, 2], "B": [5, 6]})
    add(60, ["A", "B", "D"], {"A": [5, 6], "B": [1, 2], "D": [3, 4]})
    add(90, ["A", "B", "C"], None)
    return out


def test_a_run_found_in_one_task_does_not_flag_each_label_of_another_task_holding_its_values() -> None:
    """Priorities 5-6 are one label's run in the first task and the other's in the second: each value is a member of
    both labels' runs, yet a run found in one task is no evidence about the third task's records holding the same
    values (a member shared by several runs keeps its first suggestion, as before): 89 records flagged, not 169."""
    items = _mixed_tasks(3)
    result = mine(items, derive_from=["/ticket"])
    flagged = dict(mined_findings(items, result, derive_from=["/ticket"]))
    third = [it for it in items if it.label_set == ["A", "B", "C"]]
    assert sum(1 for it in third if it.id in flagged) <= 30
    assert len(flagged) == 89
