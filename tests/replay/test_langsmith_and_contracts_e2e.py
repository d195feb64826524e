"""Proof: a LangSmith export with child runs replays its tool outputs; an unresolvable contract → 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import yaml
from examples.support_agent import tools

from tests.replay.conftest import FIXED_CONFIG, FIXTURES, INCIDENT, UNFIXED_CONFIG, cli, read_report

LANGSMITH = FIXTURES / "langsmith_delayed_order.json"
RECORDED_NOTE = "Held at the Reno hub after a snowstorm."


def test_langsmith_export_with_child_runs_replays_its_tool_outputs(tmp_path: Path) -> None:
    out = tmp_path / "imported"
    assert cli("replay", "import", "langsmith", LANGSMITH, "-o", out) == 0
    [session_file] = sorted(out.glob("*.yaml"))
    session = yaml.safe_load(session_file.read_text())
    assert session["input"] == "Where is my order ORD-10002?"  # `messages` mapped to the input
    assert [c.get("target", "tool") for c in session["calls"]] == ["llm", "tool", "llm"]
    assert session["calls"][1]["response"]["note"] == RECORDED_NOTE

    report = tmp_path / "r.json"
    code = cli("replay", "run", out, "-c", FIXED_CONFIG, "-f", "json", "-o", report)
    assert code == 0
    [cell] = read_report(report)["cells"]
    # the live store says ORD-10002 is in transit with no note: the answer can only come from the recording
    assert RECORDED_NOTE in cell["output"] and "2025-03-18" in cell["output"]
    assert tools.CALLS["order_status"] == 0
    assert cell["session"]["source"] == "langsmith"


def test_langsmith_source_in_the_config(tmp_path: Path) -> None:
    cfg = yaml.safe_load(FIXED_CONFIG.read_text())
    cfg["replays"] = {"sources": [{"type": "langsmith", "path": str(LANGSMITH)}]}
    config = tmp_path / "windtunnel.yaml"
    config.write_text(yaml.safe_dump(cfg))
    report = tmp_path / "r.json"
    assert cli("replay", "run", "-c", config, "-f", "json", "-o", report) == 0
    [cell] = read_report(report)["cells"]
    assert RECORDED_NOTE in cell["output"]


def test_live_import_without_the_vendor_client_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "langsmith", None)  # not installed (the dev extra brings it with langchain)
    assert cli("replay", "import", "langsmith", "--project", "prod", "-o", tmp_path) == 2
    assert "pip install 'windtunnel[langsmith]'" in capsys.readouterr().err


def _session(tmp_path: Path, contract: str | None, name: str = "s.yaml") -> Path:
    data = yaml.safe_load(INCIDENT.read_text())
    if contract is None:
        data.pop("contract")
    else:
        data["contract"] = contract
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path


def test_unresolvable_contract_exits_2_naming_what_was_looked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = _session(tmp_path, "Checkout contract")
    before = dict(tools.CALLS)
    assert cli("replay", "run", session, "-c", FIXED_CONFIG) == 2
    err = capsys.readouterr().err
    assert "cannot resolve contract 'Checkout contract'" in err
    assert "Support agent contract" in err  # the contract the config does have
    assert str(tmp_path / "Checkout contract") in err  # the file it looked for
    assert dict(tools.CALLS) == before  # nothing ran


def test_missing_contract_path_and_config_without_contract_exit_2(tmp_path: Path) -> None:
    assert cli("replay", "run", _session(tmp_path, "contracts/missing.yaml"), "-c", FIXED_CONFIG) == 2
    # no contract named in the session, and the config has none
    assert cli("replay", "run", _session(tmp_path, None), "-c", UNFIXED_CONFIG) == 2


def test_contract_by_name_and_by_path(tmp_path: Path) -> None:
    assert cli("replay", "run", _session(tmp_path, "Support agent contract"), "-c", FIXED_CONFIG) == 0
    contract_file = tmp_path / "contracts" / "support.yaml"
    contract_file.parent.mkdir()
    contract_file.write_text(yaml.safe_dump({"contract": yaml.safe_load(FIXED_CONFIG.read_text())["contract"]}))
    session = _session(tmp_path, "contracts/support.yaml")
    assert cli("replay", "run", session, "-c", UNFIXED_CONFIG) == 1
    assert cli("replay", "run", session, "-c", FIXED_CONFIG) == 0


def test_no_applicable_invariant_is_an_error_not_a_pass(tmp_path: Path) -> None:
    contract = {
        "name": "only-no-chaos",
        "invariants": [{"id": "clean", "type": "output_not_empty", "severity": "critical", "when": "no_chaos"}],
    }
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(contract))
    report = tmp_path / "r.json"
    code = cli("replay", "run", _session(tmp_path, "c.yaml"), "-c", FIXED_CONFIG, "-f", "json", "-o", report)
    assert code == 1
    [cell] = read_report(report)["cells"]
    assert cell["status"] == "error" and "nothing was judged" in cell["reasons"][0]
    assert read_report(report)["summary"]["score"] == 0.0


def test_replays_never_run_under_global_chaos(tmp_path: Path) -> None:
    """The example config's `chaos:` times out order_status; a replay sees only the recording."""
    cfg = yaml.safe_load(FIXED_CONFIG.read_text())
    cfg["chaos"] = {"tool_faults": [{"tool": "*", "mode": "timeout"}], "llm_faults": [{"mode": "rate_limit"}]}
    config = tmp_path / "windtunnel.yaml"
    config.write_text(yaml.safe_dump(cfg))
    out = tmp_path / "imported"
    assert cli("replay", "import", "langsmith", LANGSMITH, "-o", out) == 0
    report = tmp_path / "r.json"
    assert cli("replay", "run", out, "-c", config, "-f", "json", "-o", report) == 0
    [cell] = read_report(report)["cells"]
    assert RECORDED_NOTE in cell["output"]
    assert all(c["error"] is None for c in cell["calls"])
    assert json.dumps(cell["faults"]) == "[]"
