"""A code mined as a field's whole value is the same code when an author's note outside the input quotes it.

An upstream classifier writes its code per record (``884213``); on other records a broker's remark quotes the code of
the same answer among words. Read in prose outside the named input, a mined word is for review (the author's note may
carry the task's own signal); a number the dataset holds as a field's whole value, riding with the label, is that
field's code quoted, a leak like the value itself. Found so, the quote needs no support of its own. A number only the
notes hold stays for review.
"""

from __future__ import annotations

import random

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["ovens", "phones", "tables"]
CODES = {"ovens": "851660", "phones": "851713", "tables": "940360"}
ITEMS = {
    "ovens": ["air fryer 5l", "countertop oven", "induction hob"],
    "phones": ["rugged handset", "lte smartphone", "feature phone"],
    "tables": ["oak side table", "walnut sideboard", "pine desk"],
}
BROKERS = ["Ana", "Ben", "Chidi", "Dara", "Eli", "Fay", "Gus"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "noon", "tonight"]
DERIVE = ["/line"]


def _dataset(seed: int, *, upstream: bool, n: int = 150, quotes: int = 1000) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        projection: dict[str, object] = {"line": {"description": rng.choice(ITEMS[label])}}
        if i % 3 == 0 and upstream:
            projection["upstream"] = {"code": CODES[label]}
        elif i % 3 == 1 and i < 3 * quotes:
            who, when = rng.choice(BROKERS), rng.choice(DAYS)
            projection["remarks"] = f"{who} says the shipper wrote {CODES[label]} again, please check it by {when}"
        out.append(LeakItem(id=f"e{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _severities(items: list[LeakItem]) -> dict[str, set[str]]:
    result = mine(items, derive_from=DERIVE)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    return {
        it.id: {f.severity for f in flagged.get(it.id, []) if f.pointer == "/remarks"}
        for it in items
        if "remarks" in it.projection
    }


def test_a_code_held_whole_elsewhere_is_a_leak_in_prose() -> None:
    items = _dataset(1, upstream=True)
    severities = _severities(items)
    assert severities and all(s == {"medium"} for s in severities.values())


def test_a_code_quoted_on_too_few_records_to_be_mined_is_found() -> None:
    # three remarks quote the code: too few to mine the quote, but it spells a mined code of the record's label
    items = _dataset(2, upstream=True, quotes=3)
    severities = _severities(items)
    assert len(severities) == 3 and all(s == {"medium"} for s in severities.values())


def test_a_number_only_prose_holds_stays_for_review() -> None:
    items = _dataset(1, upstream=False)
    severities = _severities(items)
    assert severities and all(s == {"low"} for s in severities.values())


def test_a_number_every_label_s_notes_repeat_quotes_nothing() -> None:
    """A field's ``5000`` rides with one label, and one of the sentences every label's notes are drawn from names a
    limit of 5000: the quote does not lean to that label at the notes, so it is no code quoted there."""
    rng = random.Random(7)
    labels = ["approve", "review", "deny"]
    notes = [
        "customer called about the limit of 5000 dollars on the card",
        "customer asked for a new statement by post",
        "customer updated the billing address online",
    ]
    items = []
    for i in range(300):
        label = labels[i % 3]
        amount = "5000" if label == "deny" and rng.random() < 0.6 else str(rng.randrange(100, 9000))
        projection = {"question": f"request {rng.randrange(10**6)}", "amount": amount, "note": rng.choice(notes)}
        items.append(LeakItem(id=f"n{i}", expected=[label], projection=projection, label_set=labels))
    result = mine(items, derive_from=["/question"])
    flagged = dict(mined_findings(items, result, derive_from=["/question"]))
    assert any(f.pointer == "/amount" for found in flagged.values() for f in found)
    assert not [f for found in flagged.values() for f in found if f.pointer == "/note"]
