"""Reports written while reading the cells, never holding them: JSON, JUnit and SARIF streamed to disk.

:func:`render_streamed` takes the report without its cells (``report["cells"]`` is ignored; its place
among the keys is kept) and a function giving the cells anew on each call, e.g. ``lambda:
store.iter_cells(run_id, plan_order=True)``. It writes, byte for byte, the file :func:`render_report`
writes for the same report with the cells in memory: the streamed writers lay out a skeleton with the
same code, then put the cells, each serialised on its own, where a marker stands. HTML and markdown
read the cells from the source as well (``reports.html.render_html_streamed``, ``build_markdown(cells=)``);
a format without a streamed writer (terminal, plugins) gets the cells gathered in memory first.

Passes over the cells: JSON one (statistics are gathered as the cells are written, and come after
them), SARIF two (rules and statistics come before the results), JUnit one to count plus one per
phase suite.

Why a skeleton with holes and not a second writer per format: two writers of one format drift apart, and a report
that reads differently depending on the run's size is a bug nobody sees until a large run. Here the head and tail of
each file come from the very code the in-memory reporter runs (``orjson`` over the report with a marker string in the
cells' place, or the JUnit tree with its suites emptied), and only the list in the hole is written item by item, laid
out exactly as ``orjson``'s two-space indentation would lay it out. The tests compare the two files byte for byte.

What it does not do: it never sorts or filters the cells (they arrive in the order the source gives them, plan order
from the store), and a cell source must give the same cells on every call, since the writers that need two passes
call it twice.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator, Mapping
from io import BytesIO
from pathlib import Path
from typing import IO, TypeVar, cast

import orjson

from windtunnel._util.errors import UsageError
from windtunnel.report.dicts import CellDict, ReportDict
from windtunnel.reports.base import get_reporter, output_path
from windtunnel.reports.cells import Cell, cell_phase, ordered_phases, phase_rows
from windtunnel.reports.junit import SuiteTally, junit_root, suite_head, testcase
from windtunnel.reports.markdown import build_markdown
from windtunnel.reports.sarif import build_sarif, reported, result_for, rule_index
from windtunnel.reports.stats import StatsTally, SummaryTally

CellSource = Callable[[], Iterable[Cell]]
"""Gives the report's cells, in report order, each time it is called."""

_MARK = "\x00windtunnel-stream-{}\x00"
_T = TypeVar("_T")
_JSON_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS
_INDENT = orjson.OPT_INDENT_2  # tried first: the same bytes as _JSON_OPTIONS when every key is a string, faster
STREAMED = ("json", "junit", "sarif")
_BUFFER = 1 << 20


def render_streamed(
    report: ReportDict, cells: CellSource, fmt: str, out: Path | str, *, tally: SummaryTally | None = None
) -> Path:
    """Write ``report`` with the cells of ``cells()`` in format ``fmt`` to ``out`` (a file or a directory).

    ``tally``: fed every cell by a streamed writer's first pass (then marked complete), for the summary.

    A format with no streamed writer (terminal, a plugin) gets the cells gathered into a list first, so it works, at
    the memory cost of an in-memory report. A file that cannot be written is a :class:`UsageError` (exit 2) naming the
    path, not a traceback; returns the path written, which for a directory ``out`` is ``<dir>/<run id><extension>``.
    """
    rep = get_reporter(fmt)
    path = output_path(report, out, rep.extension)
    writer = _WRITERS.get(rep.name) if fmt in _WRITERS or rep.name in _WRITERS else None
    try:
        if rep.name in _PAGES:  # HTML and markdown read the cells from the source too (reports/html.py)
            return _PAGES[rep.name](report, cells, path)
        if writer is None:  # no streamed writer for this format: the cells in memory, as before
            return rep.render({**report, "cells": list(cells())}, path)
        with path.open("wb", buffering=_BUFFER) as fh:  # one write per MiB, not one per 8 KiB
            writer(report, cells, fh, tally)
        return path
    except OSError as err:
        raise UsageError(
            f"cannot write the {fmt} report to {str(path)!r}: {err.strerror}",
            hint="choose another --output path",
        ) from None


# -- JSON ------------------------------------------------------------------------------------


def _skeleton(obj: Mapping[str, object], holes: Mapping[str, str]) -> list[bytes]:
    """``obj`` serialised like the in-memory writer, cut at the values of the keys in ``holes``.

    Returns the pieces between the holes, each hole's piece ending with the indentation of its line. Each key's value is
    replaced by its marker (a name between NUL characters, which no real report value holds), so the split points are
    found in the serialised bytes without parsing them; ``holes`` must list the keys in the order they appear in
    ``obj``.
    """
    marked = dict(obj)
    for key, mark in holes.items():
        marked[key] = mark
    text = orjson.dumps(marked, option=_JSON_OPTIONS)
    pieces = []
    for mark in holes.values():
        head, sep, text = text.partition(orjson.dumps(mark))
        assert sep, "a hole marker was not found in the skeleton"
        pieces.append(head)
    pieces.append(text)
    return pieces


def _indent_of(piece: bytes) -> bytes:
    """The indentation of the line a hole sits on (the spaces after the piece's last newline)."""
    line = piece[piece.rfind(b"\n") + 1 :]
    return b" " * (len(line) - len(line.lstrip(b" ")))


def _value(value: object, indent: bytes) -> bytes:
    """``value`` as indented JSON bytes laid out for a hole at ``indent`` (values orjson cannot encode natively fall
    back to the report's general JSON options).
    """
    try:  # jsondump.dumps written out: once per cell
        raw = orjson.dumps(value, option=_INDENT)
    except TypeError:
        raw = orjson.dumps(value, option=_JSON_OPTIONS)
    return raw.replace(b"\n", b"\n" + indent)


def _write_list(fh: IO[bytes], items: Iterable[_T], indent: bytes, each: Callable[[_T], None] | None = None) -> None:
    """A JSON list at a hole indented by ``indent``, as ``orjson`` with ``OPT_INDENT_2`` lays it out.

    That layout is ``[`` then each item on its own line two spaces deeper, commas at line ends, and ``]`` back at the
    hole's indentation; an empty list is ``[]`` on the hole's line. ``each`` sees every item before it is written (the
    JSON writer tallies the statistics with it).
    """
    inner = indent + b"  "
    first = True
    for item in items:
        if each is not None:
            each(item)
        fh.write((b"[\n" if first else b",\n") + inner + _value(item, inner))
        first = False
    fh.write(b"[]" if first else b"\n" + indent + b"]")


def _ordered_with_cells(report: ReportDict) -> dict[str, object]:
    """The report with a ``cells`` key kept in its place (``None`` when absent): the streamed file must have its keys in
    the order the in-memory JSON report has.
    """
    out: dict[str, object] = dict(report)
    out.setdefault("cells", None)
    return out


def write_json(report: ReportDict, cells: CellSource, fh: IO[bytes], summary: SummaryTally | None = None) -> None:
    """The JSON report (``reports/json_report.py``), statistics gathered while the cells are written.

    The report's other keys are dumped around two holes (``cells`` and ``stats``): the cells are written into the first
    as they are read, and the statistics they add up to into the second, byte-identical to the in-memory JSON report.
    ``summary``, when given, is filled on the way and marked complete, so the terminal summary needs no pass of its own.
    """
    skeleton = {**_ordered_with_cells(report), "stats": None}
    holes = {"cells": _MARK.format("cells"), "stats": _MARK.format("stats")}
    before, between, after = _skeleton(skeleton, holes)
    tally = summary.stats if summary is not None else StatsTally()
    fh.write(before)
    _write_list(fh, cells(), _indent_of(before), summary.add if summary is not None else tally.add)
    fh.write(between)
    fh.write(_value(tally.stats().to_dict(), _indent_of(between)))
    fh.write(after + b"\n")
    if summary is not None:
        summary.complete = True


# -- SARIF -----------------------------------------------------------------------------------


def write_sarif(report: ReportDict, cells: CellSource, fh: IO[bytes], summary: SummaryTally | None = None) -> None:
    """The SARIF log (``reports/sarif.py``): rules and statistics in a first pass, results streamed in a second.

    The log's skeleton is dumped with a marker where the results go; the results are then written one per cell, so the
    file is byte-identical to :func:`~windtunnel.reports.sarif.render_sarif` of the same report while the cells are
    never all in memory.
    """

    stats = summary.stats if summary is not None else StatsTally()
    add = summary.add if summary is not None else stats.add
    count = _Count()

    def first_pass() -> Iterator[Cell]:
        """The cells, counted and tallied as they go by (the rules are built from this pass)."""
        for cell in cells():
            add(cell)
            count.n += 1
            yield cell

    rules, index = rule_index(first_pass())
    if summary is not None:
        summary.complete = True
    log = build_sarif(
        {**report, "cells": cast("list[CellDict]", count)},
        rules=rules,
        stats=stats.stats().to_dict(),
        results=_MARK.format("results"),
    )
    mark = orjson.dumps(_MARK.format("results"))
    before, sep, after = orjson.dumps(log, option=orjson.OPT_INDENT_2).partition(mark)
    assert sep
    config_path = report["run"].get("config_path")
    path = config_path if isinstance(config_path, str) else None
    fh.write(before)
    _write_list(fh, (result_for(c, index, path) for c in cells() if reported(c)), _indent_of(before))
    fh.write(after + b"\n")


# -- JUnit -----------------------------------------------------------------------------------

_CASE_INDENT = "\n    "  # a <testcase> sits at depth 2: <testsuites> / <testsuite> / <testcase>


def write_junit(report: ReportDict, cells: CellSource, fh: IO[bytes], summary: SummaryTally | None = None) -> None:
    """The JUnit XML (``reports/junit.py``): one pass to count, then each suite's cases streamed.

    The first pass tallies every suite (``<testsuite>`` attributes come before its cases); the second writes each
    phase's cases as they are read, so memory stays flat however many cells the run has. The bytes match
    :func:`~windtunnel.reports.junit.render_junit` of the same report.
    """

    total = SuiteTally()
    per_phase: dict[str, SuiteTally] = {}
    phases = dict(phase_rows(report.get("summary") or {}))
    for cell in cells():
        total.add(cell)
        if summary is not None:
            summary.add(cell)
        if phases:
            per_phase.setdefault(cell_phase(cell), SuiteTally()).add(cell)
    if summary is not None:
        summary.complete = True
    repeats = total.stats.stats().has_repeats
    report = {**report, "cells": cast("list[CellDict]", _Count(total.tests))}  # what a cut-short run's banner counts
    root = junit_root(report, total.tests, total.counts)
    suites: list[tuple[str, Callable[[], Iterator[Cell]]]] = []
    if phases:
        seen = ordered_phases(per_phase)
        for name in [*phases, *[p for p in seen if p not in phases]]:
            suite_head(root, name, per_phase.get(name) or SuiteTally(), report, phases.get(name))
            suites.append((name, _phase_cells(cells, name)))
    else:
        suite_head(root, str(report["run"].get("mode") or "run"), total, report, None)
        suites.append(("", lambda: iter(cells())))
    marks: list[bytes] = []
    for i, suite in enumerate(root.findall("testsuite")[-len(suites) :]):
        tag = _MARK.format(f"suite{i}").strip("\x00")
        ET.SubElement(suite, tag)  # where the suite's cases go
        marks.append(f"<{tag} />".encode())
    ET.indent(root)
    buf = BytesIO()
    ET.ElementTree(root).write(buf, encoding="utf-8", xml_declaration=True)
    text = buf.getvalue()
    for mark, (_, suite_cells) in zip(marks, suites, strict=True):
        head, sep, text = text.partition(mark)
        assert sep, "a suite marker was not found in the skeleton"
        fh.write(head[: -len(_CASE_INDENT)])  # the marker's indentation: each case writes its own
        for cell in suite_cells():
            case = testcase(cell, repeats)
            ET.indent(case, level=2)
            fh.write(_CASE_INDENT.encode())
            fh.write(ET.tostring(case, encoding="utf-8"))
    fh.write(text)


class _Count:
    """Stands for the cells where only their number is read (``len(report["cells"])``).

    The in-memory builders count a report's cells in a few places (a cut-short banner's "ran N of M" when the summary
    has no total, SARIF's ``build_sarif`` when the results are given); handing them a ``_Count`` instead of the list
    lets the streamed writers reuse those builders unchanged without holding a cell.
    """

    def __init__(self, n: int = 0) -> None:
        """``n``: cells counted so far."""
        self.n = n

    def __len__(self) -> int:
        """The cells counted."""
        return self.n


def _phase_cells(cells: CellSource, name: str) -> Callable[[], Iterator[Cell]]:
    """A cell source giving only phase ``name``'s cells (a per-phase page of a ``ci`` run)."""
    return lambda: (c for c in cells() if cell_phase(c) == name)


_WRITERS: dict[str, Callable[[ReportDict, CellSource, IO[bytes], SummaryTally | None], None]] = {
    "json": write_json,
    "junit": write_junit,
    "sarif": write_sarif,
}


def _html_page(report: ReportDict, cells: CellSource, path: Path) -> Path:
    """Write the HTML report of the streamed cells."""
    # jinja2 (~17 ms): only an HTML report needs it, not every streamed run
    from windtunnel.reports.html import render_html_streamed

    return render_html_streamed(report, cells, path)


def _markdown_page(report: ReportDict, cells: CellSource, path: Path) -> Path:
    """Write the Markdown report of the streamed cells (read once)."""
    path.write_text(build_markdown(report, cells=cells()), encoding="utf-8")
    return path


_PAGES: dict[str, Callable[[ReportDict, CellSource, Path], Path]] = {
    "html": _html_page,
    "markdown": _markdown_page,
}
"""Formats written from the cell source without a skeleton: the same text as their reporters give."""
