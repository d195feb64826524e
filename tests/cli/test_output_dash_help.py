"""QA pass 16: every command whose `-o -` prints the report alone on stdout says so in its --help."""

from __future__ import annotations

import pytest

from tests.clirun import wt


@pytest.mark.parametrize("command", [["run"], ["contract", "run"], ["replay", "run"], ["explore"]])
def test_help_of_o_names_the_dash(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert wt(*command, "--help") == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "- (the report alone on stdout" in text or "-: the report alone on stdout" in text, text
