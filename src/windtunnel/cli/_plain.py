"""Lines for a pipe or a file, written without rich when rich would add nothing.

Rich prints markup to a stream that is not a terminal as plain text, but importing it costs tens of
milliseconds of start-up. :func:`say` writes ``label text`` itself when the stream is not a terminal,
no variable asks for colour, and the text holds nothing rich would change (a tab, a control character;
the consoles keep ``:emoji:`` codes as typed); otherwise it prints through the rich console, with the
label styled and the text escaped. Either way the bytes on a pipe are the same (``tests/cli/test_lean_entry.py``).
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, TextIO

from windtunnel.cli._console import err_console, out_console

if TYPE_CHECKING:
    from windtunnel._util.errors import WindtunnelError

_COLOUR_VARS = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
_RICH_WOULD_CHANGE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
"""A tab (expanded) or a control character (stripped)."""


def _plain(stream: TextIO, text: str) -> bool:
    """Whether ``text`` can go to ``stream`` without rich and read the same: the stream is not a terminal, no variable
    forces colour, and the text holds no tab or control character rich would change. A stream that cannot say whether it
    is a terminal goes through rich.
    """
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        return False
    return not tty and not any(os.environ.get(v) for v in _COLOUR_VARS) and not _RICH_WOULD_CHANGE.search(text)


def say(label: str, style: str, text: str, *, err: bool = False) -> None:
    """Write ``label text`` (``label`` in ``style`` on a terminal) to stdout, or stderr with ``err``.

    Written directly when rich would print the same bytes (see :func:`_plain`), so ``validate`` in a hook or CI pays no
    rich import; otherwise through the console, the label styled and the text escaped (it may hold config values, never
    markup).
    """
    stream = sys.stderr if err else sys.stdout
    line = f"{label} {text}" if label else text
    if _plain(stream, line):
        stream.write(line + "\n")
        stream.flush()
        return
    # rich costs start-up: a pipe (CI, a hook, `validate`) prints without it
    from rich.markup import escape

    console = err_console() if err else out_console()
    console.print(f"[{style}]{label}[/] {escape(text)}" if label else escape(text))


def print_error(err: WindtunnelError) -> None:
    """Print a stopping error and its hint to stderr (plain on a pipe, styled on a terminal)."""
    say("error:", "bold red", err.message, err=True)
    if err.hint:
        say("  hint:", "dim", err.hint, err=True)
