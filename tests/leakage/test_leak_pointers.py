"""Answer keys in finding pointers are hashed for reports; list indices and other keys are kept."""

from __future__ import annotations

import json

import pytest

from windtunnel.leakage.model import Finding, value_hash
from windtunnel.leakage.pointers import join_pointer, parse_pointer
from windtunnel.leakage.scan import audit_item, scan_fields


def shown(findings: list[Finding], show_values: bool = False) -> set[str]:
    return {f.to_dict(show_values=show_values)["pointer"] for f in findings}


def test_list_indices_are_never_hashed_even_when_the_answer_is_a_number() -> None:
    projection = {"scores": [{"v": "x"}, {"v": "1"}], "by_level": {"1": "yes"}}
    audit = audit_item({"id": "n", "expected": "1", "projection": projection})
    pointers = shown(audit.findings)
    h = value_hash("1")
    assert "/scores/1/v" in pointers  # index 1 stays: it is a position, not the answer
    assert f"/by_level/{h}" in pointers  # the key "1" is the answer


def test_keys_matching_after_normalisation_and_key_tokens_are_hashed() -> None:
    projection = {"Ｈｉｇｈ": {"note": "routine"}, "isHighPriority": True, "tags": {"high": "x"}}
    findings = scan_fields(projection, "High")
    h = value_hash("High")
    pointers = shown(findings)
    assert pointers == {f"/{h}", f"/tags/{h}"}  # both top-level keys hash to the same placeholder
    assert all("igh" not in p.lower() for p in pointers)
    assert {"/Ｈｉｇｈ", "/isHighPriority", "/tags/high"} <= shown(findings, show_values=True)


def test_correlated_keys_and_escaped_tokens() -> None:
    projection = {"a/b~c": {"P1": {"text": "P1 queue"}}}
    audit = audit_item({"id": "c", "expected": "High", "correlated_values": ["P1"], "projection": projection})
    h = value_hash("P1")
    pointers = shown(audit.findings)
    assert f"/a~1b~0c/{h}" in pointers and f"/a~1b~0c/{h}/text" in pointers
    for p in pointers:
        assert join_pointer(parse_pointer(p)) == p  # valid RFC 6901 round trip


def test_inner_pointer_of_json_in_a_string_is_hashed() -> None:
    projection = {"raw": json.dumps({"outer": json.dumps({"Urgent": 1})})}
    audit = audit_item({"id": "j", "expected": "urgent", "projection": projection})
    (f,) = audit.findings
    d = f.to_dict()
    assert d["pointer"] == "/raw" and d["inner_pointer"] == f"/outer/{value_hash('urgent')}"
    assert "Urgent" not in d["detail"] and "Urgent" in f.to_dict(show_values=True)["detail"]


@pytest.mark.parametrize("projection", [{"priority": "High"}, ["High"], "It is High."])
def test_pointers_without_answer_keys_are_unchanged(projection: object) -> None:
    audit = audit_item({"id": "u", "expected": "High", "projection": projection})
    assert audit.findings
    assert all(f.hashed_pointer is None and f.to_dict()["pointer"] == f.pointer for f in audit.findings)
