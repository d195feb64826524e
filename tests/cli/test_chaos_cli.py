"""`run --chaos-only` against the bundled example, through both seams: python wrappers and the HTTP proxy."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.cli.test_run_cli import SCHEMA, wt
from tests.conftest import REPO
from tests.ports import free_port as _free_port
from windtunnel._util.errors import ExitCode


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def test_python_agent_faults_fire_at_the_tool_seam(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    cfg = "examples/support_agent/windtunnel.yaml"
    wt("run", "-c", cfg, "--chaos-only", "--repeat", "3", "-q", "-f", "json", "-o", str(out))
    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["run"]["mode"] == "chaos"
    fired = [f for c in report["cells"] for f in c["faults"]]
    assert {f["target"] for f in fired} <= {"tool", "llm"} and any(f["target"] == "tool" for f in fired)
    assert all(c["kind"] == "chaos" and c["scenario"] == "chaos" for c in report["cells"])


def test_chaos_without_faults_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\ngolden_prompts: [hi]\n")
    assert wt("run", "-c", str(cfg), "--chaos") == ExitCode.USAGE
    assert "--chaos-profile" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "expected"), [("robust", ExitCode.OK), ("unfixed", ExitCode.FAILED)])
def test_http_agent_launched_with_its_tool_calls_through_the_proxy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str, expected: int
) -> None:
    src = (REPO / "examples/support_agent/windtunnel.http-chaos.yaml").read_text()
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        src.replace("--port ${SUPPORT_AGENT_PORT:-8765}", f"--port ${{SUPPORT_AGENT_PORT:-8765}} --variant {variant}")
    )
    monkeypatch.setenv("SUPPORT_AGENT_PORT", str(_free_port()))
    out = tmp_path / "r.json"
    assert wt("run", "-c", str(cfg), "--chaos-only", "-q", "-f", "json", "-o", str(out)) == expected
    cells = json.loads(out.read_text())["cells"]
    order_cells = [c for c in cells if "ORD-" in c["prompt"] or "latest order" in c["prompt"]]
    assert order_cells and all(
        any(f["target"] == "http" and f["name"] == "order_status" for f in c["faults"]) for c in order_cells
    )
    policy = next(c for c in cells if "return policy" in c["prompt"])
    assert policy["faults"] == [] and policy["status"] == "passed"


def test_a_chaos_run_where_no_fault_fired_does_not_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (REPO / "examples/support_agent/windtunnel.yaml").read_text()
    start = text.index("chaos:\n")
    end = text.index("\ncontract:")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(text[:start] + "chaos:\n  tool_faults:\n    - {tool: ordr_status, mode: timeout}\n" + text[end:])
    out = tmp_path / "r.json"
    assert wt("run", "-c", str(cfg), "--chaos-only", "-q", "-o", str(out)) == ExitCode.FAILED
    summary = json.loads(out.read_text())["summary"]
    assert summary["passed"] is False and any("no configured fault fired" in r for r in summary["reasons"])
    assert "never fired" in json.dumps(json.loads(out.read_text())["notices"])


def test_a_reproduced_cell_that_failed_an_invariant_is_blamed_on_it_not_on_the_faults(tmp_path: Path) -> None:
    """QA-27 #1: the reproduce line of a cell that failed refusal_check reruns one cell, in which no probabilistic fault
    fired: the invariant that failed leads the verdict's reasons; the unfired faults stay a reason after it (they
    tested nothing) and a notice."""
    out = tmp_path / "r.json"
    cfg = "examples/support_agent/windtunnel.yaml"
    code = wt("run", "-c", cfg, "--seed", "2", "--chaos", "--cell", "chaos/g5.noise.0.r0", "-q", "-o", str(out))
    assert code == ExitCode.FAILED
    report = json.loads(out.read_text())
    assert [c["faults"] for c in report["cells"]] == [[]]
    reasons = report["summary"]["reasons"]
    assert reasons[0] == "refusal_check failed in 1 cell"
    assert len(reasons) == 2 and "no configured fault fired" in reasons[1]
    assert any("no configured fault fired" in n for n in report["notices"])
