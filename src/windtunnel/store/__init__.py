"""The run store: results streamed to SQLite as they complete, resume, history and diffs."""

from windtunnel.config.storepath import DEFAULT_STORE_PATH, default_store_path
from windtunnel.store.diff import CellChange, PhaseDelta, RunDiff, diff_reports
from windtunnel.store.runstore import (
    RUN_STATUSES,
    RunInfo,
    RunStore,
    UnknownRunError,
    new_run_id,
    utc_now,
)

__all__ = [
    "DEFAULT_STORE_PATH",
    "RUN_STATUSES",
    "CellChange",
    "PhaseDelta",
    "RunDiff",
    "RunInfo",
    "RunStore",
    "UnknownRunError",
    "default_store_path",
    "diff_reports",
    "new_run_id",
    "utc_now",
]
