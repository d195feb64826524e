"""Sub-commands registered by name and imported when invoked, so command modules import at their top.

The root group (:data:`windtunnel.cli.app.app`) holds a table from command name to the module that
defines it and the command's one-line help. ``windtunnel --help`` lists the names and help from the
table without importing a command module; ``windtunnel <cmd> ...`` imports only ``<cmd>``'s module.
Each module declares its commands on its own :func:`module_app` (the ``app`` attribute the loader
reads), so the module can import what its commands need at the top.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup

from windtunnel._util.gcpause import paused_gc


class Lazy(NamedTuple):
    """Where a sub-command lives and the first paragraph of its help (listed by ``--help`` unimported)."""

    module: str
    help: str


def module_app() -> typer.Typer:
    """The typer app a command module declares its commands on, configured as the root is (plain help)."""
    return typer.Typer(rich_markup_mode=None, add_completion=False, pretty_exceptions_enable=False)


class _Commands(MutableMapping[str, Any]):
    """The root group's commands: the table's names in its order; a command is built on first lookup."""

    def __init__(self, table: Mapping[str, Lazy], eager: MutableMapping[str, Any]) -> None:
        """Serve the names of ``table`` (imported on first lookup) and the commands click already holds (``eager``)."""
        self._table = table
        self._loaded: dict[str, Any] = dict(eager)

    def __getitem__(self, name: str) -> Any:
        """The command ``name``, importing its module the first time it is looked up; a name in neither the table nor
        the loaded commands is a ``KeyError``, as click expects of an unknown command.
        """
        if name not in self._loaded:
            if name not in self._table:
                raise KeyError(name)
            self._loaded[name] = _load(self._table[name].module, name)
        return self._loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        """Register a command built elsewhere (click's ``add_command``), beside the table's."""
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        """Forget a loaded command (it is imported again from the table on the next lookup)."""
        del self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        """The table's names in its order (the order ``--help`` lists them), then commands added otherwise."""
        yield from self._table
        yield from (name for name in self._loaded if name not in self._table)

    def __len__(self) -> int:
        """How many commands there are, imported or not."""
        return len(set(self._table) | set(self._loaded))

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is a command, without importing its module."""
        return name in self._table or name in self._loaded


_GROUPS: dict[str, TyperGroup] = {}


def _load(module: str, name: str) -> Any:
    """Import ``windtunnel.cli.<module>`` and return its command ``name`` (a click command or group).

    Each module's typer app is turned into a click group once and kept, so a module declaring several
    commands is imported and converted once. A name the module does not declare is a ``LookupError``: the
    command table in ``cli/app.py`` and the module disagree, which is a bug in windtunnel, not a usage
    error of the user.
    """
    if module not in _GROUPS:
        with paused_gc():  # importing a command module is start-up work (_util/gcpause.py)
            declared = importlib.import_module(f"windtunnel.cli.{module}").app
            _GROUPS[module] = typer.main.get_group(declared)
    command = _GROUPS[module].commands.get(name)
    if command is None:  # the table and the module disagree: a bug here, not the user's
        raise LookupError(f"windtunnel.cli.{module} declares no command {name!r} (see COMMANDS in cli/app.py)")
    return command


class LazyGroup(TyperGroup):
    """A typer group whose sub-commands come from a name → :class:`Lazy` table (set as ``table``)."""

    table: Mapping[str, Lazy] = {}

    def __init__(self, **attrs: Any) -> None:
        """Build the group as typer does, then put the lazy mapping in place of its dict of commands."""
        super().__init__(**attrs)
        self.commands = _Commands(self.table, self.commands)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """List each command with its help from the table, as click would, importing no command module.

        ``windtunnel --help`` would otherwise import every command module (and their dependencies) just to
        print one line each. The short help is cut by click's own rule, through a stand-in of typer's command
        class built from the table's help, so the listing is the one click would print from the real commands.
        A command not in the table (added directly to the group) is listed from the group as it is.
        """
        names = list(self.commands)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            lazy = self.table.get(name)
            # a stand-in of typer's command class shortens the table's help by click's own rule
            command = TyperCommand(name=name, help=lazy.help) if lazy else self.commands[name]
            rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def lazy_group(table: Mapping[str, Lazy]) -> type[LazyGroup]:
    """A :class:`LazyGroup` class over ``table`` (typer takes the group's class, not an instance)."""
    return type("WindtunnelGroup", (LazyGroup,), {"table": table})
