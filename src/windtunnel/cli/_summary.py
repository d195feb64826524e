"""Terminal summary of a run report (rich).

No command calls this module: the commands summarise through
:func:`windtunnel.reports.terminal.print_summary`, which takes a tally gathered while the report streamed so that
a large run's cells are never held; only ``tests/reports/test_not_run_cells.py`` still imports it. It shows the
same parts — pass rates by kind and mutation type, the cells not run (counted apart, never as failures), the first
failures with why and the command that reproduces each, and the verdict line — from a whole report dict.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from windtunnel.engine.scoring import is_failure, not_run


def _short(text: Any, n: int = 70) -> str:
    """``text`` on one line, cut to ``n`` characters with an ellipsis, for a table cell (None is empty)."""
    s = "" if text is None else str(text).replace("\n", " ")
    return s if len(s) <= n else s[: n - 1] + "…"


def print_summary(report: dict[str, Any], console: Console) -> None:
    """Print a run report's terminal summary on ``console``: the pass rate per kind and mutation type, the cells not
    run, the first 20 failures with why they failed and their reproduce commands, and the verdict line (PASS or FAIL,
    score, cell counts, ``--min-score``). Every value from the report is escaped.
    """
    s = report["summary"]
    by_type = s.get("by_type") or {}
    if by_type:
        t = Table(title="pass rate by kind / mutation type", title_justify="left")
        for col in ("type", "passed", "total", "rate", "weight"):
            t.add_column(col, justify="left" if col == "type" else "right")
        for name, row in sorted(by_type.items()):
            rate = row.get("pass_rate")
            t.add_row(
                escape(name),
                str(row["passed"]),
                str(row["total"]),
                "-" if rate is None else f"{rate:.0%}",
                f"{row.get('weight', 1):g}",
            )
        console.print(t)

    failures = [c for c in report["cells"] if is_failure(c)]
    skipped = sum(1 for c in report["cells"] if not_run(c))
    if skipped:
        console.print(f"not run ({skipped}): cut short when the agent went away; --resume reruns them")
    if failures:
        t = Table(title=f"failures ({len(failures)})", title_justify="left", show_lines=False)
        t.add_column("cell")
        t.add_column("why")
        t.add_column("reproduce", overflow="fold")
        for c in failures[:20]:
            why = c.get("error") or "; ".join(
                f"{k['id']}: {k.get('detail') or 'failed'}" for k in c.get("checks", []) if not k["passed"]
            )
            t.add_row(escape(c["id"]), escape(_short(why, 90)), escape(c.get("reproduce", "")))
        console.print(t)
        if len(failures) > 20:
            console.print(f"… and {len(failures) - 20} more in the report")
    score = s.get("score")
    verdict = "[bold green]PASS[/]" if s["passed"] else "[bold red]FAIL[/]"
    score_txt = "n/a (nothing could be scored)" if score is None else f"{score:.1f}/100"
    console.print(
        f"{verdict}  score {score_txt}  cells {s['cells_total']}: {s['cells_passed']} passed, "
        f"{s['cells_failed']} failed, {s['cells_errored']} errored"
        + (f"  (min-score {s['min_score']:g})" if s.get("min_score") is not None else "")
    )
