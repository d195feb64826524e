"""A pair inside a text is shown as the data writes it, and its cut is named for what went (QA 17 leak #8).

Raw return mails, the projection one string: a warehouse system stamped ``X-WMS-Disposition: <code per label>`` on
half of them (some writers spell the header in lower case). ``leak mine``, the blind agent's per-field lines and the
sanitizer's ``--stats`` used to show the name case-folded (``[x-wms-disposition]``, the blind agent's codes too, and
the projection itself as an empty field), and to credit the 7 characters of a cut code to ``redact-sentence``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from tests.leakage.items_file import write_items
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_with_drivers, drivers_summary

LABELS = ["refund", "replace", "deny"]
CODE = {"refund": "RFD-A1", "replace": "XCH-ADV", "deny": "DNY-Z9"}


def _mail(rng: random.Random, i: int, label: str) -> str:
    head = [
        f"From: cust{i}@example.org",
        "To: returns@shop.example",
        f"Subject: Return for order {rng.randint(1000, 9999)}",
        f"X-Order-Total: {rng.randint(5, 400)}.{rng.randint(10, 99)}",
    ]
    if i % 2 == 0:
        name = "x-wms-disposition" if i % 8 == 6 else "X-WMS-Disposition"  # a later writer's lower case
        head.append(f"{name}: {CODE[label]}")
    words = rng.sample(["box", "torn", "late", "screen", "cable", "works", "wrong", "colour", "size"], 5)
    return "\n".join(head) + "\n\nHello, the " + " ".join(words) + " one arrived. Thanks."


def _items(n: int = 200) -> list[LeakItem]:
    rng = random.Random(8)
    return [
        LeakItem(id=f"r{i}", expected=[lab], projection=_mail(rng, i, lab), label_set=LABELS)
        for i, lab in ((i, rng.choice(LABELS)) for i in range(n))
    ]


def test_mining_shows_the_name_as_first_written_and_counts_every_spelling() -> None:
    result = mine(_items())
    found = {(r.pointer, r.name, r.value): r.support for r in result.pairs}
    assert {(p, n, v) for p, n, v in found} == {("", "X-WMS-Disposition", c) for c in CODE.values()}
    assert sum(found.values()) == 100  # the lower-case headers are counted with the others


def test_the_blind_agent_names_the_pair_as_mining_does() -> None:
    items = _items()
    predictions, drivers = blind_with_drivers(items)
    summary = drivers_summary(predictions, [it.expected[0] for it in items], drivers, show_values=True)
    fields = {row["field"]: row for row in summary["fields"]}
    assert "/ [X-WMS-Disposition]" in fields and fields["/ [X-WMS-Disposition]"]["decided"] >= 90
    assert not any("x-wms" in f or f.startswith(" ") for f in fields)
    assert {row["value"] for row in summary["features"] if row["kind"] == "pair"} == set(CODE.values())


def test_a_cut_code_is_a_span_and_a_cut_sentence_a_sentence(tmp_path: Path) -> None:
    items = _items()
    items[1].projection += f" Resolution: {items[1].expected[0]}. Thanks again."  # the answer stated: its sentence goes
    src = tmp_path / "mails.jsonl"
    write_items(src, items, LABELS)
    stats = tmp_path / "stats.jsonl"
    sanitize_flow(SanitizeRequest(dataset=src, output=tmp_path / "clean.jsonl", stats=stats, mine=True))
    rows = {r["id"]: r for r in map(json.loads, stats.read_text(encoding="utf-8").splitlines())}
    pair_cuts = [x for r in rows.values() for x in r["redactions"] if x["rule"] == "correlated.mined-pair"]
    assert len(pair_cuts) == 100
    assert {(x["operator"], x["chars_removed"]) for x in pair_cuts} <= {("redact-span", len(c)) for c in CODE.values()}
    stated = [x for x in rows["r1"]["redactions"] if x["rule"] != "correlated.mined-pair"]
    assert stated and all(x["operator"] == "redact-sentence" for x in stated)
