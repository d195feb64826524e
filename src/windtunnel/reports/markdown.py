"""Markdown reporter: a summary sized for a pull-request comment.

Score and verdict, counts, phases, per-mutation-type pass rates, statistics (with repeats: pass^k
and flaky cells), and the top failures with their reproduce commands. Agent text is untrusted: it
is escaped for Markdown *and* HTML (GitHub renders inline HTML), flattened to one line in tables,
and commands go in code spans fenced longer than any backtick run they contain.

Where it goes decides how it is built. A PR comment or a job summary is read by people who did not start the run and
rendered by GitHub, which turns ``@name`` into a notification, ``#12`` into a link, inline HTML into markup and a ``|``
into a new table column. So every piece of text from the report passes through :func:`md_text` (escaped, one line,
mentions defused) or :func:`md_code` (a code span nothing inside can close), and the page is kept short: the failures
are the ``top`` most severe, not all of them, with the reproduce command that brings back the rest.

The cells are read once and never gathered (:func:`_tally` counts the statistics while a heap keeps the top
failures), so the page of a run streamed to the store costs memory in ``top``, not in cells. Verdict, score and
reasons come from the summary the engine computed; nothing here scores.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from windtunnel.engine.scoring import is_failure
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
    not_run_why,
    one_line,
    phase_not_run,
    phase_rows,
    truncate,
    visible_controls,
)
from windtunnel.reports.partial import CutShort, cut_short
from windtunnel.reports.stats import RunStats, StatsTally, format_rate, stats_lines
from windtunnel.reports.verdict import cells_ran, lead_reason

TOP_FAILURES = 10
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")


def md_text(value: object, width: int | None = None) -> str:
    """Untrusted text as inert, one-line Markdown (no links, emphasis, HTML or table breaks).

    ``width`` cuts the text (with an ellipsis) *before* escaping, so an escape is never cut in half. ``None`` is the
    empty string; control characters are made visible, HTML's three specials become entities, every Markdown
    punctuation mark is backslash-escaped, and a zero-width space after ``@`` keeps a bot comment from notifying anyone.
    """
    text = visible_controls(one_line("" if value is None else str(value)))
    if width is not None:
        text = truncate(text, width)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_SPECIAL.sub(r"\\\1", text)
    # "@user" and "#123" must not notify people or link issues from a bot comment
    return text.replace("@", "@\u200b")


def md_code(value: object, in_table: bool = False) -> str:
    """``value`` in a code span that its own backticks cannot close (pipes escaped in tables).

    The fence is one backtick longer than the longest run of backticks in the text, and padded with a space when the
    text starts or ends with a backtick (or is empty), as CommonMark requires; inside a table a ``|`` would end the
    cell even in a code span, so it is escaped there.
    """
    text = visible_controls(one_line("" if value is None else str(value)))
    if in_table:
        text = text.replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table: the header row, the separator row and one row per entry (cells must be escaped already)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return lines


def build_markdown(report: ReportDict, top: int = TOP_FAILURES, *, cells: Iterable[CellDict] | None = None) -> str:
    """The markdown text. ``cells``: read once from there instead of ``report["cells"]`` (never gathered: the statistics
    are counted and only the top failures kept as they pass).

    Sections, in order: a heading with the verdict and score (a cut-short run gets a warning banner), the run id and
    seed, why it failed, the cell counts, the phases of a ``ci`` run, the contract matrix, the mutation types' pass
    rates, the statistics (flaky cells folded away), and the ``top`` most severe failures with their reproduce commands.
    Every piece of agent or config text is escaped for Markdown, so an output cannot inject links or break the tables
    (the page is meant for PR comments and job summaries).
    """
    explore = explore_of(report)
    if explore is not None:
        return _explore_markdown(report, explore)
    run, summary = report["run"], report["summary"]
    stats, failures, n_failures = _tally(report.get("cells") or [] if cells is None else cells, top)
    short = cut_short(report)
    if short is not None:
        verdict = f"⚠️ {short.status}"
    else:
        why = lead_reason(summary)
        verdict = "✅ passed" if summary.get("passed") else "❌ failed" + ("" if why is None else f": {md_text(why)}")
    out = [
        f"## windtunnel {md_text(run.get('mode'))}: {verdict} · score {format_score(summary.get('score'))}",
        "",
    ]
    if short is not None:
        out += _cut_short_banner(short)
    meta = f"run {md_code(run.get('id'))} · seed {md_code(run.get('seed'))}"
    if summary.get("critical_failed"):
        meta += " · **a critical invariant failed**"
    out += [meta, ""]
    reasons = summary.get("reasons")
    if reasons and isinstance(reasons, list):
        out += ["### Why it failed" if not summary.get("passed") else "### Notes", ""]
        out += [f"- {md_text(why)}" for why in reasons]
        out.append("")
    unexercised = summary.get("cells_not_exercised")
    out += _table(
        ["cells", "passed", "failed", "errored", *(["not exercised"] if unexercised else [])],
        [
            [
                str(cells_ran(summary)),
                str(summary.get("cells_passed")),
                str(summary.get("cells_failed")),
                str(summary.get("cells_errored")),
                *([str(unexercised)] if unexercised else []),
            ]
        ],
    )
    phases = phase_rows(summary)
    if phases:
        out += ["", "### Phases", ""]
        rows = []
        for name, entry in phases:
            if entry.get("run_status") in ("interrupted", "aborted"):
                state = f"⚠️ {md_text(entry['run_status'])}"
            elif phase_not_run(entry):
                state = f"not run: {md_text(not_run_why(entry))}" if entry.get("reason") else "not run"
            else:
                state = "✅" if entry.get("passed") else "❌"
            rows.append(
                [
                    md_text(name),
                    format_score(entry.get("score")),
                    f"{float(entry.get('weight', 0)):.2f}",
                    state,
                ]
            )
        out += _table(["phase", "score", "weight", "result"], rows)
    out += _matrix(summary.get("matrix"))
    by_type = by_type_rows(summary)
    if by_type:
        out += ["", "### Mutation types", ""]
        out += _table(
            ["type", "pass rate", "passed / total"],
            [[md_text(t), format_rate(rate), f"{p}/{n}" if n is not None else ""] for t, p, n, rate in by_type],
        )
    out += ["", "### Statistics", ""]
    out += _table(["measure", "value"], [[md_text(k), md_text(v)] for k, v in stats_lines(stats)])
    if stats.flaky:
        out += ["", "<details><summary>Flaky cells</summary>", ""]
        out += [f"- {md_text(f.label, 100)} ({f.passed}/{f.tries} passed)" for f in stats.flaky[:top]]
        if len(stats.flaky) > top:
            out.append(f"- … and {len(stats.flaky) - top} more")
        out += ["", "</details>"]
    if n_failures:
        out += ["", f"### Top failures ({min(top, n_failures)} of {n_failures})", ""]
        rows = []
        for cell in failures:
            faults = fault_summary(cell.get("faults") or [])
            rows.append(
                [
                    md_text(cell.get("severity") or "—"),
                    md_text(cell_phase(cell)),
                    md_text(cell_label(cell, 60)),
                    md_text(failure_detail(cell), 120),
                    md_text(faults or "—"),
                    md_code(cell["reproduce"], in_table=True) if cell.get("reproduce") else "—",
                ]
            )
        out += _table(["severity", "phase", "cell", "why", "faults", "reproduce"], rows)
    return "\n".join(out) + "\n"


def _explore_markdown(report: ReportDict, explore: ExploreDict) -> str:
    """An ``explore`` report: a title saying what was found and how far the search got, what was searched, then each
    failure under the checks it breaks (one entry per distinct reproducer: its minimal schedule, input, what went
    wrong, the command that reproduces it). Its cells are the failures, so no cell counts or statistics."""
    run, summary = report["run"], report["summary"]
    short = cut_short(report)
    found = bool(explore.get("failures"))
    mark = "⚠️" if short is not None else "❌" if found else "✅"
    headline = explore.get("headline") or explore_headline(explore, partial=short is not None)
    out = [f"## windtunnel explore: {mark} {md_text(headline)}", ""]
    if short is not None:
        out += _cut_short_banner(short)
    out += [f"run {md_code(run.get('id'))} · seed {md_code(run.get('seed'))}", ""]
    out += ["### What was searched", ""]
    out += _table(["measure", "value"], [[md_text(k), md_text(v)] for k, v in searched_rows(explore)])
    reproduce = {c.get("id"): c.get("reproduce") for c in report.get("cells") or []}
    for group in failure_groups(explore):
        count = len(group.failures)
        out += ["", f"### Breaks {md_text(group.breaks)} ({count} failure{'s' if count != 1 else ''})", ""]
        for n, f in group.failures:
            out += [f"#### {md_text(failure_title(n, f))}", ""]
            out.append(f"- reproducer: {md_text(reproducer_words(f))}")
            out.append(f"- prompt: {md_text(f.get('prompt'), 200)}")
            out.append(f"- went wrong: {md_text(f.get('went_wrong'), 300)}")
            for also in f.get("also_found") or []:
                out.append(f"- also found as: {md_text(also, 200)}")
            if f.get("saved"):
                out.append(f"- saved: {md_code(f.get('saved'))}")
            if command := reproduce.get(f.get("cell")):
                out.append(f"- reproduce: {md_code(command)}")
            out.append("")
    if not found:
        out += ["", "No failure was found within the budget: a larger `--budget` searches further."]
    if unsaved := explore.get("unsaved"):
        out += ["", f"> [!WARNING]\n> {md_text(unsaved)}"]
    score = f"score {format_score(summary.get('score'))} (100 when the search finds nothing, 0 when it finds a failure)"
    return "\n".join([*out, "", md_text(score)]).rstrip() + "\n"


_MATRIX_WORDS = {"pass": "✅ pass", "fail": "❌ fail", "error": "💥 errored", "flaky": "⚠️ flaky", "n/a": "N/A"}


def _matrix(matrix: object) -> list[str]:
    """The contract matrix (``summary.matrix``): one row per scenario, one column per invariant, each cell's
    status as the terminal words it, and why a scenario's cells did not run."""
    if not isinstance(matrix, list) or not matrix:
        return []
    scenarios: dict[str, dict[str, Mapping[str, object]]] = {}
    invariants: dict[str, None] = {}
    for mc in matrix:
        if isinstance(mc, Mapping):
            scenarios.setdefault(str(mc.get("scenario")), {})[str(mc.get("invariant"))] = mc
            invariants.setdefault(str(mc.get("invariant")))
    rows = []
    for name, cells in scenarios.items():
        row = [md_text(name)]
        for inv in invariants:
            mc = cells.get(inv)
            status = str(mc.get("status")) if mc is not None else "—"
            word = _MATRIX_WORDS.get(status, md_text(status))
            if mc is not None and status == "error":  # the call failed: nothing was checked (not a failed invariant)
                kinds = mc.get("error_kinds")
                word += md_text(f" ({', '.join(map(str, kinds))})") if isinstance(kinds, list) and kinds else ""
            if mc is not None and status in ("pass", "fail", "error", "flaky") and mc.get("checks"):
                word += f" {mc.get('passed')}/{mc.get('checks')}"
            row.append(word)
        row.append(next((md_text(c["reason"]) for c in cells.values() if c.get("reason")), ""))
        rows.append(row)
    return ["", "### Contract matrix", "", *_table(["scenario", *map(md_text, invariants), "why not run"], rows)]


def _tally(cells: Iterable[CellDict], top: int) -> tuple[RunStats, list[CellDict], int]:
    """One pass: the statistics, the ``top`` failures in rank order (the order a stable sort of all of
    them gives) and how many failures there are.

    ``heapq.nsmallest`` keeps ``top`` cells however many fail, and is stable, so equal ranks keep report order; the
    generator is drained afterwards because the statistics must see the cells after the last kept failure too.
    """
    tally = StatsTally()
    count = 0

    def failing() -> Iterator[CellDict]:
        """The failing cells, counting every cell into the statistics as it passes by."""
        nonlocal count
        for cell in cells:
            tally.add(cell)
            if is_failure(cell):
                count += 1
                yield cell

    passing = failing()
    failures = heapq.nsmallest(top, passing, key=_failure_rank)
    for _ in passing:  # nsmallest(0, ...) reads nothing: the statistics need every cell
        pass
    return tally.stats(), failures, count


def _cut_short_banner(short: CutShort) -> list[str]:
    """A GitHub alert block: the status, planned vs ran, and (aborted) the process, its code and stderr."""
    lines = ["> [!WARNING]", f"> **{md_text(short.headline())}**"]
    tail = short.tail_lines()
    if tail:
        lines += [">", "> agent stderr (last lines):", ">"]
        lines += [f"> {md_code(line) if line.strip() else ''}".rstrip() for line in tail]
    return [*lines, ""]


_SEVERITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


def _failure_rank(cell: CellDict) -> tuple[int, int]:
    """The order failures are shown in: most severe first, and at equal severity a failed check before an error."""
    return (_SEVERITY_RANK.get(str(cell.get("severity")), 2), 0 if cell.get("status") == "failed" else 1)


@reporter("markdown", extension=".md", aliases=("md",))
def render_markdown(report: ReportDict, out: Path) -> Path:
    """Write :func:`build_markdown` of ``report`` to ``out``."""
    out.write_text(build_markdown(report), encoding="utf-8")
    return out
