"""QA-28 high 2: an HTTP agent's incident replays. ``replay record`` and ``replay export`` named an outbound call by
the ``tool`` of the chaos fault that hit it (``lookup``); the replay runs without chaos, so its proxy names the live
call by its route (``127.0.0.1/lookup``), nothing matched and the fixed agent failed like the broken one."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.chaos.chaos_servers import tool_service
from tests.ports import free_port
from tests.replay.conftest import cli, read_report

pytestmark = pytest.mark.slow

AGENT_PY = Path(__file__).parents[1] / "chaos" / "chaos_http_agent.py"
PROMPT = "Where is order 7?"


@pytest.fixture
def tools_url() -> Iterator[str]:
    with tool_service() as (_, url):
        yield url


def config(tmp_path: Path, tools_url: str, mode: str) -> Path:
    """The HTTP agent launched by windtunnel, ``defect`` (invents the order's status when the lookup fails) or
    ``fixed``; the contract's scenario fails the lookup through a named ``match_url`` fault."""
    port = free_port()
    text = f"""version: "2.0"
agent:
  type: http
  endpoint: http://127.0.0.1:{port}/invoke
  health_endpoint: http://127.0.0.1:{port}/health
  command: [{json.dumps(sys.executable)}, {json.dumps(str(AGENT_PY))}, "{port}"]
  env: {{TOOLS_URL: "{tools_url}", AGENT_MODE: {mode}}}
  timeout: 10000
golden_prompts: ["{PROMPT}"]
contract:
  name: orders
  invariants:
    - {{id: no-invented, type: excludes_pattern, patterns: ["is shipped"], severity: critical,
        when: tool_faults_active}}
    - {{id: answers, type: output_not_empty, severity: high}}
  chaos_matrix:
    - name: lookup-down
      tool_faults: [{{tool: lookup, match_url: "{tools_url}/lookup*", mode: error, error_code: 503}}]
"""
    path = tmp_path / f"{mode}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def replay(tmp_path: Path, session: Path, cfg: Path, name: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    out = tmp_path / f"{name}.json"
    code = cli("replay", "run", session, "-c", cfg, "-o", out)
    [cell] = read_report(out)["cells"]
    return code, cell


def test_a_recorded_http_incident_passes_the_fixed_agent_and_fails_the_defect(tmp_path: Path, tools_url: str) -> None:
    defect, fixed = config(tmp_path, tools_url, "defect"), config(tmp_path, tools_url, "fixed")
    session = tmp_path / "incident.yaml"
    args = ("replay", "record", "-c", defect, "--scenario", "lookup-down", "--input", PROMPT, "-o", session)
    assert cli(*args) == 0
    calls = yaml.safe_load(session.read_text(encoding="utf-8"))["calls"]
    lookup = next(c for c in calls if "/lookup" in c["args"]["url"])
    assert lookup["name"] == "127.0.0.1/lookup" and lookup["status"] == 503  # the route, not the fault's tool name
    code, cell = replay(tmp_path, session, fixed, "fixed")
    assert code == 0, cell["reasons"]
    code, cell = replay(tmp_path, session, defect, "defect")
    assert code == 1 and "no recorded answer" not in " ".join(cell["reasons"])
    assert {c["id"]: c["passed"] for c in cell["checks"]}["no-invented"] is False
    # a session written before the fix names the call by the fault's tool: its recorded URL still identifies it
    old = yaml.safe_load(session.read_text(encoding="utf-8"))
    next(c for c in old["calls"] if "/lookup" in c["args"]["url"])["name"] = "lookup"
    legacy = tmp_path / "legacy.yaml"
    legacy.write_text(yaml.safe_dump(old), encoding="utf-8")
    code, cell = replay(tmp_path, legacy, fixed, "legacy")
    assert code == 0, cell["reasons"]


def test_an_exported_http_contract_cell_replays_against_the_fixed_agent(tmp_path: Path, tools_url: str) -> None:
    defect, fixed = config(tmp_path, tools_url, "defect"), config(tmp_path, tools_url, "fixed")
    report = tmp_path / "contract.json"
    assert cli("contract", "run", "-c", defect, "-q", "-f", "json", "-o", report) == 1
    assert cli("replay", "export", "--from-report", report, "-o", tmp_path / "exp") == 0
    [session] = sorted((tmp_path / "exp").glob("*.yaml"))
    code, cell = replay(tmp_path, session, fixed, "fixed")
    assert code == 0, cell["reasons"]
    code, cell = replay(tmp_path, session, defect, "defect")
    assert code == 1 and "no recorded answer" not in " ".join(cell["reasons"])
