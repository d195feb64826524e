"""The one timestamp format of reports and the run store: UTC, milliseconds, ``Z`` (``2026-11-25T15:41:00.052Z``).

One format everywhere means stored runs, reports and the viewer sort and compare timestamps as plain strings, and
a report read on another machine shows the same instant."""

from __future__ import annotations

from datetime import datetime, timezone


def utc_now() -> str:
    """Now as ``YYYY-MM-DDTHH:MM:SS.mmmZ``: every ``started_at`` / ``finished_at`` windtunnel writes."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


__all__ = ["utc_now"]
