"""JSON reporter: the run report itself, pretty-printed, with computed ``stats`` added.

The file validates against ``report.schema.json`` and is what ``windtunnel report``, ``runs`` and ``merge`` read back;
the streamed writer (:func:`windtunnel.reports.stream.write_json`) produces the same bytes without holding the cells.

The statistics (Wilson interval, pass^k, flaky cells) are derived from the cells, so they are recomputed on every
render rather than trusted from the input: a report read back, merged or edited cannot carry figures its cells do not
support. ``orjson`` with two-space indentation is the one layout; changing the options changes the bytes the streamed
writer must reproduce.
"""

from __future__ import annotations

from pathlib import Path

import orjson

from windtunnel.report.dicts import ReportDict
from windtunnel.reports.base import reporter
from windtunnel.reports.stats import compute_stats


def report_with_stats(report: ReportDict) -> ReportDict:
    """A shallow copy of ``report`` whose ``stats`` key holds the pass-rate statistics."""
    return {**report, "stats": compute_stats(report.get("cells") or []).to_dict()}


def dumps_report(report: ReportDict) -> bytes:
    """The report with its statistics as indented JSON bytes (non-string keys, as in usage tables, are allowed)."""
    return orjson.dumps(report_with_stats(report), option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS)


@reporter("json", extension=".json")
def render_json(report: ReportDict, out: Path) -> Path:
    """Write :func:`dumps_report` to ``out`` with a final newline."""
    out.write_bytes(dumps_report(report) + b"\n")
    return out
