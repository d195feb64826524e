"""Terminal helpers shared by commands (stderr console, error printing).

The consoles never turn ``:name:`` codes into emoji: what they print is often the user's own text (a
config key, a prompt, an agent's answer), which must read as typed (``:thumbs_up:`` stays ``:thumbs_up:``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console


@lru_cache(maxsize=1)
def err_console() -> Console:
    """The stderr console every command's progress, notices and errors go to (one per process, made on first use).
    Highlighting and emoji codes are off: agent output and config values are printed as they are.
    """
    # rich costs start-up: only a command that prints styled text pays it
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


# Width of stdout when it is a pipe or a file: wide enough that no table ever wraps.
PIPED_WIDTH = 10_000


_REPORT_ON_STDOUT: list[bool] = []
"""Non-empty while a command writes its report to stdout (``-o -``): see :func:`report_on_stdout`."""


@contextmanager
def report_on_stdout(output: Path | None) -> Iterator[None]:
    """With ``-o -`` the report is all stdout carries: meanwhile :func:`out_console` prints to stderr, so
    ``windtunnel run -o - > report.json`` keeps the summary on the terminal and the file clean."""
    taken = output is not None and str(output) == "-"
    if taken:
        _REPORT_ON_STDOUT.append(True)
    try:
        yield
    finally:
        if taken:
            _REPORT_ON_STDOUT.pop()


def out_console() -> Console:
    """The stdout console (stderr's while stdout carries a report, see :func:`report_on_stdout`)."""
    return err_console() if _REPORT_ON_STDOUT else _stdout_console()


@lru_cache(maxsize=1)
def _stdout_console() -> Console:
    """The stdout console. Piped or redirected, it is as wide as the output needs.

    Rich falls back to 80 columns when stdout is not a terminal, which folds every table row onto
    several lines; a table is never wider than its content, so a very wide console prints each row
    on one line (``windtunnel runs list | grep failed`` keeps whole rows).
    """
    # rich costs start-up: only a command that prints styled text pays it
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True, emoji=False)
    if console.is_terminal:
        return console
    return Console(highlight=False, soft_wrap=True, width=PIPED_WIDTH, emoji=False)
