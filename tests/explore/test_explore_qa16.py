"""QA pass 16: shrinking keeps the defect it found — the agent's exception type is part of a failure's identity."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.weather_stub import AGENT_YAML, serving
from tests.stubs.llm_stub import LlmStub
from windtunnel.chaos.search import Observation


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LlmStub]:
    with serving(monkeypatch) as model:
        yield model


def test_shrinking_never_trades_the_agents_exception_for_another(
    tmp_path: Path, stub: LlmStub, capsys: pytest.CaptureFixture[str]
) -> None:
    """The search found `llm call 1 error` (the agent lets InternalServerError out) and the shrinker "minimised" it to
    `llm call 1 tool_args_invalid` (a JSONDecodeError): a milder fault, the same broken checks, another bug."""
    config = tmp_path / "windtunnel.yaml"
    config.write_text(
        AGENT_YAML + "golden_prompts: ['What is the weather in Paris?']\n"
        "invariants:\n"
        "  - {type: contains, value: Forecast}\n",
        encoding="utf-8",
    )
    report = tmp_path / "explore.json"
    code = wt("explore", "-c", str(config), "--budget", "40", "--seed", "2", "--no-mutations", "--no-save",
              "--no-store", "--reruns", "1", "-q", "-o", str(report))  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1, err
    failures = json.loads(report.read_text())["explore"]["failures"]
    assert failures, err
    for failure in failures:
        found = json.dumps(failure["found_schedule"])
        rerun = tmp_path / "found.json"
        assert wt("run", "-c", str(config), "--seed", "2", "--no-mutations", "--no-found", "--no-store",
                  "--schedule", found, "-q", "-o", str(rerun)) == 1  # fmt: skip
        as_found = json.loads(rerun.read_text())["cells"][0]["error"]
        raised = as_found.split(": ")[1]  # agent_exception: Type: message
        assert raised in failure["went_wrong"], (raised, failure["went_wrong"], failure["shrink_steps"])
        assert failure["signature"][-1] == f"error:agent_exception:{raised}", (failure["signature"], as_found)


def test_the_signature_names_the_exception_the_agent_raised() -> None:
    broken = [("contains", False)]
    api = Observation(calls=[], status="error", error_kind="agent_exception", raised="RateLimitError", checks=broken)
    parse = Observation(calls=[], status="error", error_kind="agent_exception", raised="JSONDecodeError", checks=broken)
    assert api.failure_signature() == ("contains", "error:agent_exception:RateLimitError")
    assert api.failure_signature() != parse.failure_signature()
    hang = Observation(calls=[], status="error", error_kind="timeout", checks=broken)
    assert hang.failure_signature() == ("contains", "error:timeout")


def test_failures_found_beyond_max_failures_are_named_not_dropped(
    tmp_path: Path, stub: LlmStub, capsys: pytest.CaptureFixture[str]
) -> None:
    """One round showed five distinct failures; "failure found" was printed for each, then one FAILURE was reported and
    the other four were gone from the report without a word about --max-failures."""
    config = tmp_path / "windtunnel.yaml"
    config.write_text(
        "agent: {type: python, endpoint: 'tests.explore.crashy_sdk_agent:handle',"
        " tools: ['tests.explore.crashy_sdk_agent:get_weather'], llm: 'tests.explore.crashy_sdk_agent:CLIENT'}\n"
        "golden_prompts: ['What is the weather in Paris?']\n"
        "invariants: [{type: contains, value: Forecast}]\n",
        encoding="utf-8",
    )
    args = ["explore", "-c", str(config), "--budget", "40", "--seed", "3", "--no-mutations", "--no-save", "--no-store",
            "--reruns", "1", "--shrink-budget", "0", "-q"]  # fmt: skip
    report = tmp_path / "one.json"
    assert wt(*args, "-o", str(report)) == 1
    data = json.loads(report.read_text())
    assert len(data["explore"]["failures"]) == 1
    beyond = [n for n in data["notices"] if "beyond --max-failures 1" in n]
    assert beyond, data["notices"]
    more = int(beyond[0].split(" more distinct failure")[0])
    assert more >= 1 and f"rerun with --max-failures {more + 1} to keep them" in beyond[0]
    assert "(beyond --max-failures 1: held back, shrunk only if a merge frees a place)" in capsys.readouterr().err
    report = tmp_path / "all.json"
    assert wt(*args, "--max-failures", str(more + 1), "-o", str(report)) == 1
    assert len(json.loads(report.read_text())["explore"]["failures"]) == more + 1
