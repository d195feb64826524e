"""HTML reporter: ONE self-contained file, safe with adversarial agent text.

* jinja2 templates under ``reports/templates/`` (shipped in the wheel), autoescaped, rendered in
  an immutable sandbox and streamed to the file (a 10,000-cell report never sits in memory twice).
* Every table is rendered on the server, so the page is readable with JavaScript off; with it on,
  ``report.js`` adds sorting, filtering, heat-map filtering and a drill-down panel that writes
  untrusted text with ``textContent`` only.
* The data is embedded as JSON in ``<script type="application/json">`` with ``<``, ``>``, ``&``,
  U+2028 and U+2029 escaped, so no string can close the element.
* A Content-Security-Policy meta tag allows nothing remote and only the page's own style and
  script (by hash): even an escaping bug could not run injected script or load a resource.

Why one file and not a small site: the page is an artefact that CI uploads, a reviewer downloads and opens from disk,
and a bug report attaches; it must work from ``file://`` with no server and no network, and it must not phone home.
So the CSS and JavaScript are inlined (``report.css``, ``report.js``), the data rides inside the page, and the policy
forbids every fetch.

Where the care goes: every value from the report is escaped by the template engine (or embedded with
:func:`embed_json`), links from report data pass :func:`safe_href`, and the sandbox keeps a template from reaching
Python objects' internals. The failures rendered in full are capped at :data:`FAILURE_DETAILS`; every cell stays in
the table and the embedded data, which the page's script pages through.
"""

from __future__ import annotations

import base64
import hashlib
import heapq
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

import orjson
from jinja2 import PackageLoader, StrictUndefined, Template
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup

from windtunnel._util.jsontypes import JSONObject
from windtunnel.engine.scoring import is_failure
from windtunnel.report.dicts import CellDict, MatrixEntryDict, ReportDict
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
    cell_group,
    cell_label,
    cell_phase,
    failure_detail,
    fault_label,
    format_score,
    not_run_why,
    phase_not_run,
    phase_rows,
    status_word,
    truncate,
    visible_controls,
)
from windtunnel.reports.partial import cut_short
from windtunnel.reports.stats import StatsTally, format_rate, stats_lines
from windtunnel.reports.usage import format_cost, format_tokens, total_line, usage_of
from windtunnel.reports.verdict import lead_reason

SEVERITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}
FAILURE_DETAILS = 200
"""Failures rendered in full on the page (most severe first); all of them stay in the cells table."""


@lru_cache(maxsize=1)
def environment() -> ImmutableSandboxedEnvironment:
    """The one Jinja environment of the HTML pages: sandboxed, autoescaped, strict about undefined names (a template
    typo fails loudly instead of printing nothing), with control characters in agent text shown as escapes and the
    report filters registered.
    """
    env = ImmutableSandboxedEnvironment(
        loader=PackageLoader("windtunnel.reports", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        # agent text may hold NUL, ESC, BEL ...: shown as \xNN escapes, never written raw into the page
        finalize=lambda v: v if isinstance(v, Markup) else visible_controls(v),
    )
    env.filters["score"] = format_score
    env.filters["lead_reason"] = lead_reason
    env.filters["rate"] = format_rate
    env.filters["truncate_text"] = truncate
    env.filters["fault"] = fault_label
    env.filters["tokens"] = format_tokens
    env.filters["cost"] = format_cost
    env.filters["safe_href"] = safe_href
    return env


def template(name: str) -> Template:
    """The named template of :func:`environment`."""
    return environment().get_template(name)


@cache
def asset(name: str) -> str:
    """The text of a file shipped beside the templates (``report.css``, ``report.js``)."""
    return (files("windtunnel.reports") / "templates" / name).read_text(encoding="utf-8")


def csp_hash(text: str) -> str:
    """The Content-Security-Policy hash source (``sha256-…``) of an inline style or script."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


HEAD_JS = 'document.documentElement.classList.add("js");'
"""Runs before the body is parsed, so CSS can show only the first page of rows while the page loads."""


def content_security_policy(css: str, *scripts: str) -> str:
    """The page's policy: nothing loads from anywhere, and only the inline style and scripts whose hashes are listed
    run, so script text inside agent output cannot execute even if escaping failed.
    """
    script = " ".join(f"'{csp_hash(js)}'" for js in scripts) if scripts else "'none'"
    return (
        f"default-src 'none'; style-src '{csp_hash(css)}'; script-src {script}; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )


_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_JSON_TABLE = str.maketrans(_JSON_ESCAPES)


def embed_json(value: object) -> Markup:
    """``value`` as JSON that is inert inside an HTML ``<script type="application/json">``.

    ``<``, ``>`` and ``&`` only occur inside JSON strings, where ``\\u003c`` & co. mean the same
    character, so ``JSON.parse`` returns exactly ``value``.
    """
    text = orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")
    return Markup(text.translate(_JSON_TABLE))


def compact_cell(cell: CellDict) -> dict[str, object]:
    """A cell for the page's embedded data: null and empty fields dropped, ``golden_prompt`` only
    when it differs from the prompt, and the phase resolved (the page's filters use it).

    The embedded data is most of a large page's bytes, once per cell, so what the page can infer is left out; control
    characters are made visible here too, since the page's script writes these strings into the drill-down panel.
    """
    out = {k: visible_controls(v) for k, v in cell.items() if v is not None and v != [] and v != {}}
    if out.get("golden_prompt") == out.get("prompt"):
        out.pop("golden_prompt", None)
    out["phase"] = cell_phase(cell)
    return out


def safe_href(value: object) -> str | None:
    """A link taken from report data, kept only if it is a relative path (no scheme, no host).

    Phase links come from ``summary.phases.<name>.report``, which a report file read back can set to anything:
    ``javascript:`` and ``data:`` URLs, ``//host`` and absolute paths would turn a link on a trusted-looking page into
    a script or a tracker. ``None`` (the link is dropped, the phase name shown as text) for anything that is not a
    plain relative path, including one with whitespace, which browsers strip in surprising ways.
    """
    if not isinstance(value, str) or not value or value.startswith(("/", "\\")):
        return None
    head = value.split("/", 1)[0]
    if ":" in head or any(ch.isspace() for ch in value):
        return None
    return value


def _row(i: int, cell: CellDict) -> JSONObject:
    """One row of the cells table: the cell's identity, status and severity, latency (ms), tokens and cost, and the
    prompt and failure detail cut to what a table cell shows (the full text is in the embedded data).
    """
    latency = cell.get("latency_ms")
    return {
        "i": i,
        "id": cell.get("id"),
        "phase": cell_phase(cell),
        "kind": cell.get("kind"),
        "group": cell_group(cell),
        "invariant": cell.get("invariant") or "",
        "status": cell.get("status"),
        "word": status_word(cell),
        "severity": cell.get("severity") or "",
        "latency": f"{float(latency):.0f}" if latency is not None else "",
        "tokens": format_tokens(usage_of(cell)),
        "cost": format_cost(usage_of(cell)),
        "prompt": truncate(" ".join(str(cell.get("prompt") or "").split()), 100),
        "detail": truncate(failure_detail(cell), 140),
    }


def heatmap(cells: Iterable[CellDict], matrix: Iterable[MatrixEntryDict] | None = None) -> dict[str, object] | None:
    """Scenario × invariant pass counts over contract cells (``None`` without contract cells). ``matrix``: the contract
    summary's cells, whose ``not run`` ones (and their scenario's row) are shown with the reason.

    Each grid cell holds passed, total and errored counts (an errored cell is no failed invariant: the page says
    "errored" beside the count) and a colour bucket 0-10 (the pass share in tenths; ``None`` for a pair
    with no cells, which the page shows as empty rather than as failing). Skipped cells are not counted. Scenarios and
    invariants keep the order they first appear in.
    """
    scenarios: dict[str, None] = {}
    invariants: dict[str, None] = {}
    counts: dict[tuple[str, str], list[int]] = {}
    for cell in cells:
        if cell.get("kind") != "contract" or cell.get("status") == "skipped":
            continue
        key = (str(cell.get("scenario") or ""), str(cell.get("invariant") or ""))
        scenarios.setdefault(key[0])
        invariants.setdefault(key[1])
        entry = counts.setdefault(key, [0, 0, 0])
        entry[0] += 1 if cell.get("passed") else 0
        entry[1] += 1
        entry[2] += 1 if cell.get("status") == "error" else 0
    not_run: dict[tuple[str, str], str] = {}
    for mc in matrix if isinstance(matrix, list) else []:
        if isinstance(mc, Mapping) and mc.get("status") == "not run":
            key = (str(mc.get("scenario") or ""), str(mc.get("invariant") or ""))
            scenarios.setdefault(key[0])
            invariants.setdefault(key[1])
            not_run[key] = str(mc.get("reason") or "")
    if not counts and not not_run:
        return None
    grid: list[dict[str, object]] = []
    for scenario in scenarios:
        row: list[dict[str, object]] = []
        for invariant in invariants:
            passed, total, errored = counts.get((scenario, invariant), (0, 0, 0))
            bucket = round(10 * passed / total) if total else None
            row.append(
                {
                    "scenario": scenario,
                    "invariant": invariant,
                    "passed": passed,
                    "total": total,
                    "errored": errored,
                    "bucket": bucket,
                    "not_run": (scenario, invariant) in not_run,
                }
            )
        why = next((not_run[k] for k in not_run if k[0] == scenario and not_run[k]), "")
        grid.append({"scenario": scenario, "cells": row, "reason": why})
    return {"invariants": list(invariants), "rows": grid, "reasons": any(r["reason"] for r in grid)}


CellSource = Callable[[], Iterable[CellDict]]
"""Gives the report's cells, in report order, anew on each call (from memory or from the run store)."""


def _context(report: ReportDict, phase_links: Mapping[str, str] | None) -> dict[str, object]:
    """The template context of a report whose cells are in memory."""
    cells = list(report.get("cells") or [])
    return _context_from(report, lambda: cells, phase_links)


def _context_from(report: ReportDict, cells: CellSource, phase_links: Mapping[str, str] | None) -> dict[str, object]:
    """The template context, the cells read three times and never gathered: once for the counts,
    statistics, heat map and failures, once for the table rows, once for the embedded data (``report``'s
    own ``cells`` are not read)."""
    summary = report["summary"]
    css = asset("report.css")
    js = asset("report.js")
    phases = []
    for name, entry in phase_rows(summary):
        link = (phase_links or {}).get(name) or entry.get("report")
        not_run = phase_not_run(entry)
        why = not_run_why(entry) if not_run else ""
        phases.append({"name": name, "entry": entry, "href": safe_href(link), "not_run": not_run, "why": why})
    tally = StatsTally()
    worst: list[tuple[int, int, CellDict]] = []  # the FAILURE_DETAILS most severe, negated keys
    seen = {"n": 0, "usage": False, "failures": 0}
    kinds: set[str] = set()
    phase_names: set[str] = set()

    def tallied() -> Iterator[CellDict]:
        """Yield the cells while tallying the statistics and keeping the :data:`FAILURE_DETAILS` most severe failures in
        a heap (memory stays bounded whatever the run's size).
        """
        for i, c in enumerate(cells()):
            tally.add(c)
            if is_failure(c):
                seen["failures"] += 1
                entry = (-SEVERITY_RANK.get(str(c.get("severity")), 2), -i, c)
                if len(worst) < FAILURE_DETAILS:
                    heapq.heappush(worst, entry)
                elif entry[:2] > worst[0][:2]:
                    heapq.heapreplace(worst, entry)
            seen["n"] = i + 1
            seen["usage"] = seen["usage"] or usage_of(c) is not None
            kinds.add(str(c.get("kind")))
            phase_names.add(cell_phase(c))
            yield c

    heat = heatmap(tallied(), summary.get("matrix"))
    stats = tally.stats()
    shown = [  # most severe first, then in report order; every failure stays in the cells table
        {"i": -i, "cell": c, "phase": cell_phase(c), "label": cell_label(c, 120), "detail": failure_detail(c)}
        for _, i, c in sorted(worst, reverse=True)
    ]
    return {
        "explore": _explore_context(report),
        "report": report,
        "run": report["run"],
        "summary": summary,
        "tool": report["tool"],
        "short": cut_short(report),
        "css": Markup(css),
        "js": Markup(js),
        "head_js": Markup(HEAD_JS),
        "csp": content_security_policy(css, HEAD_JS, js),
        "phases": phases,
        "by_type": by_type_rows(summary),
        "stats": stats,
        "stats_lines": stats_lines(stats),
        "heat": heat,
        "rows": (_row(i, c) for i, c in enumerate(cells())),
        "n_cells": seen["n"],
        "has_usage": seen["usage"],
        "usage_total": total_line(report.get("usage")),
        "kinds": sorted(kinds),
        "phase_names": sorted(phase_names),
        "n_failures": seen["failures"],
        "shown_failures": shown,
        "linked": {f["i"] for f in shown},
        "data": _embedded_data(report, cells),
    }


def _explore_context(report: ReportDict) -> dict[str, object] | None:
    """What the page of an ``explore`` report shows instead of the run overview (``None`` for other reports): the
    headline, what was searched, and the failures grouped by the checks they break (the markdown report's sections)."""
    explore = explore_of(report)
    if explore is None:
        return None
    reproduce = {c.get("id"): c.get("reproduce") for c in report.get("cells") or []}
    return {
        "headline": explore.get("headline") or explore_headline(explore, partial=cut_short(report) is not None),
        "found": bool(explore.get("failures")),
        "searched": searched_rows(explore),
        "unsaved": explore.get("unsaved"),
        "groups": [
            {
                "breaks": g.breaks,
                "failures": [
                    {
                        "title": failure_title(n, f),
                        "reproducer": reproducer_words(f),
                        "prompt": f.get("prompt"),
                        "went_wrong": f.get("went_wrong"),
                        "also_found": f.get("also_found") or [],
                        "saved": f.get("saved"),
                        "reproduce": reproduce.get(f.get("cell")),
                    }
                    for n, f in g.failures
                ],
            }
            for g in failure_groups(explore)
        ],
    }


def _embedded_data(report: ReportDict, cells: CellSource) -> Iterator[Markup]:
    """``embed_json({"run", "summary", "cells": [compact cells]})`` in pieces, one per cell: the same
    text once joined (compact JSON: a list is its items joined by commas)."""
    head = embed_json({"run": report["run"], "summary": report["summary"], "cells": []})
    assert head.endswith("[]}")
    yield Markup(head[:-2])
    for i, c in enumerate(cells()):
        piece = embed_json(compact_cell(c))
        yield Markup("," + piece) if i else piece
    yield Markup("]}")


def write_stream(chunks: Iterable[str], out: Path) -> Path:
    """Write the rendered chunks to ``out``, batched into writes of about 64 KiB, and return ``out``."""
    with out.open("w", encoding="utf-8", newline="\n") as fh:
        buf: list[str] = []
        size = 0
        for chunk in chunks:
            buf.append(chunk)
            size += len(chunk)
            if size > 1 << 16:
                fh.write("".join(buf))
                buf, size = [], 0
        fh.write("".join(buf))
    return out


def render_html(report: ReportDict, out: Path, phase_links: Mapping[str, str] | None = None) -> Path:
    """Write the full HTML report; ``phase_links`` maps phase names to their detailed reports."""
    return write_stream(template("report.html.j2").generate(**_context(report, phase_links)), out)


def render_html_streamed(
    report: ReportDict, cells: CellSource, out: Path, phase_links: Mapping[str, str] | None = None
) -> Path:
    """:func:`render_html` with the cells of ``cells()`` (read three times, never gathered): the same file."""
    return write_stream(template("report.html.j2").generate(**_context_from(report, cells, phase_links)), out)


def render_phase_summary(
    report: ReportDict,
    out: Path,
    phase_links: Mapping[str, str] | None = None,
    *,
    cells: CellSource | None = None,
) -> Path:
    """Write the ``ci`` summary page: overall score, one row per phase linking its detailed report.

    Links come from ``phase_links`` or from ``summary.phases.<name>.report`` (relative paths only).
    ``cells``: the cells read from there instead of ``report["cells"]`` (never gathered).
    """
    css = asset("report.css")
    if cells is None:
        ctx = _context({**report, "cells": report.get("cells") or []}, phase_links)
    else:
        ctx = _context_from(report, cells, phase_links)
    ctx["csp"] = content_security_policy(css)
    return write_stream(template("summary.html.j2").generate(**ctx), out)


@reporter("html", extension=".html")
class HtmlReporter:
    """The full interactive report, registered as the ``html`` format.

    It holds no state; ``render`` is :func:`render_html`. The ``ci`` phase-summary page is not a format of its own:
    ``ci`` writes it with :func:`render_phase_summary` beside the phases' detailed reports, which it links.
    """

    name = "html"
    extension = ".html"

    def render(self, report: ReportDict, out: Path) -> Path:
        """:func:`render_html`."""
        return render_html(report, out)
