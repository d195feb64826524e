"""``windtunnel runs merge RUN…``: the shard runs of one ``run|contract run|ci --shard I/N`` as one run and report.

CI systems run the shards of one run as parallel jobs, each with its own store or report artefact; this command
joins them into one stored run whose cells and score are those of the unsharded run, so ``runs show``, ``report``
and the viewer treat it like any run. The checking and scoring are :mod:`windtunnel.flows.merge`'s; this module
gathers the inputs (:func:`merged_report`), stores the result as a new run and prints its summary.

It also completes the ``runs`` group of :mod:`~windtunnel.cli.runs_cmd` and re-exports its ``app``: the command
table loads ``runs`` through this module so that ``runs merge`` is registered with the others.
"""

from __future__ import annotations

from pathlib import Path

import typer

from windtunnel.cli._console import err_console, out_console
from windtunnel.cli.runs_cmd import STORE_HELP, load_source, runs_app
from windtunnel.cli.runs_cmd import app as app  # the `runs` group loads through here: cli/app.py COMMANDS
from windtunnel.flows.merge import merge_shards
from windtunnel.report.dicts import ReportDict
from windtunnel.reports import print_summary, render_report
from windtunnel.store import RunStore, default_store_path
from windtunnel.store.merge import store_merged
from windtunnel.store.run_ids import new_run_id


def merged_report(sources: list[str], store: Path | None) -> ReportDict:
    """Load every shard (a run id of the store, or a JSON report file) and merge them (flows/merge.py).

    Each source is validated as a report first; a ci shard brings its phase reports too (found beside its summary
    file, else as its phase runs in the store), because a ci merge re-scores phase by phase. The merged report
    gets a new run id; every refusal (not one run, a shard missing or twice) is a usage error naming the shard."""

    loaded = [(repr(s), load_source(s, store)) for s in sources]
    phases: dict[str, list[tuple[str, ReportDict]]] = {}
    for source, (label, report) in zip(sources, loaded, strict=True):
        if report.get("run", {}).get("mode") == "ci":
            for phase, found in _ci_phases(source, report, store):
                phases.setdefault(phase, []).append((f"{label} ({phase})", found))
    return merge_shards(loaded, run_id=new_run_id(), phases=phases)


def _ci_phases(source: str, report: ReportDict, store: Path | None) -> list[tuple[str, ReportDict]]:
    """The phase reports of a ci shard: beside its summary.json file, else its phase runs in the store.

    Only phases with status ``run`` have a report; a phase ci did not run contributes nothing (the merged ci then
    lists it as not run, as each shard did). A phase report that cannot be found is the usage error of
    :func:`~windtunnel.cli.runs_cmd.load_source`, naming the file or run id it looked for."""

    out = []
    for phase, entry in (report.get("summary", {}).get("phases") or {}).items():
        if entry.get("status") != "run":
            continue
        if Path(source).is_file():
            out.append((phase, load_source(str(Path(source).parent / str(entry.get("json"))), store)))
        else:
            out.append((phase, load_source(f"{report['run']['id']}-{phase}", store)))
    return out


@runs_app.command("merge")
def merge_runs(
    runs: list[str] = typer.Argument(..., metavar="RUN|FILE.json...", help="The shard runs (ids or report files)."),
    store: Path = typer.Option(None, "--store", help=STORE_HELP),
    fmt: str = typer.Option(None, "--format", "-f", help="Also write the merged report: html, json, junit, ..."),
    output: str = typer.Option(
        None,
        "--output",
        "-o",
        help="Where to write it: a file (with a suffix) or a directory (no suffix: <dir>/<run id>.<ext>).",
    ),
) -> None:
    """Merge the shard runs of one `run|contract run|ci --shard I/N` into one stored run with the unsharded score.

    ci shards: give the ci run ids (their phase runs are found in the store) or their summary.json files
    (the phase reports beside them). Contract and ci shards are re-scored against the config they ran.

    Exit 0 when the merged run passes, 1 when it fails, 2 when the inputs are not the shards of one run
    (a shard missing, repeated, or holding cells missing, repeated or not of its plan).
    """

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
