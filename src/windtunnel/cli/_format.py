"""``-f/--format table|json`` for listing commands, with ``--json`` kept as a hidden alias.

One option name for the choice of output across ``runs``, ``invariants``, ``mutations``, ``faults``, ``profiles``,
``judge`` and ``mutate`` (the report commands' ``--format`` picks a report format instead). ``--json`` came first
and scripts use it, so it keeps working, hidden from ``--help``; giving both with different answers is a usage
error rather than a silent pick. JSON goes to stdout and nothing else does, so the output can be piped to ``jq``.
"""

from __future__ import annotations

from typing import Any

import typer

from windtunnel._util.errors import UsageError
from windtunnel._util.suggest import did_you_mean

TABLE_OR_JSON = ("table", "json")

FORMAT_HELP = "Output format: table or json."
JSON_ALIAS_HELP = "Same as --format json (the older spelling, kept working)."


def format_option(help_text: str = FORMAT_HELP, metavar: str = "table|json") -> Any:
    """The ``-f/--format`` option; ``None`` when not given, so ``--json`` can decide."""
    return typer.Option(None, "--format", "-f", metavar=metavar, help=help_text)


def json_alias_option() -> Any:
    """The deprecated ``--json`` flag, hidden from ``--help``."""
    return typer.Option(False, "--json", hidden=True, help=JSON_ALIAS_HELP)


def chosen_format(fmt: str | None, as_json: bool, choices: tuple[str, ...] = TABLE_OR_JSON) -> str:
    """The output format from ``--format`` (case-insensitive) and the ``--json`` alias; the first
    choice when neither is given. A contradiction (``--json --format table``) is a usage error."""

    if fmt is None:
        return "json" if as_json else choices[0]
    chosen = fmt.strip().lower()
    if chosen not in choices:
        raise UsageError(
            f"unknown --format {fmt!r}{did_you_mean(chosen, list(choices))}",
            hint=f"valid: {', '.join(choices)}",
        )
    if as_json and chosen != "json":
        raise UsageError(
            f"--json contradicts --format {chosen}",
            hint="give one of them; --json is the older spelling of --format json",
        )
    return chosen
