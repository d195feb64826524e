"""A whole value mined at a pointer keeps its pointer in the written map (``leak mine -o``), so a bare digit such as
the ``1`` of ``/ticket/priority/id`` counts only on items holding it there, never as a word searched for anywhere."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.leakage import shortcut_data
from tests.leakage.test_parallel import run_cli
from windtunnel.leakage.mine import correlated_map, mine
from windtunnel.leakage.model import LeakItem

IDS = {"Low": "4", "Medium": "3", "High": "2", "Critical": "1"}
POINTER = "/ticket/priority/id"


def records() -> list[dict[str, Any]]:
    """The no-signal shortcut dataset plus one rider: the label's numeric id at ``/ticket/priority/id``."""
    out = shortcut_data.dataset(signal=False)
    for r in out:
        r["projection"]["ticket"]["priority"] = {"id": IDS[r["expected"]]}
    return out


def test_the_api_map_keeps_the_pointer_of_a_mined_value() -> None:
    result = mine([LeakItem.from_mapping(r) for r in records()])
    cmap = correlated_map(result.suggestions, result.members)
    assert set(cmap) == set(IDS)
    for label, entries in cmap.items():
        assert {"pointer": POINTER, "value": IDS[label]} in entries
        assert not [e for e in entries if isinstance(e, str) and e.isdigit()], f"a bare digit for {label}: {entries}"


def test_leak_mine_writes_the_pointer_and_the_scan_counts_it_only_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, cmap = tmp_path / "raw.jsonl", tmp_path / "map.json"
    data.write_text("".join(json.dumps(r) + "\n" for r in records()))
    assert run_cli("leak", "mine", str(data), "-o", str(cmap)) == 0
    written = json.loads(cmap.read_text())
    assert {"pointer": POINTER, "value": "1"} in written["Critical"]
    assert all(not (isinstance(e, str) and e.isdigit()) for entries in written.values() for e in entries), written

    ticket = {"title": "login broken", "description": "Step 1 of the guide fails."}
    probe = tmp_path / "probe.jsonl"
    probe.write_text(
        json.dumps(
            {"id": "rider", "expected": "Critical", "projection": {"ticket": {**ticket, "priority": {"id": "1"}}}}
        )
        + "\n"
        + json.dumps({"id": "prose", "expected": "Critical", "projection": {"ticket": ticket}})
        + "\n"
    )
    capsys.readouterr()
    out = tmp_path / "scan.json"
    args = ["--correlated-map", str(cmap), "--no-mine", "-f", "json", "-o", str(out)]
    assert run_cli("leak", "scan", str(probe), *args) == 1
    report = json.loads(out.read_text())
    leaked = {i["id"]: i for i in report["items"] if i["leaked"]}
    assert set(leaked) == {"rider"}, "the '1' of 'Step 1' is no rider: only the item holding it at the pointer leaks"
    assert POINTER in {f["pointer"] for f in leaked["rider"]["findings"]}


def test_a_map_entry_without_a_pointer_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, cmap = tmp_path / "raw.jsonl", tmp_path / "map.json"
    data.write_text(json.dumps(records()[0]) + "\n")
    cmap.write_text(json.dumps({"Critical": [{"value": "1"}]}))
    assert run_cli("leak", "scan", str(data), "--correlated-map", str(cmap), "--no-mine") == 2
    assert "needs a 'pointer' and a 'value'" in capsys.readouterr().err


def test_the_map_leaves_out_the_parts_of_a_scoped_value() -> None:
    # a queue code riding with one label: its tokens (``2``, ``fin 2``) are held by the same items; written bare they
    # would be searched anywhere in every item of the label, and a tenure of 2 months would be a correlated leak
    recs = records()
    for r in recs:
        if r["expected"] == "Critical":
            r["projection"]["ticket"]["queue"] = "Q-FIN-2"
    result = mine([LeakItem.from_mapping(r) for r in recs])
    cmap = correlated_map(result.suggestions, result.members)
    crit = cmap["Critical"]
    assert {"pointer": "/ticket/queue", "value": "Q-FIN-2"} in crit, crit
    assert not [e for e in crit if isinstance(e, str)], f"bare parts of a scoped value: {crit}"


def _intent_rows() -> list[dict[str, Any]]:
    """240 tickets of four snake_case intents; a router writes the intent on a third of them, and every ticket of an
    intent repeats one of two short messages word for word (a templated eval set)."""
    labels = ["shipping_delay", "address_change", "damaged_item", "refund_request"]
    topic = dict(zip(labels, ("parcel", "flat", "mug", "money"), strict=True))
    rows = []
    for i in range(240):
        lab = labels[i % 4]
        proj: dict[str, Any] = {
            "message": f"About my {topic[lab]}, {('please help', 'thanks')[i % 2]}.",
            "order": {"id": f"ORD-{10000 + 7 * i}", "status": ("open", "closed")[i % 2]},
        }
        if i % 3 == 0:
            proj["router"] = {"route": lab}
        rows.append({"id": f"t{i}", "expected": lab, "label_set": labels, "projection": proj})
    return rows


def test_a_labels_own_words_are_not_mined_as_riders() -> None:
    # QA-16: ``shipping_delay`` in a router's field gave the tokens ``shipping``, ``delay`` and the n-gram, mined as
    # riders of shipping_delay and written bare into the map: the customer's own "delay" anywhere became a leak
    result = mine([LeakItem.from_mapping(r) for r in _intent_rows()])
    words = {"shipping", "delay", "address", "change", "damaged", "item", "refund", "request"}
    mined = {w for s in result.suggestions for w in (s.value.casefold(), *s.also)}
    assert not mined & (words | {"shipping delay", "address change", "damaged item", "refund request"}), mined


def test_a_mined_sentence_gets_the_derive_from_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # QA-16: the customers' repeated messages (the content the intent is read from) were mined as riders with no word
    # about --derive-from, and `leak sanitize` blanked them
    result = mine([LeakItem.from_mapping(r) for r in _intent_rows()])
    assert {s.pointer for s in result.suggestions if s.kind == "value"} == {"/message"}
    hint = result.content_hint()
    assert hint is not None and "--derive-from '/message'" in hint
    assert mine([LeakItem.from_mapping(r) for r in _intent_rows()], derive_from=["/message"]).content_hint() is None
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _intent_rows()))
    assert run_cli("leak", "mine", str(data)) == 0
    assert "hint: mined whole sentences at /message" in capsys.readouterr().out
    run_cli("leak", "scan", str(data), "--limit", "0")
    assert "--derive-from '/message'" in capsys.readouterr().out
