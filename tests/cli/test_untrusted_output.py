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


@pytest.mark.parametrize("code", ["0", "3"])
def test_an_agent_calling_sys_exit_fails_its_cells_not_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    module = f"wt_exit_agent_{code}"
    (tmp_path / f"{module}.py").write_text(f"def handle(p):\n    raise SystemExit({code})\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent: {{type: python, endpoint: '{module}:handle'}}\n"
        "golden_prompts: [hi, there]\n"
        "invariants: [{type: output_not_empty}]\n"
        "mutations: {count: 1, types: [noise]}\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert wt("run", "-c", str(cfg), "-q", "-f", "json", "-o", str(tmp_path / "r.json")) == 1
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["cells"] and all(c["status"] == "error" for c in report["cells"])
    assert all(f"sys.exit({code})" in c["error"] for c in report["cells"])


def test_a_prompt_that_is_not_utf8_is_mutated_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    # a Latin-1 "café" from a shell argument reaches Python as a lone surrogate
    assert wt("mutate", "caf\udce9 order", "-t", "noise", "-n", "2", "--seed", "1") == 0
    assert "\\udce9" in capsys.readouterr().out


def test_run_and_report_refuse_to_write_over_their_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "wt_plain_agent.py").write_text("def handle(p):\n    return 'ok'\n")
    cfg = tmp_path / "c.yaml"
    text = "agent: {type: python, endpoint: 'wt_plain_agent:handle'}\ngolden_prompts: [hi]\n"
    cfg.write_text(text)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert wt("run", "-c", str(cfg), "-q", "--no-mutations", "-f", "json", "-o", str(cfg)) == 2
    assert "refusing to overwrite" in capsys.readouterr().err
    assert cfg.read_text() == text
    assert wt("run", "-c", str(cfg), "-q", "--no-mutations", "-f", "json", "-o", str(tmp_path / "r.json")) == 0
    before = (tmp_path / "r.json").read_bytes()
    assert wt("report", str(tmp_path / "r.json"), "-f", "md", "-o", str(tmp_path / "r.json")) == 2
    assert (tmp_path / "r.json").read_bytes() == before
