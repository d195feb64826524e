"""A rich progress bar on stderr, only on a terminal and never with -q."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

from rich import progress as rich_progress

from windtunnel.cli._console import err_console
from windtunnel.engine.cells import CellResult


class Progress:
    """A progress bar of ``total`` units on stderr (done, failed, time left), shown only on a terminal and never with
    ``-q``: a pipe or a CI log gets no bar and pays nothing for it. Disappears when done.
    """

    def __init__(self, total: int, *, label: str, quiet: bool = False) -> None:
        """``label`` heads the bar; ``quiet`` turns it off (as does a stderr that is not a terminal)."""
        self.enabled = not quiet and sys.stderr.isatty()
        self.total = total
        self.label = label
        self._bar: Any = None
        self._task: Any = None
        self.failed = 0

    def __enter__(self) -> Progress:
        """Show the bar (when enabled) on the stderr console, so it shares the line discipline of the other messages."""
        if self.enabled:
            self._bar = rich_progress.Progress(
                rich_progress.TextColumn("{task.description}"),
                rich_progress.BarColumn(),
                rich_progress.MofNCompleteColumn(),
                rich_progress.TextColumn("[red]{task.fields[failed]} failed"),
                rich_progress.TimeRemainingColumn(),
                console=err_console(),
                transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total, failed=0)
        return self

    def __call__(self, result: CellResult) -> None:
        """One cell done: advance the bar, counting it as failed when it failed or errored."""
        self.advance(result.status in ("failed", "error"))

    def advance(self, failed: bool) -> None:
        """One unit done (``failed``: it failed or errored)."""
        if failed:
            self.failed += 1
        if self._bar is not None:
            self._bar.update(self._task, advance=1, failed=self.failed)

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        """Remove the bar (also when the block raised, so an error is not printed under a half-drawn bar)."""
        if self._bar is not None:
            self._bar.__exit__(et, ev, tb)
