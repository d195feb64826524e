"""The reporter plugin interface.

A reporter turns a run report dict (``report.schema.json``) into one file. It is ONE decorated
class or function::

    @reporter("csv", extension=".csv")
    def render_csv(report: dict, out: Path) -> Path: ...

    @reporter("html", extension=".html")
    class HtmlReporter:
        def render(self, report: dict, out: Path) -> Path: ...

``out`` is the file to write; :func:`render_report` turns a directory into
``<dir>/<run id><extension>`` first. A class is instantiated once, without arguments. Aliases
(``md`` for ``markdown``) are registered under both names so error messages list every choice.

The registry is the one list of formats: ``--format`` choices, the "unknown format" error and its list of valid names
all come from it, never from a list written elsewhere. Built-in reporters are imported by module name the first time
a format is asked for (:data:`BUILTIN`), because the HTML reporter pulls in jinja2 and the terminal one rich, and most
commands render one format or none; third-party reporters arrive through the ``windtunnel.plugins`` entry-point
group the same way. The shape of a plugin is checked when it registers (:func:`_validate`), so a reporter with the
wrong signature fails at import, not halfway through writing a run's report.

A reporter receives the whole report dict, cells included. A run too large to hold is rendered by
:mod:`windtunnel.reports.stream` instead, which has streamed writers for the built-in formats and gathers the cells
only for a format that has none.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from windtunnel._util.errors import UsageError
from windtunnel._util.registry import Registry, load_entry_point_plugins
from windtunnel.report.dicts import ReportDict


@runtime_checkable
class Reporter(Protocol):
    """What the registry holds: a name, a default file extension and a ``render`` method."""

    @property
    def name(self) -> str:
        """The format's name (``--format``, ``reports:`` in the config)."""
        ...

    @property
    def extension(self) -> str:
        """The file extension of a report written without an explicit path (``.json``, ``.html`` ...)."""
        ...

    def render(self, report: ReportDict, out: Path) -> Path:
        """Write ``report`` to ``out`` and return the path written."""
        ...


@dataclass(frozen=True)
class _FunctionReporter:
    """A reporter written as a plain ``render(report, out)`` function, held with the name and extension it was
    registered under.
    """

    name: str
    extension: str
    fn: Callable[[ReportDict, Path], Path]

    def render(self, report: ReportDict, out: Path) -> Path:
        """Call the function."""
        return self.fn(report, out)


def _validate(name: str, item: Reporter) -> None:
    """The registry's check on a new reporter: a ``render`` method taking exactly ``(report, out)``, or registration
    raises ``TypeError``.
    """
    render = getattr(item, "render", None)
    if not callable(render):
        raise TypeError(f"reporter {name!r} must have a render(report, out) method")
    target = item.fn if isinstance(item, _FunctionReporter) else render
    params = list(inspect.signature(target).parameters)
    if len(params) != 2:
        raise TypeError(f"reporter {name!r}: render must take (report, out), got ({', '.join(params)})")


REPORTERS: Registry[Reporter] = Registry("report format", validate=_validate)

P = TypeVar("P")


def reporter(name: str, *, extension: str, aliases: tuple[str, ...] = ()) -> Callable[[P], P]:
    """Register a reporter class or function under ``name`` (and ``aliases``).

    ``extension`` (with its dot) names the file when the output is a directory. The decorated object is returned
    unchanged, so a reporter function stays directly callable in tests; registering a name twice raises, as every
    registry does, so a plugin cannot silently replace a built-in format.
    """

    def wrap(obj: P) -> P:
        """Register a class (instantiated once, name and extension set on the instance) or a function under every
        key.
        """
        item: Reporter
        if inspect.isclass(obj):
            instance: Any = obj()
            instance.name = name
            instance.extension = extension
            item = instance
        elif callable(obj):
            item = _FunctionReporter(name, extension, cast(Callable[[ReportDict, Path], Path], obj))
        else:
            raise TypeError(f"@reporter({name!r}) decorates a class or a function, not {obj!r}")
        for key in (name, *aliases):
            REPORTERS.register(key, item)
        return obj

    return wrap


BUILTIN = (
    "windtunnel.reports.html",
    "windtunnel.reports.json_report",
    "windtunnel.reports.junit",
    "windtunnel.reports.markdown",
    "windtunnel.reports.sarif",
    "windtunnel.reports.terminal",
)
"""Modules whose import registers the built-in reporters, imported by name on first use (as agent types
are, :mod:`windtunnel.agents.registry`): each registers itself here with :func:`reporter`."""
_builtins_loaded = False


def load_reporters() -> Registry[Reporter]:
    """Import the built-in reporters and third-party plugins (once) and return the registry."""
    global _builtins_loaded
    if not _builtins_loaded:
        _builtins_loaded = True
        for module in BUILTIN:
            import_module(module)
        load_entry_point_plugins()
    return REPORTERS


def get_reporter(name: str) -> Reporter:
    """The reporter for ``name``; raises UnknownPluginError with the valid formats."""
    return load_reporters().get(name)


def output_path(report: ReportDict, out: Path | str, extension: str) -> Path:
    """``out`` itself, or ``out/<run id><extension>`` when ``out`` is a directory: an existing one, a path ending with a
    separator, or a path without a suffix that is not an existing file (``reports``) — one rule for every command's
    ``-o``, so ``run -o out`` and ``report -o out`` both write ``out/<run id><extension>``.

    The run id is made filename-safe, and a missing parent directory is created; one that cannot be is a
    :class:`UsageError` naming it, before any rendering work is done.
    """
    raw = str(out)
    path = Path(out)
    if path.is_dir() or raw.endswith(("/", "\\")) or (path.suffix == "" and not path.is_file()):
        run_id = str(report.get("run", {}).get("id") or "report")
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in run_id)
        path = path / f"{safe}{extension}"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UsageError(
            f"cannot create the report directory {str(path.parent)!r}: {err.strerror}",
            hint="choose another --output path",
        ) from None
    return path


def render_report(report: ReportDict, fmt: str, out: Path | str) -> Path:
    """Render ``report`` in format ``fmt`` to ``out`` (a file, or a directory); returns the file."""
    rep = get_reporter(fmt)
    path = output_path(report, out, rep.extension)
    try:
        return rep.render(report, path)
    except OSError as err:
        raise UsageError(
            f"cannot write the {fmt} report to {str(path)!r}: {err.strerror}",
            hint="choose another --output path",
        ) from None
