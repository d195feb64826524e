"""JUnit XML reporter: one ``<testsuite>`` per phase, one ``<testcase>`` per cell.

``classname`` is the cell's scenario, else its mutation type, else its kind; ``name`` is the
invariant and the prompt (truncated). Failed cells carry ``<failure message=...>`` with the failed
checks' details, errored cells ``<error>``, skipped cells ``<skipped>``. Characters XML 1.0 cannot
hold (agent output is arbitrary) are written as visible ``\\xNN`` escapes.

JUnit XML has no formal standard; this writes the common subset that CI test-report pages read: ``<testsuites>`` /
``<testsuite>`` / ``<testcase>`` with ``tests``, ``failures``, ``errors``, ``skipped`` and ``time`` in seconds, one
child per non-passing case, and ``<properties>`` for the run id, seed, score and statistics. Those tools show a page per
suite and a line per case, so the cause of a failure goes where they look first: the ``why_it_failed`` property of the
suite and the ``message`` of each case (cut to :data:`MESSAGE_WIDTH` characters), with the whole story (prompt, faults,
checks, output, reproduce command) in the element's text.

Two invariants a change must keep. A run cut short adds a suite with one ``<error>`` case of its own, and a run that
failed with no case failed or errored one ``<failure>`` case with its reasons, so no CI widget shows a partial or
failed run as green even when every cell that ran passed. And the tree built here is the one
:mod:`windtunnel.reports.stream` writes suite by suite for a run too large for memory (it calls :func:`junit_root`,
:func:`suite_head` and :func:`testcase`), so the streamed file is the same bytes as :func:`render_junit`'s.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path

from windtunnel.engine.scoring import not_run
from windtunnel.report.dicts import CellDict, PhaseDict, ReportDict
from windtunnel.reports.base import reporter
from windtunnel.reports.cells import (
    cell_group,
    cell_label,
    failure_detail,
    fault_summary,
    format_score,
    group_by_phase,
    phase_rows,
    truncate,
)
from windtunnel.reports.partial import CutShort, cut_short
from windtunnel.reports.stats import StatsTally, compute_stats, stats_lines
from windtunnel.reports.verdict import lead_reason

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
MESSAGE_WIDTH = 500
NAME_WIDTH = 120


def xml_text(value: object) -> str:
    """``value`` as text XML 1.0 can hold (invalid characters become ``\\xNN`` / ``\\uNNNN``)."""
    text = "" if value is None else str(value)

    def esc(m: re.Match[str]) -> str:
        """The escape of one character XML cannot hold."""
        code = ord(m.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _INVALID_XML.sub(esc, text)


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A sub-element of ``parent`` with its text and attributes made XML-safe (:func:`xml_text`); ``None`` attributes
    are left out.
    """
    el = ET.SubElement(parent, tag, {k: xml_text(v) for k, v in attrs.items() if v is not None})
    if text:
        el.text = xml_text(text)
    return el


def _cell_body(cell: CellDict) -> str:
    """The text of a failing testcase: the cell's prompt, mutation, fired faults, every check's verdict, the error, the
    output and the reproduce command, one per line, so a CI page shows what happened without the full report.
    """
    lines = [f"cell: {cell.get('id')}", f"prompt: {cell.get('prompt')}"]
    if cell.get("golden_prompt") and cell.get("golden_prompt") != cell.get("prompt"):
        lines.append(f"golden prompt: {cell['golden_prompt']}")
    mutation = cell.get("mutation")
    if mutation:
        lines.append(f"mutation: {mutation.get('type')} {mutation.get('args') or ''}".rstrip())
    if cell.get("faults"):
        lines.append("faults fired: " + fault_summary(cell["faults"]))
    for check in cell.get("checks") or []:
        verdict = "pass" if check.get("passed") else "FAIL"
        lines.append(f"check {check.get('type')}: {verdict} {check.get('detail') or ''}".rstrip())
    if cell.get("error"):
        lines.append(f"error: {cell['error']}")
    lines.append(f"output: {cell.get('output')}")
    if cell.get("reproduce"):
        lines.append(f"reproduce: {cell['reproduce']}")
    return "\n".join(lines)


def _suite(
    root: ET.Element,
    name: str,
    cells: Sequence[CellDict],
    report: ReportDict,
    phase: PhaseDict | None,
    repeats: bool,
) -> None:
    """One ``<testsuite>`` named ``name`` with a testcase per cell (its totals tallied first)."""
    tally = SuiteTally()
    for cell in cells:
        tally.add(cell)
    suite = suite_head(root, name, tally, report, phase)
    for cell in cells:
        suite.append(testcase(cell, repeats))


class SuiteTally:
    """What a ``<testsuite>`` element says about its cells, gathered one cell at a time."""

    def __init__(self) -> None:
        """Empty totals: tests, cells per status (a not-run cell counts as skipped), seconds, and pass-rate
        statistics.
        """
        self.tests = 0
        self.counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
        self.seconds = 0.0
        self.stats = StatsTally()

    def add(self, cell: CellDict) -> None:
        """Count one cell."""
        self.tests += 1
        status = "skipped" if not_run(cell) or cell.get("not_exercised") else str(cell.get("status"))
        self.counts[status] = self.counts.get(status, 0) + 1
        self.seconds += float(cell.get("latency_ms") or 0)
        self.stats.add(cell)


def suite_head(
    root: ET.Element, name: str, tally: SuiteTally, report: ReportDict, phase: PhaseDict | None
) -> ET.Element:
    """A ``<testsuite>`` with its attributes and properties, without its test cases.

    The properties carry the run id and seed, a phase's score and weight, why the suite failed (placed first, since CI
    pages show properties before counts) and the statistics lines every format shows. The time is the cells' summed
    latency in seconds.
    """
    suite = _el(
        root,
        "testsuite",
        name=name,
        tests=tally.tests,
        failures=tally.counts["failed"],
        errors=tally.counts["error"],
        skipped=tally.counts["skipped"],
        time=f"{tally.seconds / 1000:.3f}",
        timestamp=report["run"].get("started_at"),
    )
    props = _el(suite, "properties")
    _el(props, "property", name="run_id", value=report["run"].get("id"))
    _el(props, "property", name="seed", value=report["run"].get("seed"))
    if phase is not None:
        _el(props, "property", name="score", value=format_score(phase.get("score")))
        _el(props, "property", name="weight", value=phase.get("weight"))
    why = lead_reason(report["summary"] if phase is None else phase)
    if why is not None:  # a CI page shows properties: the cause comes before the counts
        _el(props, "property", name="why_it_failed", value=why)
    for label, value in stats_lines(tally.stats.stats()):
        _el(props, "property", name=label, value=value)
    return suite


def testcase(cell: CellDict, repeats: bool) -> ET.Element:
    """One ``<testcase>`` (with its failure / error / skipped child and the output of a failed cell).

    A failed check becomes ``<failure>`` typed by the first failed check, an agent error ``<error>`` typed by its error
    kind, a cell that did not run ``<skipped>`` saying why; the child's text is :func:`_cell_body` and its message is
    cut to fit CI widgets. Repeats are told apart by a ``[repeat N]`` suffix on the name.
    """
    name = cell_label(cell, NAME_WIDTH)
    if repeats and "repeat" in cell:
        name = f"{name} [repeat {cell['repeat']}]"
    latency = cell.get("latency_ms")
    attrs = {
        "classname": cell_group(cell),
        "name": name,
        "time": f"{float(latency) / 1000:.3f}" if latency is not None else None,
    }
    case = ET.Element("testcase", {k: xml_text(v) for k, v in attrs.items() if v is not None})
    status = "skipped" if not_run(cell) or cell.get("not_exercised") else cell.get("status")
    if status == "failed":
        checks = [c for c in cell.get("checks") or [] if not c.get("passed")]
        _el(
            case,
            "failure",
            _cell_body(cell),
            message=truncate(failure_detail(cell), MESSAGE_WIDTH),
            type=str(checks[0].get("type")) if checks else "failed",
        )
    elif status == "error":
        error = str(cell.get("error") or "error")
        _el(
            case,
            "error",
            _cell_body(cell),
            message=truncate(error, MESSAGE_WIDTH),
            type=error.split(":", 1)[0] if ":" in error else "error",
        )
    elif cell.get("not_exercised"):  # it ran and tested nothing: no pass, no failure (QA-28 #3)
        why = f"not exercised: none of the faults of scenario {cell.get('scenario')!r} fired, so it tested nothing"
        _el(case, "skipped", message=truncate(why, MESSAGE_WIDTH))
    elif status == "skipped":
        why = str(cell.get("error") or "skipped")
        _el(case, "skipped", message=truncate(f"not run: {why}" if not_run(cell) else why, MESSAGE_WIDTH))
    if status in ("failed", "error") and cell.get("output"):
        _el(case, "system-out", str(cell["output"]))
    return case


def build_junit(report: ReportDict) -> ET.Element:
    """The JUnit XML tree of a whole report: one suite per phase in the summary's order (cells of a phase the summary
    does not list get suites too), or one suite named after the run's mode.
    """
    cells: list[CellDict] = list(report.get("cells") or [])
    total = SuiteTally()  # the totals the streamed file writes (reports/stream.py): one count of each cell
    for cell in cells:
        total.add(cell)
    root = junit_root(report, len(cells), total.counts)
    repeats = compute_stats(cells).has_repeats
    phases = dict(phase_rows(report.get("summary") or {}))
    if phases:
        by_phase = group_by_phase(cells)
        for name in [*phases, *[p for p in by_phase if p not in phases]]:
            _suite(root, name, by_phase.get(name, []), report, phases.get(name), repeats)
    else:
        _suite(root, str(report["run"].get("mode") or "run"), cells, report, None, repeats)
    return root


def junit_root(report: ReportDict, tests: int, counts: Mapping[str, int]) -> ET.Element:
    """``<testsuites>`` with the run's totals, and the error suite of a run cut short."""
    root = ET.Element(
        "testsuites",
        {
            "name": xml_text(f"windtunnel {report['run'].get('mode')} {report['run'].get('id')}"),
            "tests": str(tests),
            "failures": str(counts["failed"]),
            "errors": str(counts["error"]),
            "skipped": str(counts["skipped"]),
        },
    )
    short = cut_short(report)
    summary = report.get("summary") or {}
    if short is not None:
        root.set("errors", str(counts["error"] + 1))
        root.set("tests", str(tests + 1))
        _cut_short_suite(root, short, report)
    elif summary.get("passed") is False and not counts["failed"] and not counts["error"]:
        root.set("failures", "1")
        root.set("tests", str(tests + 1))
        _verdict_suite(root, report)
    return root


def _verdict_suite(root: ET.Element, report: ReportDict) -> None:
    """A run that failed with no case failed or errored (no fault fired, a scenario not exercised, a phase that
    tested nothing, a budget cut): one ``<failure>`` testcase carrying its reasons, so a CI test tab is red, not
    green with the cause in a property (QA-28 #4). The caller has already counted it into the root's totals."""
    summary = report.get("summary") or {}
    reasons = [str(r) for r in summary.get("reasons") or []]
    why = lead_reason(summary) or "the run did not pass"
    suite = _one_case_suite(root, report, "windtunnel verdict", failures=1)
    props = _el(suite, "properties")
    _el(props, "property", name="run_id", value=report["run"].get("id"))
    _el(props, "property", name="seed", value=report["run"].get("seed"))
    _el(props, "property", name="why_it_failed", value=why)
    case = _el(suite, "testcase", classname="windtunnel", name=f"{report['run'].get('mode') or 'run'} verdict")
    case.set("time", "0.000")
    _el(case, "failure", "\n".join(reasons or [why]), message=truncate(why, MESSAGE_WIDTH), type="run_failed")


def _one_case_suite(
    root: ET.Element, report: ReportDict, name: str, *, failures: int = 0, errors: int = 0
) -> ET.Element:
    """A ``<testsuite>`` of one case that is about the run itself (its verdict, its cut short), at the run's start."""
    return _el(
        root,
        "testsuite",
        name=name,
        tests=1,
        failures=failures,
        errors=errors,
        skipped=0,
        time="0.000",
        timestamp=report["run"].get("started_at"),
    )


def _cut_short_suite(root: ET.Element, short: CutShort, report: ReportDict) -> None:
    """A run cut short is an error of its own: one ``<error>`` testcase so CI widgets do not show green.

    The suite's properties carry the cut-short record (status, planned and completed cells, the dead process's command
    and exit code); the case's text is the headline and the agent's stderr tail, its type ``run_interrupted`` or
    ``run_aborted``. The caller has already counted it into the root's ``tests`` and ``errors``.
    """
    suite = _one_case_suite(root, report, "windtunnel run", errors=1)
    props = _el(suite, "properties")
    for key, value in short.as_dict().items():
        _el(props, "property", name=key, value=value)
    case = _el(suite, "testcase", classname="windtunnel", name=f"run {short.status}", time="0.000")
    body = [short.headline()]
    if short.tail_lines():
        body += ["agent stderr (last lines):", *short.tail_lines()]
    _el(
        case,
        "error",
        "\n".join(body),
        message=truncate(short.not_run_message(), MESSAGE_WIDTH),
        type=f"run_{short.status}",
    )


@reporter("junit", extension=".xml")
def render_junit(report: ReportDict, out: Path) -> Path:
    """Write the indented JUnit XML of ``report`` to ``out``."""
    root = build_junit(report)
    ET.indent(root)
    ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
    return out
