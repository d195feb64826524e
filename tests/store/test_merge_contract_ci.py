"""`contract run --shard I/N` and `ci --shard I/N`: the shards of a seeded run, merged, are the unsharded run."""

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


def _cells(report: dict[str, Any]) -> list[Any]:
    return [
        (
            c["id"],
            c["status"],
            c["output"],
            c["faults"],
            [(k["id"], k["passed"]) for k in c["checks"]],
            c.get("reproduce"),
        )
        for c in report["cells"]
    ]


def _contract(tmp: Path, name: str, *extra: str) -> tuple[int, dict[str, Any]]:
    out = tmp / f"{name}.json"
    store = tmp / "runs.db"
    code = wt("contract", "run", "-c", EXAMPLE, "--seed", "5", "-q", "--store", str(store), "-f", "json",
              "-o", str(out), *extra)  # fmt: skip
    return code, json.loads(out.read_text())


CONTRACT_KEYS = ("score", "passed", "critical_failed", "cells_total", "cells_passed", "cells_failed",
                 "cells_errored", "cells_skipped", "reasons", "by_scenario", "by_invariant", "matrix",
                 "units_planned", "units_completed", "cells_planned")  # fmt: skip


@pytest.fixture(scope="module")
def contract_shards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, dict[str, Any], list[Any]]:
    tmp = tmp_path_factory.mktemp("contract-shards")
    mp = pytest.MonkeyPatch()
    mp.chdir(REPO)
    try:
        code, full = _contract(tmp, "full")
        parts = [_contract(tmp, f"s{i}", "--shard", f"{i}/3") for i in (1, 2, 3)]
    finally:
        mp.undo()
    return tmp, code, full, parts


def test_contract_shards_partition_the_units(contract_shards: Any) -> None:
    _, _, full, parts = contract_shards
    units = [c["id"] for _, p in parts for c in p["cells"] if c["status"] != "skipped"]
    assert sorted(units) == sorted(c["id"] for c in full["cells"] if c["status"] != "skipped")
    assert len(units) == len(set(units))  # every unit in exactly one shard
    assert [p["run"]["shard"] for _, p in parts] == ["1/3", "2/3", "3/3"]
    assert all(0 < p["summary"]["units_planned"] < full["summary"]["units_planned"] for _, p in parts)


def test_contract_shards_merged_rescore_the_whole_matrix(contract_shards: Any) -> None:
    tmp, code, full, parts = contract_shards
    # a shard alone scores only its part of the matrix: the merge must re-score, not average
    assert {p["summary"]["score"] for _, p in parts} != {full["summary"]["score"]}
    for how, sources in (
        ("store", [p["run"]["id"] for _, p in reversed(parts)]),
        ("files", [str(tmp / f"s{i}.json") for i in (2, 3, 1)]),
    ):
        out = tmp / f"merged-{how}.json"
        assert wt("runs", "merge", *sources, "--store", str(tmp / "runs.db"), "-f", "json", "-o", str(out)) == code
        merged = json.loads(out.read_text())
        assert merged["run"]["mode"] == "contract"
        assert _cells(merged) == _cells(full)
        assert {k: merged["summary"].get(k) for k in CONTRACT_KEYS} == {
            k: full["summary"].get(k) for k in CONTRACT_KEYS
        }
        assert "shard" not in merged["run"] and merged["run"]["shards"] == 3


def test_a_resumed_contract_shard_stays_in_its_shard(contract_shards: Any) -> None:
    tmp, _, _, parts = contract_shards
    _, shard2 = parts[1]
    out = tmp / "resumed.json"
    wt("contract", "run", "--resume", shard2["run"]["id"], "-c", EXAMPLE, "--store", str(tmp / "runs.db"), "-q",
       "-f", "json", "-o", str(out))  # fmt: skip
    resumed = json.loads(out.read_text())
    assert resumed["run"]["shard"] == "2/3"
    assert _cells(resumed) == _cells(shard2)  # nothing of the other shards ran


def _unseeded(tmp: Path) -> str:
    """The example config without its ``advanced.seed`` (in the example's directory: its paths resolve)."""
    text = (REPO / EXAMPLE).read_text(encoding="utf-8")
    assert "  seed: 7\n" in text
    path = REPO / "examples" / "support_agent" / f".unseeded-{tmp.name}.yaml"
    path.write_text(text.replace("  seed: 7\n", ""), encoding="utf-8")
    return str(path)


def test_contract_shard_needs_a_fixed_seed_and_a_good_executor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unseeded = _unseeded(tmp_path)
    try:
        assert wt("contract", "run", "-c", unseeded, "--shard", "1/2", "-q", "--no-store") == 2
    finally:
        Path(unseeded).unlink()
    assert "fixed seed" in capsys.readouterr().err
    assert wt("contract", "run", "-c", EXAMPLE, "--shard", "3/2", "--seed", "1", "-q", "--no-store") == 2
    assert wt("contract", "run", "-c", EXAMPLE, "--executor", "dask", "--seed", "1", "-q", "--no-store") == 2
    assert "--executor 'dask'" in capsys.readouterr().err


def _ci(tmp: Path, name: str, *extra: str) -> tuple[int, dict[str, Any]]:
    out = tmp / name
    code = wt("ci", "-c", EXAMPLE, "--seed", "5", "-q", "--store", str(tmp / "runs.db"), "-o", str(out), *extra)
    return code, json.loads((out / "summary.json").read_text())


CI_KEYS = ("score", "passed", "critical_failed", "cells_total", "cells_not_run", "cells_passed", "cells_failed",
           "cells_errored", "cells_skipped", "min_score", "phase_rule", "reasons")  # fmt: skip


def _phases(report: dict[str, Any]) -> dict[str, Any]:
    keep = ("score", "passed", "weight", "status", "exit_code", "critical_failed", "reason")
    return {name: {k: p.get(k) for k in keep} for name, p in report["summary"]["phases"].items()}


def test_ci_shards_merged_equal_the_unsharded_run(tmp_path: Path) -> None:
    code, full = _ci(tmp_path, "full")
    parts = [_ci(tmp_path, f"s{i}", "--shard", f"{i}/3")[1] for i in (1, 2, 3)]
    assert all(p["run"]["shard"] == f"{i}/3" for i, p in zip((1, 2, 3), parts, strict=True))
    # the replay sessions are not split: shard 1 runs them all, the others say why they did not
    assert [p["summary"]["phases"]["replay"]["status"] for p in parts] == ["run", "not run", "not run"]
    ids = [c["id"] for p in parts for c in p["cells"]]
    applicable = [c["id"] for c in full["cells"] if not str(c.get("detail")).startswith("N/A")]
    assert sorted(ids) == sorted(applicable)  # every cell in exactly one shard (N/A cells come back in the merge)
    for how, sources in (
        ("store", [p["run"]["id"] for p in parts]),
        ("files", [str(tmp_path / f"s{i}" / "summary.json") for i in (3, 1, 2)]),
    ):
        out = tmp_path / f"merged-{how}.json"
        assert wt("runs", "merge", *sources, "--store", str(tmp_path / "runs.db"), "-f", "json", "-o", str(out)) == code
        merged = json.loads(out.read_text())
        assert merged["run"]["mode"] == "ci" and merged["run"]["shards"] == 3
        assert {k: merged["summary"].get(k) for k in CI_KEYS} == {k: full["summary"].get(k) for k in CI_KEYS}
        assert _phases(merged) == _phases(full)
        assert sorted(_cells(merged)) == sorted(_cells(full))
    # a resumed ci shard stays in its shard: its replay phase is still left to shard 1
    resumed = tmp_path / "resumed"
    wt("ci", "--resume", parts[1]["run"]["id"], "-c", EXAMPLE, "--store", str(tmp_path / "runs.db"), "-q",
       "-o", str(resumed))  # fmt: skip
    again = json.loads((resumed / "summary.json").read_text())
    assert again["run"]["shard"] == "2/3" and again["summary"]["phases"]["replay"]["status"] == "not run"


def test_ci_shard_needs_a_fixed_seed_and_a_good_executor(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unseeded = _unseeded(tmp_path)
    try:
        assert wt("ci", "-c", unseeded, "--shard", "1/2", "-q", "--no-store", "-o", str(tmp_path / "a")) == 2
    finally:
        Path(unseeded).unlink()
    assert "fixed seed" in capsys.readouterr().err
    assert wt("ci", "-c", EXAMPLE, "--shard", "x", "--seed", "1", "-q", "--no-store", "-o", str(tmp_path / "b")) == 2
    assert wt("ci", "-c", EXAMPLE, "--executor", "dask", "--seed", "1", "-q", "--no-store", "-o", str(tmp_path)) == 2
    assert "--executor 'dask'" in capsys.readouterr().err


def test_contract_merge_refuses_what_it_cannot_rescore(
    contract_shards: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp, *_ = contract_shards
    s1, s2, s3 = (str(tmp / f"s{i}.json") for i in (1, 2, 3))
    assert wt("report", "--merge", s1, s2, "-f", "json", "-o", str(tmp_path / "x.json")) == 2
    assert "shard 3/3 missing" in capsys.readouterr().err
    monkeypatch.chdir(tmp_path)  # the config the shards ran is not here: nothing to re-score against
    assert wt("report", "--merge", s1, s2, s3, "-f", "json", "-o", str(tmp_path / "x.json")) == 2
    err = capsys.readouterr().err
    assert "which is not here" in err and "same checkout" in err
