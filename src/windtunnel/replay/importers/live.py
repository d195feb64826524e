"""Live import through the vendor's own client (optional extras, imported lazily)."""

from __future__ import annotations

from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel.replay.session import Session


def _missing(package: str, extra: str) -> ConfigError:
    return ConfigError(
        f"live import from {extra} needs the {package!r} package, which is not installed",
        hint=f"pip install 'windtunnel[{extra}]' (or export the runs to a file and give `path:`)",
    )


def _dump(obj: Any) -> Any:
    for name in ("model_dump", "dict"):
        fn = getattr(obj, name, None)
        if callable(fn):
            return fn()
    return obj


def fetch_langsmith(*, project: str | None, run_id: str | None, limit: int = 20, **filters: Any) -> list[Session]:
    """Root runs (with their child runs) from LangSmith; credentials come from the client's environment."""
    try:
        from langsmith import Client  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise _missing("langsmith", "langsmith") from None
    from windtunnel.replay.importers.langsmith import from_langsmith

    client = Client()
    if run_id:
        runs = [client.read_run(run_id, load_child_runs=True)]
    else:
        roots = client.list_runs(project_name=project, is_root=True, limit=limit, **filters)
        runs = [client.read_run(r.id, load_child_runs=True) for r in roots]
    return from_langsmith([_dump(r) for r in runs])


def fetch_langfuse(*, trace_id: str | None, limit: int = 20) -> list[Session]:
    """Traces (with observations) from Langfuse; credentials come from the client's environment."""
    try:
        from langfuse import Langfuse  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise _missing("langfuse", "langfuse") from None
    from windtunnel.replay.importers.langfuse import from_langfuse

    api = Langfuse().api
    if trace_id:
        traces = [api.trace.get(trace_id)]
    else:
        listed = api.trace.list(limit=limit)
        traces = [api.trace.get(t.id) for t in listed.data]
    return from_langfuse([_dump(t) for t in traces])


def fetch(source: Any, *, where: str) -> list[Session]:
    """Sessions of a ``replays.sources`` entry without ``path``."""
    flt = dict(source.filter or {})
    limit = int(flt.pop("limit", 20))
    if source.type in ("langsmith", "langsmith_run"):
        if not (source.project or source.run_id):
            raise ConfigError(f"{where}: replays source {source.type} needs `project`, `run_id` or `path`")
        return fetch_langsmith(project=source.project, run_id=source.run_id, limit=limit)
    if source.type == "langfuse":
        return fetch_langfuse(trace_id=source.run_id, limit=limit)
    raise ConfigError(
        f"{where}: replays source {source.type} can only be read from a file: give `path:` (an OTLP JSON export)"
    )
