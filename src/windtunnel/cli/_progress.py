"""Progress on stderr: a rich bar on a terminal; elsewhere (a pipe, a CI log) a plain line every 30 s; never with -q.

A CI job that prints nothing for a while is killed as hung (CircleCI: 10 minutes without output), and an agent that
answers slowly, or retries a long ``Retry-After``, can keep a run silent that long. So when stderr is not a terminal a
heartbeat thread prints ``windtunnel: 3 of 40 cells done (1 failed), 1m30s elapsed`` every
:data:`HEARTBEAT_ENV` seconds (default 30; 0 turns it off), whether or not a cell completed meanwhile.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from types import TracebackType
from typing import Any

from rich import progress as rich_progress

from windtunnel.cli._console import err_console
from windtunnel.engine.cells import CellResult

HEARTBEAT_ENV = "WINDTUNNEL_PROGRESS_SECONDS"
"""Seconds between the plain progress lines printed when stderr is not a terminal (default 30; 0 or less: none)."""


def heartbeat_seconds() -> float:
    """The heartbeat interval from :data:`HEARTBEAT_ENV`; 30 when unset or not a number.

    A value of 0 or less turns the heartbeat off. A malformed value is not a usage error: progress output
    is a convenience and must never stop a run, so it falls back to the default quietly.
    """
    try:
        return float(os.environ.get(HEARTBEAT_ENV, "30"))
    except ValueError:
        return 30.0


def _elapsed(seconds: float) -> str:
    """``45s``, ``1m30s``, ``2h05m``."""
    s = int(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class Progress:
    """A progress bar of ``total`` units on stderr (done, failed, time left), shown only on a terminal and never with
    ``-q``; a pipe or a CI log gets the plain heartbeat line instead (see the module docstring). Disappears when done.
    """

    def __init__(
        self, total: int, *, label: str, quiet: bool = False, failed_label: str = "failed", started: float | None = None
    ) -> None:
        """``label`` heads the bar; ``quiet`` turns it off (as does a stderr that is not a terminal);
        ``failed_label`` names the units counted as failed (``leak`` for a leak scan; empty: no such count);
        ``started`` (``time.monotonic()``) is when the command started, which ``elapsed`` counts from: a command of
        several phases (the mined values, then the items) shows one clock, not one per phase. Default: now."""
        self.failed_label = failed_label
        self.enabled = not quiet and sys.stderr.isatty()
        self.total = total
        self.label = label
        self._bar: Any = None
        self._task: Any = None
        self.failed = 0
        self.done = 0
        self._interval = heartbeat_seconds() if not quiet and not self.enabled else 0.0
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None
        self._started = time.monotonic() if started is None else started

    def __enter__(self) -> Progress:
        """Show the bar (when enabled) on the stderr console, so it shares the line discipline of the other messages.

        On a terminal the bar counts units done of the total, the failed ones (when ``failed_label`` names them)
        and the time left; it is transient, so nothing of it stays in the scrollback once the block ends.
        Without a terminal (a pipe, a CI log) no bar is drawn and, unless the interval is 0 or ``-q`` was given,
        a daemon thread prints the plain heartbeat line instead, so a slow run is not killed as silent.
        """
        if self.enabled:
            counted = f"[red]{{task.fields[failed]}} {self.failed_label}" if self.failed_label else ""
            self._bar = rich_progress.Progress(
                rich_progress.TextColumn("{task.description}"),
                rich_progress.BarColumn(),
                rich_progress.MofNCompleteColumn(),
                rich_progress.TextColumn(counted),
                rich_progress.TimeRemainingColumn(),
                console=err_console(),
                transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total, failed=0)
        elif self._interval > 0:
            self._beat = threading.Thread(target=self._heartbeat, name="windtunnel-progress", daemon=True)
            self._beat.start()
        return self

    def line(self) -> str:
        """The plain progress line: units done of the total, failed, time elapsed."""
        failed = f" ({self.failed} {self.failed_label})" if self.failed_label else ""
        return (
            f"windtunnel: {self.done} of {self.total} {self.label} done{failed}, "
            f"{_elapsed(time.monotonic() - self._started)} elapsed"
        )

    def _heartbeat(self) -> None:
        """Print :meth:`line` every interval until the block ends (a sign of life in a log, even when no unit
        completed meanwhile)."""
        while not self._stop.wait(self._interval):
            self.say(self.line())

    def say(self, text: str) -> None:
        """Print one plain line on stderr (no markup, no highlighting: a log keeps it as it is)."""
        err_console().print(text, markup=False, highlight=False, soft_wrap=True)

    def __call__(self, result: CellResult) -> None:
        """One cell done: advance the bar, counting it as failed when it failed or errored."""
        self.advance(result.status in ("failed", "error"))

    def advance(self, failed: bool) -> None:
        """One unit done (``failed``: it failed or errored)."""
        self.done += 1
        if failed:
            self.failed += 1
        if self._bar is not None:
            self._bar.update(self._task, advance=1, failed=self.failed)

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        """Remove the bar (also when the block raised, so an error is not printed under a half-drawn bar).

        The heartbeat thread is stopped and joined first, so no progress line can land after the command's own
        last message; it wakes on the stop event and does not wait out its interval.
        """
        self._stop.set()
        if self._beat is not None:
            self._beat.join()
            self._beat = None
        if self._bar is not None:
            self._bar.__exit__(et, ev, tb)


class Between:
    """Progress between two phases of one command (``leak scan``: the mined values read, the candidates then tested
    before the next read of the file): on a terminal a transient spinner naming the phase just done; elsewhere the
    heartbeat line (``windtunnel: items (mining) done, working on the next step, 12s elapsed``) every
    :data:`HEARTBEAT_ENV` seconds, so a log shows no silent gap between one phase's last line and the next's first
    (QA 24 #12). ``started`` is the command's start, as for :class:`Progress`; never with ``quiet``."""

    def __init__(self, after: str, *, quiet: bool = False, started: float | None = None) -> None:
        self.after = after
        self.enabled = not quiet and sys.stderr.isatty()
        self._interval = heartbeat_seconds() if not quiet and not self.enabled else 0.0
        self._status: Any = None
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None
        self._started = time.monotonic() if started is None else started

    def line(self) -> str:
        """The plain line: the phase done, and the time elapsed since the command started."""
        return (
            f"windtunnel: {self.after} done, working on the next step, "
            f"{_elapsed(time.monotonic() - self._started)} elapsed"
        )

    def __enter__(self) -> Between:
        if self.enabled:
            self._status = err_console().status(f"{self.after} done, working on the next step")
            self._status.__enter__()
        elif self._interval > 0:
            self._beat = threading.Thread(target=self._heartbeat, name="windtunnel-between", daemon=True)
            self._beat.start()
        return self

    def _heartbeat(self) -> None:
        while not self._stop.wait(self._interval):
            err_console().print(self.line(), markup=False, highlight=False, soft_wrap=True)

    def __exit__(
        self, et: type[BaseException] | None = None, ev: BaseException | None = None, tb: TracebackType | None = None
    ) -> None:
        """Stop the spinner or the heartbeat (joined: no line lands after the command's own next message)."""
        self._stop.set()
        if self._beat is not None:
            self._beat.join()
            self._beat = None
        if self._status is not None:
            self._status.__exit__(et, ev, tb)
            self._status = None
