"""`runs merge` / `report --merge` refuse a tampered shard (exit 2: the inputs are not the shards of one run,
the documented usage error): a cell removed, duplicated or brought in from another run, an altered plan record.
The untampered shards still merge to the unsharded run's verdict."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, list[dict[str, Any]]]:
    """A run whose only failure is one cell, and its two shards (JSON reports)."""
    tmp = tmp_path_factory.mktemp("tamper")
    agent = tmp / "agent.py"
    agent.write_text("def answer(prompt: str) -> str:\n    return 'no' if 'four' in prompt else 'yes ' + prompt\n")
    cfg = tmp / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'agent:answer'}\n"
        "golden_prompts: [one, two, three, four, five, six]\n"
        "invariants: [{type: contains, value: 'yes'}]\nadvanced: {seed: 3}\n"
    )
    mp = pytest.MonkeyPatch()
    mp.chdir(tmp)
    mp.syspath_prepend(str(tmp))
    try:
        full_code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", "full.json")
        parts = []
        for i in (1, 2):
            out = tmp / f"s{i}.json"
            wt(
                "run",
                "-c",
                str(cfg),
                "--no-mutations",
                "-q",
                "--no-store",
                "--shard",
                f"{i}/2",
                "-f",
                "json",
                "-o",
                str(out),
            )
            parts.append(json.loads(out.read_text()))
    finally:
        mp.undo()
    return tmp, full_code, parts


def _merge(tmp: Path, parts: list[dict[str, Any]], name: str) -> int:
    files = []
    for i, part in enumerate(parts, 1):
        path = tmp / f"{name}-{i}.json"
        path.write_text(json.dumps(part))
        files.append(str(path))
    return wt("runs", "merge", *files, "--store", str(tmp / f"{name}.db"))


def _failing_shard(parts: list[dict[str, Any]]) -> int:
    return next(i for i, p in enumerate(parts) if any(c["status"] != "passed" for c in p["cells"]))


def test_untampered_shards_merge_to_the_unsharded_verdict(shards: Any) -> None:
    tmp, full_code, parts = shards
    assert full_code == 1
    assert _merge(tmp, parts, "clean") == 1
    assert all("ids" in p["run"]["shard_plan"] and p["run"]["shard_plan"]["whole"] == 6 for p in parts)


def test_a_removed_cell_is_refused(shards: Any, capsys: pytest.CaptureFixture[str]) -> None:
    tmp, _, parts = shards
    bad = copy.deepcopy(parts)
    i = _failing_shard(bad)
    gone = next(c for c in bad[i]["cells"] if c["status"] != "passed")
    bad[i]["cells"].remove(gone)  # the run's only failure: merged it would pass with 100
    assert _merge(tmp, bad, "removed") == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "is missing 1 of the 3 cells it planned" in err and repr(gone["id"]) in err, err


def test_a_duplicated_cell_is_refused(shards: Any, capsys: pytest.CaptureFixture[str]) -> None:
    tmp, _, parts = shards
    bad = copy.deepcopy(parts)
    bad[0]["cells"].append(copy.deepcopy(bad[0]["cells"][0]))
    assert _merge(tmp, bad, "dup") == 2
    assert "a cell must be counted once" in capsys.readouterr().err


def test_a_foreign_cell_is_refused(shards: Any, capsys: pytest.CaptureFixture[str]) -> None:
    tmp, _, parts = shards
    bad = copy.deepcopy(parts)
    intruder = copy.deepcopy(bad[0]["cells"][0])
    intruder["id"] = "g99.r0"
    bad[1]["cells"].append(intruder)
    assert _merge(tmp, bad, "foreign") == 2
    assert "holds cells it did not plan: 'g99.r0'" in " ".join(capsys.readouterr().err.split())


def test_a_rewritten_plan_record_is_refused(shards: Any, capsys: pytest.CaptureFixture[str]) -> None:
    tmp, _, parts = shards
    bad = copy.deepcopy(parts)
    i = _failing_shard(bad)
    gone = next(c for c in bad[i]["cells"] if c["status"] != "passed")
    bad[i]["cells"].remove(gone)
    bad[i]["run"]["shard_plan"]["ids"].remove(gone["id"])  # the record edited to match
    assert _merge(tmp, bad, "record") == 2
    assert "plan record was altered" in capsys.readouterr().err


def test_a_shard_without_a_plan_record_is_refused(shards: Any, capsys: pytest.CaptureFixture[str]) -> None:
    tmp, _, parts = shards
    bad = copy.deepcopy(parts)
    del bad[0]["run"]["shard_plan"]
    assert _merge(tmp, bad, "norecord") == 2
    assert "does not say which cells it planned" in capsys.readouterr().err


def test_a_contract_shard_with_a_cell_removed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.conftest import REPO

    monkeypatch.chdir(REPO)
    parts = []
    for i in (1, 2):
        out = tmp_path / f"c{i}.json"
        wt("contract", "run", "-c", "examples/support_agent/windtunnel.yaml", "--seed", "5", "-q", "--no-store",
           "--shard", f"{i}/2", "-f", "json", "-o", str(out))  # fmt: skip
        parts.append(json.loads(out.read_text()))
    assert _merge(tmp_path, parts, "contract-clean") in (0, 1)
    capsys.readouterr()
    gone = parts[1]["cells"].pop(0)
    assert _merge(tmp_path, parts, "contract-cut") == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "missing 1 of the contract's" in err and repr(gone["id"]) in err, err
