"""``windtunnel invariants``: list every registered invariant type with its parameters.

The listing is generated from the registry and each type's config model
(:func:`~windtunnel.invariants.catalog.describe_all`): the description is the model's docstring, the parameters
its fields with types, defaults and aliases, so the list cannot drift from what a config accepts. Third-party
invariant types (entry points) are loaded first and listed with the built-in ones. The keys every invariant takes
(``id``, ``severity``, ``when`` ...) are printed once, as the common keys, not repeated per type.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer
from rich.markup import escape
from rich.table import Table

from windtunnel.cli._console import out_console
from windtunnel.cli._format import chosen_format, format_option, json_alias_option
from windtunnel.cli._lazy import module_app
from windtunnel.config.plugins import load_builtin_plugins
from windtunnel.invariants.base import invariants
from windtunnel.invariants.catalog import COMMON_FIELDS, describe_all

app = module_app()

if TYPE_CHECKING:
    from windtunnel.invariants.catalog import ParamInfo, TypeInfo


def _param_line(p: ParamInfo) -> str:
    """One parameter for ``invariants show``: name, type, default (or required) and its other accepted names."""
    default = "required" if p.required else f"default {p.default!r}"
    alias = f", also {', '.join(p.aliases)}" if p.aliases else ""
    return f"{p.name}: {p.type} ({default}{alias})"


def _compact(p: ParamInfo) -> str:
    """One parameter for the ``invariants list`` table: ``name=default``, or ``name (required)``."""
    return f"{p.name} (required)" if p.required else f"{p.name}={p.default!r}"


def _plain(text: str) -> str:
    """A docstring's reST ``code`` marks as the single backticks a terminal reader expects."""
    return text.replace("``", "`")


def _render_table(rows: list[TypeInfo], detailed: bool) -> None:
    """Print the invariant types: with ``detailed``, each with its description, every parameter and the keys common to
    all; otherwise one table row each (type, parameters, what it checks).
    """
    con = out_console()
    if detailed:
        for info in rows:
            con.print(f"[bold]{info.name}[/]" + ("  (uses probes)" if info.uses_probes else ""))
            con.print(escape(_plain(info.description)))
            con.print("\nparameters:" if info.params else "\nno parameters of its own")
            for p in info.params:
                con.print(f"  {escape(_param_line(p))}")
                if p.description:
                    con.print(f"      {escape(_plain(p.description))}")
            con.print(f"\ncommon keys: {', '.join(sorted(COMMON_FIELDS))}")
        return
    table = Table(show_lines=False, pad_edge=False, box=None, header_style="bold")
    table.add_column("type", no_wrap=True)
    table.add_column("description")
    table.add_column("parameters")
    # on a terminal one parameter a line; piped, one line per type (`| grep` keeps whole rows)
    sep = "\n" if con.is_terminal else ", "
    for info in rows:
        params = sep.join(_compact(p) for p in info.params) or "-"
        table.add_row(info.name, escape(_plain(info.summary)), escape(params))
    con.print(table)
    con.print(
        f"\n{len(rows)} types. Every type also takes: {', '.join(sorted(COMMON_FIELDS - {'type'}))}."
        "\nDetails: windtunnel invariants NAME"
    )


@app.command("invariants")
def invariants_cmd(
    name: str = typer.Argument(None, help="Show one type in detail (full description, every parameter)."),
    fmt: str | None = format_option(),
    as_json: bool = json_alias_option(),
) -> None:
    """List the invariant types usable under `invariants:` and `contract.invariants`."""

    load_builtin_plugins()
    as_json = chosen_format(fmt, as_json) == "json"
    if name is not None:
        invariants.get(name)  # an unknown name raises UnknownPluginError with "did you mean"
    rows = describe_all(only=name)
    if as_json:
        typer.echo(json.dumps([r.as_dict() for r in rows], indent=2, default=str))
    else:
        _render_table(rows, detailed=name is not None)
