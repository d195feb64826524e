"""The typed report: the shipped JSON schema is generated from the models and agrees with the contract
schema (../shared/schemas/report.schema.json, vendored as tests/reports/report.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import wt
from windtunnel.report.models import RunReport
from windtunnel.report.schema import SCHEMA_FILE, generate, render
from windtunnel.reports import validate_report
from windtunnel.reports.sample import make_cell, make_report, sample_report

HERE = Path(__file__).resolve().parent
CONTRACT = HERE.parent / "reports" / "report.schema.json"
SHARED = HERE.parents[2] / "shared" / "schemas" / "report.schema.json"


def _types(node: dict[str, Any]) -> set[str]:
    t = node.get("type")
    if t is None and "const" in node:
        t = type(node["const"]).__name__.replace("str", "string")
    return set(t) if isinstance(t, list) else ({t} if t else set())


def _branches(root: dict[str, Any], node: dict[str, Any]) -> list[dict[str, Any]]:
    """``node`` with $refs followed and anyOf flattened into its alternatives."""
    if "$ref" in node:
        return _branches(root, root["$defs"][node["$ref"].rsplit("/", 1)[-1]])
    if "anyOf" in node:
        return [b for alt in node["anyOf"] for b in _branches(root, alt)]
    return [node]


def _agree(contract: dict[str, Any], root: dict[str, Any], node: dict[str, Any], where: str) -> list[str]:
    """Where the generated schema at ``node`` disagrees with the contract schema at ``contract``."""
    out: list[str] = []
    branches = _branches(root, node)
    gen_types = set().union(*(_types(b) for b in branches))
    want = _types(contract)
    if want and not gen_types <= want | ({"integer"} if "number" in want else set()):
        out.append(f"{where}: types {sorted(gen_types)} vs contract {sorted(want)}")
    values = {v for b in branches for v in b.get("enum", [b["const"]] if "const" in b else [])}
    values |= {None} if "null" in gen_types else set()
    if "enum" in contract and values != set(contract["enum"]):
        out.append(f"{where}: enum {values} vs contract {contract['enum']}")
    if "const" in contract and values != {contract["const"]}:
        out.append(f"{where}: const {values} vs contract {contract['const']!r}")
    for bound in ("minimum", "maximum"):
        if bound in contract and not any(b.get(bound) == contract[bound] for b in branches):
            out.append(f"{where}: {bound} {contract[bound]} missing")
    obj = next((b for b in branches if b.get("type") == "object" or "properties" in b), None)
    if "required" in contract or "properties" in contract:
        if obj is None:
            return [*out, f"{where}: not an object in the generated schema"]
        missing = set(contract.get("required", [])) - set(obj.get("required", []))
        if missing:
            out.append(f"{where}: generated schema does not require {sorted(missing)}")
        for key, sub in contract.get("properties", {}).items():
            if key not in obj.get("properties", {}):
                out.append(f"{where}.{key}: missing from the generated schema")
            else:
                out += _agree(sub, root, obj["properties"][key], f"{where}.{key}")
    if isinstance(contract.get("additionalProperties"), dict):
        extra = obj.get("additionalProperties") if obj else None
        out += _agree(contract["additionalProperties"], root, extra or {}, f"{where}.*")
    if "items" in contract:
        arr = next((b for b in branches if b.get("type") == "array"), {})
        out += _agree(contract["items"], root, arr.get("items", {}), f"{where}[]")
    return out


def test_the_shipped_schema_is_generated_from_the_models() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == render(generate()), (
        "rewrite it: python -m windtunnel.report.schema"
    )


def test_the_generated_schema_agrees_with_the_contract() -> None:
    contract = json.loads(CONTRACT.read_text(encoding="utf-8"))
    generated = generate()
    assert _agree(contract, generated, generated, "$") == []


@pytest.mark.skipif(not SHARED.exists(), reason="no ../shared beside this clone")
def test_the_vendored_contract_is_the_shared_one() -> None:
    assert json.loads(SHARED.read_text(encoding="utf-8")) == json.loads(CONTRACT.read_text(encoding="utf-8"))


def test_the_agreement_check_can_fail() -> None:
    contract = json.loads(CONTRACT.read_text(encoding="utf-8"))
    contract["properties"]["cells"]["items"]["required"].append("verdict")
    contract["properties"]["run"]["properties"]["mode"]["enum"].append("nightly")
    generated = generate()
    problems = _agree(contract, generated, generated, "$")
    assert any("does not require ['verdict']" in p for p in problems)
    assert any("$.run.mode: enum" in p for p in problems)


def test_reports_of_every_shape_validate_under_both_schemas() -> None:
    generated = jsonschema.Draft202012Validator(generate())
    contract = jsonschema.Draft202012Validator(json.loads(CONTRACT.read_text(encoding="utf-8")))
    for report in (
        sample_report(40, repeats=2, hostile=True),
        sample_report(10, mode="contract"),
        make_report([make_cell(status=s) for s in ("passed", "failed", "error", "skipped")]),
    ):
        generated.validate(report)
        contract.validate(report)
        typed = RunReport.model_validate(report)
        assert typed.summary.cells_total == report["summary"]["cells_total"]
        assert [c.id for c in typed.cells] == [c["id"] for c in report["cells"]]


def test_the_models_are_strict() -> None:
    report = sample_report(3)
    report["run"]["seed"] = "7"
    report["summary"]["passed"] = "yes"
    assert not jsonschema.Draft202012Validator(generate()).is_valid(report)
    errors = validate_report(report)
    assert "$.run.seed: must be an integer or null, got string" in errors
    assert "$.summary.passed: must be a boolean, got string" in errors


def test_windtunnel_schema_prints_the_shipped_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert wt("schema") == 0
    assert json.loads(capsys.readouterr().out) == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
