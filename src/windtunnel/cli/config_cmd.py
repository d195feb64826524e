"""``windtunnel init`` and ``windtunnel validate``.

``init`` writes the commented starter config shipped in ``cli/templates/``: it runs as written against the bundled
example agent, so the first ``validate`` and ``run`` succeed before the user has changed anything, and says so when
that example is not importable from here (an installed package outside a checkout). It never overwrites a file
without ``--force``. ``validate`` is registered here for ``--help`` and the typer path, but its body is
:mod:`~windtunnel.cli._validate`, which the lean entry (:mod:`~windtunnel.cli.entry`) also runs without typer —
so both paths give the same messages and exit codes.
"""

from __future__ import annotations

import importlib.util
from importlib.resources import files
from pathlib import Path

import typer

from windtunnel._util.errors import UsageError
from windtunnel._util.imports import ensure_cwd_on_path
from windtunnel.cli._console import err_console
from windtunnel.cli._lazy import module_app
from windtunnel.cli._validate import validate_config

app = module_app()


@app.command("init")
def init(
    path: Path = typer.Argument(Path("windtunnel.yaml"), help="Where to write the starter config."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a commented starter config that runs against the bundled example agent."""

    if path.exists() and not force:
        raise UsageError(f"{path} already exists", hint="pass --force to overwrite it, or give another path")
    text = files("windtunnel.cli").joinpath("templates/windtunnel.yaml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    err_console().print(f"wrote {path}; next: windtunnel validate -c {path} && windtunnel run -c {path}")

    ensure_cwd_on_path()
    try:
        found = importlib.util.find_spec("examples.support_agent") is not None
    except ModuleNotFoundError:
        found = False
    if not found:
        err_console().print(
            "note: the starter points at the bundled example agent (examples/support_agent in the windtunnel "
            "repository), which is not importable here: set agent.endpoint (and agent.tools / agent.llm) to "
            "your agent, or run from a windtunnel checkout"
        )


@app.command("validate")
def validate(
    config: Path = typer.Option(None, "-c", "--config", help="Config file to check."),
    no_import: bool = typer.Option(False, "--no-import", help="Do not import python agent references."),
) -> None:
    """Check a config without calling the agent: everything run, ci, contract run and replay run would
    reject, listed at once (exit 2), and the warnings (python references are imported, not called: one that
    cannot be imported exits 3)."""

    validate_config(config, no_import=no_import)
