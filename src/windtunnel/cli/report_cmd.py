"""``windtunnel report``: re-render a stored run or a JSON report file in any format."""

from __future__ import annotations

from pathlib import Path

import typer

from windtunnel.cli.app import app


@app.command("report")
def report(
    source: str = typer.Argument(
        ..., metavar="RUN_ID|FILE.json", help="A run id from the store (or 'latest'), or a JSON report file."
    ),
    fmt: str = typer.Option("html", "--format", "-f", help="html, json, junit, sarif, md (markdown) or terminal."),
    output: str = typer.Option(
        None, "--output", "-o", help="File to write, or a directory (default: ./reports/<run id>.<ext>)."
    ),
    store: Path = typer.Option(
        None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else .windtunnel/runs.db)."
    ),
) -> None:
    """Render a stored run or a JSON report file as HTML, JSON, JUnit XML, SARIF or Markdown."""
    from windtunnel.cli._console import out_console
    from windtunnel.cli.runs_cmd import load_source
    from windtunnel.reports import get_reporter, print_summary, render_report

    reporter = get_reporter(fmt)  # an unknown format fails before anything is read
    if output is not None and Path(source).is_file():
        from windtunnel._util.paths import refuse_overwrite

        refuse_overwrite([("-o", Path(output))], [("report", Path(source))])
    data = load_source(source, store)
    if reporter.name == "terminal" and output is None:
        print_summary(data, out_console())
        return
    path = render_report(data, fmt, output if output is not None else "reports/")
    out_console().print(f"wrote {path}", markup=False, highlight=False)


@app.command("schema")
def schema() -> None:
    """Print the JSON schema of the run report (generated from the typed report models)."""
    import sys

    from windtunnel.report.schema import report_schema_text

    sys.stdout.write(report_schema_text())
