"""Terminal helpers shared by commands (stderr console, error printing).

The consoles never turn ``:name:`` codes into emoji: what they print is often the user's own text (a
config key, a prompt, an agent's answer), which must read as typed (``:thumbs_up:`` stays ``:thumbs_up:``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from windtunnel._util.errors import WindtunnelError


@lru_cache(maxsize=1)
def err_console() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


# Width of stdout when it is a pipe or a file: wide enough that no table ever wraps.
PIPED_WIDTH = 10_000


@lru_cache(maxsize=1)
def out_console() -> Console:
    """The stdout console. Piped or redirected, it is as wide as the output needs.

    Rich falls back to 80 columns when stdout is not a terminal, which folds every table row onto
    several lines; a table is never wider than its content, so a very wide console prints each row
    on one line (``windtunnel runs list | grep failed`` keeps whole rows).
    """
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True, emoji=False)
    if console.is_terminal:
        return console
    return Console(highlight=False, soft_wrap=True, width=PIPED_WIDTH, emoji=False)


def print_error(err: WindtunnelError) -> None:
    from windtunnel.cli._plain import say

    say("error:", "bold red", err.message, err=True)
    if err.hint:
        say("  hint:", "dim", err.hint, err=True)
