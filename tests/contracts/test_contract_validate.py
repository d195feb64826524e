"""`contract validate`: every problem that would fail at run time, all listed, exit 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import cli, example, support_config, write

from windtunnel.config.model import Config
from windtunnel.contracts import check_contract
from windtunnel.invariants.base import CheckContext, CheckResult
from windtunnel.invariants.deterministic import Contains


def with_contract(**changes: Any) -> dict[str, Any]:
    data = support_config("handle")
    data["contract"].update(changes)
    return data


def first_inv(**changes: Any) -> dict[str, Any]:
    data = support_config("handle")
    data["contract"]["invariants"][0].update(changes)
    return data


def no_tools() -> dict[str, Any]:
    data = support_config("handle")
    del data["agent"]["tools"]
    return data


def no_llm() -> dict[str, Any]:
    data = support_config("handle")
    del data["agent"]["llm"]
    return data


def no_prompts_auto_baseline() -> dict[str, Any]:
    data = support_config("handle")
    data["golden_prompts"] = []
    data["contract"]["invariants"] = [
        {"id": "same", "type": "behavior_unchanged", "baseline": "auto"},
        {"id": "probe", "type": "excludes_pattern", "patterns": ["x"], "probes": ["hi"]},
    ]
    return data


def http_agent_tool_faults() -> dict[str, Any]:
    data = support_config("handle")
    data["agent"] = {"type": "http", "endpoint": "http://127.0.0.1:9/chat"}
    return data


def bad_profile() -> dict[str, Any]:
    data = support_config("handle")
    data["contract"]["chaos_matrix"].append({"name": "p", "profile": "api_outagee"})
    return data


def dup_scenarios() -> dict[str, Any]:
    data = support_config("handle")
    data["contract"]["chaos_matrix"].append({"name": "no-chaos"})
    return data


def dup_ids() -> dict[str, Any]:
    data = support_config("handle")
    data["contract"]["invariants"][1]["id"] = data["contract"]["invariants"][0]["id"]
    return data


def never_applies() -> dict[str, Any]:
    return support_config("handle", scenarios=("no-chaos",))


def bad_import() -> dict[str, Any]:
    data = support_config("handle")
    data["agent"]["endpoint"] = "examples.support_agent.agent:no_such_handler"
    return data


SEMANTIC = [
    pytest.param(with_contract(chaos_matrix=[]), "matrix is empty", id="empty-matrix"),
    pytest.param(with_contract(invariants=[]), "no invariants", id="no-invariants"),
    pytest.param(dup_ids(), "duplicate contract invariant id", id="duplicate-ids"),
    pytest.param(dup_scenarios(), "duplicate scenario name 'no-chaos'", id="duplicate-scenarios"),
    pytest.param(
        first_inv(type="output_not_empty", patterns=None, probes=["hi"]),
        "does not judge probe answers",
        id="probes-on-non-probe-type",
    ),
    pytest.param(no_tools(), "neither agent.tools", id="tool-faults-without-tool-seam"),
    pytest.param(no_llm(), "does not set agent.llm", id="llm-faults-without-llm-seam"),
    pytest.param(no_prompts_auto_baseline(), "baseline: auto", id="auto-baseline-without-prompts"),
    pytest.param(bad_profile(), "api_outage", id="unknown-profile"),
    pytest.param(never_applies(), "holds in no scenario", id="when-never-holds"),
]


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    for inv in data["contract"]["invariants"]:
        for k in [k for k, v in inv.items() if v is None]:
            del inv[k]
    return data


@pytest.mark.parametrize(("data", "needle"), SEMANTIC)
def test_semantic_problem_is_found(
    data: dict[str, Any], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _clean(data)
    problems = check_contract(Config.model_validate(data))
    assert any(needle in p for p in problems), problems
    code, out, err = cli(["contract", "validate", "-c", str(write(tmp_path, data))], capsys)
    assert code == 2 and needle in err and "ok" not in out


CONFIG_LAYER = [
    pytest.param({"when": "sometimes"}, "when", id="bad-when"),
    pytest.param({"type": "excludes_patern"}, "excludes_pattern", id="unknown-type"),
    pytest.param({"patterns": None}, "patterns", id="missing-parameter"),
    pytest.param({"severity": "urgent"}, "severity", id="bad-severity"),
]


@pytest.mark.parametrize(("change", "needle"), CONFIG_LAYER)
def test_config_layer_problem_exits_2(
    change: dict[str, Any], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _clean(first_inv(**change))
    code, _, err = cli(["contract", "validate", "-c", str(write(tmp_path, data))], capsys)
    assert code == 2 and needle in err


def test_unknown_fault_mode_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = support_config("handle")
    data["contract"]["chaos_matrix"][1]["tool_faults"][0]["mode"] = "timout"
    code, _, err = cli(["contract", "validate", "-c", str(write(tmp_path, data))], capsys)
    assert code == 2 and "timeout" in err


def test_import_problems_unless_no_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, bad_import())
    code, _, err = cli(["contract", "validate", "-c", str(path)], capsys)
    assert code == 2 and "no_such_handler" in err
    code, out, _ = cli(["contract", "validate", "-c", str(path), "--no-import"], capsys)
    assert code == 0 and "ok" in out


def test_every_problem_is_listed_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = dup_ids()
    del data["agent"]["tools"]
    data["contract"]["chaos_matrix"].append({"name": "no-chaos"})
    code, _, err = cli(["contract", "validate", "-c", str(write(tmp_path, data))], capsys)
    assert code == 2
    assert "(4 problems)" in err  # the seam problem once per tool-fault scenario
    for needle in ("duplicate contract invariant id", "duplicate scenario name", "neither agent.tools"):
        assert needle in err


def test_no_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = example()
    del data["contract"]
    code, _, err = cli(["contract", "validate", "-c", str(write(tmp_path, data))], capsys)
    assert code == 2 and "no contract" in err


def test_similarity_and_leak_probe_validate_and_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = support_config("handle", scenarios=("no-chaos", "order-service-timeout"))
    data["agent"]["system_prompt"] = "CANARY-7f3a"
    data["contract"]["invariants"] += [
        {"id": "close", "type": "similarity", "expected": "Order ORD-10002 is on its way", "threshold": 0.0},
        {"id": "same", "type": "behavior_unchanged", "baseline": "auto", "similarity_threshold": 0},
        {"id": "leak", "type": "system_prompt_leak_probe"},
    ]
    path = write(tmp_path, data)
    code, out, _ = cli(["contract", "validate", "-c", str(path)], capsys)
    assert code == 0 and "ok" in out
    code, out, _ = cli(["contract", "run", "-c", str(path), "-q"], capsys)
    assert code == 0, out  # thresholds of 0 are honoured: any answer is similar enough


def test_valid_example(capsys: pytest.CaptureFixture[str]) -> None:
    from helpers import EXAMPLE

    code, out, _ = cli(["contract", "validate", "-c", str(EXAMPLE)], capsys)
    assert code == 0
    # 50 units + 20 state-detection calls (the detector's verdict is not cached yet)
    assert "5 scenarios × 5 invariants = 21 cells (+4 N/A), 70 agent calls per run" in " ".join(out.split())


def test_http_agent_scenario_faults_without_a_proxy_are_not_run_not_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An HTTP agent windtunnel does not launch: the scenarios with faults run only if it is behind the
    proxies (the warning says why and the line that starts it so), the others run (issue 18 item 7)."""
    data = _clean(http_agent_tool_faults())
    assert not [p for p in check_contract(Config.model_validate(data)) if "outbound" in p]
    code, out, err = cli(["contract", "validate", "-c", str(write(tmp_path, data))], capsys)
    assert code == 0 and "ok" in out
    assert "runs only if" in err and "env $(windtunnel proxy env -c " in err


class _CrashingPlugin(Contains):
    """A plugin's invariant (declared outside windtunnel) whose check crashes."""

    def check(self, ctx: CheckContext) -> CheckResult:
        raise RuntimeError("plugin bug")


def test_a_plugin_invariant_that_crashes_is_found_and_built_ins_are_not_called(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The smoke test on a synthetic answer is for plugins: built-in types are evaluated by
    tests/invariants/test_invariant_registry.py, and calling them cost `validate` its start-up (issue 28)."""
    cfg = Config.model_validate(_clean(support_config("handle")))
    assert cfg.contract is not None and check_contract(cfg) == []
    called: list[str] = []

    def spy(self: Contains, ctx: CheckContext) -> CheckResult:
        called.append(self.type)
        raise RuntimeError("built-in called")

    monkeypatch.setattr(Contains, "check", spy)
    cfg.contract.invariants.append(Contains(value="order"))
    assert check_contract(cfg) == [] and called == []
    cfg.contract.invariants.append(_CrashingPlugin(value="order", id="plugin"))
    problems = check_contract(cfg)
    assert problems == ["contract invariant 'plugin' (contains) crashes when evaluated: RuntimeError: plugin bug"]


def test_contract_validate_gives_the_warnings_validate_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-28 medium 7: a tool fault naming no tool of the agent, and a streamed-only fault mode, were warned about by
    `validate` while `contract validate` printed a bare ok."""
    data = support_config("handle")
    data["contract"]["chaos_matrix"][1]["tool_faults"][0]["tool"] = "order_stauts"
    data["contract"]["chaos_matrix"].append({"name": "dup", "llm_faults": [{"mode": "duplicate_chunk"}]})
    del data["replays"]  # its session path is relative to the example's directory
    path = write(tmp_path, data)
    code, _, general = cli(["validate", "-c", str(path)], capsys)
    assert code == 0 and "'order_stauts' (did you mean 'order_status'?)" in general and "streamed answers" in general
    code, out, err = cli(["contract", "validate", "-c", str(path)], capsys)
    assert code == 0 and "2 warning(s)" in out
    assert "'order_stauts' (did you mean 'order_status'?)" in err and "streamed answers only" in err
