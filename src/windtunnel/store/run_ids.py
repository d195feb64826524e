"""Run ids: the UTC second a run started, then its millisecond and 24 random bits, so ids sort in start order.

A run id reads ``YYYYMMDD-HHMMSS-mmmxxxxxx`` (``20261202-082151-407c0fb9c``): the date and second as ids have
always begun, then three digits of milliseconds and six hex digits of randomness. As plain strings, ids sort by the
millisecond their runs started, so two runs started within one second (in one process, or the shards of one CI job
in several) are no longer put in a random order by the random part alone.

Within one process ids strictly increase: an id asked for in the millisecond of the previous one (or after the
clock stepped back) takes the millisecond after it, carrying into the next second if need be, so the order of
the ids a process makes is the order it made them. Across processes the random part keeps two ids of the same
millisecond distinct; their order is then arbitrary, which is why whatever orders runs orders them by their
recorded ``started_at`` first and by id only to break a tie (``runs list``, the viewer's pages and its diff).

Ids made before the millisecond was added end in the six random hex digits alone (``20261125-224228-c0fb9c``).
They are read as they are: nothing parses an id, and the date and second it starts with are unchanged.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from datetime import datetime, timezone

_NS_PER_MS = 1_000_000


class RunIds:
    """A source of run ids that strictly increase as strings, read off ``clock`` (nanoseconds since the epoch,
    :func:`time.time_ns` by default; a test passes a clock of its own)."""

    def __init__(self, clock: Callable[[], int] = time.time_ns) -> None:
        self._clock = clock
        self._last_ms = 0
        self._lock = threading.Lock()

    def new(self) -> str:
        """A new id, later as a string than every id this source made before."""
        with self._lock:
            ms = max(self._clock() // _NS_PER_MS, self._last_ms + 1)
            self._last_ms = ms
        second, milli = divmod(ms, 1000)
        stamp = datetime.fromtimestamp(second, timezone.utc).strftime("%Y%m%d-%H%M%S-")
        return f"{stamp}{milli:03d}{secrets.token_hex(3)}"


_RUN_IDS = RunIds()


def new_run_id() -> str:
    """A new run id from the process's one :class:`RunIds` (see the module's docstring for the format)."""
    return _RUN_IDS.new()


__all__ = ["RunIds", "new_run_id"]
