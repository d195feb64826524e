"""``windtunnel runs merge RUN…``: the shard runs of one ``run --shard I/N`` as one stored run and report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from windtunnel.cli.runs_cmd import STORE_HELP, runs_app


def merged_report(sources: list[str], store: Path | None) -> dict[str, Any]:
    """Load every shard (a run id of the store, or a JSON report file) and merge them (store/merge.py)."""
    from windtunnel.cli.runs_cmd import load_source
    from windtunnel.store.merge import merge_reports
    from windtunnel.store.runstore import new_run_id

    loaded = [(repr(s), load_source(s, store)) for s in sources]
    return merge_reports(loaded, run_id=new_run_id())


@runs_app.command("merge")
def merge_runs(
    runs: list[str] = typer.Argument(..., metavar="RUN|FILE.json...", help="The shard runs (ids or report files)."),
    store: Path = typer.Option(None, "--store", help=STORE_HELP),
    fmt: str = typer.Option(None, "--format", "-f", help="Also write the merged report: html, json, junit, ..."),
    output: str = typer.Option(None, "--output", "-o", help="Where to write it (file or directory)."),
) -> None:
    """Merge the shard runs of one `run --shard I/N` into one stored run with the unsharded score.

    Exit 0 when the merged run passes, 1 when it fails, 2 when the inputs are not the shards of one run.
    """
    from windtunnel.cli._console import err_console, out_console
    from windtunnel.reports import print_summary, render_report
    from windtunnel.store import RunStore, default_store_path
    from windtunnel.store.merge import store_merged

    report = merged_report(runs, store)
    with RunStore(store or default_store_path()) as db:
        run_id = store_merged(db, report)
    report["run"]["id"] = run_id
    print_summary(report, out_console())
    if fmt is not None or output is not None:
        path = render_report(report, fmt or "json", output if output is not None else "reports/")
        err_console().print(f"report written to {path}", markup=False, highlight=False)
    err_console().print(f"merged {len(runs)} shards into run {run_id}", markup=False, highlight=False)
    raise typer.Exit(0 if report["summary"]["passed"] else 1)
