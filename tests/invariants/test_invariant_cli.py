"""`windtunnel invariants` lists every registered type with its description and parameters."""

from __future__ import annotations

import json

import pytest

from windtunnel.cli.app import main
from windtunnel.invariants.base import invariants


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_table_lists_every_type(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(["invariants"], capsys)
    assert code == 0
    for name in invariants.names():
        assert name in out
    assert "max_ms (required)" in out
    assert "similarity_threshold=0.75" in out
    assert f"{len(invariants)} types" in out


def test_json_has_descriptions_and_params(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["invariants", "--json"], capsys)
    assert code == 0
    rows = {r["name"]: r for r in json.loads(out)}
    assert set(rows) == set(invariants.names())
    assert all(r["summary"] for r in rows.values())
    latency = {p["name"]: p for p in rows["latency"]["params"]}
    assert latency["max_ms"]["required"] is True
    assert latency["max_ms"]["description"]
    leak = {p["name"]: p for p in rows["system_prompt_leak_probe"]["params"]}
    assert leak["patterns"]["aliases"] == ["excludes_pattern"]
    assert rows["system_prompt_leak_probe"]["uses_probes"] is True
    assert rows["contains"]["uses_probes"] is False


def test_one_type_in_detail(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["invariants", "behavior_unchanged"], capsys)
    assert code == 0
    assert "baseline: str (default 'auto')" in out
    assert "never passes for lack of a baseline" in out
    assert "contains_any" not in out


def test_unknown_type_suggests_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["invariants", "refusal_chek"], capsys)
    assert code == 2
    assert "did you mean 'refusal_check'" in err
