"""``windtunnel runs list|show|diff``: the history kept in the run store.

These commands only read: they open the store with ``create=False``, so a mistyped ``--store`` is a usage error
(exit 2) instead of a new empty database and an empty listing. A run is named the way a person remembers it
(:func:`resolve_run`): its full id, ``latest``, or a unique prefix; where a report file would do, a path is
accepted too (:func:`load_source`), so ``runs diff`` compares a stored run with a report from a CI artefact.
The comparison itself is :func:`~windtunnel.store.diff.diff_reports`, the same the viewer uses. ``runs merge``
completes this group from :mod:`~windtunnel.cli.merge_cmd`, which is the module the command table loads.
``--format json`` gives every listing as JSON on stdout for scripts; the tables go to the terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from windtunnel._util.errors import ExitCode, UsageError
from windtunnel.cli._console import out_console
from windtunnel.cli._format import chosen_format, format_option, json_alias_option
from windtunnel.cli._lazy import module_app
from windtunnel.report.dicts import ReportDict
from windtunnel.reports import ensure_valid, load_report_file, print_summary
from windtunnel.reports.cells import format_score, truncate
from windtunnel.store import RunStore, default_store_path
from windtunnel.store.diff import RunDiff, diff_reports

app = module_app()

runs_app = typer.Typer(
    help="Stored runs: list them, show one, diff two, merge the shards of one run.", no_args_is_help=True
)
app.add_typer(runs_app, name="runs")

STORE_HELP = "Run store (default: $WINDTUNNEL_STORE, else .windtunnel/runs.db)."


def open_store(path: Path | None) -> RunStore:
    """The store at ``path`` (default: ``$WINDTUNNEL_STORE`` or ``.windtunnel/runs.db``), never created: a ``runs``
    command on a missing store is a usage error, not an empty listing.
    """
    return RunStore(path or default_store_path(), create=False)


def resolve_run(store: RunStore, ref: str) -> str:
    """A run id from ``ref``: an exact id, ``latest`` or a unique prefix (:meth:`RunStore.resolve`)."""
    return store.resolve(ref)


def load_source(source: str, store_path: Path | None) -> ReportDict:
    """A run report from a JSON file path or from a run id in the store; validated either way.

    ``source`` is read as a file when one exists by that name or it ends in ``.json``, else as a run reference
    (:func:`resolve_run`). Validation against the report models means a diff never runs on a file that only looks
    like a report; a missing store, a bad file or an unknown run is a usage error naming what was looked for."""

    path = Path(source)
    if path.is_file() or source.endswith(".json"):
        return load_report_file(path)
    store_file = store_path or default_store_path()
    if store_file.exists():
        with open_store(store_path) as store:
            try:
                run_id = resolve_run(store, source)
            except UsageError:
                if not path.is_dir():
                    raise
            else:  # a run id is read as one even where a directory of that name sits here (review 27b)
                return ensure_valid(store.load_report(run_id), f"stored run {source!r}")
    if path.is_dir():  # not a run id either: say what was given (QA-27 #4)
        inside = "the runs.db in it" if (path / "runs.db").is_file() else "the runs.db that holds the run"
        raise UsageError(
            f"{source!r} is a directory, not a report file or a run id",
            hint=f"give a JSON report file in it, or a run id with --store PATH for {inside}",
        )
    raise UsageError(
        f"{source!r} is neither a report file nor a run id: there is no file of that name "
        f"and no run store at {str(store_file)!r}",
        hint="pass a JSON report path, or --store PATH for the runs.db that holds the run",
    )


@runs_app.command("list")
def list_runs(
    limit: int = typer.Option(20, "--limit", "-n", min=1, help="Show at most this many runs."),
    store: Path = typer.Option(None, "--store", help=STORE_HELP),
    fmt: str | None = format_option("Output format: table or json (a list of runs, newest first)."),
) -> None:
    """List stored runs, newest first."""

    as_json = chosen_format(fmt, False) == "json"
    with open_store(store) as st:
        runs = st.list_runs(limit=limit)
        total = st.count_runs() if len(runs) == limit else len(runs)
    console = out_console()
    if as_json:
        rows = [
            {
                "id": r.id,
                "mode": r.mode,
                "status": r.status,
                "score": r.score,
                "cells": r.cells,
                "seed": r.seed,
                "started_at": r.started_at,
                "finished_at": r.finished_at,
                "config": r.config_path,
            }
            for r in runs
        ]
        _write_json(console, rows)
        return
    if not runs:
        console.print(f"no runs in {st.path}", markup=False)
        return
    table = Table(title=f"runs in {st.path}", title_justify="left", box=box.SIMPLE_HEAD)
    for col in ("run", "mode", "status", "score", "cells", "seed", "started", "config"):
        table.add_column(
            col,
            justify="right" if col in ("score", "cells", "seed") else "left",
            no_wrap=col != "config",
            overflow="fold",
        )
    style = {"passed": "green", "failed": "red", "error": "red", "running": "yellow", "interrupted": "yellow"}
    for r in runs:
        table.add_row(
            Text(r.id),
            r.mode,
            Text(r.status, style=style.get(r.status, "")),
            format_score(r.score),
            str(r.cells),
            "" if r.seed is None else str(r.seed),
            Text(r.started_at[:16].replace("T", " ")),
            Text(r.config_path or ""),
        )
    # run ids must stay whole and copyable, even when the terminal is narrow
    wide = Console(
        file=console.file,
        width=max(console.width, 110),
        highlight=False,
        emoji=False,
        force_terminal=console.is_terminal,
        color_system=console.color_system,  # type: ignore[arg-type]
    )
    wide.print(table)
    if total > len(runs):  # QA-28: 20 of 48 runs were listed with nothing said of the rest
        console.print(
            Text(f"{len(runs)} of {total} runs shown, newest first: --limit {total} lists them all", style="dim")
        )


@runs_app.command("show")
def show_run(
    run: str = typer.Argument(..., metavar="RUN", help="Run id, unique prefix, or 'latest'."),
    store: Path = typer.Option(None, "--store", help=STORE_HELP),
    fmt: str | None = format_option("Output format: table or json (the run's JSON report)."),
) -> None:
    """Show one run: its summary, phases, statistics and failures."""

    as_json = chosen_format(fmt, False) == "json"
    with open_store(store) as st:
        run_id = resolve_run(st, run)
        info = st.get_run(run_id)
        data = st.load_report(run_id)
    console = out_console()
    if as_json:
        _write_json(console, data)
        return
    line = f"status {info.status} · started {info.started_at} · finished {info.finished_at or '—'}"
    if info.config_path:
        line += f" · config {info.config_path}"
    console.print(Text(line, style="dim"))
    if data["summary"].get("partial"):
        console.print(
            Text(
                "the run did not finish: the summary below is computed from the stored cells; "
                f"resume it with --resume {run_id}",
                style="yellow",
            )
        )
    print_summary(data, console)


def _write_json(console: Any, data: Any) -> None:
    """``data`` as indented JSON on ``console``'s file (plain bytes: no rich markup or wrapping in a machine format)."""
    console.file.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")


@runs_app.command("diff")
def diff_runs(
    run_a: str = typer.Argument(
        ..., metavar="A", help="The earlier run (before): a run id, `latest`, a unique prefix, or a JSON report file."
    ),
    run_b: str = typer.Argument(..., metavar="B", help="The later run (after): as A."),
    store: Path = typer.Option(None, "--store", help=STORE_HELP),
    fmt: str | None = format_option("Output format: table or json (the diff as data)."),
    as_json: bool = json_alias_option(),
    fail_on_regression: bool = typer.Option(
        False,
        "--fail-on-regression",
        help="Exit 1 when any cell regressed, or B failed for a reason no cell shows (no fault fired...).",
    ),
) -> None:
    """Compare two runs: regressed cells, fixed cells and score deltas per phase. Each run is a stored run or a
    JSON report file (a CI artefact)."""

    as_json = chosen_format(fmt, as_json) == "json"
    diff = diff_reports(load_source(run_a, store), load_source(run_b, store))
    console = out_console()
    if as_json:
        _write_json(console, diff.to_dict())
    else:
        print_diff(diff, console)
    if fail_on_regression and diff.matched == 0:
        raise UsageError(
            f"no cell of {diff.run_b} matches a cell of {diff.run_a}, so --fail-on-regression cannot tell "
            "whether anything regressed",
            hint="compare runs of the same config and --seed (mutated prompts only match under one seed)",
        )
    if fail_on_regression and (diff.regressed or diff.unseen_b is not None):
        raise typer.Exit(code=int(ExitCode.FAILED))  # B failing where no cell shows it (tested nothing) fails too


def print_diff(diff: RunDiff, console: Console) -> None:
    """Print a :class:`~windtunnel.store.diff.RunDiff`: the overall and per-phase scores with their deltas (marked when
    not comparable or when they measure resilience), then the regressed and fixed cells with why and how to reproduce
    them, and the counts of cells unchanged or only in one run.
    """

    def delta(value: float | None) -> Text:
        """A score delta with its sign, green when it rose and red when it fell; a dash when there is none."""
        if value is None:
            return Text("—", style="dim")
        return Text(f"{value:+.1f}", style="green" if value > 0 else "red" if value < 0 else "")

    heading = Text(f"{diff.run_a}")
    if diff.partial_a:
        heading.append(" (partial)", style="bold yellow")
    heading.append(f" → {diff.run_b}")
    if diff.partial_b:
        heading.append(" (partial)", style="bold yellow")
    scores = Table(title=heading, title_justify="left")
    for col in ("phase", "before", "after", "Δ"):
        scores.add_column(col, justify="left" if col == "phase" else "right")
    for p in [diff.score, *diff.phases]:
        label = Text(p.phase, style="bold" if p is diff.score else "")
        if p.not_comparable:
            label.append(f" (not comparable: {p.not_comparable})", style="dim")
        elif p.measure != "score":
            label.append(f" ({p.measure} score)", style="dim")
        scores.add_row(
            label,
            format_score(p.before) + (" (partial)" if diff.partial_a and p is diff.score else ""),
            format_score(p.after) + (" (partial)" if diff.partial_b and p is diff.score else ""),
            delta(p.delta),
        )
    console.print(scores)
    for title, changes, style in (("regressed", diff.regressed, "red"), ("fixed", diff.fixed, "green")):
        if not changes:
            console.print(Text(f"{title}: none", style="dim"))
            continue
        table = Table(title=Text(f"{title} ({len(changes)})", style=f"bold {style}"), title_justify="left")
        for col in (
            "phase",
            "cell",
            "before → after",
            "why" if title == "regressed" else "was failing with",
            "reproduce",
        ):
            table.add_column(col, overflow="fold")
        for c in changes:
            table.add_row(
                Text(c.phase),
                Text(c.label),
                f"{c.before} → {c.after}",
                Text(truncate(c.detail, 120)),
                Text(c.reproduce or ""),
            )
        console.print(table)
    console.print(
        Text(
            f"still failing {diff.still_failing} · still passing {diff.unchanged_passing} · "
            f"only in {diff.run_b}: {diff.added} · only in {diff.run_a}: {diff.removed}",
            style="dim",
        )
    )
    for warning in diff.warnings:
        console.print(Text(f"warning: {warning}", style="yellow"))
