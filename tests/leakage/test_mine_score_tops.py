"""The top of a list or an object of numbers is one value to mining (with the input named): an upstream model's score
vector whose greatest member follows the label states the answer, though no one number does.

Invented shape: a help desk routes tickets to ``billing``, ``outage`` or ``account`` from the ticket's text (the
named input). On some records an earlier router's output was exported with them: ``{"engine": "r-7", "weights":
[0.11, 0.74, 0.15]}``, one weight per queue in an order the record does not name, so the per-item audit has no listing
of the labels to read it by. Its top position rides with the queue. Drawn apart from the queue, or in the named input,
it gives nothing; a tie at the top ranks nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine, mined_findings
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
    assert sorted((t.pointer, t.member) for t in score_tops(doc)) == [("/a", "1"), ("/b", "y")]
    assert [(t.pointer, t.member) for t in score_tops({"g": {"h": [2.0, 9.5]}})] == [("/g/h", "1")]  # nested
    assert not list(score_tops({"long": list(range(17))}))  # a series, not one score per label
    # with the record's label set: one number per label, so a pair of coordinates is no score vector of four labels
    doc = {"coords": [41.6, 0.21], "probs": [0.1, 0.2, 0.6, 0.1], "channels": [0.4, 0.5, 0.2, 0.8, 0.8, 0.6]}
    assert [(t.pointer, t.member) for t in score_tops(doc, labels=4)] == [("/probs", "2")]


def test_numbers_written_as_strings_and_json_held_in_a_string_are_read_too() -> None:
    doc = {"s": ["0.120", "0.730", "0.150"], "j": '{"order": "v3", "probs": [0.2, 0.5, 0.3]}', "w": ["0.1", "high"]}
    tops = {(t.pointer, t.member, t.cut) for t in score_tops(doc)}
    assert tops == {("/s", "1", None), ("/j/probs", "1", 2)}  # inside the string: cut after the string's pointer


def test_a_vector_any_of_whose_members_is_the_named_input_is_the_input() -> None:
    # the input named member by member (or a list as ``/x/*``): the vector is the input's, no top, no cut
    projection = {"scores": {"a": 3, "b": 9, "c": 1}, "ranks": [4, 8, 2], "router": {"weights": [0.2, 0.1, 0.7]}}
    for named in (["/scores/a", "/scores/b", "/scores/c", "/ranks/*"], ["/scores/b", "/ranks/1"]):
        assert [t.pointer for t in score_tops(projection, named)] == ["/router/weights"], named
        tops = [k for k in candidates(projection, named) if k[2].startswith("argmax")]
        assert tops == [("value", "/router/weights", "argmax 2")], named
    copied = {"/router/weights/0", "/router/weights/1", "/router/weights/2"}  # the item's copy of its input
    assert not list(score_tops({"router": projection["router"]}, ["/scores"], copied))


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


def _pollutants(seed: int, *, extra: str, n: int = 150) -> list[dict[str, Any]]:
    """Invented: name the primary pollutant, the input's sub-index that is highest. ``extra`` is what else each
    record holds: ``members`` (nothing: the input is named member by member; ``list``: the same as a list named
    ``/x/*``), ``copy`` (the sub-indices again, as a
    chart's shares: a rescaled copy in a list), ``prior`` (yesterday's sub-indices: the same pollutant most days)."""
    rng = random.Random(seed)
    keys = ["pm25", "o3", "no2"]
    out = []
    for i in range(n):
        top = i % 3
        today = {k: rng.randint(20, 90) for k in keys}
        today[keys[top]] = rng.randint(100, 160)
        projection: dict[str, Any] = {"today": {"sub_index": today}}
        if extra == "list":
            projection = {"today": {"sub_index": [today[k] for k in keys]}}
        elif extra == "copy":
            total = sum(today.values())
            projection["chart"] = {"bars": [round(today[k] / total, 3) for k in keys]}
        elif extra == "prior":
            first = top if rng.random() < 0.8 else rng.randrange(3)
            yesterday = {k: rng.randint(20, 90) for k in keys}
            yesterday[keys[first]] = rng.randint(100, 160)
            projection["yesterday"] = {"sub_index": yesterday}
        out.append({"id": f"p{i}", "expected": keys[top], "label_set": keys, "projection": projection})
    return out


def test_the_input_named_by_its_members_copied_or_a_prior_state_gives_no_top_and_no_cut(tmp_path: Path) -> None:
    # review of rec34 (D1-D3): the input's own vector named member by member (or ``/x/*``), a rescaled copy of it
    # elsewhere, yesterday's sub-indices (a prior state, principle 7) all rank as the label does; none states it
    from windtunnel.flows.leak import Fields, SanitizeRequest, items, sanitize_flow
    from windtunnel.leakage.shortcuts import blind_shortcuts

    members = ["/today/sub_index/pm25", "/today/sub_index/o3", "/today/sub_index/no2"]
    for extra, derive in (
        ("members", members),
        ("list", ["/today/sub_index/*"]),
        ("copy", ["/today"]),
        ("prior", ["/today"]),
    ):
        raw, clean = tmp_path / f"{extra}.jsonl", tmp_path / f"{extra}.clean.jsonl"
        raw.write_text("".join(json.dumps(r) + "\n" for r in _pollutants(5, extra=extra)), encoding="utf-8")
        its = [m.item for m in items(raw, Fields().field_map())]
        result = mine(its, derive_from=derive)
        assert not [s for s in result.suggestions if s.value.startswith("argmax")], extra
        flagged = [f for _id, fs in mined_findings(its, result, derive_from=derive) for f in fs]
        assert not [f for f in flagged if f.severity != "low"], extra  # a graded member is for review only
        shortcuts = blind_shortcuts(its, derive_from=derive)
        assert shortcuts is not None and not shortcuts.above_chance, extra
        sanitize_flow(SanitizeRequest(dataset=raw, output=clean, mine=True, derive_from=derive))
        assert clean.read_bytes() == raw.read_bytes(), extra


def _scored_lots(seed: int, n: int = 160) -> list[dict[str, Any]]:
    """An upstream grader's per-label weights beside a cupping form (the named input): on half the records the
    weights' greatest member is the grade; each weight alone is a mixed number, as a good model's scores are."""
    rng = random.Random(seed)
    grades = ["Outstanding", "Excellent", "Very Good", "Below Specialty"]
    out = []
    for i in range(n):
        grade = grades[i % 4]
        projection: dict[str, Any] = {"form": {"scores": {k: round(rng.uniform(6.5, 8.5), 2) for k in "abcd"}}}
        if i % 2 == 0:
            top = round(rng.uniform(0.35, 0.9), 3)
            projection["summary"] = {
                "weights": {g: top if g == grade else round(rng.uniform(0.05, top - 0.02), 3) for g in grades}
            }
        out.append({"id": f"g{i}", "expected": grade, "label_set": grades, "projection": projection})
    return out


def test_a_score_object_whose_top_is_the_label_is_no_prior_state_though_its_members_are_mixed(tmp_path: Path) -> None:
    # second review of rec34: grading the top by any one graded member demoted an answer written as scores; a top is
    # graded only where it is not pure itself (yesterday's scores above are, at 80 %)
    from windtunnel.flows.leak import Fields, items
    from windtunnel.leakage.shortcuts import blind_shortcuts

    raw = tmp_path / "lots.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in _scored_lots(7)), encoding="utf-8")
    its = [m.item for m in items(raw, Fields().field_map())]
    derive = ["/form/scores"]
    result = mine(its, derive_from=derive)
    assert [s.value for s in result.suggestions if s.value.startswith("argmax")]
    assert "/summary/weights" not in result.graded
    flagged = {i for i, fs in mined_findings(its, result, derive_from=derive) if any(f.severity != "low" for f in fs)}
    assert flagged == {f"g{i}" for i in range(0, 160, 2)}
    shortcuts = blind_shortcuts(its, derive_from=derive)
    assert shortcuts is not None and shortcuts.above_chance
