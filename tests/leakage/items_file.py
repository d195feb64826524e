"""Write generated eval items as the JSON Lines dataset a user's ``leak`` command reads."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from windtunnel.leakage import LeakItem


def write_items(path: Path, items: Iterable[LeakItem], labels: Sequence[str]) -> Path:
    """``items`` as records ``{id, expected, label_set, projection}`` (the first expected label; ``labels`` the label
    set), one per line, at ``path``; returns ``path``."""
    rows = (
        json.dumps({"id": it.id, "expected": it.expected[0], "label_set": list(labels), "projection": it.projection})
        for it in items
    )
    path.write_text("".join(r + "\n" for r in rows), encoding="utf-8")
    return path
