"""Mining counts records, not items: one record rendered several ways is one draw, both ways.

A dataset that shows each ticket in several renderings (a digest, a shell history, an export ...) repeats the
ticket's own key with the ticket's label in every rendering. Counted per item, the key looks like a code riding with
the label (support 6, purity 100 %); counted per record (the items sharing the ticket's prose and label), its support
is 1 and it is not tested. A code that rides with the label across *different* tickets is still mined, and prose
every item carries (an instruction) does not merge different tickets into one.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem

LABELS = ["Low", "Medium", "High"]
WORDS = [
    "printer",
    "invoice",
    "login",
    "export",
    "refund",
    "badge",
    "laptop",
    "vpn",
    "mailbox",
    "calendar",
    "upload",
    "sync",
]
INSTRUCTION = "You are a support triage agent: read the ticket below and classify it carefully."


def _body(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(12))


def _renderings(key: str, body: str) -> list[dict[str, Any]]:
    return [
        {"ticket": {"key": key, "body": body}},
        {"digest": f"{key}", "text": body},
        {"history": [f"tkt show {key}"], "ticket": {"body": body}},
        {"export": {"id": key, "description": body, "tags": ["ops"]}},
        {"note": body, "ref": key},
        {"ticket": {"key": key, "body": body, "watchers": 2}},
    ]


def _items(projections: list[tuple[str, dict[str, Any]]]) -> list[LeakItem]:
    return [
        LeakItem(id=f"i{n}", expected=[label], projection=p, label_set=LABELS)
        for n, (label, p) in enumerate(projections)
    ]


def _renderings_dataset(seed: int) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for t in range(60):
        label = LABELS[t % 3]
        for p in _renderings(f"TCK-{4100 + t}", _body(rng)) * 2:
            out.append((label, {"instruction": INSTRUCTION, **p}))
    rng.shuffle(out)
    return _items(out)


def test_a_records_own_key_repeated_in_its_renderings_is_not_mined() -> None:
    result = mine(_renderings_dataset(1))
    assert result.items == 720 and result.records == 60
    assert not result.suggestions, result.suggestions
    assert (
        "mined from 720 items (60 records: items of one label sharing a text of over 6 words or a --derive-from "
        "value are one, unless it is a template or their inputs differ, 3 labels)" in result.describe()
    )


def test_counted_per_item_the_same_key_would_be_mined() -> None:
    # the same dataset with each rendering's prose made its own (so no two items are one record): the keys ride
    rng = random.Random(2)
    out = []
    for t in range(60):
        label = LABELS[t % 3]
        for p in _renderings(f"TCK-{4100 + t}", "") * 2:
            out.append((label, {"instruction": INSTRUCTION, **p, "body": _body(rng)}))
    result = mine(_items(out))
    assert result.records == 720
    assert len({s.value for s in result.suggestions if s.value.isdigit()}) == 60  # each key's number


def test_a_code_riding_across_different_tickets_is_still_mined() -> None:
    rng = random.Random(3)
    codes = {"Low": "Q-L5", "Medium": "Q-M7", "High": "Q-H9"}
    out = []
    for t in range(120):
        label = LABELS[t % 3]
        out.append((label, {"instruction": INSTRUCTION, "ticket": {"body": _body(rng), "queue": codes[label]}}))
    result = mine(_items(out))
    assert result.records == 120  # the shared instruction does not merge tickets
    mined = {(s.value.casefold(), s.label) for s in result.suggestions}
    assert {(c.casefold(), lab) for lab, c in codes.items()} <= mined


def test_a_sentence_written_per_label_does_not_make_its_records_one() -> None:
    # every ticket carries its label's auto-reply (prose held with one label) and a badge that rides with the label:
    # the auto-reply's holders hold different bodies, so it is a template, not one record's content
    rng = random.Random(4)
    badges = {"Low": "▽", "Medium": "◇", "High": "★"}
    days = dict(zip(LABELS, "531", strict=True))
    replies = {lab: f"Thanks, our team will answer within {n} business days as agreed." for lab, n in days.items()}
    out = []
    for t in range(120):
        label = LABELS[t % 3]
        out.append((label, {"ticket": {"body": _body(rng), "badge": badges[label], "reply": replies[label]}}))
    result = mine(_items(out))
    assert result.records == 120
    assert {(s.value, s.label) for s in result.suggestions} >= {(b, lab) for lab, b in badges.items()}


def test_a_template_beside_renderings_still_links_each_ticket_once() -> None:
    # the renderings dataset with a per-label auto-reply in every item: 60 records, not 3 and not 720
    rng = random.Random(5)
    out = []
    for t in range(60):
        label = LABELS[t % 3]
        body = _body(rng)
        for p in _renderings(f"TCK-{4100 + t}", body) * 2:
            out.append((label, {**p, "reply": f"Thanks, this {label} ticket is queued for the team today."}))
    result = mine(_items(out))
    assert result.records == 60
    assert not result.suggestions, result.suggestions


def test_the_description_counts_in_the_singular_too() -> None:
    # QA-14: three items of one ticket and one label read "(1 records, 1 labels)"
    items = _items([("High", {"ticket": {"body": "the same long body of one ticket shown three ways"}})] * 3)
    described = mine(items).describe()
    assert (
        "mined from 3 items (1 record: items of one label sharing a text of over 6 words or a --derive-from value "
        "are one, unless it is a template or their inputs differ, 1 label): 0 " in (described)
    )


def _keyed_renderings(seed: int) -> list[LeakItem]:
    # each ticket's key rides with its label across renderings that share nothing else (new prose every time), the
    # case records cannot see: statistically the key is a code riding with its label, and it is mined
    rng = random.Random(seed)
    out = []
    for t in range(60):
        label = LABELS[t % 3]
        for _ in range(6):
            out.append((label, {"ticket": {"key": f"TCK-{4100 + t}", "body": _body(rng)}}))
    return _items(out)


def test_a_key_that_rides_with_its_label_is_mined_unless_the_user_names_it() -> None:
    # the decision (docs/leakage.md "Mined findings are leaks"): a value that predicts the label across the dataset
    # is what a blind classifier learns, so the scan calls it a leak; a record's own key named with --derive-from is
    # what a record is, not a candidate, and is not mined
    items = _keyed_renderings(6)
    assert {s.pointer for s in mine(items).suggestions} == {"/ticket/key"}
    assert not mine(items, derive_from=["/ticket/key"]).suggestions
    assert not mine(items, derive_from=["key"]).suggestions  # a key name matched anywhere


def test_customers_writing_the_same_message_are_different_records() -> None:
    # QA-16: a templated eval set where many customers send the same message ("Why was I billed twice for one
    # order?"); each ticket holds its own order id. Linked by the shared message, the 40 tickets of a label were
    # a handful of records, and a queue code riding with the label on all of them was never tested
    rng = random.Random(7)
    messages = {
        lab: [f"Hello, why was my {lab.lower()} order {w} handled like this today?" for w in ("late", "odd", "wrong")]
        for lab in LABELS
    }
    queues = {"Low": "Q-GEN-1", "Medium": "Q-OPS-4", "High": "Q-FIN-7"}
    out = []
    for t in range(120):
        label = LABELS[t % 3]
        order = {"id": f"ORD-{rng.randint(10000, 99999)}", "customer": f"C{rng.randint(1000, 9999)}"}
        out.append((label, {"message": rng.choice(messages[label]), "order": order, "queue": queues[label]}))
    result = mine(_items(out))
    assert result.records == 120
    assert {(s.value, s.label) for s in result.suggestions} >= {(q, lab) for lab, q in queues.items()}


def test_renderings_of_one_ticket_holding_its_key_stay_one_record() -> None:
    # the other side: a ticket's renderings share its key, so the request id each rendering carries does not split it
    rng = random.Random(8)
    out = []
    for t in range(60):
        label = LABELS[t % 3]
        body = _body(rng)
        for r in range(4):
            out.append((label, {"ticket": {"key": f"TCK-{4100 + t}", "body": body}, "request": f"req-{t}x{r}"}))
    result = mine(_items(out))
    assert result.records == 60 and not result.suggestions


def _history_dataset(seed: int) -> list[LeakItem]:
    # independent repair orders: each with its own odometer and a service history of six visits on dates drawn from
    # two years (the task's input); two orders share a visit date by chance, often with one label; a coverage code
    # rides with the label on a third of the records
    rng = random.Random(seed)
    codes = {"Low": "CV-10", "Medium": "CV-20", "High": "CV-30"}
    out = []
    for t in range(150):
        label = LABELS[t % 3]
        dates = [f"20{rng.randint(22, 23)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" for _ in range(6)]
        visits = [{"date": d} for d in dates]
        order = {"odometer": rng.randint(1000, 90000), "history": visits}
        out.append((label, {"order": order, **({"coverage": codes[label]} if t % 9 < 3 else {})}))
    return _items(out)


def test_records_holding_different_inputs_are_not_linked_by_what_they_share() -> None:
    # renderings of one record show one input: two items sharing a visit date, with their own odometers, are two
    # records; linked in chains of such pairs, 150 orders were read as far fewer records
    items = _history_dataset(9)
    derive = ["/order/odometer", "/order/history"]
    result = mine(items, derive_from=derive)
    assert result.records == 150
    assert {(s.value, s.label) for s in result.suggestions if s.pointer == "/coverage"} == {
        ("CV-10", "Low"),
        ("CV-20", "Medium"),
        ("CV-30", "High"),
    }


def test_renderings_showing_one_input_stay_one_record() -> None:
    # the other side: renderings of one ticket carry the same input (its body and its word count) and are one record
    # however their other fields differ
    rng = random.Random(10)
    out = []
    for t in range(60):
        label = LABELS[t % 3]
        body = _body(rng)
        for r in range(4):
            out.append((label, {"ticket": {"body": body, "words": 12}, "view": f"rendering {r}", "n": r}))
    result = mine(_items(out), derive_from=["/ticket/body", "/ticket/words"])
    assert result.records == 60
