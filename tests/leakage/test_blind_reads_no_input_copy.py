"""The ``blind`` agent reads no input, and a field copying the input is the input where it holds this item's copy
(leakage/input_copies.py, one notion for the agent and the sanitizer): what the sanitizer keeps as the item's copy of
its input, the agent does not read; a code written in such a field where it is no copy is read, on raw data and by
the sanitizer's cut alike.

Invented purchase orders: the order (``/po``, the task's input) names a vendor, and five of twenty vendors are blocked,
so their orders are rejected (the input decides that, legitimately); the other orders are approved or put on hold at
random. Four tool calls per order look the vendor up, each copying the order's vendor id into its JSON arguments.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.baseline import binom_sf
from windtunnel.leakage.input_copies import input_copies
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_with_drivers

INPUT = ["/po"]
CALLS = 4
VENDORS = [f"V{100 + k}" for k in range(20)]
BLOCKED = set(VENDORS[:5])
RIDER = "HOLD-QUEUE"


NAMES = ["Northwind", "Contoso", "Fabrikam", "Tailspin", "Litware"]


def _orders(
    seed: int, *, rider: bool = False, flag: bool = False, named: bool = False, n: int = 300
) -> list[dict[str, object]]:
    """``n`` orders; with ``rider``, one call of four holds :data:`RIDER` instead of the vendor on 80 % of the held
    orders (a code in the copying field, no copy of anything: under 5 % of its places); with ``flag``, a review note
    outside the input names the rejection on 60 % of the rejected orders (a leak elsewhere); with ``named``, a vendor
    is a name and its region (``Contoso EU``), the blocked vendors' region ``CA``."""
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    for i in range(n):
        vendor = rng.choice(VENDORS)
        label = "reject" if vendor in BLOCKED else "hold" if rng.random() < 0.25 else "approve"
        if named:
            vendor = f"{rng.choice(NAMES)} {'CA' if vendor in BLOCKED else rng.choice(['EU', 'UK', 'US'])}"
        args = [vendor] * CALLS
        if rider and label == "hold" and rng.random() < 0.8:
            args[rng.randrange(CALLS)] = RIDER
        projection: dict[str, object] = {
            "po": {"vendor_id": vendor, "total": rng.randint(100, 9000), "lines": rng.randint(1, 9)},
            "calls": [{"name": "vendor_lookup", "args": json.dumps({"vendor_id": a})} for a in args],
        }
        if flag:
            projection["review"] = {"code": "RJ-AUTO" if label == "reject" and rng.random() < 0.6 else "none"}
        rows.append(
            {"id": f"o{i}", "expected": label, "label_set": ["approve", "hold", "reject"], "projection": projection}
        )
    return rows


def _items(rows: Sequence[dict[str, object]]) -> list[LeakItem]:
    return [LeakItem.from_mapping(r) for r in rows]


def _blind(items: Sequence[LeakItem]) -> tuple[float, float, float, list[str]]:
    """The blind agent on ``items`` with the order as the input: its pass rate, the majority rate, the one-sided p
    (as ``leak baseline --simulate blind`` judges it) and the values that decided its answers."""
    preds, drivers = blind_with_drivers(items, derive_from=INPUT)
    answers = [it.expected[0] for it in items]
    passes = sum(p == a for p, a in zip(preds, answers, strict=True))
    chance = max(Counter(answers).values()) / len(answers)
    return passes / len(items), chance, binom_sf(passes, len(items), chance), [d[2] for d in drivers if d]


def _sanitized(tmp_path: Path, rows: Sequence[dict[str, object]]) -> tuple[list[dict[str, object]], dict[str, object]]:
    """``leak sanitize --mine --derive-from /po`` on ``rows``: the output's rows and the run's summary."""
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=INPUT))
    return [json.loads(line) for line in out.read_text().splitlines()], res.summary


def test_a_copy_of_an_input_that_decides_the_label_leaves_the_agent_at_chance() -> None:
    """A clean dataset: the calls copy the order's vendor id, and the vendor decides rejections. The copy is the input,
    which the agent does not read: 0.61 against 0.61 (before: it read the calls' vendor ids, 0.83 against 0.61, and
    called the clean dataset leaking); with no input named, the calls are read as any field and the vendor answers."""
    items = _items(_orders(1))
    assert input_copies(items, INPUT) == {"/calls/*/args/vendor_id": "/po/vendor_id"}
    rate, chance, p, _ = _blind(items)
    assert p > 0.05, (rate, chance, p)
    preds, _ = blind_with_drivers(items)
    assert sum(p == it.expected[0] for p, it in zip(preds, items, strict=True)) / len(items) > chance + 0.1


def test_what_a_template_keeps_of_a_copy_is_the_input_too() -> None:
    """The calls copy a vendor written as a name and a region (``Contoso CA``): read as a template, the record's own
    words masked, the copy is ``… CA`` (a word of two letters stays), the input's region, which decides rejections.
    The agent reads only that a copy is there (the whole value masked): 0.56 against 0.56 (before: 0.77 against
    0.56, the templates deciding)."""
    items = _items(_orders(4, named=True))
    assert input_copies(items, INPUT) == {"/calls/*/args/vendor_id": "/po/vendor_id"}
    rate, chance, p, decided = _blind(items)
    assert p > 0.05, (rate, chance, p, decided)


def test_a_code_written_where_the_field_copies_nothing_is_read_and_cut(tmp_path: Path) -> None:
    """The same calls, but one of the four holds a queue code instead of the vendor on most held orders: the field is
    still a copy of the input (the code sits on under 5 % of its places), yet the code copies nothing and rides with
    ``hold``. The agent reads it on the raw data (0.73 against 0.59, the code deciding every answer it gives beyond
    the majority: before, the calls' vendor ids decided most of them), and the sanitized data leaves it at chance."""
    rows = _orders(2, rider=True)
    items = _items(rows)
    assert input_copies(items, INPUT) == {"/calls/*/args/vendor_id": "/po/vendor_id"}
    rate, chance, p, decided = _blind(items)
    assert p <= 0.01, (rate, chance, p)
    assert decided and all(set(re.findall(r"[a-z]+", d.casefold())) <= {"hold", "queue"} for d in decided), decided
    after, _summary = _sanitized(tmp_path, rows)
    assert RIDER not in json.dumps(after)
    rate, chance, p, decided = _blind(_items(after))
    assert p > 0.05, (rate, chance, p, decided)


def test_the_sanitizer_keeps_the_copies_and_the_agent_on_its_output_is_at_chance(tmp_path: Path) -> None:
    """A leaking dataset holding copies of the input that decides the label, and a review code naming the rejection
    on most rejected orders: the sanitizer cuts the code and keeps every copy (no call edited), and the agent on its
    output is at chance, 0.60 against 0.60 — it reads no input, so not the copies either (before: 0.85 against 0.60
    after sanitizing, the copies answering, which no round of the sanitizer's own blind check could cut)."""
    rows = _orders(3, flag=True)
    raw_rate, chance, raw_p, _ = _blind(_items(rows))
    assert raw_p <= 0.01, (raw_rate, chance, raw_p)
    after, summary = _sanitized(tmp_path, rows)
    assert "RJ-AUTO" not in json.dumps(after)
    assert summary.get("kept_as_input_copy")
    assert [r["projection"]["calls"] for r in after] == [r["projection"]["calls"] for r in rows]  # type: ignore[index]
    rate, chance, p, decided = _blind(_items(after))
    assert p > 0.05, (rate, chance, p, decided)


def _tickets(seed: int, *, picked_from_list: bool, n: int = 240) -> list[LeakItem]:
    """``n`` tickets whose label no input word tells; outside the input, ``/route/queue`` holds one queue per label.
    With ``picked_from_list`` every ticket's input lists the three queues (shuffled), so the routed queue is one of
    its input's values; else the input holds the label itself at ``/ticket/status`` and ``/audit/status`` copies it."""
    rng = random.Random(seed)
    labels = ["billing", "account", "shipping"]
    queues = {"billing": "Q-17", "account": "Q-42", "shipping": "Q-88"}
    items = []
    for i in range(n):
        label = labels[i % 3]
        ticket: dict[str, object] = {"message": f"ticket {rng.randint(1000, 9999)} opened"}
        projection: dict[str, object] = {"ticket": ticket}
        if picked_from_list:
            ticket["queues"] = rng.sample(list(queues.values()), 3)
            projection["route"] = {"queue": queues[label]}
        else:
            ticket["status"] = label
            projection["audit"] = {"status": label}
        items.append(
            LeakItem.from_mapping({"id": f"t{i}", "expected": label, "label_set": labels, "projection": projection})
        )
    return items


def test_one_value_picked_from_an_input_listing_several_is_no_copy() -> None:
    """Every ticket's input lists the same three queues; the routed queue outside the input is the one its label
    picks. The input holds all three, not the choice: no copy, and the agent reads the choice (review of
    blindcopy24: taken for a copy of ``/ticket/queues/*``, the agent was at chance, 0.33, on a dataset it answers
    perfectly)."""
    items = _tickets(5, picked_from_list=True)
    assert input_copies(items, ["/ticket"]) == {}
    rate, chance, p = _blind_on(items, ["/ticket"])
    assert rate == 1.0 and p <= 0.01, (rate, chance, p)


def test_a_copy_of_an_input_field_holding_the_label_is_the_label_written_twice() -> None:
    """The owner named a field holding the label as input; another field copies it. A label is never input to
    copy: the agent reads the copy and answers every ticket (before the review's fix: at chance)."""
    items = _tickets(6, picked_from_list=False)
    assert input_copies(items, ["/ticket"]) == {}
    rate, chance, p = _blind_on(items, ["/ticket"])
    assert rate == 1.0 and p <= 0.01, (rate, chance, p)


def _blind_on(items: Sequence[LeakItem], derive_from: list[str]) -> tuple[float, float, float]:
    preds, _ = blind_with_drivers(items, derive_from=derive_from)
    answers = [it.expected[0] for it in items]
    passes = sum(p == a for p, a in zip(preds, answers, strict=True))
    chance = max(Counter(answers).values()) / len(answers)
    return passes / len(items), chance, binom_sf(passes, len(items), chance)
