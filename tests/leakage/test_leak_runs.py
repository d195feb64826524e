"""``windtunnel leak scan --from-report / --from-run``: audit what the agent saw in a real windtunnel run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from windtunnel.leakage.runs import RunCounts, cell_items

from .test_leak_cli import run, schema

AGENT = """
def lookup(ticket):
    return {"ticket": ticket, "fields": {"summary": "Login fails after deploy", "priority": {"name": "High"}}}


def forecast(city):
    return "Sunny in " + city


def handle(prompt):
    if "priority" in prompt:
        return "Looked at " + lookup("WEB-1")["ticket"]
    return forecast("Paris")
"""

CONFIG = """
version: "2.0"
agent:
  type: python
  endpoint: "leak_e2e_agent:handle"
  tools: ["leak_e2e_agent:lookup", "leak_e2e_agent:forecast"]
golden_prompts:
  - prompt: "What is the priority of WEB-1?"
    expected: High
    label_set: [Low, Medium, High]
  - prompt: "What is the weather in Paris?"
    expected: Rainy
  - "Say hello"
invariants:
  - type: latency
    max_ms: 60000
"""


def windtunnel(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "WINDTUNNEL_STORE"}  # the project's own default store
    return subprocess.run(
        [sys.executable, "-m", "windtunnel", *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=env
    )


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny agent whose tool returns the golden answer; a plain run logs its calls through the declared seams."""
    root = tmp_path_factory.mktemp("leakrun")
    (root / "leak_e2e_agent.py").write_text(textwrap.dedent(AGENT), encoding="utf-8")
    (root / "windtunnel.yaml").write_text(CONFIG, encoding="utf-8")
    done = windtunnel(root, "run", "--no-mutations", "-q", "-f", "json", "-o", "report.json")
    assert done.returncode == 0, done.stderr
    return root


@pytest.fixture
def in_project(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The CLI run in-process (``leak scan`` reads files and the store: no process behaviour to test) in the
    project's directory, with the project's own default store, as :func:`windtunnel` runs it."""
    monkeypatch.chdir(project)
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    return project


def scan_json(capsys: pytest.CaptureFixture[str], *source: str) -> tuple[int, dict[str, Any], str]:
    capsys.readouterr()
    code = run("leak", "scan", *source, "-f", "json", "-o", "leaks.json")
    err = capsys.readouterr().err
    report = json.loads(Path("leaks.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schema())
    return code, report, err


def test_from_report_finds_the_answer_in_the_tool_response(
    in_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = in_project
    code, report, err = scan_json(capsys, "--from-report", "report.json")
    assert code == 1
    by_id = {it["id"]: it for it in report["items"]}
    leaky = [it for it in by_id.values() if it["leaked"]]
    assert len(leaky) == 1
    cell = next(c for c in json.loads((project / "report.json").read_text())["cells"] if c["id"] == leaky[0]["id"])
    assert cell["golden_prompt"] == "What is the priority of WEB-1?"
    f = leaky[0]["findings"][0]
    # the pointer lands on the tool response inside the report cell
    assert cell["calls"][0]["name"] == "lookup"
    assert f["pointer"] == "/calls/0/response/fields/priority/name"
    assert (f["channel"], f["rule"]) == ("direct", "direct.value")
    # the weather cell was audited (its tool said "Sunny", not "Rainy") and is clean
    clean = [it for it in by_id.values() if not it["leaked"]]
    assert len(clean) == 1 and not clean[0]["findings"]
    # the cell whose golden prompt has no expected answer is skipped and counted
    assert report["summary"]["items"] == 2
    assert report["summary"]["skipped_no_expected"] == 1
    assert report["summary"]["cells"] == 3
    assert "1 of 3 cells skipped" in err


def test_from_run_reads_the_store(in_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = in_project
    run_id = json.loads((project / "report.json").read_text())["run"]["id"]
    store = project / ".windtunnel" / "runs.db"  # the project's default store (the run had no --store)
    code, report, _ = scan_json(capsys, "--from-run", run_id, "--store", str(store))
    assert code == 1
    assert report["source"] == f"run {run_id}"
    pointers = [f["pointer"] for it in report["items"] for f in it["findings"]]
    assert pointers == ["/calls/0/response/fields/priority/name"]


@pytest.mark.parametrize("ref", ["latest", "prefix"])
def test_from_run_takes_latest_and_a_unique_prefix(
    in_project: Path, capsys: pytest.CaptureFixture[str], ref: str
) -> None:
    """QA 24: `--from-run latest` and a unique prefix were refused ("no run ..."), while `report` and `runs show`
    take both; one resolver (`RunStore.resolve`) reads a run reference for every command now."""
    project = in_project
    run_id = json.loads((project / "report.json").read_text())["run"]["id"]
    store = project / ".windtunnel" / "runs.db"
    given = "latest" if ref == "latest" else run_id[: len(run_id) - 2]
    code, report, err = scan_json(capsys, "--from-run", given, "--store", str(store))
    assert code == 1, err
    pointers = [f["pointer"] for it in report["items"] for f in it["findings"]]
    assert pointers == ["/calls/0/response/fields/priority/name"]
    assert report["source"] == f"run {run_id}"  # pinned: 'latest' names another run tomorrow (review 28a)


def test_unknown_run_and_missing_config_are_usage_errors(
    in_project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = in_project
    capsys.readouterr()
    assert run("leak", "scan", "--from-run", "nope") == 2
    assert "nope" in capsys.readouterr().err
    report = json.loads((project / "report.json").read_text())
    report["run"]["config"] = "gone.yaml"
    moved = tmp_path / "report.json"
    moved.write_text(json.dumps(report), encoding="utf-8")
    assert run("leak", "scan", "--from-report", str(moved)) == 2
    # --config supplies it
    assert run("leak", "scan", "--from-report", str(moved), "-c", str(project / "windtunnel.yaml")) == 1


def test_one_source_only() -> None:
    assert run("leak", "scan") == 2
    assert run("leak", "scan", "x.jsonl", "--from-run", "r") == 2


def test_cell_items_keep_only_what_the_agent_read() -> None:
    cells = [
        {
            "id": "c1",
            "golden_prompt": "g",
            "prompt": "g, please",
            "calls": [
                {"target": "llm", "name": "chat", "response": "The answer is High"},
                {"target": "http", "name": "GET /t", "response": {"p": "High"}},
                {"target": "tool", "name": "t", "response": None, "error": "timeout"},
            ],
        },
        {"id": "c2", "golden_prompt": "other", "prompt": "x"},
        {"id": "c3", "golden_prompt": None, "prompt": "x"},
    ]
    counts = RunCounts()
    items = list(cell_items(cells, {"g": {"expected": ["High"], "label_set": []}}, counts))
    assert [(ri.item.id, ri.item.projection, ri.parts) for ri in items] == [
        ("c1", ["g, please", {"p": "High"}], ["/prompt", "/calls/1/response"])
    ]
    assert (counts.cells, counts.items, counts.skipped_no_expected) == (3, 1, 2)


def test_located_key_pointers_stay_hashed() -> None:
    from windtunnel.leakage.model import value_hash
    from windtunnel.leakage.scan import audit_item

    cells = [
        {
            "id": "c1",
            "golden_prompt": "g",
            "prompt": "g",
            "calls": [{"target": "tool", "name": "t", "response": {"labels": {"High": 1}}}],
        }
    ]
    (ri,) = cell_items(cells, {"g": {"expected": ["High"], "label_set": []}}, RunCounts())
    (f,) = ri.locate(audit_item(ri.item)).findings
    assert f.pointer == "/calls/0/response/labels/High"
    assert f.to_dict()["pointer"] == f"/calls/0/response/labels/{value_hash('High')}"
    assert f.to_dict(show_values=True)["pointer"] == f.pointer
