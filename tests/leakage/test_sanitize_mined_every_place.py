"""Mined evidence is about a value, so the sanitizer cuts a mined code wherever the string holds it (QA 18 leak).

An account's usage as CSV in a string, three monthly rows; a segment column holds a code per label on about half the
accounts (the same code on each row). The mined token's finding points at its first place and the n-grams it rides
in ("S2 2026 02") span the line break: ``--mode span`` cut those spans, joining the rows
(``2026-01,3,1,,7,1,,12,2,S2``), and left the last row's code (76 items still leaking).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage import cuts

LABELS = ["churn", "stay"]


def _dataset(path: Path) -> list[dict]:
    rng = random.Random(5)
    rows = []
    for i in range(200):
        label = rng.choice(LABELS)
        seg = {"churn": "S9", "stay": "S2"}[label] if rng.random() < 0.45 else rng.choice(["S4", "S5", "S6"])
        csv = "month,logins,tickets,segment\n" + "\n".join(
            f"2026-{m:02d},{rng.randint(0, 40)},{rng.randint(0, 5)},{seg}" for m in range(1, 4)
        )
        rows.append({"id": f"u{i}", "expected": label, "label_set": LABELS, "projection": {"usage_csv": csv}})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return rows


@pytest.mark.parametrize("mode", ["span", "sentence"])
def test_a_mined_code_is_cut_on_every_row_and_the_rows_stay(tmp_path: Path, mode: str) -> None:
    """Sentence mode took every row holding the code (the sentence of a row is the row): the usage numbers went with
    it, 3,838 characters where the codes are 498. The code is a whole cell: the cell goes, in either mode."""
    rows = _dataset(tmp_path / "usage.jsonl")
    out = tmp_path / "clean.jsonl"
    outcome = sanitize_flow(SanitizeRequest(dataset=tmp_path / "usage.jsonl", output=out, mode=mode, mine=True))
    assert outcome.summary["still_leaking"] == 0
    for before, line in zip(rows, out.read_text(encoding="utf-8").splitlines(), strict=True):
        was, now = before["projection"]["usage_csv"], json.loads(line)["projection"]["usage_csv"]
        assert now.count("\n") == was.count("\n")  # every row kept
        if ",S9" in was or ",S2" in was:
            assert now == "\n".join(r.rsplit(",", 1)[0] + "," if r[0].isdigit() else r for r in was.split("\n"))
        else:
            assert now == was


def test_a_whole_cell_is_one_under_a_line_with_as_many_delimiters() -> None:
    table = "month,logins,segment\n2026-01,3,S2\n2026-02,7, S2 \nnote: S2 here, and there"
    at = [i for i in range(len(table)) if table.startswith("S2", i)]
    assert [cuts.in_table_cell(table, (i, i + 2)) for i in at] == [True, True, False]
    assert not cuts.in_table_cell("S2,x", (0, 2))  # no line above: no table


def test_every_occurrence_is_whole_tokens_only() -> None:
    text = "S2 at 1; s2 at 2; S23 and XS2 are other words; (S2)"
    assert [text[a:b] for a, b in cuts.every_occurrence(text, (0, 2))] == ["S2", "s2", "S2"]
