"""Range checks for numeric command-line options whose valid range typer's ``min=``/``max=`` cannot say.

Each is an option ``callback``: it returns the value, or raises ``typer.BadParameter`` (exit 2) with the
valid range and the value given.
"""

from __future__ import annotations

import typer


def share_above_zero(value: float) -> float:
    """A share in (0, 1], such as ``leak mine --min-purity``."""
    if not 0 < value <= 1:
        raise typer.BadParameter(f"must be a share in (0, 1], got {value:g} (0.95 = 95 % of the items)")
    return value


def significance(value: float) -> float:
    """A significance level in (0, 1), such as ``leak baseline --alpha``."""
    if not 0 < value < 1:
        raise typer.BadParameter(f"the significance level must be in (0, 1), got {value:g} (e.g. 0.01 or 0.05)")
    return value


def chance_rate(value: float | None) -> float | None:
    """A chance pass rate in [0, 1), such as ``leak baseline --chance``."""
    if value is not None and not 0 <= value < 1:
        raise typer.BadParameter(f"the chance pass rate must be in [0, 1), got {value:g} (e.g. 0.25 for 4 labels)")
    return value


def label_count(value: int | None) -> int | None:
    """A number of labels, 2 or more, such as ``leak baseline --labels``."""
    if value is not None and value < 2:
        raise typer.BadParameter(f"--labels must be 2 or more, got {value} (chance is then 1/N)")
    return value


def score_threshold(value: float | None) -> float | None:
    """``--min-score`` on windtunnel's 0-100 scale. A value in (0, 1] is upstream flakestorm's 0-1 scale
    (``flakestorm ci --min-score 0.8``), where it would otherwise pass almost any run: it is read as a
    share (0.8 → 80) and a note says so."""
    if value is None or not 0 < value <= 1:
        return value
    from windtunnel.cli._console import err_console

    scaled = round(value * 100, 6)
    err_console().print(
        f"note: --min-score {value:g} read as {scaled:g} (windtunnel scores are 0-100; 0-1 is flakestorm's "
        f"scale); write --min-score {scaled:g} to silence this note"
    )
    return scaled
