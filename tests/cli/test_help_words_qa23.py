"""QA-23 E: each command's help says what that command does (its exit codes, where it shows a place)."""

from __future__ import annotations

import pytest

from tests.clirun import wt


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert wt(*args, "--help") == 0
    return " ".join(capsys.readouterr().out.split())


def test_validate_help_names_the_exit_of_an_unimportable_agent(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, "validate")
    assert "exit 2" in text and "exits 3" in text


@pytest.mark.parametrize("command", ["mine", "baseline", "check", "sanitize"])
def test_context_field_help_names_only_what_the_command_shows(capsys: pytest.CaptureFixture[str], command: str) -> None:
    text = _help(capsys, "leak", command)
    assert "--context-field" in text and "SARIF, page" not in text


def test_usage_lines_name_the_dataset_as_the_docs_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert "[DATASET]" in _help(capsys, "leak", "scan")
    assert "{DATASET}" in _help(capsys, "leak", "mine")


def test_contract_validate_help_says_warnings_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """Review 28b: the help said only 'exit 2 listing every problem', though validate also warns with exit 0."""
    text = _help(capsys, "contract", "validate")
    assert "exit 2" in text and "Warnings" in text and "exit 0" in text
