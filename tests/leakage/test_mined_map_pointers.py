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
