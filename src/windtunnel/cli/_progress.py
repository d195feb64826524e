"""A rich progress bar on stderr, only on a terminal and never with -q."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

from rich import progress as rich_progress

from windtunnel.cli._console import err_console
from windtunnel.engine.cells import CellResult


class Progress:
    def __init__(self, total: int, *, label: str, quiet: bool = False) -> None:
        self.enabled = not quiet and sys.stderr.isatty()
        self.total = total
        self.label = label
        self._bar: Any = None
        self._task: Any = None
        self.failed = 0

    def __enter__(self) -> Progress:
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
        self.advance(result.status in ("failed", "error"))

    def advance(self, failed: bool) -> None:
        """One unit done (``failed``: it failed or errored)."""
        if failed:
            self.failed += 1
        if self._bar is not None:
            self._bar.update(self._task, advance=1, failed=self.failed)

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(et, ev, tb)
