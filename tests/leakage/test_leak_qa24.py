"""QA-24 findings on the leakage auditor: the correlated map, presence-only leaks, the map `leak mine -o` writes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.clirun import wt as run

LABELS = ["billing", "technical", "account"]
MESSAGES = {
    "billing": ["I was charged twice this month", "My invoice shows the wrong amount", "Please send a receipt"],
    "technical": ["The app crashes when I open settings", "Sync stops after a few minutes", "Blank screen on login"],
    "account": ["I cannot reset my password", "Please change the email on my profile", "Add a second user"],
}
CODES = {"billing": "RX-4417", "technical": "RX-9023", "account": "RX-2650"}


def _tickets(n: int, *, seed: int = 4) -> list[dict[str, object]]:
    """Support tickets whose routing code is the label's (a rider outside the task's message)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        lab = LABELS[i % 3]
        projection = {"message": rng.choice(MESSAGES[lab]), "tier": rng.choice(["free", "pro"]), "code": CODES[lab]}
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": LABELS, "projection": projection})
    return rows


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_the_copy_baseline_reads_the_pointer_entries_of_a_mined_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`leak mine -o` writes a whole value mined at a pointer as {pointer, value}; the scan read those entries and
    the copy baseline dropped them (0.333, inconclusive, while the scan flagged 48/48). One reading of the map now."""
    data = _write(tmp_path / "d.jsonl", _tickets(48))
    cmap = tmp_path / "map.json"
    cmap.write_text(json.dumps({lab: [{"pointer": "/code", "value": code}] for lab, code in CODES.items()}))
    assert run("leak", "scan", str(data), "--no-mine", "--correlated-map", str(cmap)) == 1
    capsys.readouterr()
    rc = run("leak", "baseline", "--simulate", "copy", "--dataset", str(data), "--correlated-map", str(cmap))
    out = capsys.readouterr().out
    assert rc == 1, out
    assert "pass rate=1.000" in out and "/code" in out, out
