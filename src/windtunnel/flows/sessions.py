"""Replay sessions in and out: record one from the agent, export failed cells of a report, import traces.

Each use-case writes session files and returns ``(path, session)`` pairs; notes go to the listener.

The three ways a session file comes to exist, all ending in the one
:class:`~windtunnel.replay.session.Session` model that ``replay run`` reads, so a recorded, exported or imported
session replays the same way:

* :func:`record_flow` runs the real agent once with the seams recording (optionally under a matrix scenario's
  faults), so a reproduction can be captured on purpose;
* :func:`export_flow` turns each failed cell of a run's JSON report into a session, so a failure found by
  ``run``, ``chaos`` or ``explore`` becomes a regression test without re-running it;
* :func:`import_flow` and :func:`import_upstream` convert traces from observability tools (LangSmith, Langfuse,
  OpenTelemetry GenAI spans) — the incidents users already have — through the importer registry of
  :mod:`windtunnel.replay.importers`; the vendor SDKs are optional extras, imported only by the importer used.

Every session is validated by the model before it is written (a file ``replay run`` could not load is never
written), and ``record``'s output name is checked before the agent is called.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from windtunnel._util.aioloop import run_async
from windtunnel._util.errors import HarnessError, UsageError
from windtunnel._util.jsonsafe import loads_clipped
from windtunnel.config.load import find_config, load_config
from windtunnel.flows.events import SILENT, Listener, Notice
from windtunnel.flows.reach import resolve_reach
from windtunnel.replay.export import sessions_from_report
from windtunnel.replay.importers import _load_builtin as load_importers
from windtunnel.replay.importers import import_file, importers
from windtunnel.replay.importers.live import fetch_langfuse, fetch_langsmith, langsmith_filters, live_problem
from windtunnel.replay.record import Recording, record
from windtunnel.replay.session import SESSION_SUFFIXES, dump_session, safe_filename

if TYPE_CHECKING:
    from windtunnel.replay.session import Session

FORMATS = ("yaml", "json")


def _check_format(fmt: str) -> None:
    """A session file format windtunnel writes (YAML or JSON), else a :class:`UsageError` naming the two."""
    if fmt not in FORMATS:
        raise UsageError(f"--format {fmt!r}: choose yaml or json")


def record_flow(
    config: Path | None,
    input_: str,
    output: Path,
    listener: Listener = SILENT,
    **options: Any,
) -> tuple[Path, Session, str | None]:
    """Run the agent once with recording on and write the session to ``output``; returns the file, the session and,
    when the agent call timed out (the session keeps the hang), why.

    ``options``: ``session_id`` (default: from the file name), ``name``, ``contract``, ``inject_llm``,
    ``scenario`` (record under that matrix scenario's faults), ``seed``, ``tool_proxy_port``,
    ``llm_proxy_port``.
    """

    if output.suffix.lower() not in SESSION_SUFFIXES:
        raise UsageError(f"--output {output}: use a {', '.join(SESSION_SUFFIXES)} file name")
    cfg = load_config(find_config(config))
    # a running HTTP agent started behind windtunnel's fixed-port proxies is recorded through them (no ports given)
    given = options.get("tool_proxy_port") is not None or options.get("llm_proxy_port") is not None
    if not given and (reach := resolve_reach(cfg, needed=True)) is not None:
        listener(Notice(reach))
    session_id = options.pop("session_id", None) or safe_filename(output.stem)
    seed = options.pop("seed", None)

    async def go() -> Recording:
        """Record one session of the agent on ``input_`` on the flow's event loop (the config's seed when none is
        given).
        """
        return await record(
            cfg,
            input_,
            session_id=session_id,
            seed=seed if seed is not None else cfg.advanced.seed,
            **options,
        )

    recording = run_async(go)
    path = dump_session(recording.session, output)
    for note in recording.notes:
        listener(Notice(note))
    return path, recording.session, recording.failure


def export_flow(
    from_report: Path, output: Path, *, contract: str | None = None, fmt: str = "yaml", listener: Listener = SILENT
) -> list[tuple[Path, Session]]:
    """One session per failed cell of a JSON report, written into the directory ``output`` as ``<id>.<fmt>``.

    The rows of one agent call (its repeats, a contract unit's invariant rows) make one session. A cell whose agent
    call hung or crashed after its calls is exported as the incident it is (the replay fails as the cell did until the
    agent is fixed); other errored cells (the harness, the setup) are not, and a notice counts them. A report
    that is missing, unreadable or not a windtunnel JSON report is a usage error (exit 2). ``contract`` names the
    contract the sessions are judged by; without it ``replay run -c CONFIG`` judges them by CONFIG's ``invariants:``
    (a notice says so for a ``run`` or ``chaos`` report)."""

    _check_format(fmt)
    try:
        report = loads_clipped(from_report.read_bytes())
    except FileNotFoundError:
        raise UsageError(f"report not found: {from_report}") from None
    except (OSError, ValueError) as err:
        raise UsageError(f"cannot read report {from_report}: {err}") from None
    exported = sessions_from_report(report, source=str(from_report), contract=contract)
    for note in exported.notes:
        listener(Notice(note))
    return [(dump_session(s, output / f"{s.id}.{fmt}"), s) for s in exported.sessions]


def import_flow(
    source: str,
    file: Path | None,
    output: Path,
    *,
    contract: str | None = None,
    project: str | None = None,
    run_id: str | None = None,
    limit: int = 20,
    fmt: str = "yaml",
) -> list[tuple[Path, Session]]:
    """Sessions from LangSmith runs, OpenTelemetry GenAI spans or Langfuse traces, written as replay session files into
    ``output``; returns each file with its session.

    ``source`` names the importer (an unknown one lists the valid names). With ``file`` the export file is read; without
    it LangSmith (``project`` or ``run_id``) and Langfuse (``run_id`` as the trace id) are fetched live, at most
    ``limit`` of them, and OpenTelemetry, which has no live API, is a usage error asking for the file. ``contract``
    names the contract every imported session is judged by.
    """

    load_importers()
    importers.get(source)  # unknown names: a usage error listing the valid ones
    _check_format(fmt)
    if file is not None:
        if not file.exists():
            raise UsageError(f"export file not found: {file}")
        sessions = import_file(source, file)
    else:
        if source == "langsmith":
            if not (project or run_id):
                raise UsageError("live LangSmith import needs --project or --run-id (or give an export FILE)")
            sessions = fetch_langsmith(project=project, run_id=run_id, limit=limit)
        elif source == "langfuse":
            sessions = fetch_langfuse(trace_id=run_id, limit=limit)
        else:
            raise UsageError(f"{source} is imported from a file: give the OTLP JSON export FILE")
    out = []
    for s in sessions:
        if contract:
            s.contract = contract
        out.append((dump_session(s, output / f"{safe_filename(s.id)}.{fmt}"), s))
    return out


def import_upstream(
    *, paths: list[Path], output: Path | None, run_id: str | None, project: str | None, status: str
) -> list[tuple[Path, Session]]:
    """``replay run --from-langsmith RUN_ID`` / ``--from-langsmith-project PROJECT`` (upstream's flags): the
    run, or the project's root runs filtered by ``status``, imported live and written to ``output``.

    Usage errors (exit 2) before any request: session paths given too, both flags, no ``-o`` directory, or what
    the live importer needs missing (the API key, the SDK extra). Any failure of the vendor client itself —
    network, authentication, an unknown run — is a harness error (exit 3) naming the client's exception: the
    configuration was right, the service did not answer as asked."""

    if paths:
        raise UsageError("give session PATHS or --from-langsmith / --from-langsmith-project, not both")
    if run_id and project:
        raise UsageError("give --from-langsmith RUN_ID or --from-langsmith-project PROJECT, not both")
    if output is None:
        raise UsageError(
            "--from-langsmith without --run writes the imported sessions: give -o DIRECTORY (or add --run to "
            "replay them at once)"
        )
    problem = live_problem(SimpleNamespace(type="langsmith", project=project, run_id=run_id))
    if problem is not None:
        raise UsageError(problem)

    filters = {} if run_id else langsmith_filters(status)
    try:
        sessions = fetch_langsmith(project=project, run_id=run_id, **filters)
    except Exception as err:  # the vendor client's own errors (network, auth, not found)
        raise HarnessError(f"LangSmith import failed: {type(err).__name__}: {err}") from None
    return [(dump_session(s, output / f"{safe_filename(s.id)}.yaml"), s) for s in sessions]
