"""An agent's answer is untrusted text: a lone UTF-16 surrogate (legal in JSON) is stored and reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_run_cli import wt
from windtunnel._util.jsonsafe import json_safe, safe_text


def test_a_lone_surrogate_in_the_answer_is_kept_visibly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "wt_surrogate_agent.py").write_text("def handle(p):\n    return 'ok \\ud800 half'\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_surrogate_agent:handle'}\n"
        "golden_prompts: [hi]\n"
        "invariants: [{type: output_not_empty}]\n"
        "mutations: {count: 1, types: [noise]}\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    for fmt in ("json", "html", "junit", "sarif", "md"):
        assert wt("run", "-c", str(cfg), "-q", "-f", fmt, "-o", str(tmp_path / f"r.{fmt}")) == 0, fmt
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [c["output"] for c in report["cells"]] == ["ok \\ud800 half"] * 2
    assert wt("runs", "list") == 0  # the store holds the run too


def test_json_safe_leaves_clean_values_alone() -> None:
    clean = {"a": ["x", 1, None], "b": {"c": "é"}}
    assert json_safe(clean) is clean
    assert json_safe({"k\udc80": ["\ud83d"]}) == {"k\\udc80": ["\\ud83d"]}
    assert safe_text("fine") == "fine"
