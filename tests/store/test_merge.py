"""--shard I/N and `runs merge` / `report --merge`: the shards of a seeded run, merged, are the unsharded run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.clirun import wt
from tests.conftest import REPO

EXAMPLE = "examples/support_agent/windtunnel.yaml"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def _run(tmp_path: Path, name: str, *extra: str) -> tuple[int, dict[str, Any]]:
    out = tmp_path / f"{name}.json"
    store = tmp_path / "runs.db"
    code = wt("run", "-c", EXAMPLE, "--chaos", "--seed", "5", "-q", "--store", str(store), "-f", "json", "-o", str(out),
              *extra)  # fmt: skip
    return code, json.loads(out.read_text())


def _cells(report: dict[str, Any]) -> list[Any]:
    return [
        (c["id"], c["status"], c["output"], c["faults"], [(k["id"], k["passed"]) for k in c["checks"]], c["reproduce"])
        for c in report["cells"]
    ]


SUMMARY_KEYS = ("score", "passed", "cells_total", "cells_passed", "cells_failed", "cells_errored", "by_type",
                "cells_planned", "min_score")  # fmt: skip


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, dict[str, Any], list[dict[str, Any]]]:
    tmp = tmp_path_factory.mktemp("shards")
    mp = pytest.MonkeyPatch()
    mp.chdir(REPO)
    try:
        code, full = _run(tmp, "full")
        parts = [_run(tmp, f"s{i}", "--shard", f"{i}/3")[1] for i in (1, 2, 3)]
    finally:
        mp.undo()
    return tmp, code, full, parts


def test_shards_partition_the_run(shards: Any) -> None:
    _, _, full, parts = shards
    ids = [c["id"] for p in parts for c in p["cells"]]
    assert ids == [c["id"] for c in full["cells"]]  # every cell once, in plan order
    assert [p["run"]["shard"] for p in parts] == ["1/3", "2/3", "3/3"]
    assert all(0 < len(p["cells"]) < len(full["cells"]) for p in parts)


def test_runs_merge_equals_the_unsharded_run(shards: Any) -> None:
    tmp, code, full, parts = shards
    out = tmp / "merged.json"
    ids = [p["run"]["id"] for p in reversed(parts)]  # any order
    merged_code = wt("runs", "merge", *ids, "--store", str(tmp / "runs.db"), "-f", "json", "-o", str(out))
    merged = json.loads(out.read_text())
    assert merged_code == code
    assert _cells(merged) == _cells(full)
    assert {k: merged["summary"].get(k) for k in SUMMARY_KEYS} == {k: full["summary"].get(k) for k in SUMMARY_KEYS}
    assert merged["run"]["merged_from"] == [p["run"]["id"] for p in parts]
    assert "shard" not in merged["run"] and "shard" not in merged["run"]["options"]
    # the merged run is kept in the store: `report` re-renders it with the same score
    again = tmp / "again.json"
    assert wt("report", merged["run"]["id"], "--store", str(tmp / "runs.db"), "-f", "json", "-o", str(again)) == 0
    assert json.loads(again.read_text())["summary"]["score"] == full["summary"]["score"]


def test_report_merge_of_files_equals_the_unsharded_run(shards: Any) -> None:
    tmp, _, full, _ = shards
    out = tmp / "merged-files.json"
    files = [str(tmp / f"s{i}.json") for i in (3, 1, 2)]
    assert wt("report", "--merge", *files, "-f", "json", "-o", str(out)) == 0
    merged = json.loads(out.read_text())
    assert _cells(merged) == _cells(full)
    assert merged["summary"]["score"] == full["summary"]["score"]
    # runs merge takes report files too (the CI job that gathered the shards' artifacts), exit as unsharded
    code = wt("runs", "merge", *files, "--store", str(tmp / "gathered.db"))
    assert code == (0 if full["summary"]["passed"] else 1)


def test_merge_refuses_what_is_not_one_whole_run(shards: Any, capsys: pytest.CaptureFixture[str]) -> None:
    tmp, *_ = shards
    s1, s2 = str(tmp / "s1.json"), str(tmp / "s2.json")
    assert wt("report", "--merge", s1, s2, "-f", "json", "-o", str(tmp / "x.json")) == 2
    assert "shard 3/3 missing" in capsys.readouterr().err
    assert wt("report", "--merge", s1, s1, s2, "-f", "json", "-o", str(tmp / "x.json")) == 2
    assert "both shard 1/3" in capsys.readouterr().err
    assert wt("report", "--merge", s1, str(tmp / "full.json"), "-f", "json", "-o", str(tmp / "x.json")) == 2
    assert "is not a shard" in capsys.readouterr().err
    assert wt("report", s1, s2) == 2  # two inputs without --merge


def test_a_shard_needs_a_fixed_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\ngolden_prompts: [a, b]\n")
    assert wt("run", "-c", str(cfg), "--shard", "1/2", "-q", "--no-store") == 2
    assert "fixed seed" in capsys.readouterr().err
    assert wt("run", "-c", str(cfg), "--shard", "3/2", "--seed", "1", "-q", "--no-store") == 2


def test_more_shards_than_cells_gives_empty_shards_that_merge(tmp_path: Path) -> None:
    """A CI matrix wider than the plan: the empty shards pass with 0 cells, and the merge is the whole run."""
    cfg = tmp_path / "small.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\n"
        "golden_prompts: ['Where is my order?', 'hello']\n"
        "mutations: {count: 1, types: [noise]}\n"
        "invariants: [{type: latency, max_ms: 60000}]\n"
    )
    store = tmp_path / "runs.db"
    files, codes = [], []
    for i in range(1, 7):  # 4 cells over 6 shards
        out = tmp_path / f"s{i}.json"
        codes.append(wt("run", "-c", str(cfg), "--seed", "1", "--shard", f"{i}/6", "-q", "--store", str(store),
                        "-f", "json", "-o", str(out)))  # fmt: skip
        files.append(str(out))
    assert codes == [0] * 6
    reports = [json.loads(Path(f).read_text()) for f in files]
    empty = [r for r in reports if not r["cells"]]
    assert len(empty) == 2 and all(r["summary"]["passed"] for r in empty)
    assert any("has no cells (the plan has 4 cells for 6 shards)" in n for n in empty[0]["notices"])
    merged = tmp_path / "merged.json"
    assert wt("runs", "merge", *files, "--store", str(tmp_path / "m.db"), "-f", "json", "-o", str(merged)) == 0
    assert [c["id"] for c in json.loads(merged.read_text())["cells"]] == [c["id"] for r in reports for c in r["cells"]]
    assert len(json.loads(merged.read_text())["cells"]) == 4


def test_cell_with_shard_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("run", "-c", EXAMPLE, "--seed", "1", "--shard", "2/2", "--cell", "g0.r0", "--no-store") == 2
    assert "does not combine with --shard" in capsys.readouterr().err
