"""Live import through the vendor's own client (optional extras, imported lazily).

``replays.sources`` entries without a ``path`` are fetched from LangSmith or Langfuse when a replay starts,
through the vendor's own client and the credentials in its environment (windtunnel never reads or stores a key
itself). :func:`live_problem` says what is missing without contacting anyone, for ``validate``; the fetched runs
go through the same importers as file exports, so live and exported data give the same sessions."""

from __future__ import annotations

import importlib.util
import os
import warnings
from datetime import datetime, timedelta, timezone
from typing import Any

from windtunnel._util.errors import ConfigError, HarnessError
from windtunnel._util.optional import optional_import
from windtunnel.replay.importers.registry import importer_for
from windtunnel.replay.session import Session

CREDENTIALS = {"langsmith": ("LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"), "langfuse": ("LANGFUSE_SECRET_KEY",)}
"""The environment variables each vendor client reads its key from (any one of them)."""
PACKAGES = {"langsmith": "langsmith", "langsmith_run": "langsmith", "langfuse": "langfuse"}
DATE_RANGES = {
    "last_24_hours": timedelta(hours=24),
    "last_7_days": timedelta(days=7),
    "last_30_days": timedelta(days=30),
}
"""``filter.date_range`` values (upstream's): how far back a LangSmith project import looks."""


def _missing(package: str, extra: str) -> ConfigError:
    """The error for a live import whose vendor client is not installed: names the extra to install, or the file
    export that needs no client. A config error (exit 2): nothing was attempted."""
    return ConfigError(
        f"live import from {extra} needs the {package!r} package, which is not installed",
        hint=f"pip install 'windtunnel[{extra}]' (or export the runs to a file and give `path:`)",
    )


def _dump(obj: Any) -> Any:
    """A vendor client object as plain data (its ``model_dump`` or ``dict``), so the file importers can read live
    results exactly as they read an export. An object with neither is passed on as it is."""
    for name in ("model_dump", "dict"):
        fn = getattr(obj, name, None)
        if callable(fn):
            return fn()
    return obj


def langsmith_filters(
    status: str | None = "error", date_range: str | None = None, min_latency_ms: float | None = None
) -> dict[str, Any]:
    """``list_runs`` arguments for upstream's project filter: ``status`` error (the default) | warning (runs without
    an error) | all, ``date_range`` (:data:`DATE_RANGES`), ``min_latency_ms``.

    An unknown status or range is a config error naming the valid values; a latency bound becomes LangSmith's
    filter expression in seconds."""
    out: dict[str, Any] = {}
    status = (status or "error").lower()
    if status not in ("error", "warning", "all"):
        raise ConfigError(f"LangSmith filter status {status!r} is not one of error, warning, all")
    if status != "all":
        out["error"] = status == "error"
    if date_range:
        key = date_range.strip().lower().replace("-", "_")
        if key not in DATE_RANGES:
            raise ConfigError(f"LangSmith filter date_range {date_range!r} is not one of {', '.join(DATE_RANGES)}")
        out["start_time"] = datetime.now(timezone.utc) - DATE_RANGES[key]
    if min_latency_ms:
        out["filter"] = f"gt(latency, {float(min_latency_ms) / 1000:g})"
    return out


def live_problem(source: Any) -> str | None:
    """Why the live ``replays.sources`` entry ``source`` cannot be imported here (its package is not installed, no
    key is in the environment, nothing names what to fetch), or ``None``; nothing is contacted.

    The package is looked for without importing it (``find_spec``), so ``validate`` stays fast and offline."""
    kind = source.type
    if kind not in PACKAGES:
        return f"replays source {kind} can only be read from a file: give `path:` (an OTLP JSON export)"
    if kind.startswith("langsmith") and not (source.project or source.run_id):
        return f"replays source {kind} needs `project`, `run_id` or `path`"
    extra = PACKAGES[kind]
    if importlib.util.find_spec(extra) is None:
        return f"replays source {kind} is imported live with the {extra!r} package, which is not installed: " + (
            f"pip install 'windtunnel[{extra}]', or export the runs to a file and give `path:`"
        )
    keys = CREDENTIALS[extra]
    if not any(os.environ.get(k) for k in keys):
        return (
            f"replays source {kind} is imported live from {extra} and no key is set: export "
            f"{' or '.join(keys)} (or export the runs to a file and give `path:`)"
        )
    return None


def fetch_langsmith(*, project: str | None, run_id: str | None, limit: int = 20, **filters: Any) -> list[Session]:
    """Root runs (with their child runs) from LangSmith; credentials come from the client's environment. ``filters``:
    more ``list_runs`` arguments (:func:`langsmith_filters`).

    Each run is read again with its child runs, since a listing holds roots only; the client's deprecation warning
    for these calls is silenced, being windtunnel's to act on, not the user's."""
    try:
        langsmith = optional_import("langsmith")
    except ImportError:
        raise _missing("langsmith", "langsmith") from None
    client = langsmith.Client()
    # langsmith deprecates list_runs / read_run (removal after 2027-01-31) for client.runs.*: a warning for
    # windtunnel to act on, not the user (and an error under -W error)
    with warnings.catch_warnings():
        gone = r"(list_runs|read_run)\(\) is deprecated"
        warnings.filterwarnings("ignore", message=gone, category=DeprecationWarning)
        if run_id:
            runs = [client.read_run(run_id, load_child_runs=True)]
        else:
            roots = client.list_runs(project_name=project, is_root=True, limit=limit, **filters)
            runs = [client.read_run(r.id, load_child_runs=True) for r in roots]
    return importer_for("langsmith")([_dump(r) for r in runs])


def fetch_langfuse(*, trace_id: str | None, limit: int = 20) -> list[Session]:
    """Traces (with observations) from Langfuse; credentials come from the client's environment.

    With ``trace_id`` that one trace, else the ``limit`` most recent; each is fetched in full (the listing holds
    no observations)."""
    try:
        langfuse = optional_import("langfuse")
    except ImportError:
        raise _missing("langfuse", "langfuse") from None
    api = langfuse.Langfuse().api
    if trace_id:
        traces = [api.trace.get(trace_id)]
    else:
        listed = api.trace.list(limit=limit)
        traces = [api.trace.get(t.id) for t in listed.data]
    return importer_for("langfuse")([_dump(t) for t in traces])


def fetch(source: Any, *, where: str) -> list[Session]:
    """Sessions of a ``replays.sources`` entry without ``path``: exit 2 when :func:`live_problem` says it cannot be
    imported, exit 3 when the vendor's service does not answer.

    ``filter:`` keys are upstream's (``status``, ``date_range``, ``min_latency_ms``, ``limit``); any error of the
    vendor client (network, auth, an unknown project) becomes a harness error that says what to check."""
    problem = live_problem(source)
    if problem is not None:
        raise ConfigError(f"{where}: {problem}")
    flt = dict(source.filter or {})
    limit = int(flt.pop("limit", 20))
    try:
        if source.type in ("langsmith", "langsmith_run"):
            if source.run_id:
                return fetch_langsmith(project=None, run_id=source.run_id)
            extra = langsmith_filters(flt.get("status"), flt.get("date_range"), flt.get("min_latency_ms"))
            return fetch_langsmith(project=source.project, run_id=None, limit=limit, **extra)
        return fetch_langfuse(trace_id=source.run_id, limit=limit)
    except ConfigError:
        raise
    except Exception as err:  # the vendor client's own errors (network, auth, not found)
        raise HarnessError(
            f"{where}: replays source {source.type} could not be imported: {type(err).__name__}: {err}",
            hint="check the key, the project / run id and the network; or export the runs to a file and give `path:`",
        ) from None
