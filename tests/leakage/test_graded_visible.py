"""Principle 7 made visible: what the blind agent leaves out as graded is named, with its pass rate reading it too.

By shape alone a noisy value set with the answer cannot be told from another measurement of the subject: the blind
baseline runs its agent without and with the graded fields (same folds), keeps the exit of the first, and says when
it is above chance only through them. The user's word overrides the shape: a field holding a value the user names as
correlated (``correlated_values``, ``--correlated-map``) is never graded, and the agent reads it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.events import Notice
from windtunnel.flows.leak import Fields, SanitizeRequest, sanitize_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.graded import graded_fields
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.shortcuts import blind_shortcuts

LABELS = ["low", "mid", "high"]
INPUT = ["/application"]


def _rows(seed: int = 11, n: int = 180, *, told: str | None = None) -> list[dict[str, Any]]:
    """A permit's risk score beside the scores the rule reads: each label's score spread, overlapping its
    neighbours' (graded by shape), right most of the time."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        a, b = rng.randint(0, 9), rng.randint(0, 9)
        label = LABELS[0] if a + b < 7 else LABELS[1] if a + b < 12 else LABELS[2]
        risk = round(min(1.0, max(0.0, LABELS.index(label) * 0.33 + 0.15 + rng.gauss(0, 0.14))), 3)
        row: dict[str, Any] = {
            "id": f"p{i}",
            "expected": label,
            "label_set": LABELS,
            "projection": {"application": {"a": a, "b": b, "county": rng.choice("NSEW")}, "screening": {"risk": risk}},
        }
        if told is not None:
            row["correlated_values"] = [told]
        rows.append(row)
    return rows


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _baseline(path: Path) -> tuple[int, dict[str, Any]]:
    out = baseline_flow(BaselineRequest(simulate="blind", dataset=path, fields=Fields(), derive_from=INPUT))
    return int(out.exit_code), out.summary


def test_the_baseline_names_the_graded_fields_and_its_rate_with_them(tmp_path: Path) -> None:
    code, summary = _baseline(_write(tmp_path / "permits.jsonl", _rows()))
    assert code == 0 and summary["baseline"]["verdict"] != "leak"  # the exit is the run without them
    graded = summary["graded"]
    assert graded["fields"] == ["/screening/risk"]
    assert graded["verdict"] == "leak" and graded["pass_rate"] > summary["baseline"]["pass_rate"] + 0.2
    assert "above chance only through fields that look like input-side correlates: /screening/risk" in graded["message"]


def test_the_note_names_the_graded_fields_that_decided_not_every_graded_field(tmp_path: Path) -> None:
    """Beside the risk score, measurements that lean on nothing much are graded too (the shape test grades them):
    the note names the field whose reading decided the answers, with its count right, not the whole list."""
    rng = random.Random(5)
    rows = _rows()
    for row in rows:
        row["projection"]["patient"] = {"age": rng.randint(20, 90), "weight": round(rng.gauss(80, 12), 1)}
    code, summary = _baseline(_write(tmp_path / "permits.jsonl", rows))
    graded = summary["graded"]
    assert code == 0 and graded["verdict"] == "leak"
    deciding = [d["field"] for d in graded["deciding"]]
    assert deciding[0] == "/screening/risk" and len(graded["fields"]) > len(deciding)  # age and weight graded too
    note = graded["message"].split(" (pass rate")[0]
    assert "/screening/risk (" in note and " right)" in note
    assert all(f not in note for f in graded["fields"] if f not in deciding)


def test_a_field_the_user_names_as_correlated_is_never_graded(tmp_path: Path) -> None:
    rows = _rows()
    named = str(rows[0]["projection"]["screening"]["risk"])
    code, summary = _baseline(_write(tmp_path / "permits_told.jsonl", _rows(told=named)))
    assert code == 1 and summary["baseline"]["verdict"] == "leak"
    assert "graded" not in summary
    values = [{"/screening/risk": float(r["projection"]["screening"]["risk"])} for r in rows]
    labels = [r["expected"] for r in rows]
    assert graded_fields(values, labels, {"/screening/risk"}) == {"/screening/risk"}
    assert graded_fields(values, labels, {"/screening/risk"}, {named}) == set()


def test_the_sanitizer_names_what_it_left_as_graded(tmp_path: Path) -> None:
    rows = _rows()
    items = [LeakItem.from_mapping(r) for r in rows]
    left = blind_shortcuts(items, derive_from=INPUT)
    assert left is not None and left.graded == {"/screening/risk"}
    assert left.only_through_graded and left.with_graded is not None and left.with_graded[1] < 1e-6
    src, out = _write(tmp_path / "permits.jsonl", rows), tmp_path / "permits.clean.jsonl"
    events: list[Any] = []
    done = sanitize_flow(SanitizeRequest(dataset=src, output=out, mine=True, derive_from=INPUT), events.append)
    assert done.summary["blind_shortcuts"]["graded"] == ["/screening/risk"]
    assert done.summary["blind_shortcuts"]["with_graded"]["p_value"] < 1e-6
    said = " ".join(e.text for e in events if isinstance(e, Notice))
    assert "leaves out fields whose values only make a label likelier" in said and "/screening/risk" in said
    assert "above chance only through them" in said
    assert out.read_bytes() == src.read_bytes()
