"""Every subcommand is listed where users look for it: its group's help line and the README command table."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer.main

from tests.conftest import REPO
from windtunnel.cli.app import app


def _groups() -> dict[str, Any]:
    root: Any = typer.main.get_command(app)
    return {name: c for name, c in root.commands.items() if hasattr(c, "commands")}


@pytest.mark.parametrize("group", sorted(_groups()))
def test_the_readme_table_lists_every_subcommand(group: str) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    rows = [m for m in re.findall(rf"^\| `windtunnel {group} ([\w\\|]+)", readme, flags=re.M)]
    listed = {name for row in rows for name in row.split("\\|")}
    assert listed >= set(_groups()[group].commands), f"README: windtunnel {group} {rows}"


def test_runs_help_names_merge() -> None:
    assert "merge" in (_groups()["runs"].help or "")
