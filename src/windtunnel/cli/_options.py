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
