"""``windtunnel report``: re-render a stored run or a JSON report file in any format.

A run's results live in the store (or a JSON report kept as a CI artefact); every other format is a rendering of
that data, made again on demand by the same reporters a run uses (:mod:`windtunnel.reports`), so a report rendered
later is the report the run would have written. The source is validated against the report models before it is
rendered, so a truncated or foreign file is a usage error naming what is wrong rather than a half-rendered page.
``--merge`` renders the merge of a sharded run's parts (:mod:`~windtunnel.cli.merge_cmd`) without storing it;
``-o -`` writes the rendering to stdout. ``windtunnel schema`` prints the shipped JSON schema of the report, read
from the package without importing pydantic.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import typer

from windtunnel._util.errors import UsageError
from windtunnel._util.paths import refuse_overwrite
from windtunnel.cli._console import out_console
from windtunnel.cli._lazy import module_app
from windtunnel.cli.merge_cmd import merged_report
from windtunnel.cli.runs_cmd import load_source
from windtunnel.leakage.report import leak_report_schema_text
from windtunnel.report.schema import report_schema_text
from windtunnel.reports import get_reporter, print_summary, render_report

app = module_app()


@app.command("report")
def report(
    source: str = typer.Argument(
        ..., metavar="RUN_ID|FILE.json", help="A run id from the store (or 'latest'), or a JSON report file."
    ),
    more: list[str] = typer.Argument(None, metavar="[MORE...]", help="With --merge: the other shards."),
    merge: bool = typer.Option(False, "--merge", help="Merge the shards of one `run --shard I/N` into one report."),
    fmt: str = typer.Option("html", "--format", "-f", help="html, json, junit, sarif, md (markdown) or terminal."),
    output: str = typer.Option(
        None,
        "--output",
        "-o",
        help="File to write (with a suffix), a directory (no suffix: <dir>/<run id>.<ext>; default ./reports/), "
        "or - for stdout.",
    ),
    store: Path = typer.Option(
        None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else .windtunnel/runs.db)."
    ),
) -> None:
    """Render a stored run or a JSON report file as HTML, JSON, JUnit XML, SARIF or Markdown."""

    reporter = get_reporter(fmt)  # an unknown format fails before anything is read
    if output is not None and output != "-" and Path(source).is_file():
        refuse_overwrite([("-o", Path(output))], [("report", Path(source))])
    if more and not merge:
        raise UsageError("report takes one run or file", hint="to combine shard results, add --merge")
    if merge:
        data = merged_report([source, *(more or [])], store)
    else:
        data = load_source(source, store)
    if reporter.name == "terminal" and output is None:
        print_summary(data, out_console())
        return
    if output == "-":
        with tempfile.TemporaryDirectory() as tmp:
            written = render_report(data, fmt, Path(tmp) / f"report{reporter.extension}")
            sys.stdout.buffer.write(written.read_bytes())
            sys.stdout.flush()
        return
    path = render_report(data, fmt, output if output is not None else "reports/")
    out_console().print(f"wrote {path}", markup=False, highlight=False)


@app.command("schema")
def schema(
    leak: bool = typer.Option(
        False, "--leak", help="Print the schema of the leak audit report ('leak scan -f json') instead."
    ),
) -> None:
    """Print the JSON schema of the run report (generated from the typed report models), or with --leak the
    leak audit report's (its required core)."""

    sys.stdout.write(leak_report_schema_text() if leak else report_schema_text())
