"""QA pass 17: what `explore` saved is replayed by the runs CI makes of it — sharded runs too — and a failure saved
where `run` does not look says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from tests.explore.weather_stub import AGENT_YAML, serving
from tests.stubs.llm_stub import LlmStub


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LlmStub]:
    with serving(monkeypatch) as model:
        yield model


def _config(folder: Path) -> Path:
    config = folder / "windtunnel.yaml"
    config.write_text(
        AGENT_YAML + "golden_prompts: ['What is the weather in Paris?', 'Weather in Paris today?']\n"
        "mutations: {count: 1, types: [noise]}\n"
        "invariants:\n"
        "  - {type: contains, value: Forecast}\n",
        encoding="utf-8",
    )
    return config


def _explore(config: Path, store: Path, *extra: str) -> dict[str, Any]:
    report = config.parent / "explore.json"
    code = wt("explore", "-c", str(config), "--budget", "30", "--seed", "2", "--no-mutations", "--reruns", "1",
              "--store", str(store), "-q", "-o", str(report), *extra)  # fmt: skip
    assert code == 1
    return json.loads(report.read_text())["explore"]


def test_a_sharded_run_replays_the_saved_failures_as_the_unsharded_run_does(
    tmp_path: Path, stub: LlmStub, capsys: pytest.CaptureFixture[str]
) -> None:
    """`run --shard I/N` (docs/scale.md's CI matrix) left the saved failures out: the unsharded run failed on the
    regression `explore` saved, its shards merged into a pass (exit 0, score 100)."""
    config, store = _config(tmp_path), tmp_path / "runs.db"
    saved = [f for f in _explore(config, store)["failures"] if f["saved"]]
    assert saved
    capsys.readouterr()
    full = tmp_path / "full.json"
    assert wt("run", "-c", str(config), "--seed", "5", "--store", str(store), "-q", "-o", str(full)) == 1
    whole = json.loads(full.read_text())
    replays = [c["id"] for c in whole["cells"] if c["id"].endswith("/replay")]
    assert replays and all(c["status"] != "passed" for c in whole["cells"] if c["id"] in replays)
    shards = []
    for i in (1, 2, 3):
        out = tmp_path / f"shard-{i}.json"
        wt("run", "-c", str(config), "--seed", "5", "--store", str(store), "--shard", f"{i}/3", "-q", "-o", str(out))
        shards.append(str(out))
    merged = tmp_path / "merged.json"
    assert wt("runs", "merge", *shards, "--store", str(store), "-f", "json", "-o", str(merged)) == 1
    report = json.loads(merged.read_text())
    assert [c["id"] for c in report["cells"]] == [c["id"] for c in whole["cells"]]
    assert report["summary"]["score"] == whole["summary"]["score"]
    assert any("as the first cells of the plan" in n for n in json.loads(Path(shards[0]).read_text())["notices"])


def test_a_failure_saved_in_another_found_dir_is_not_said_to_be_replayed(
    tmp_path: Path, stub: LlmStub, capsys: pytest.CaptureFixture[str]
) -> None:
    """`explore --found-dir elsewhere` printed "`windtunnel run` and `contract run` replay it first" and "(replayed
    first by run / contract run / ci)"; `run` reads only found/ beside the store and never replays it."""
    config, store = _config(tmp_path), tmp_path / "runs.db"
    elsewhere = tmp_path / "kept"
    failures = _explore(config, store, "--found-dir", str(elsewhere))
    saved = [f for f in failures["failures"] if f["saved"]]
    assert saved and not any(f["replayed"] for f in saved)
    err = capsys.readouterr().err
    assert "replay it first" not in err and "replayed first" not in err
    assert f"replay only the failures in {tmp_path / 'found'}" in err
    assert wt("run", "-c", str(config), "--seed", "5", "--store", str(store), "-q", "--no-mutations") == 0
    assert "replaying" not in capsys.readouterr().err


def test_a_sharded_contract_run_says_the_saved_failures_are_not_replayed(
    tmp_path: Path, stub: LlmStub, capsys: pytest.CaptureFixture[str]
) -> None:
    """`contract run --shard` left the saved failures out without a word (its merge re-plans the matrix from the
    config, so it cannot hold them): now a notice says so and names the commands that replay them."""
    config, store = _config(tmp_path), tmp_path / "runs.db"
    config.write_text(
        config.read_text()
        + "contract:\n  name: c\n  invariants:\n    - {id: answers, type: contains, value: Forecast}\n"
        + "  chaos_matrix:\n    - name: clean\n",
        encoding="utf-8",
    )
    assert [f for f in _explore(config, store)["failures"] if f["saved"]]
    out = tmp_path / "shard.json"
    wt("contract", "run", "-c", str(config), "--seed", "5", "--store", str(store), "--shard", "1/2", "-o", str(out))
    notices = json.loads(out.read_text())["notices"]
    assert any("not replayed by a sharded contract run" in n for n in notices), notices
