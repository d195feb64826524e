"""Terminal helpers shared by commands (stderr console, error printing)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from windtunnel._util.errors import WindtunnelError


@lru_cache(maxsize=1)
def err_console() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


@lru_cache(maxsize=1)
def out_console() -> Console:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def print_error(err: WindtunnelError) -> None:
    from rich.markup import escape

    con = err_console()
    con.print(f"[bold red]error:[/] {escape(err.message)}")
    if err.hint:
        con.print(f"  [dim]hint:[/] {escape(err.hint)}")
