"""Terminal reporter (rich): the summary table the ``run`` and ``ci`` commands print.

:func:`print_summary` prints to a given console; the registered ``terminal`` format writes the
same text (no colours) to a file. Agent text is printed as plain text, never as rich markup.

Top to bottom: why the run failed (before the score, which alone can read as a pass), the head table (score, verdict,
counts), the banner of a run cut short, the phases of a ``ci`` run, the mutation types' pass rates, the statistics and
flaky cells, tokens and cost, then the first failures, each with its detail, faults and reproduce command.

How it stays cheap and safe:

* The cells are read once, through a :class:`~windtunnel.reports.stats.SummaryTally` that counts everything but keeps
  only the first ``max_failures`` failures and top-usage calls. A run whose cells stream to the store hands over the
  tally it filled while writing, so the summary of a 100,000-cell run holds a few dozen cells, never the run.
* Every string that came from the agent, the config or a mutation goes through :func:`plain`: a ``Text`` object, which
  rich never parses as markup (``[bold]`` in an output prints as typed), with control characters shown as ``\\xNN`` so
  an ANSI escape in an agent's answer cannot recolour, clear or move the user's terminal.
* Nothing is decided here: score, verdict and reasons come from the summary the engine computed, and the words for a
  cut-short run come from :mod:`windtunnel.reports.partial`, so the terminal cannot disagree with the other formats.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

from rich.console import Console
from rich.table import Table
from rich.text import Text

from windtunnel.report.dicts import CellDict, ExploreDict, ReportDict
from windtunnel.report.explore import (
    explore_headline,
    explore_of,
    failure_groups,
    failure_title,
    reproducer_words,
    searched_rows,
)
from windtunnel.reports.base import reporter
from windtunnel.reports.cells import (
    by_type_rows,
    cell_label,
    cell_phase,
    failure_detail,
    fault_summary,
    format_score,
    one_line,
    phase_not_run,
    phase_rows,
    truncate,
)
from windtunnel.reports.partial import CutShort, cut_short
from windtunnel.reports.stats import MAX_FAILURES, SummaryTally, format_rate, stats_lines
from windtunnel.reports.usage import format_cost, format_tokens, total_line, usage_of
from windtunnel.reports.verdict import cells_ran, lead_reason

TerminalTally = SummaryTally
"""What the terminal summary reads from the cells (:class:`windtunnel.reports.stats.SummaryTally`)."""

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def plain(value: object, style: str = "") -> Text:
    """Untrusted text as a rich Text with control characters (ANSI escapes ...) made visible.

    ``None`` becomes the empty text, anything else its ``str``; C0 and C1 controls, DEL and the Unicode line and
    paragraph separators become ``\\xNN``, while tab and newline are kept (a multi-line output stays readable).
    """
    text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", "" if value is None else str(value))
    return Text(text, style=style)


def _verdict(passed: object, short: CutShort | None = None) -> Text:
    """The run's verdict word, styled: the cut-short status in yellow, else PASSED in green or FAILED in red."""
    if short is not None:
        return Text(short.status.upper(), style="bold yellow")
    return Text("PASSED", style="bold green") if passed else Text("FAILED", style="bold red")


def print_cut_short(short: CutShort, console: Console) -> None:
    """The banner of a run cut short: status, planned vs ran, and (aborted) the agent's stderr tail."""
    console.print(plain(short.headline(), "bold yellow"))
    tail = short.tail_lines()
    if tail:
        console.print(Text("  agent stderr (last lines):", style="yellow"))
        for line in tail:
            console.print(plain(f"    | {line}", "dim"))


def print_summary(
    report: ReportDict,
    console: Console,
    max_failures: int = MAX_FAILURES,
    *,
    tally: TerminalTally | None = None,
) -> None:
    """Print the score, counts, phases, mutation types, statistics and failures of ``report``.

    ``tally``: the cells already gathered (a streamed run, whose ``report["cells"]`` is empty); otherwise
    ``report["cells"]`` are read into a fresh one. ``max_failures`` only applies to that fresh tally: a given tally
    keeps the limit it was built with, since it already chose which failures to keep. A cut-short run is judged from
    the tally's cell count, so a streamed report shows the same banner as one held in memory.
    """
    explore = explore_of(report)
    if explore is not None:
        print_explore(report, explore, console)
        return
    run, summary = report["run"], report["summary"]
    if tally is None:
        tally = TerminalTally(max_failures)
        for cell in report.get("cells") or []:
            tally.add(cell)
    max_failures = tally.max_failures
    short = cut_short(
        {**report, "cells": cast("list[CellDict]", range(tally.cells))}
    )  # it counts them, never reads them
    head = Table(
        title=plain(f"windtunnel {run.get('mode')} · run {run.get('id')}"),
        show_header=True,
        title_justify="left",
    )
    # the counts add up to `cells`: skipped (an invariant N/A in a scenario, the budget), not run (the agent went
    # away) and not exercised (a chaos scenario none of whose faults fired: out of the score) get a column when there
    # are any (QA-13 minor 13, QA-24 #11)
    extra = [
        (col, summary.get(key))
        for col, key in (
            ("skipped", "cells_skipped"),
            ("not run", "cells_not_run"),
            ("not exercised", "cells_not_exercised"),
        )
    ]
    extra = [(col, n) for col, n in extra if n]
    for col in ("score", "result", "cells", "passed", "failed", "errored", *(c for c, _ in extra)):
        head.add_column(col, justify="right" if col != "result" else "left")
    head.add_row(
        format_score(summary.get("score")),
        _verdict(summary.get("passed"), short),
        str(cells_ran(summary)),
        str(summary.get("cells_passed")),
        str(summary.get("cells_failed")),
        str(summary.get("cells_errored")),
        *(str(n) for _, n in extra),
    )
    why = lead_reason(summary) if short is None else None
    if why is not None:  # the cause before the score, which alone can read as a pass
        console.print(Text(f"FAILED: {why}", style="bold red"))
    console.print(head)
    if short is not None:
        print_cut_short(short, console)
    if summary.get("critical_failed"):
        console.print(Text("a critical invariant failed", style="bold red"))

    phases = phase_rows(summary)
    if phases:
        rule = summary.get("phase_rule")
        table = Table(title=plain(f"phases ({rule})" if rule else "phases"), title_justify="left")
        for col in ("phase", "score", "weight", "result"):
            table.add_column(col, justify="left" if col in ("phase", "result") else "right")
        for name, entry in phases:
            if entry.get("run_status") in ("interrupted", "aborted"):
                result = Text(str(entry["run_status"]), style="bold yellow")
            elif phase_not_run(entry):
                result = Text("not run", style="dim")
            else:
                result = _verdict(entry.get("passed"))
            table.add_row(
                plain(name),
                format_score(entry.get("score")),
                f"{float(entry.get('weight') or 0):.2f}",
                result,
            )
        console.print(table)

    by_type = by_type_rows(summary)
    if by_type:
        table = Table(title="mutation types", title_justify="left")
        table.add_column("type")
        table.add_column("pass rate", justify="right")
        table.add_column("passed / total", justify="right")
        for name, passed, total, rate in by_type:
            table.add_row(plain(name), format_rate(rate), f"{passed}/{total}" if total is not None else "")
        console.print(table)

    stats = tally.stats.stats()
    table = Table(title="statistics", title_justify="left", show_header=False)
    table.add_column("measure")
    table.add_column("value", justify="right")
    for label, value in stats_lines(stats):
        table.add_row(label, value)
    console.print(table)
    for flaky in stats.flaky[:max_failures]:
        console.print(plain(f"  flaky: {flaky.label} ({flaky.passed}/{flaky.tries} passed)", "yellow"))

    print_usage(report, console, tally)

    if tally.not_run:
        console.print(
            plain(
                f"not run ({tally.not_run}): cut short when the agent (or its MCP server) went away; "
                "--resume reruns them",
                "yellow",
            )
        )
    if not tally.failed:
        return
    console.print(Text(f"failures ({tally.failed})", style="bold"))
    for cell in tally.failures:
        line = Text("  ✗ ", style="red")
        line.append(plain(f"[{_where(cell)}] ", "dim"))
        if cell.get("severity"):
            line.append(plain(f"{cell['severity']} ", "red" if cell["severity"] in ("critical", "high") else ""))
        line.append(plain(cell_label(cell, 90)))
        console.print(line)
        console.print(plain(f"      {truncate(one_line(failure_detail(cell)), 200)}"))  # under its cell, indented
        if (usage := usage_of(cell)) is not None:
            cost = format_cost(usage)
            console.print(plain(f"      tokens: {format_tokens(usage)}" + (f" · cost {cost}" if cost else ""), "dim"))
        if cell.get("faults"):
            console.print(plain("      faults: " + fault_summary(cell["faults"]), "dim"))
        if cell.get("reproduce"):
            console.print(plain(f"      reproduce: {cell['reproduce']}", "cyan"))
    if tally.failed > max_failures:
        console.print(Text(f"  … and {tally.failed - max_failures} more (see the HTML or JSON report)", style="dim"))


def _where(cell: CellDict) -> str:
    """A failure's phase, and ``golden`` for a golden prompt's own cell (its phase is ``mutation``)."""
    phase = cell_phase(cell)
    return f"{phase} · golden" if cell.get("kind") == "golden" and phase != "golden" else phase


def print_usage(report: ReportDict, console: Console, tally: TerminalTally) -> None:
    """Tokens and cost: the calls that used the most (from ``tally``, so a run whose cells stream to the
    store shows them too), and the run's total (nothing when none recorded usage).

    The total comes from ``report["usage"]``, which the run summed over every cell; the table only lists the heaviest
    calls, with a line saying how many more there were.
    """
    total = total_line(report.get("usage"))
    if total is None:
        return
    rows, more = tally.usage.rows()
    if rows:
        table = Table(title="tokens and cost", title_justify="left")
        for col in ("cell", "prompt", "model", "tokens", "cost"):
            table.add_column(col, justify="right" if col == "tokens" else "left")
        for row in rows:
            table.add_row(*(plain(row[k]) for k in ("cell", "prompt", "model", "tokens", "cost")))
        console.print(table)
    if more:
        console.print(Text(f"  … and {more} more cell(s) (see the HTML or JSON report)", style="dim"))
    console.print(plain(f"total: {total}", "bold"))


def print_explore(report: ReportDict, explore: ExploreDict, console: Console) -> None:
    """An ``explore`` report (``report RUN -f terminal``): what the search found and how far it got, what was searched,
    then the failures under the checks they break, each with its reproducer and the command that reproduces it (the
    markdown and HTML reports' sections, in the console's words)."""
    run = report["run"]
    short = cut_short(report)
    found = bool(explore.get("failures"))
    console.print(plain(f"windtunnel explore · run {run.get('id')}", "bold"))
    headline = explore.get("headline") or explore_headline(explore, partial=short is not None)
    console.print(plain(headline, "bold red" if found else "bold green"))
    if short is not None:
        print_cut_short(short, console)
    table = Table(title=plain("what was searched"), show_header=False, title_justify="left")
    for key, value in searched_rows(explore):
        table.add_row(plain(key), plain(value))
    console.print(table)
    reproduce = {c.get("id"): c.get("reproduce") for c in report.get("cells") or []}
    for group in failure_groups(explore):
        n = len(group.failures)
        console.print(plain(f"breaks {group.breaks} ({n} failure{'s' if n != 1 else ''})", "bold"))
        for number, f in group.failures:
            console.print(plain(f"  {failure_title(number, f)}"))
            console.print(plain(f"    reproducer: {reproducer_words(f)}"))
            console.print(plain(f"    went wrong: {one_line(str(f.get('went_wrong')))}"))
            for also in f.get("also_found") or []:
                console.print(plain(f"    also found as: {also}"))
            if command := reproduce.get(f.get("cell")):
                console.print(plain(f"    reproduce: {command}"))


@reporter("terminal", extension=".txt")
def render_terminal(report: ReportDict, out: Path) -> Path:
    """Write the terminal summary to ``out`` as plain text (120 columns, no colour), the same words the console
    shows.
    """
    with out.open("w", encoding="utf-8") as fh:
        console = Console(file=fh, width=120, no_color=True, highlight=False, soft_wrap=True)
        print_summary(report, console)
    return out
