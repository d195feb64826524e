"""What a flow tells its caller while it runs: a listener protocol and the events it receives.

The library prints nothing. A flow hands every event to a :class:`Listener`; the CLI's listener renders
them with rich (``windtunnel.cli._listener``), a notebook or a test can collect them, and the default
:data:`SILENT` drops them.

The order a listener can rely on, for one run-like flow: a :class:`RunStored` when the run streams into the store,
notices about the plan, then one :class:`Planned`, then :class:`Started`, a :class:`Done` per unit of progress
(interleaved with notices and, for replay, :class:`SessionJudged`), exactly one :class:`Stopped` — also when the run
is cut short or fails — and the closing notices. ``ci`` wraps each phase's own sequence in :class:`PhaseStarted` (or
:class:`PhaseKept` on a resume) and :class:`PhaseFinished`; ``verify`` sends :class:`Checked`. The events are plain
frozen data and carry results as the engine made them; rendering (colours, progress bars, ``--quiet``) is entirely
the listener's choice.

Why events rather than logging or return values: a run's progress must reach the terminal while the run goes on,
and the same flows serve the CLI, the Python API and the pytest plugin, which want that progress differently
(a bar, nothing, a list to assert on). A listener that raises stops the flow: ``KeyboardInterrupt`` from a
listener ends the run as Ctrl-C does, with the completed cells kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

if TYPE_CHECKING:
    from windtunnel.engine.cells import CellResult


@dataclass(frozen=True)
class Notice:
    """Something the user should know. ``kind="note"`` is informational (hidden by ``--quiet``);
    ``kind="alert"`` is a warning shown even when quiet (e.g. a stateful agent under a contract);
    ``kind="status"`` says where a run stands (e.g. ``ci`` stopped in a phase), also shown when quiet."""

    text: str
    kind: Literal["note", "alert", "status"] = "note"


@dataclass(frozen=True)
class RunStored:
    """A run is in the store, its results streamed there as they complete: ``resume`` is the command that continues
    it if the process is killed (``kill -9`` runs no cleanup, so this is said at the start, even when quiet)."""

    run_id: str
    resume: str


@dataclass(frozen=True)
class Planned:
    """The plan is made: ``text`` is the one-line description of what will be spent."""

    mode: str
    text: str
    total: int
    """Units of progress the run will report (cells, contract units, sessions)."""
    label: str = "cells"
    """What one unit of progress is called."""


@dataclass(frozen=True)
class Started:
    """Execution begins: ``total`` units will follow as :class:`Done` events."""

    total: int
    label: str
    failed: str = "failed"
    """What a unit done with ``failed`` set is called (``leak`` for a leak scan's items; empty: none is)."""


@dataclass(frozen=True)
class Done:
    """One unit completed (a cell, a contract unit or a replayed session)."""

    result: Any
    failed: bool


@dataclass(frozen=True)
class Stopped:
    """Execution ended (normally, or cut short); sent exactly once after :class:`Started`."""


@dataclass(frozen=True)
class SessionJudged:
    """A replayed session got its verdict (``result`` is a ``replay.player.ReplayResult``)."""

    result: Any


@dataclass(frozen=True)
class PhaseStarted:
    """``ci`` starts a phase (``weight`` is its renormalised share of the overall score)."""

    name: str
    weight: float


@dataclass(frozen=True)
class PhaseKept:
    """``ci --resume`` keeps a phase completed earlier in the same ci run."""

    name: str
    run_id: str


@dataclass(frozen=True)
class PhaseFinished:
    """A ``ci`` phase ended with this outcome (a :class:`windtunnel.flows.outcome.Outcome`)."""

    name: str
    outcome: Any


@dataclass(frozen=True)
class Checked:
    """One setup check of ``verify``: ``ok`` (it passed) or a warning that does not stop anything."""

    text: str
    ok: bool = True


Event = (
    Checked
    | Notice
    | RunStored
    | Planned
    | Started
    | Done
    | Stopped
    | SessionJudged
    | PhaseStarted
    | PhaseKept
    | PhaseFinished
)


@runtime_checkable
class Listener(Protocol):
    """Receives every event of a flow, in order, on the thread that called the flow."""

    def __call__(self, event: Event) -> None:
        """Handle one event; exceptions propagate into the flow (raise KeyboardInterrupt to stop it)."""


def _silent(event: Event) -> None:
    """Drop the event."""


SILENT: Listener = _silent
"""The default listener: the library is quiet unless asked."""


class Collector:
    """A listener that keeps every event in :attr:`events` (handy in tests and notebooks)."""

    def __init__(self) -> None:
        """Start with no events."""
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        """Keep ``event``."""
        self.events.append(event)

    def notices(self) -> list[str]:
        """The text of every notice received."""
        return [e.text for e in self.events if isinstance(e, Notice)]


def cell_done(result: CellResult) -> Done:
    """The :class:`Done` event of one cell result."""
    return Done(result=result, failed=result.status in ("failed", "error"))
