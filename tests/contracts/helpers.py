"""Config builders and a CLI runner for the contract tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from windtunnel.cli.app import main

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples" / "support_agent" / "windtunnel.yaml"


SCHEMA = REPO_ROOT / "tests" / "reports" / "report.schema.json"
"""The vendored copy of shared/schemas/report.schema.json (tests/cli checks it has not drifted)."""
ROBUST_SCENARIOS = ("no-chaos", "order-service-timeout", "order-service-garbage", "llm-rate-limited")


def example() -> dict[str, Any]:
    return copy.deepcopy(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))


def support_config(endpoint: str = "handle", *, scenarios: tuple[str, ...] | None = ROBUST_SCENARIOS) -> dict[str, Any]:
    """The bundled example's config with another entry point and (by default) the scenarios the robust agent
    survives (its deliberate weakness, repeating tool-result notes, is exercised separately)."""
    cfg = example()
    cfg["agent"]["endpoint"] = f"examples.support_agent.agent:{endpoint}"
    if scenarios is not None:
        cfg["contract"]["chaos_matrix"] = [s for s in cfg["contract"]["chaos_matrix"] if s["name"] in scenarios]
    return cfg


def simple_config(endpoint: str, *, reset: str | None = None, prompts: list[str] | None = None) -> dict[str, Any]:
    agent: dict[str, Any] = {"type": "python", "endpoint": f"contract_agents:{endpoint}"}
    if reset:
        agent["reset_function"] = f"contract_agents:{reset}"
    return {
        "version": "2.0",
        "agent": agent,
        "golden_prompts": prompts or ["Where is my order?", "Please check ORD-7 for me", "Thanks a lot"],
        "contract": {
            "name": "simple",
            "invariants": [
                {"id": "answers", "type": "output_not_empty", "severity": "high"},
                {"id": "no-secret", "type": "excludes_pattern", "patterns": ["SECRET"], "severity": "medium"},
            ],
            "chaos_matrix": [{"name": "no-chaos"}],
        },
        "advanced": {"seed": 3, "retries": 0},
    }


def write(tmp_path: Path, cfg: dict[str, Any], name: str = "contract.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(cfg, sort_keys=False), encoding="utf-8")
    return path


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def run_json(
    tmp_path: Path, cfg: dict[str, Any], capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, dict[str, Any], str]:
    """``contract run`` with a JSON report; returns (exit code, report, stderr)."""
    import jsonschema

    path = write(tmp_path, cfg)
    report_path = tmp_path / "report.json"
    code, _out, err = cli(
        ["contract", "run", "-c", str(path), "-q", "-f", "json", "-o", str(report_path), *extra], capsys
    )
    report = json.loads(report_path.read_text(encoding="utf-8"))
    jsonschema.validate(report, json.loads(SCHEMA.read_text(encoding="utf-8")))
    return code, report, err


def matrix(report: dict[str, Any]) -> dict[tuple[str, str], str]:
    return {(m["scenario"], m["invariant"]): m["status"] for m in report["summary"]["matrix"]}
