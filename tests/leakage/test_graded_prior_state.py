"""Principle 8 in the agreement evidence: a label read at a field of prior states is input-side evidence, for review.

A wash-fastness lab records the previous lot's grade beside this lot's measurements: the same scale, the grade
this lot had last time, equal to this lot's grade on about half of the records and a neighbouring grade on the
rest. The per-item audit reads a label as the whole value there (principle 1); across the dataset the field's
values only make a label likelier, so the finding is for review and the sanitizer keeps the bytes. A grade
written by the decision (a certificate's grade) equals the answer wherever it appears and stays a leak; so does an
earlier model's output, however often it is right (principle 1).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow

GRADES = ["1", "2", "3", "4", "5"]
INPUT = ["/colorimetry"]


def _rows(seed: int = 5, n: int = 150, *, field: str = "previous_lot", agree: float = 0.5) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        de = round(rng.uniform(0.1, 9.0), 2)
        grade = "5" if de <= 0.8 else "4" if de <= 1.7 else "3" if de <= 3.4 else "2" if de <= 6.8 else "1"
        projection: dict = {"colorimetry": {"delta_e": de}, "request": {"client": rng.choice(["Kappa", "Blue Loom"])}}
        if rng.random() < 0.4:
            if rng.random() < agree:
                other = grade
            else:
                other = GRADES[min(4, max(0, GRADES.index(grade) + rng.choice([-1, 1])))]
            projection[field] = {"grade": int(other)}
        rows.append({"id": f"t{i}", "expected": grade, "label_set": GRADES, "projection": projection})
    return rows


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _findings(path: Path, pointer: str) -> list[dict]:
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, derive_from=INPUT, show_values=True))
    return [f for it in json.loads(out.getvalue())["items"] for f in it["findings"] if f["pointer"] == pointer]


def test_a_previous_grade_equal_to_the_answer_is_for_review(tmp_path: Path) -> None:
    found = _findings(_write(tmp_path / "wash.jsonl", _rows()), "/previous_lot/grade")
    assert len(found) >= 15, "the audit still reads the label there"
    assert all(f["severity"] == "low" and "only make a label likelier" in f["detail"] for f in found)


def test_the_sanitizer_keeps_the_previous_grade(tmp_path: Path) -> None:
    src = _write(tmp_path / "wash.jsonl", _rows())
    out = tmp_path / "wash.sanitized.jsonl"
    sanitize_flow(SanitizeRequest(dataset=src, output=out, derive_from=INPUT))
    assert out.read_bytes() == src.read_bytes()


def test_a_grade_written_by_the_decision_stays_a_leak(tmp_path: Path) -> None:
    found = _findings(_write(tmp_path / "cert.jsonl", _rows(field="certificate", agree=1.0)), "/certificate/grade")
    assert len(found) >= 40
    assert all(f["severity"] == "high" for f in found)


def test_an_earlier_models_output_stays_a_leak_however_often_it_is_right(tmp_path: Path) -> None:
    rows = _rows(field="model_prediction")
    found = _findings(_write(tmp_path / "model.jsonl", rows), "/model_prediction/grade")
    assert len(found) >= 15
    assert all(f["severity"] in ("high", "medium") for f in found)
