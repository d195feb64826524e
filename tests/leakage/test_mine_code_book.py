"""A field whose values each ride with one label is mined as a whole, both ways.

An applicant-tracking export: a workflow rule writes the next action, drawn from two or three actions per decision
(``send_offer_pack``, ``book_final_round`` ... for an advance), on 40 % of the records. Each action is held by a
handful of records, most too few to beat the correction over every candidate alone; the field as a whole, every
counted value held by one decision only, is no accident. The same actions drawn independently of the decision, and a
recruiter's name (a field every decision shares), give nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.codebook import MIN_VALUE, code_book
from windtunnel.leakage.mine import correlated_map, mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["advance", "hold", "reject"]
ACTIONS = {
    "advance": ["send_offer_pack", "book_final_round", "notify_hiring_manager"],
    "hold": ["recheck_next_quarter", "keep_warm", "park_in_pool"],
    "reject": ["send_decline_note", "close_file", "archive_profile"],
}
RECRUITERS = ["ana", "bo", "cy", "dee", "eli", "fay"]
SKILLS = ["Go", "SQL", "Kotlin", "Figma", "Terraform", "Rust", "Excel"]
DERIVE = ["/resume"]


def _dataset(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    every = [a for acts in ACTIONS.values() for a in acts]
    out = []
    for i in range(n):
        label = rng.choices(LABELS, weights=[3, 2, 4])[0]
        projection: dict[str, Any] = {
            "candidate": {"id": f"C-{rng.randrange(10**6):06x}", "recruiter": rng.choice(RECRUITERS)},
            "resume": f"{rng.randint(0, 12)} years; skills: {', '.join(rng.sample(SKILLS, 3))}",
            "events": [{"event": "applied"}],
        }
        if rng.random() < 0.4:
            action = rng.choice(ACTIONS[label]) if leak else rng.choice(every)
            projection["events"].append({"event": "rule_fired", "next_action": action})
        out.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_field_of_actions_by_decision_is_mined_and_found_through_its_values() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    books = {s.label: s for s in result.suggestions if s.kind == "field"}
    assert set(books) == set(LABELS)
    assert all(s.pointer == "/events/*/next_action" and s.purity == 1.0 for s in books.values())
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    fired = [it for it in items if len(it.projection["events"]) == 2]
    held = Counter(it.projection["events"][1]["next_action"] for it in fired)
    counted = {it.id for it in fired if held[it.projection["events"][1]["next_action"]] >= MIN_VALUE}
    assert set(flagged) == counted  # the records holding an action of 3 records or more, and no other
    alone = {s.value for s in result.suggestions if s.kind == "value"}
    assert len(alone) < len([a for a, k in held.items() if k >= MIN_VALUE])  # some no value test finds alone
    assert all(f.pointer.endswith("/next_action") and f.severity == "medium" for fs in flagged.values() for f in fs)
    mapping = correlated_map(result.suggestions, result.members)
    assert {e["value"] for e in mapping["hold"] if isinstance(e, dict)} == set(ACTIONS["hold"])


def test_actions_drawn_apart_from_the_decision_give_nothing() -> None:
    for seed in range(4):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.kind == "field"], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_the_field_test_counts_chance() -> None:
    shares = {"a": 0.5, "b": 0.5}
    # six values of 8 records, each pure: chance makes that 1 in 128 ** 6
    book = code_book({f"v{i}": {"a" if i % 2 else "b": 8} for i in range(6)}, shares)
    assert book is not None and book.p < 1e-12 and set(book.pure) == {"a", "b"}
    # one pure value of 3 among ten mixed ones: chance often does that, and a value of 3 is not found alone
    mixed = {f"m{i}": {"a": 2, "b": 2} for i in range(10)}
    book = code_book({**mixed, "p": {"a": 3}}, shares)
    assert book is None or (book.p > 0.1 and not book.pure)
    assert code_book({"x": {"a": 1, "b": 1}}, shares) is None  # below the count floor


def test_a_few_values_pure_by_chance_among_many_are_not_named() -> None:
    """A photo URL's parts: a slug set from the answer on eleven records each, beside forty site numbers of three
    records each, four of them pure by chance (each does that one time in nine): the slugs make the book, and the
    sites are not named in it (a step-up over every part counted); a book whose parts are all pure keeps them all."""
    shares = {"no action": 1 / 3, "repair": 1 / 3, "offload": 1 / 3}
    labels = list(shares)
    values: dict[str, dict[str, int]] = {f"slug-{lab}": {lab: 11} for lab in labels}
    for i in range(40):
        values[f"site{i:02d}"] = {labels[0]: 3} if i < 4 else {labels[i % 3]: 2, labels[(i + 1) % 3]: 1}
    book = code_book(values, shares, parts=True)
    assert book is not None
    assert sorted(v for vs in book.pure.values() for v in vs) == sorted(f"slug-{lab}" for lab in labels)
    small = {f"code{i}": {labels[i % 3]: 3} for i in range(9)}  # nine values of three records, every one pure
    book = code_book(small, shares, parts=True)
    assert book is not None and sum(len(v) for v in book.pure.values()) == 9
    # whole values keep the bound alone: a rare label's few comments stay named among many mixed ones
    book = code_book(values, shares)
    assert book is not None and "site00" in book.pure[labels[0]]


OPENERS = ["strong", "solid", "weak", "odd", "plain", "mixed"]
TAILS = {"advance": "move forward", "hold": "wait a quarter", "reject": "let go"}


def test_a_field_read_as_the_task_input_is_not_a_code_book() -> None:
    # every record's short screening note, from a pool of six per decision: without --derive-from it reads as the
    # task's input (held by all, text, varied within a label) and its values follow the label as content does
    rng = random.Random(5)
    items = []
    for i in range(130):
        label = rng.choices(LABELS, weights=[3, 2, 4])[0]
        projection = {"note": f"{rng.choice(OPENERS)} profile, {TAILS[label]}", "recruiter": rng.choice(RECRUITERS)}
        items.append(LeakItem(id=f"n{i}", expected=[label], projection=projection, label_set=LABELS))
    inferred = mine(items)
    assert "/note" in inferred.inputs or not inferred.suggestions
    assert not [s for s in inferred.suggestions if s.kind == "field"]
    # named as not the input (another field is), the same note is a field that rides with the decision
    named = mine(items, derive_from=["/recruiter"])
    assert {s.label for s in named.suggestions if s.kind == "field" and s.pointer == "/note"} == set(LABELS)


SEGMENTS = ["home", "drop", "cabinet", "exchange", "core"]
SUMMARIES = {
    "home": "Problem is inside the home (wiring or router).",
    "drop": "Fault on the lead-in to the property.",
    "cabinet": "Fault at the roadside box serving the street.",
    "exchange": "Fault at the local exchange building.",
    "core": "Fault in the backbone platform.",
}


def _triaged(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    # a triage bot's summary, one wording per segment, on an eighth of the records: 3 or 4 records per segment, none
    # reaching the support floor of 5 alone, the field as a whole no accident
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(SEGMENTS)
        projection: dict[str, Any] = {"report": f"line test {rng.randint(1, 99)}", "ticket": {"id": f"T-{i:05d}"}}
        if i % 8 == 0:
            said = label if leak else rng.choice(SEGMENTS)
            projection["triage_bot"] = {"summary": SUMMARIES[said]}
        out.append(LeakItem(id=f"b{i}", expected=[label], projection=projection, label_set=SEGMENTS))
    return out


def test_each_label_of_a_code_book_is_found_below_the_support_floor() -> None:
    # the field's test is the evidence: a label whose pure values hold 3 or 4 records is found as well as one whose
    # values hold 5 (each a value chance makes pure at most one time in five)
    items = _triaged(2, leak=True)
    result = mine(items, derive_from=["/report"])
    found = [s for s in result.suggestions if s.pointer == "/triage_bot/summary"]
    assert any(s.kind == "field" and s.support < 5 for s in found)
    flagged = dict(mined_findings(items, result, derive_from=["/report"]))
    held = Counter(it.projection["triage_bot"]["summary"] for it in items if "triage_bot" in it.projection)
    assert set(flagged) == {
        it.id for it in items if "triage_bot" in it.projection and held[it.projection["triage_bot"]["summary"]] >= 3
    }


def test_a_summary_drawn_apart_from_the_segment_gives_no_book() -> None:
    for seed in range(4):
        result = mine(_triaged(seed, leak=False), derive_from=["/report"])
        assert not [s for s in result.suggestions if s.pointer == "/triage_bot/summary"], seed


def test_without_derive_from_a_field_too_few_records_hold_to_be_the_input_is_found_below_the_floor() -> None:
    # an eighth of the records hold the bot's summary: not what every record is answered from, so its test is the
    # evidence as when the owner names the input; drawn apart from the segment, it gives nothing either way
    items = _triaged(2, leak=True)
    result = mine(items)
    assert any(s.kind == "field" and s.support < 5 for s in result.suggestions if s.pointer == "/triage_bot/summary")
    flagged = dict(mined_findings(items, result))
    held = Counter(it.projection["triage_bot"]["summary"] for it in items if "triage_bot" in it.projection)
    assert set(flagged) == {
        it.id for it in items if "triage_bot" in it.projection and held[it.projection["triage_bot"]["summary"]] >= 3
    }
    for seed in range(4):
        assert not [s for s in mine(_triaged(seed, leak=False)).suggestions if s.pointer == "/triage_bot/summary"]


TIERS = ["1", "2", "3", "4"]
PLANS = {"2": "stainless, 6 months", "3": "neutral oak, 12 months", "4": "new oak, 18 months"}
BULK = "tank only, sell off as bulk"


def _cellar(seed: int, *, tail: int = 0) -> list[LeakItem]:
    # a cellar plan set from the tier: tiers 2-4 each on 7 lots, the bulk plan on the only two tier-1 lots that got
    # one, and "TBD" on the rest; with ``tail``, that many lots hold a one-off note of their own there instead
    rng = random.Random(seed)
    plans = [PLANS[t] for t in ("2", "3", "4") for _ in range(7)] + [BULK, BULK]
    tiers = [t for t in ("2", "3", "4") for _ in range(7)] + ["1", "1"]
    while len(tiers) < 150:
        tiers.append(rng.choice(TIERS))
        plans.append(f"checked by {rng.choice(RECRUITERS)}, lot {len(plans)}" if len(plans) < 23 + tail else "TBD")
    out = []
    for i, (tier, plan) in enumerate(zip(tiers, plans, strict=True)):
        projection = {"analysis": {"brix": round(rng.uniform(21, 27), 1)}, "cellar": {"plan": plan}}
        out.append(LeakItem(id=f"w{i}", expected=[tier], projection=projection, label_set=TIERS))
    return out


def test_a_rare_value_of_a_code_book_with_a_default_is_found_on_the_book_evidence() -> None:
    # two records hold the bulk plan: alone they tell nothing, but every value of the field but its shared default
    # rides with one tier, so the book's test is their evidence
    items = _cellar(3)
    result = mine(items, derive_from=["/analysis"])
    flagged = dict(mined_findings(items, result, derive_from=["/analysis"]))
    bulk = {it.id for it in items if it.projection["cellar"]["plan"] == BULK}
    assert bulk <= set(flagged)
    assert set(flagged) == {it.id for it in items if it.projection["cellar"]["plan"] != "TBD"}
    mapping = correlated_map(result.suggestions, result.members)
    assert BULK in {e["value"] for e in mapping["1"] if isinstance(e, dict)}


def test_a_field_with_a_tail_of_its_own_names_no_rare_value() -> None:
    # thirty lots hold a one-off note in the same field: more records than the book's values, so a value of one or
    # two records may be such a note; the book is still found through its counted values, the rare ones are not
    items = _cellar(3, tail=30)
    result = mine(items, derive_from=["/analysis"])
    flagged = dict(mined_findings(items, result, derive_from=["/analysis"]))
    assert {it.id for it in items if it.projection["cellar"]["plan"] in PLANS.values()} == set(flagged)


def test_the_rare_values_of_a_book() -> None:
    shares = {"a": 0.4, "b": 0.3, "c": 0.3}
    book_values = {"va": {"a": 6}, "vb": {"b": 6}, "vc": {"c": 5}, "default": {"a": 20, "b": 15, "c": 15}}
    book = code_book({**book_values, "ra": {"a": 2}, "rc": {"c": 1}}, shares)
    # a value of one record beside the field's default is named (the default is the field's evidence)
    assert book is not None and book.rare == {"a": ["ra"], "c": ["rc"]}
    # a rare value two labels hold: the field has a tail of its own
    book = code_book({**book_values, "ra": {"a": 2}, "rab": {"a": 1, "b": 1}}, shares)
    assert book is not None and not book.rare
    # rare values holding more records than the book's pure values
    book = code_book({**book_values, **{f"r{i}": {"abc"[i % 3]: 1} for i in range(18)}}, shares)
    assert book is not None and not book.rare
