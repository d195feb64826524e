"""Reports: one run report dict (``report.schema.json``) rendered by pluggable reporters.

Formats: ``json``, ``junit``, ``sarif``, ``markdown`` (``md``), ``html``, ``terminal``. Add one with
:func:`reporter`. :func:`print_summary` is the terminal summary the ``run`` / ``ci`` commands print.

How the pieces fit. :mod:`windtunnel.report` holds the typed report (pydantic models, from which
``report.schema.json`` is generated); this package only reads the plain dict the engine and the store produce and
writes files from it. The renderers share their reading of a cell (:mod:`~windtunnel.reports.cells`), their
statistics (:mod:`~windtunnel.reports.stats`), the headline cause of a failed verdict
(:mod:`~windtunnel.reports.verdict`) and the words for a run cut short (:mod:`~windtunnel.reports.partial`), so every
format says the same thing about the same run. A run too large for memory is written by
:mod:`~windtunnel.reports.stream`, which reads the cells from the store as it writes.

Rules every reporter keeps: agent output, prompts and names are adversarial text, escaped for the target format and
never interpreted; a reporter renders and scores nothing (the verdict is the summary's); a run that was cut short
never renders as a pass.

This package is imported by ``validate``, which must start fast, so rich and jinja2 are imported only by the two
functions below that need them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from windtunnel.report.dicts import ReportDict
from windtunnel.reports.base import (
    REPORTERS,
    Reporter,
    get_reporter,
    load_reporters,
    output_path,
    render_report,
    reporter,
)
from windtunnel.reports.cells import (
    by_type_summary,
    cell_identity,
    cell_phase,
    identity_key,
    summarize_cells,
)
from windtunnel.reports.stats import RunStats, compute_stats, pass_hat_k, wilson_interval
from windtunnel.reports.validate import ensure_valid, load_report_file, validate_report

if TYPE_CHECKING:
    from rich.console import Console


def print_summary(report: ReportDict, console: Console) -> None:
    """Print the rich summary of ``report`` to ``console`` (see :mod:`windtunnel.reports.terminal`)."""
    # rich: only the terminal summary needs it, and `validate` loads this package
    from windtunnel.reports.terminal import print_summary as _print

    _print(report, console)


def render_phase_summary(report: ReportDict, out: Path | str, phase_links: dict[str, str] | None = None) -> Path:
    """Write the ``ci`` phase-summary HTML page linking each phase's detailed report.

    See :func:`windtunnel.reports.html.render_phase_summary`.
    """
    # jinja2: only the HTML pages need it, and `validate` loads this package
    from windtunnel.reports.html import render_phase_summary as _render

    return _render(report, Path(out), phase_links)


__all__ = [
    "REPORTERS",
    "Reporter",
    "RunStats",
    "by_type_summary",
    "cell_identity",
    "cell_phase",
    "compute_stats",
    "ensure_valid",
    "get_reporter",
    "identity_key",
    "load_report_file",
    "load_reporters",
    "output_path",
    "pass_hat_k",
    "print_summary",
    "render_phase_summary",
    "render_report",
    "reporter",
    "summarize_cells",
    "validate_report",
    "wilson_interval",
]
