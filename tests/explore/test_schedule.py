"""Fault schedules are data: they round-trip through YAML and the report, replay exactly, and every
``chaos:`` block is one already (same faults, same order, same seeded decisions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.conftest import write_config
from windtunnel._util.errors import ConfigError, UnknownPluginError
from windtunnel._util.yamlsource import read_yaml
from windtunnel.chaos.base import ToolCall, llm_faults, tool_faults
from windtunnel.chaos.config import ChaosConfig
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.schedule import Schedule, load_schedule, parse_schedule
from windtunnel.chaos.spec import ChaosSpec

CHAOS = {
    "tool_faults": [
        {"tool": "lookup", "mode": "error", "after_calls": 2, "probability": 0.5, "error_code": 500},
        {"tool": "*", "mode": "truncated", "probability": 0.3, "keep": 0.25},
    ],
    "llm_faults": [{"mode": "rate_limit", "on_call": 2, "count": 3, "retry_after": 0}],
}


def _fired(spec: ChaosSpec, calls: int = 40) -> list[list[str]]:
    plan = FaultPlan(spec, seed=7, key="cell-1")
    out = []
    for i in range(calls):
        call = ToolCall(name="lookup" if i % 2 else "notes", args={"i": i}, signature=f"s{i}")
        out.append(plan.decide_tool(call).modes + [str(t[1].mode) for t in plan.decide_tool(call).transforms])
    return out


def test_a_chaos_block_is_a_schedule_with_the_same_faults_and_the_same_seeded_decisions() -> None:
    spec = ChaosSpec.resolve(ChaosConfig.model_validate(CHAOS), name="chaos")
    again = Schedule.from_spec(spec).to_spec()
    assert again == spec
    assert _fired(again) == _fired(spec)
    assert any(_fired(spec))  # the comparison is not between two empty logs


def test_schedules_round_trip_through_yaml_byte_for_byte() -> None:
    schedule = Schedule.from_spec(ChaosSpec.resolve(ChaosConfig.model_validate(CHAOS), name="s1"))
    text = schedule.to_yaml()
    back = parse_schedule(read_yaml(text)[0])
    assert back == schedule
    assert back.to_yaml() == text
    assert "on_call: 2" in text and "count: 3" in text and "from_call: 3" in text


def test_on_call_and_count_select_a_burst_then_the_calls_recover() -> None:
    schedule = parse_schedule(
        {"faults": [{"seam": "tool:lookup", "on_call": 2, "count": 3, "fault": {"mode": "timeout"}}]}
    )
    plan = FaultPlan(schedule.to_spec(), seed=None, key="c")
    fired = [bool(plan.decide_tool(ToolCall("lookup", {}, f"s{i}")).modes) for i in range(7)]
    assert fired == [False, True, True, True, False, False, False]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"faults": [{"seam": "tool:x", "fault": {"mode": "no_such_mode"}}]}, "no_such_mode"),
        ({"faults": [{"seam": "model", "fault": {"mode": "timeout"}}]}, "is not a seam"),
        ({"faults": [{"seam": "llm", "on_call": 1, "from_call": 2, "fault": {"mode": "timeout"}}]}, "both on_call"),
        ({"faults": [{"seam": "llm", "fault": {"mode": "timeout", "on_call": 1}}]}, "belong on the slot"),
        ({"faults": [{"seam": "llm", "fault": {"mode": "timeout", "delay_ms": -1}}]}, "delay_ms"),
        ({"faults": [{"seam": "llm", "oncall": 1, "fault": {"mode": "timeout"}}]}, "oncall"),
    ],
    ids=["unknown-mode", "bad-seam", "on-and-from", "trigger-in-fault", "bad-param", "unknown-key"],
)
def test_a_bad_schedule_is_an_error_naming_the_problem(data: dict, words: str) -> None:
    with pytest.raises((ConfigError, UnknownPluginError)) as err:
        parse_schedule(data)
    assert words in str(err.value)


def test_an_unknown_mode_lists_the_registered_modes_of_that_seam() -> None:
    with pytest.raises(UnknownPluginError) as err:
        parse_schedule({"faults": [{"seam": "llm", "fault": {"mode": "nope"}}]})
    assert all(name in str(err.value) for name in llm_faults.names())
    with pytest.raises(UnknownPluginError) as err:
        parse_schedule({"faults": [{"seam": "tool:x", "fault": {"mode": "nope"}}]})
    assert all(name in str(err.value) for name in tool_faults.names())


def test_the_report_holds_each_cells_schedule_and_replays_it_exactly(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    schedule = parse_schedule(
        {
            "name": "two-faults",
            "faults": [
                {"seam": "tool:lookup", "on_call": 1, "fault": {"mode": "timeout"}},
                {"seam": "tool:notes", "on_call": 1, "fault": {"mode": "error", "error_code": 502}},
            ],
        }
    )
    file = tmp_path / "schedule.yaml"
    file.write_text(schedule.to_yaml(), encoding="utf-8")
    first = tmp_path / "first.json"
    assert wt("run", "-c", str(config), "--seed", "3", "--no-mutations", "--schedule", str(file), "-o", str(first)) == 0
    cell = json.loads(first.read_text())["cells"][0]
    stored = parse_schedule(cell["schedule"])
    assert stored.to_yaml() == file.read_text()
    assert [f["mode"] for f in cell["faults"]] == ["timeout", "error"]
    # replay from the report's own schedule: the same calls, the same faults, the same answer
    again_file = tmp_path / "from-report.yaml"
    again_file.write_text(stored.to_yaml(), encoding="utf-8")
    second = tmp_path / "second.json"
    args = ["run", "-c", str(config), "--seed", "3", "--no-mutations", "--schedule", str(again_file)]
    assert wt(*args, "-o", str(second)) == 0
    again = json.loads(second.read_text())["cells"][0]
    strip = lambda calls: [{k: v for k, v in c.items() if k != "latency_ms"} for c in calls]  # noqa: E731
    assert strip(again["calls"]) == strip(cell["calls"])
    assert again["faults"] == cell["faults"] and again["output"] == cell["output"]


def test_a_missing_schedule_file_is_a_usage_error(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    assert wt("run", "-c", str(config), "--schedule", str(tmp_path / "nope.yaml")) == 2
    with pytest.raises(ConfigError):
        load_schedule(tmp_path / "nope.yaml")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("faults: []\n", "schedules no fault"),
        ("schedule:\n  name: s\n", "schedules no fault"),
        (
            "schedule:\n  faults:\n  - {seam: 'tool:lookpu', on_call: 1, fault: {mode: timeout}}\n",
            "names tool 'lookpu' (did you mean 'lookup'?), which is not among the agent's tools",
        ),
    ],
    ids=["empty", "no-faults-key", "unknown-tool"],
)
@pytest.mark.parametrize("command", [["run", "--no-mutations"], ["contract", "run"]])
def test_a_schedule_that_would_test_nothing_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str, command: list[str]
) -> None:
    contract = "contract:\n  invariants: [{type: completes}]\n  chaos_matrix: [{name: a, tool_faults: []}]\n"
    config = write_config(tmp_path, extra=contract)
    file = tmp_path / "s.yaml"
    file.write_text(text, encoding="utf-8")
    assert wt(*command[:1], *command[1:2], "-c", str(config), "--schedule", str(file), *command[2:]) == 2
    err = capsys.readouterr().err
    assert words in err.replace("\n", " "), err
