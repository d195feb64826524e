"""The pieces every run-like flow shares: seed, store, report file, signal handling and the cut-short rule.

``run``, ``contract run``, ``replay run``, ``ci`` and ``explore`` differ in what they plan and how they score;
everything around that lives here once, so the modes cannot drift apart on the rules a user relies on:

* **Seed** (:func:`resolve_seed`): ``--seed``, else ``advanced.seed``, else a fresh random one that is recorded
  with the run — a run is always repeatable, even one started without a seed.
* **Execution** (:func:`execute`): the async body runs under Ctrl-C and SIGTERM handling; an interrupt or the
  agent process dying ends the run *normally*, with the completed cells kept and the cause recorded in the
  returned :class:`Execution`, while any other error (setup failed) marks the stored run as errored and
  propagates. :func:`mark_cut_short` is then the one rule for what such a run says: ``partial``, not passed.
* **Report file** (:func:`check_report_request` before the run, :func:`write_report` after): the format and
  ``-o`` are checked before the first agent call, so a typo costs nothing; the file is written from the rows
  (streamed from the store when there is one), ``-o -`` goes to stdout.
* **Resume** (:func:`config_fingerprint`, :func:`check_same_config`): a hash per config section that decides the
  cells and verdicts is stored with the run, and a resume with a changed section is refused, naming it;
  :data:`FINGERPRINT_IGNORED` lists what may change (where the store is, concurrency, executor, placement).

Nothing here prints: notices go to the flow's :class:`~windtunnel.flows.events.Listener`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import shlex
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import orjson

from windtunnel._util.aioloop import run_async
from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import AgentExitedError, AgentStoppedError, ConfigError, UsageError
from windtunnel._util.jsontypes import JSONObject
from windtunnel._util.redact import redact_url
from windtunnel._util.signals import interruptible
from windtunnel.config.load import CONFIG_NAMES, load_config
from windtunnel.config.model import SEED_MAX, Config
from windtunnel.config.storepath import default_store_path
from windtunnel.engine.scoring import failed_beyond_score
from windtunnel.flows.events import Listener, Notice, Started, Stopped
from windtunnel.report.dicts import CellDict, ReportDict, RunInfoDict, SummaryDict
from windtunnel.reports.base import get_reporter, render_report
from windtunnel.reports.stats import SummaryTally
from windtunnel.reports.stream import render_streamed
from windtunnel.store.run_ids import new_run_id as store_run_id
from windtunnel.store.runstore import RunStore

T = TypeVar("T")

SUFFIX_FORMATS = {
    ".json": "json",
    ".html": "html",
    ".htm": "html",
    ".xml": "junit",
    ".sarif": "sarif",
    ".md": "md",
    ".txt": "terminal",
}


def new_run_id() -> str:
    """A fresh run id (time-ordered, as the run store makes them), also for a run kept out of the store
    (``--no-store``), so its report names the run the same way a stored one would."""
    return store_run_id()


def resolve_seed(cfg: Config, seed: int | None) -> int:
    """The run seed: the caller's, else ``advanced.seed``, else a fresh one (recorded in the report).

    A seed outside ``0..2^63-1`` (what the run store and the config fingerprint hold) is a usage error. A fresh
    seed (below 2^31) is recorded in the report, the store and every reproduce command, so the run stays
    repeatable though nobody chose its seed."""
    if seed is not None:
        if not 0 <= seed <= SEED_MAX:
            raise UsageError(
                f"--seed {seed} is out of range: a seed must be between 0 and 2^63-1 ({SEED_MAX})",
                hint="pass a --seed (seed=) in that range",
            )
        return seed
    if cfg.advanced.seed is not None:
        return int(cfg.advanced.seed)
    return secrets.randbelow(2**31)


def config_for_store(config: Path | None) -> Config | None:
    """Before a run's config is known (``--resume``): the config whose ``advanced.store`` names the store —
    ``config`` if given, else a config file in the working directory that loads, else None."""
    if config is not None:
        return load_config(config)
    for name in CONFIG_NAMES:
        if Path(name).is_file():
            try:
                return load_config(name)
            except ConfigError:
                return None
    return None


KEPT_ON_RESUME = {
    "output": "-o",
    "fmt": "--format",
    "concurrency": "--concurrency",
    "min_score": "--min-score",
    "executor": "--executor",
    "ray_address": "--ray-address",
}
"""Options besides the plan that ``--resume`` restores when it is not given them again (request field → flag): the
report the interrupted run was writing, and what changes how the rest of it runs or is judged."""


def kept_options(req: Any) -> JSONObject:
    """The :data:`KEPT_ON_RESUME` options ``req`` was given (stored with the run as ``kept``); ``-o -`` (stdout) is
    left out, since a resume that did not ask for it would mix the report into its terminal output."""
    out: JSONObject = {}
    for key in KEPT_ON_RESUME:
        value = getattr(req, key, None)
        if value is None or (key == "output" and str(value) == "-"):
            continue
        out[key] = str(value) if isinstance(value, Path) else value
    return out


def restore_kept(req: Any, meta: Mapping[str, Any]) -> None:
    """On ``--resume``: set each :data:`KEPT_ON_RESUME` option the resume was not given to the stored run's value, so
    the resumed run rewrites the report the interrupted one was writing and runs as it did (QA-13 major 2)."""
    stored = meta.get("kept") or {}
    for key in KEPT_ON_RESUME:
        if getattr(req, key, None) is None and stored.get(key) is not None:
            value = stored[key]
            setattr(req, key, Path(str(value)) if key == "output" else value)


def resume_command(
    command: str, run_id: str, config: Path | str | None, store: Path | str | None, kept: JSONObject | None = None
) -> str:
    """The exact command that continues run ``run_id`` (``windtunnel run -c slow.yaml --resume ID``).

    ``--resume`` finds the run in the store the config names (``-c``, else the config file in the working directory)
    or the one ``--store`` gives, so the command carries ``-c`` when the run's config is not the one found without it,
    and ``--store`` when the run was given one: a bare ``--resume ID`` looked in the default store and said there is
    no such run (QA-11 minor 7). ``kept`` (:func:`kept_options`) adds the options the run was started with that
    change its report or how it runs (``-o``, ``--concurrency`` ...): the resume restores them anyway, and the command
    shows what it will do."""
    parts = ["windtunnel", *command.split()]
    if config is not None and str(config) != "<mapping>" and not _default_config(Path(config)):
        parts += ["-c", str(config)]
    if store is not None:
        parts += ["--store", str(store)]
    for key, value in (kept or {}).items():
        if key in KEPT_ON_RESUME and value is not None:
            parts += [KEPT_ON_RESUME[key], f"{value:g}" if isinstance(value, float) else str(value)]
    return shlex.join([*parts, "--resume", run_id])


def _default_config(config: Path) -> bool:
    """Whether ``config`` is the file a command finds without ``-c`` (the first of ``CONFIG_NAMES`` here)."""
    found = next((Path(n) for n in CONFIG_NAMES if Path(n).is_file()), None)
    return found is not None and found.resolve() == config.resolve()


def agent_label(cfg: Config) -> str:
    """How a plan line names the agent: its endpoint or base URL, else its type.

    ``${ENV}`` references are expanded (the line should show where the calls go) and the URL's credentials and
    secret-looking query values are redacted (plan lines end up in CI logs); an unset variable leaves the
    reference as written rather than failing a line that is only informative."""
    label = str(getattr(cfg.agent, "endpoint", None) or getattr(cfg.agent, "base_url", cfg.agent.type))
    try:
        return redact_url(expand_env(label))
    except ConfigError:
        return redact_url(label)


def check_report_request(fmt: str | None, output: Path | None) -> None:
    """Refuse (exit 2) before anything runs what :func:`write_report` would refuse after the run: an unknown
    ``--format``, and an ``--output`` whose folder cannot be created or written (probed with a temporary
    file, gone at once; the folder is created, as writing the report would)."""
    if fmt is not None:
        get_reporter(fmt)  # an unknown format raises, listing the valid ones
    if output is None or str(output) == "-":  # `-o -`: stdout
        return

    folder = output if output.suffix == "" and not output.is_file() else output.parent
    if problem := folder_problem(folder, keep=True):
        raise UsageError(
            f"cannot write the report to {output}: {problem}",
            hint="give -o a path in a folder you can write to",
        )


def folder_problem(folder: Path, *, keep: bool) -> str | None:
    """Why files cannot be written into ``folder`` (the OS's reason), or None when they can.

    The folder is created (with its parents) and probed with a temporary file, gone at once, so every reason the
    write would meet later (a read-only or immutable folder, a file where a folder should be, a full disk) is met
    now, before any agent call. ``keep=False`` removes again the folders the probe created, for a folder that is
    written only if the run finds something (``explore --found-dir``)."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        return str(err.strerror or err)
    finally:
        if not keep:
            for made in missing:  # deepest first
                with contextlib.suppress(OSError):
                    made.rmdir()
    return None


def write_report(
    report: ReportDict,
    fmt: str | None,
    output: Path | None,
    run_id: str,
    cfg: Config | None = None,
    *,
    cells: Callable[[], Iterable[CellDict]] | None = None,
    tally: SummaryTally | None = None,
) -> Path | None:
    """Write the report; returns the file written, or None for a terminal-only run.

    The format is ``fmt`` (``terminal`` with an ``output`` writes the terminal summary as plain
    text); without it, the suffix of ``output`` (``.json``, ``.html``, ``.xml`` JUnit, ``.sarif``,
    ``.md``, ``.txt`` terminal text), else JSON when ``output`` is given, else the config's ``output:``
    block (``format``, ``path``, ``filename_template`` with ``{run_id}``, ``{mode}``, ``{date}``,
    ``{time}``), else nothing. An ``output`` without a suffix that is not an existing file
    (``reports``, ``reports/``) is a directory: it is created and gets ``<run id><ext>``. An ``output``
    of ``-`` writes the report to stdout (JSON without ``fmt``) and returns None: no file was written.
    With ``cells`` (giving the cells anew on each call, e.g. from the run store), ``report["cells"]``
    is ignored: JSON, JUnit and SARIF are streamed to disk (:func:`windtunnel.reports.stream.render_streamed`),
    the other formats get the cells gathered first; the file is the same byte for byte.
    """
    if fmt is None and output is not None:
        fmt = SUFFIX_FORMATS.get(output.suffix.lower(), "json")
    elif fmt is None and cfg is not None and "output" in cfg.model_fields_set:
        fmt = "md" if cfg.output.format == "markdown" else cfg.output.format
        if fmt != "terminal":
            output = Path(cfg.output.path) / _filename(cfg.output.filename_template, report, run_id, fmt)
    if fmt is None or (fmt == "terminal" and output is None):
        return None
    if output is not None and str(output) == "-":
        _report_to_stdout(report, fmt, cells, tally)
        return None
    # a str: Path() drops the trailing separator that tells render_report "a directory"; a path without a suffix
    # that is not an existing file is one as well (reports.base.output_path)
    target: Path | str = output if output is not None else "reports" + os.sep
    if cells is not None:
        return render_streamed(report, cells, fmt, target, tally=tally)

    return render_report(report, fmt, target)


def _report_to_stdout(
    report: ReportDict,
    fmt: str,
    cells: Callable[[], Iterable[CellDict]] | None,
    tally: SummaryTally | None,
) -> None:
    """``-o -``: the report rendered as for a file (in a temporary folder), then copied to stdout.

    Rendering through a file keeps one code path per format (the streamed cells included), so the bytes on
    stdout are the bytes a file would hold. Python's text buffer is flushed before the bytes are copied, so
    nothing printed earlier lands in the middle of the report.
    """
    with tempfile.TemporaryDirectory() as tmp:
        if cells is not None:
            written = render_streamed(report, cells, fmt, tmp + os.sep, tally=tally)
        else:
            written = render_report(report, fmt, tmp + os.sep)
        sys.stdout.flush()
        with open(written, "rb") as fh:
            shutil.copyfileobj(fh, sys.stdout.buffer)
        sys.stdout.buffer.flush()


def _filename(template: str | None, report: ReportDict, run_id: str, fmt: str) -> str:
    """The report's file name: ``<run id><extension>`` without a template, else ``output.filename_template`` filled with
    ``{run_id}``, ``{mode}``, ``{date}`` (YYYYMMDD) and ``{time}`` (HHMMSS, local time), given the format's extension
    when it has none. A template naming any other placeholder is a :class:`UsageError` listing them.
    """
    if not template:
        return run_id + get_reporter(fmt).extension
    now = datetime.now()
    try:
        name = template.format(
            run_id=run_id, mode=report["run"]["mode"], date=now.strftime("%Y%m%d"), time=now.strftime("%H%M%S")
        )
    except (KeyError, IndexError, ValueError) as err:
        raise UsageError(
            f"output.filename_template {template!r} cannot be filled: {err}",
            hint="use the placeholders {run_id}, {mode}, {date} and {time}",
        ) from None
    return name if Path(name).suffix else name + get_reporter(fmt).extension


def persist_report(report: ReportDict, *, store: Path | None = None, meta: RunInfoDict | None = None) -> None:
    """Keep a finished report in the run store, so `runs list|show|diff` and `report RUN` reach it.

    Used by flows whose results are judged only at the end (contract, replay); `run` and `ci`
    stream each cell as it completes instead. ``meta`` adds run fields kept only in the store (the
    config hash and options ``--resume`` checks). A report whose run id is stored already updates it.
    """
    run = report["run"]
    stored = run.copy()
    stored.pop("status", None)
    stored.pop("finished_at", None)
    stored.update(meta or {})
    with RunStore(store or default_store_path()) as st:
        run_id = st.start_run({**stored, "config_path": run.get("config")})
        st.add_cells(run_id, report["cells"])
        status = {"interrupted": "interrupted", "aborted": "error"}.get(run.get("status") or "")
        st.finish_run(run_id, report["summary"], status or ("passed" if report["summary"].get("passed") else "failed"))


def abort_record(err: AgentExitedError) -> JSONObject:
    """What a report's ``run.aborted`` and a stored summary's ``aborted`` say about a run cut short.

    Two shapes, told apart by ``reason``: ``agent_stopped`` for an HTTP endpoint windtunnel did not launch
    (its endpoint and the last error, as there is no command or exit code to show; ``mcp_server`` names the
    ``agent.mcp_servers`` entry when that endpoint is the agent's MCP server), and ``agent_exited``
    for an agent process windtunnel launched (its command, exit code and the tail of its stderr). Both say
    how many cells completed before the stop, which are kept.
    """
    if isinstance(err, AgentStoppedError):  # an endpoint windtunnel did not launch: no command, no exit code
        record: JSONObject = {
            "reason": "agent_stopped",
            "message": err.reason,
            "endpoint": err.endpoint,
            "cells_completed": err.cells_completed,
            "last_error": err.last_error,
        }
        if err.server is not None:  # the agent's MCP server at `endpoint` went away, not the agent
            record["mcp_server"] = err.server
        return record
    return {
        "reason": "agent_exited",
        "message": err.reason,
        "command": err.command,
        "exit_code": err.code,
        "cells_completed": err.cells_completed,
        "stderr_tail": err.stderr_tail,
    }


def run_status(interrupted: bool, aborted: AgentExitedError | None) -> RunInfoDict:
    """The report's ``run.status`` (``completed``, ``interrupted``, ``aborted``) and, when cut short, why."""
    if aborted is not None:
        return {"status": "aborted", "aborted": abort_record(aborted)}
    return {"status": "interrupted" if interrupted else "completed"}


def mark_cut_short(summary: SummaryDict, interrupted: bool, aborted: AgentExitedError | None) -> None:
    """The one place that decides what a run cut short says: it passes nothing, whatever its cells so
    far, is ``partial``, and an aborted run records why (``summary.aborted``, a reason)."""
    if not interrupted and aborted is None:
        return
    failed_beyond_score(summary)
    summary["partial"] = True
    if aborted is not None:
        summary.update({"aborted": abort_record(aborted), "reasons": [*(summary.get("reasons") or []), aborted.reason]})


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM stops a run like Ctrl-C (completed cells are kept); the previous handler comes back after.

    A CI runner or ``timeout`` sends SIGTERM, and without this the process would die with nothing written;
    as a ``KeyboardInterrupt`` the flow saves what completed and exits 130. Signals can only be set from the
    main thread, so elsewhere (tests, a worker thread) this does nothing; a platform without SIGTERM is
    left alone too.
    """
    previous: Any = None
    installed = False

    def handler(signum: int, frame: Any) -> None:
        """Turn SIGTERM into the ``KeyboardInterrupt`` Ctrl-C raises, so both stop the run the same way."""
        raise KeyboardInterrupt

    if hasattr(signal, "SIGTERM"):
        with contextlib.suppress(ValueError):  # not the main thread (tests, a worker thread)
            previous = signal.signal(signal.SIGTERM, handler)
            installed = True
    try:
        yield
    finally:
        if installed:
            signal.signal(signal.SIGTERM, previous)


@dataclass
class Execution:
    """How :func:`execute` ended: normally, interrupted, or aborted by the agent process dying."""

    interrupted: bool = False
    aborted: AgentExitedError | None = None
    value: Any = None

    @property
    def cut_short(self) -> bool:
        """Whether the run ended before its plan did (interrupted or aborted)."""
        return self.interrupted or self.aborted is not None


def execute(
    main: Callable[[], Any], listener: Listener, *, total: int, label: str, on_error: Callable[[], None] | None = None
) -> Execution:
    """Run ``main`` (an async callable) to completion under signal handling, bracketed by Started/Stopped.

    Ctrl-C / SIGTERM and an agent process that dies end the run with what completed kept; any other
    exception (setup failed: agent unreachable, bad seam ...) runs ``on_error`` and propagates.
    """
    done = Execution()
    listener(Started(total=total, label=label))
    try:
        with interruptible(), sigterm_as_interrupt():  # the CLI holds Ctrl-C everywhere else
            done.value = run_async(main)
    except KeyboardInterrupt:
        done.interrupted = True
    except AgentExitedError as err:
        done.aborted = err
    except BaseException:
        if on_error is not None:
            on_error()
        raise
    finally:
        listener(Stopped())
    return done


FINGERPRINT_IGNORED = {
    "output": None,
    "advanced": {"store", "concurrency", "executor", "ray"},
    "judge": {"timeout", "retries", "cache", "cache_path", "api_key"},
    "agent": {"proxy_env"},
}
"""Config parts that do not change which cells a run has or how they are judged (``None``: the whole section).
``agent.proxy_env`` says how a running agent was started, and the reach check (flows/reach.py) sets it in memory when
it finds the agent behind the proxies: a resumed run's fresh config has not been checked yet (QA-16)."""


def config_fingerprint(cfg: Config) -> dict[str, str]:
    """A short hash of each config section that decides a run's cells and verdicts (stored with the run).

    Sections, or keys of them, listed in :data:`FINGERPRINT_IGNORED` are left out, so moving the store or
    changing the concurrency does not block a resume. Hashes are of the section's JSON with sorted keys and
    unset values left out, so reordering a file or spelling out a default does not count as a change;
    12 hex characters are enough to tell two configs of one run apart.
    """
    dump = cfg.model_dump(mode="json", exclude_none=True)
    out: dict[str, str] = {}
    for section, value in sorted(dump.items()):
        ignored = FINGERPRINT_IGNORED.get(section, set())
        if ignored is None:
            continue
        if isinstance(value, dict) and ignored:
            value = {k: v for k, v in value.items() if k not in ignored}
        out[section] = hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()[:12]
    return out


def fingerprint_changes(stored: dict[str, str], current: dict[str, str]) -> list[str]:
    """The config sections whose hash differs (added or removed sections included), sorted."""
    return sorted(k for k in set(stored) | set(current) if stored.get(k) != current.get(k))


def check_same_config(store: RunStore, run_id: str, cfg: Config, config_path: Path) -> None:
    """Refuse to resume a run whose config changed since it started: its cells would mix two configs.

    The comparison is by section fingerprint, so the error names the sections that differ. When ``-c``
    names another file than the one the run was started with, the message says so and the hint gives the
    original path, since the usual mistake is the wrong file, not an edited one. A run stored before the
    fingerprint was kept cannot be checked and resumes as it is; a config given as a mapping
    (``<mapping>``) has no file to compare.
    """
    info = store.get_run(run_id)
    stored = info.meta.get("config_hash")
    if not isinstance(stored, dict):
        return  # a run stored before windtunnel kept the hash
    changed = fingerprint_changes(stored, config_fingerprint(cfg))
    started_with = info.config_path
    if changed and started_with and str(config_path) != "<mapping>" and not _same_file(started_with, config_path):
        raise UsageError(  # another file given with -c: it did not change, it is not the run's config (QA-13)
            f"cannot resume run {run_id!r} with {config_path}: the run was started with {started_with} "
            f"(sections that differ: {', '.join(changed)})",
            hint=f"resume with -c {shlex.quote(started_with)}, or start a new run without --resume",
        )
    if changed:
        raise UsageError(
            f"cannot resume run {run_id!r}: {config_path} changed since the run started "
            f"(sections: {', '.join(changed)})",
            hint="resume with the config the run was started with, or start a new run without --resume",
        )


def _same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two config paths name the same file (relative ones from the working directory)."""
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return str(a) == str(b)


def read_min_score(req: Any, listener: Listener) -> str | None:
    """Put ``req.min_score`` on windtunnel's 0-100 scale: a value in (0, 1] is upstream flakestorm's 0-1
    scale (``flakestorm ci --min-score 0.8``), where on ours it would pass almost any run. It is read as a
    share (0.8 → 80) and the note saying so is returned (and shown, even when quiet); else None."""
    value = req.min_score
    if value is None or not 0 < value <= 1:
        return None
    req.min_score = round(value * 100, 6)
    note = (
        f"min-score {value:g} is read as {req.min_score:g}: windtunnel scores are 0-100 and a value up to 1 is "
        f"taken on flakestorm's 0-1 scale; give {req.min_score:g} to silence this note"
    )
    listener(Notice(note, kind="alert"))
    return note
