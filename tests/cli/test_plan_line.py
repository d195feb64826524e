"""The plan line counts agent calls: a conversation cell makes one per turn (QA-7 F7-23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt


@pytest.mark.parametrize(
    ("prompts", "line"),
    [
        ("['Where is my order 42?', {turns: ['My order is 42.', 'What is my order?']}]", "2 cells (3 agent calls)"),
        ("['Where is my order 42?', 'And order 43?']", "2 agent calls planned"),
    ],
    ids=["conversation", "single-turn"],
)
def test_the_plan_line_counts_one_call_per_turn(
    prompts: str, line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain_agent.py").write_text("def handle(prompt):\n    return 'ok ' + str(prompt)[:20]\n")
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {{endpoint: 'plain_agent:handle'}}\ngolden_prompts: {prompts}\n"
        "invariants: [{type: output_not_empty}]\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--no-mutations", "--no-store") == 0
    captured = capsys.readouterr()
    assert f"windtunnel run: {line}" in captured.out + captured.err
