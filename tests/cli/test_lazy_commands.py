"""Sub-commands are registered by name (``COMMANDS`` in cli/app.py) and imported when invoked, so the
command modules import at their top (issue 28): the table must agree with the modules, ``--help`` must
import none of them, a command only its own, and cli/ keeps function-local imports only where a comment
says why."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from tests.conftest import REPO
from windtunnel.cli._lazy import _load
from windtunnel.cli.app import COMMANDS, app

CLI = REPO / "src" / "windtunnel" / "cli"
MOST_LOCAL_IMPORTS = 5
"""Function-local imports left in src/windtunnel/cli (each with its reason): this may only go down."""


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_table_help_is_the_first_paragraph_of_the_command_help(name: str) -> None:
    command = _load(COMMANDS[name].module, name)
    first = (command.help or "").split("\n\n")[0]
    assert " ".join(first.split()) == COMMANDS[name].help


def test_every_command_module_is_in_the_table() -> None:
    declared = {p.stem for p in CLI.glob("*_cmd.py")}
    assert {lazy.module for lazy in COMMANDS.values()} | {"chaos_cmd", "runs_cmd"} == declared
    root = typer.main.get_command(app)
    assert list(root.commands) == list(COMMANDS)  # type: ignore[attr-defined]


def _modules_after(args: list[str]) -> list[str]:
    code = (
        "import sys\nfrom windtunnel.cli.app import main\n"
        f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('windtunnel.cli.') and m.endswith('_cmd')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def test_help_imports_no_command_module_and_a_command_only_its_own() -> None:
    assert _modules_after(["--help"]) == []
    assert _modules_after(["mutations", "--help"]) == ["windtunnel.cli.mutate_cmd"]


def _local_imports(path: Path) -> list[ast.stmt]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[int, ast.stmt] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    found[id(node)] = node
    return list(found.values())


def test_cli_function_local_imports_only_go_down_and_each_says_why() -> None:
    counted = 0
    silent = []
    for path in sorted(CLI.glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in _local_imports(path):
            counted += 1
            line, above = lines[node.lineno - 1], lines[node.lineno - 2].strip()
            if "#" not in line and not above.startswith("#"):
                silent.append(f"{path.name}:{node.lineno}: {line.strip()}")
    assert not silent, "a function-local import needs a comment saying why (or move it to the top): " + str(silent)
    assert counted <= MOST_LOCAL_IMPORTS, f"{counted} function-local imports in cli/: import at the module's top"
