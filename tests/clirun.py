"""Run the windtunnel CLI in-process, as the console script does, and return its exit code."""

from __future__ import annotations

from windtunnel.cli.app import main


def wt(*args: str) -> int:
    """``windtunnel ARGS...``: its exit code (0 when it returns without exiting)."""
    try:
        main(list(args))
    except SystemExit as ex:
        return int(ex.code or 0)
    return 0
