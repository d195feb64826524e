"""QA pass 17: a session exported from a chaos report with `--contract C` replayed the very answer that failed and
passed, because C judges none of the checks the cell failed — without a word. The real `openai` SDK against a local
stub; the garbage answer is the recorded model answer the replay injects."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.weather_stub import AGENT_YAML, serving
from tests.stubs.llm_stub import LlmStub


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LlmStub]:
    with serving(monkeypatch) as model:
        yield model


@pytest.mark.parametrize(("contract_check", "noted"), [("output_not_empty", True), ("contains", False)])
def test_a_pass_judged_by_another_contract_says_it_does_not_show_the_fix(
    tmp_path: Path, stub: LlmStub, capsys: pytest.CaptureFixture[str], contract_check: str, noted: bool
) -> None:
    config = tmp_path / "windtunnel.yaml"
    check = "{id: says, type: contains, value: sunny}" if contract_check == "contains" else "{type: output_not_empty}"
    config.write_text(
        AGENT_YAML + "golden_prompts: ['What is the weather in Paris?']\n"
        "invariants:\n"
        "  - {type: contains, value: Forecast}\n"
        "chaos:\n"
        "  llm_faults: [{mode: garbage, probability: 1.0}]\n"
        f"contract:\n  name: lenient\n  invariants:\n    - {check}\n  chaos_matrix:\n    - name: clean\n",
        encoding="utf-8",
    )
    report, sessions = tmp_path / "chaos.json", tmp_path / "sessions"
    assert wt("run", "-c", str(config), "--chaos-only", "--seed", "1", "--no-store", "-q", "-o", str(report)) == 1
    assert json.loads(report.read_text())["cells"][0]["status"] == "failed"
    assert wt("replay", "export", "--from-report", str(report), "-o", str(sessions), "--contract", "lenient") == 0
    capsys.readouterr()
    code = wt("replay", "run", str(sessions), "-c", str(config), "-f", "json", "-o", str(tmp_path / "r.json"))
    out = capsys.readouterr()
    said = "failed contains, and contract 'lenient' judges no check of that type" in out.out + out.err
    if noted:
        assert code == 0 and said, out.err
    else:  # the contract judges a `contains` check: no note, whatever the verdict
        assert not said
