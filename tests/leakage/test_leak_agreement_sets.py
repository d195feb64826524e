"""The agreement evidence for slots whose records hold several labels (leakage/agreement.py, ``_sets_verdict``).

A history of other events (each with its cause), or a list of the rules a plan enables, holds two labels or more
per record. Such a record cannot say which label the slot would give it, but it can say whether its answer is
among them, and the dataset whether that happens more often than chance. A slot whose labels do not predict the
answer is no value: the per-item leaks there become review findings. A slot that includes the answer more often
than chance (a leak written on half the records), or that rules the answer out (the labels other than the answer),
keeps the per-item decision.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.audited import audited
from windtunnel.leakage.agreement import agreement_of
from windtunnel.leakage.model import ItemAudit, LeakItem

CAUSES = ["vegetation", "animal", "lightning", "vehicle", "equipment failure"]
_NOTES = [
    "Crew found the span down near the road.",
    "Recloser locked out after a fault.",
    "Patrol found burn marks on the crossarm.",
    "Fuse blown at the tap.",
]


def _items(mode: str, n: int = 150, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` outage records: a narrative (the input), a feeder's history of other outages with their causes, and the
    causes a programme covers (the same four on every record). ``mode``: ``random`` (history drawn apart from the
    label), ``half`` (the record's own cause added to the history of every other record), ``others`` (the history
    lists two causes that are not the record's), ``long`` (as ``random``, up to eight past outages: some records
    hold every cause)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = CAUSES[i % len(CAUSES)]
        history = [
            {"date": f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}", "cause": rng.choice([*CAUSES, "unknown"])}
            for _ in range(rng.randint(1, 8 if mode == "long" else 4))
        ]
        if mode == "half" and i % 2 == 0:
            history.insert(rng.randint(0, len(history)), {"date": "2024-10-01", "cause": label})
        if mode == "others":
            history = [{"date": "2024-01-01", "cause": c} for c in CAUSES if c != label][:2]
        projection = {
            "instruction": "Assign the outage cause from the crew's narrative.",
            "narrative": rng.choice(_NOTES),
            "feeder_history": history,
            "programme_covers": CAUSES[:4],
        }
        out.append({"id": f"o{i}", "expected": label, "label_set": CAUSES, "projection": projection})
    return out


def _audits(raw: list[dict[str, Any]], derive_from: list[str]) -> tuple[list[ItemAudit], Any]:
    """Per-item audits of ``raw``'s items and the dataset's agreement evidence, ``derive_from`` named as input."""
    items, audits = audited(raw)
    return audits, agreement_of(items, derive_from=derive_from)


def _run(raw: list[dict[str, Any]]) -> tuple[list[ItemAudit], list[ItemAudit]]:
    """(per-item audits, audits adjusted by the dataset's evidence, the narrative named as the input)."""
    audits, agreement = _audits(raw, ["/narrative"])
    after = [agreement.adjust(a) for a in audits]
    summary = agreement.summary()
    assert summary["demoted"] == sum(
        f.severity == "low" and "include the record's label" in f.detail for a in after for f in a.findings
    )
    assert summary["groups_at_chance"] >= 1  # the constant list, whatever the history
    return audits, after


def _leaking_at(audits: list[ItemAudit], field: str) -> set[int]:
    """The items with a blocking finding under ``/field``."""
    return {
        i for i, a in enumerate(audits) if any(f.blocking and f.pointer.startswith(f"/{field}") for f in a.findings)
    }


def test_labels_of_other_events_and_a_constant_list_are_at_chance() -> None:
    before, after = _run(_items("random"))
    # the per-item audit reads them as this record's values where the answer is among them
    assert len(_leaking_at(before, "programme_covers")) == 120
    assert _leaking_at(before, "feeder_history")
    assert not any(a.leaked for a in after)
    demoted = [f for a in after for f in a.findings if f.pointer.startswith("/programme_covers")]
    assert demoted and all(f.severity == "low" and "include the record's label" in f.detail for f in demoted)


def test_a_record_whose_history_holds_every_label_is_covered_by_the_slots_verdict() -> None:
    # a long history drawn apart from the label holds every cause on some records: their answer is among them
    # whatever it is, so they are not counted, but they say less than a counted record: the slot at chance (by the
    # counted records) covers their item-level leaks too
    raw = _items("long")
    every = {i for i, r in enumerate(raw) if set(CAUSES) <= {h["cause"] for h in r["projection"]["feeder_history"]}}
    before, after = _run(raw)
    assert every & _leaking_at(before, "feeder_history")  # the per-item audit reads the answer as a value
    assert not _leaking_at(after, "feeder_history")


def test_a_history_holding_the_answer_on_half_the_records_stays_a_leak() -> None:
    raw = _items("half")
    before, after = _run(raw)
    planted = set(range(0, len(raw), 2))
    flagged = _leaking_at(before, "feeder_history")
    assert len(planted & flagged) >= len(planted) // 2  # the per-item audit reads most of them as values
    assert _leaking_at(after, "feeder_history") == _leaking_at(before, "feeder_history")
    assert not _leaking_at(after, "programme_covers")  # the constant list is still at chance


def test_a_list_of_the_labels_that_are_not_the_answer_is_not_at_chance() -> None:
    # every record lists two causes other than its own: never agreeing is below chance, a tie to the label, so
    # the slot gets no chance verdict (what the per-item audit decides there stands)
    raw = _items("others")
    items = [LeakItem.from_mapping(r, index=i) for i, r in enumerate(raw)]
    agreement = agreement_of(items, derive_from=["/narrative"])
    history = [g for (level, sig), g in agreement.groups.items() if level == 0 and "/feeder_history" in sig]
    assert history and all(g.verdict != "chance" and g.sets_k == 0 for g in history)
    covers = [g for (level, sig), g in agreement.groups.items() if level == 0 and "/programme_covers" in sig]
    assert covers and all(g.verdict == "chance" for g in covers)


def test_this_records_cell_in_a_table_of_records_is_the_item_levels_to_read() -> None:
    # an export transposed (records as columns) holds this record's priority in its column on half the records
    # and other records' priorities, never this one's, beside it: "the answer is somewhere in the row" is at
    # chance (half the time, as likely as not), but the item-level decision reads which cell is this record's,
    # and several labels inside one text are not counted by sets
    labels = ["High", "Medium", "Low"]
    rng = random.Random(3)
    raw = []
    for i in range(120):
        label = labels[i % 3]
        own = f"TKT-{10000 + i}"
        others = [lab for lab in labels if lab != label]
        other = rng.choice(others)
        cells = [label if i % 2 == 0 else "", other, other, other]
        ids = [own, *(f"TKT-{rng.randint(20000, 99999)}" for _ in range(3))]
        owners = ",".join(rng.choice(["Hana", "Mei", "Dana"]) for _ in ids)
        csv = f"field,{','.join(ids)}\nowner,{owners}\npriority,{','.join(cells)}\n"
        projection = {
            "task": f"Determine the priority of ticket {own}.",
            "ticket": {"id": own, "description": rng.choice(_NOTES)},
            "weekly_export_transposed.csv": csv,
        }
        raw.append({"id": f"t{i}", "expected": label, "label_set": labels, "projection": projection})
    audits, agreement = _audits(raw, ["/ticket/description"])
    after = [agreement.adjust(a) for a in audits]
    assert sum(a.leaked for a in audits) == 60
    assert [a.leaked for a in after] == [a.leaked for a in audits]
    table = [g for (level, sig), g in agreement.groups.items() if level == 0 and sig.startswith("/weekly_export")]
    assert any(g.listing for g in table)
    assert all(g.sets_n == g.n for g in table)  # records with several labels in the text are not counted by sets


def _manifests(seed: int = 0) -> tuple[list[dict[str, Any]], set[int]]:
    """Outage records whose feeder log lists other outages as ``OUT-1234: cause`` strings (up to eight: some records
    hold every cause); on every tenth record the record's own row is among them, tied to its ``outage_id``. Returns
    the records and the indices of those with their own row."""
    rng = random.Random(seed)
    out, own = [], set()
    for i in range(200):
        label = CAUSES[i % len(CAUSES)]
        oid = f"OUT-{rng.randrange(1000, 9999)}"
        log = [f"OUT-{rng.randrange(1000, 9999)}: {rng.choice(CAUSES)}" for _ in range(rng.randint(1, 8))]
        if i % 10 == 1:
            log.insert(rng.randint(0, len(log)), f"{oid}: {label}")
            own.add(i)
        projection = {
            "narrative": rng.choice(_NOTES),
            "outage_id": oid,
            "feeder_log": log,
            "programme_covers": CAUSES[:4],
        }
        out.append({"id": f"o{i}", "expected": label, "label_set": CAUSES, "projection": projection})
    return out, own


def test_a_record_holding_every_label_keeps_its_own_row() -> None:
    # the log is at chance by the counted records; a record listing every cause is covered by that verdict, unless
    # the member naming its answer is tied to its own id (its own row among other outages'): that one stays a leak
    raw, own = _manifests()
    before, after = _run(raw)
    every = {i for i, r in enumerate(raw) if set(CAUSES) <= {t.split(": ")[1] for t in r["projection"]["feeder_log"]}}
    assert every & own and every - own
    leaking = _leaking_at(after, "feeder_log")
    assert every & own <= leaking
    assert not leaking & (every - own)
    assert every & own <= _leaking_at(before, "feeder_log")
