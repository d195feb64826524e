"""QA pass 24 #15: `replay record -c wt.yaml` (a config with `invariants:` and no contract) wrote a session that
`replay run rec.yaml -c wt.yaml` then refused (exit 2), while `replay export` sessions of the same config are judged
by its invariants. One rule now: a session windtunnel made of the agent's own calls, naming no contract, is judged by
the config's `invariants:` (a recording when the config has no contract with invariants); `record` says which."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel._util.errors import ExitCode

AGENT = """version: "2.0"
agent:
  type: python
  endpoint: "tests.explore.trusting_weather_agent:handle"
  tools: ["tests.explore.trusting_weather_agent:get_weather"]
golden_prompts: ["What is the weather in Rome?"]
"""


def test_a_recording_is_judged_by_the_configs_invariants_as_an_export_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "wt.yaml"
    cfg.write_text(AGENT + "invariants:\n  - {type: contains, value: weather}\n  - {type: contains, value: snow}\n")
    session, report = tmp_path / "rec.yaml", tmp_path / "r.json"
    assert wt("replay", "record", "-c", str(cfg), "-i", "Weather in Rome?", "-o", str(session)) == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "no --contract: `replay run -c" in said and "judges this session by its `invariants:` (2" in said, said
    # judged, not refused: every invariant decides, as in a run (the answer has no "snow")
    assert wt("replay", "run", str(session), "-c", str(cfg), "-o", str(report)) == ExitCode.FAILED
    (cell,) = json.loads(report.read_text())["cells"]
    assert cell["contract"]["name"] == "the run's invariants" and "as `run` judges" in cell["contract"]["source"]
    assert cell["status"] == "failed"

    # a config with a contract judges the recording by it, as before (and record says nothing about it)
    cfg.write_text(AGENT + "invariants:\n  - {type: contains, value: snow}\n"
                   "contract:\n  name: weather\n  invariants:\n    - {type: contains, value: weather}\n")  # fmt: skip
    assert wt("replay", "record", "-c", str(cfg), "-i", "Weather in Rome?", "-o", str(session)) == 0
    assert "no --contract" not in capsys.readouterr().err
    assert wt("replay", "run", str(session), "-c", str(cfg), "-o", str(report)) == 0
    (cell,) = json.loads(report.read_text())["cells"]
    assert cell["contract"]["name"] == "weather"


def test_recording_with_nothing_to_judge_it_says_so_and_how_to_fix_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "wt.yaml"
    cfg.write_text(AGENT)
    session = tmp_path / "rec.yaml"
    assert wt("replay", "record", "-c", str(cfg), "-i", "Weather in Rome?", "-o", str(session)) == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "neither a `contract:` with invariants nor `invariants:`: `replay run` with it will refuse" in said, said
    assert "record with --contract NAME or PATH" in said
    assert wt("replay", "run", str(session), "-c", str(cfg)) == ExitCode.USAGE
