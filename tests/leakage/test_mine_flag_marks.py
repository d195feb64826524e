"""A value read with its object's flag (:mod:`windtunnel.leakage.flag_marks`).

ds33 ``eld_hos_violation``: a roadside inspection cites a section of the rules; an earlier inspection's citation
(``oos: false``) is history, on records of every label, while the citation that put the driver out of service
(``oos: true``) is this log's violation. The section alone is mixed and was never mined: 19 of 60 leaks were missed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage.flag_marks import flagged_values

SECTIONS = {
    "11-hour": "395.3(a)(3)(i)",
    "14-hour": "395.3(a)(2)",
    "30-minute": "395.3(a)(3)(ii)",
    "70-hour": "395.3(b)",
}


def _logs(path: Path, *, leak: bool) -> Path:
    """240 driver logs; a third carry an inspection after the log whose out-of-service citation is the answer's
    section (``leak``) or one drawn apart from it; a third carry an earlier inspection citing any section."""
    rng = random.Random(5)
    labels = list(SECTIONS)
    with path.open("w", encoding="utf-8") as f:
        for i in range(240):
            label = labels[i % 4]
            proj: dict[str, object] = {
                "instruction": "Which hours-of-service limit was violated: " + ", ".join(labels) + "?",
                "log": {"driving_h": rng.randint(5, 13), "window_h": rng.randint(8, 16), "events": rng.randint(3, 9)},
            }
            if i % 3 == 0:
                cited = SECTIONS[label] if leak else SECTIONS[rng.choice(labels)]
                proj["inspection"] = {"level": "II", "violations": [{"section": cited, "oos": True, "unit": "D"}]}
            elif i % 3 == 1:
                cited = SECTIONS[rng.choice(labels)]
                proj["inspection"] = {"level": "III", "violations": [{"section": cited, "oos": False, "unit": "D"}]}
            row = {"id": f"l{i:03d}", "expected": label, "label_set": labels, "projection": proj}
            f.write(json.dumps(row) + "\n")
    return path


def test_flagged_values() -> None:
    proj = {
        "inspection": {"violations": [{"section": "395.3(a)(2)", "oos": True, "note": "driver cooperative"}]},
        "settings": {"a": True, "b": False, "c": True, "d": False, "mode": "x"},  # a settings object: too many flags
        "log": {"driving_h": 11, "final": False},
    }
    got = {k for k, _w in flagged_values(proj, ["/log"])}
    assert got == {
        ("value", "/inspection/violations/*/section@oos=true", "395.3(a)(2)"),
        ("value", "/inspection/violations/*/note@oos=true", "driver cooperative"),
    }
    where = dict(flagged_values(proj, ["/log"]))
    assert where[("value", "/inspection/violations/*/section@oos=true", "395.3(a)(2)")][0] == (
        "/inspection/violations/0/section"
    )


def test_a_citation_read_with_its_flag_is_found(tmp_path: Path) -> None:
    data = _logs(tmp_path / "leak.jsonl", leak=True)
    out = scan_flow(ScanRequest(dataset=data, mine=True, derive_from=["/log"], keep=None))
    leaking = {f"l{i:03d}" for i in range(0, 240, 3)}
    flagged = {a.item for a in out.audits if a.leaked}
    assert flagged == leaking


def test_a_flagged_citation_apart_from_the_label_is_not(tmp_path: Path) -> None:
    data = _logs(tmp_path / "clean.jsonl", leak=False)
    out = scan_flow(ScanRequest(dataset=data, mine=True, derive_from=["/log"], keep=None))
    assert out.summary["leaked_items"] == 0


def test_values_read_with_a_flag_that_alone_tells_the_label_are_left_to_the_flag(tmp_path: Path) -> None:
    """Review 47b: a ticket copying the input's ``urgent`` flag made its queue and its agent, read with the flag, ride
    with ``escalate``; sanitize then blanked those random fields on 88 records. The flag alone tells the label: the
    values read with it add nothing."""
    rng = random.Random(9)
    path = tmp_path / "tickets.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for i in range(240):
            urgent = i % 3 == 0
            label = "escalate" if urgent else rng.choice(["queue", "close"])
            proj = {
                "input": {"urgent": urgent, "words": rng.randint(10, 400)},
                "ticket": {"queue": rng.choice("ABCDE"), "agent": f"agent-{rng.randint(1, 26)}", "urgent": urgent},
            }
            row = {"id": f"t{i}", "expected": label, "label_set": ["escalate", "queue", "close"], "projection": proj}
            f.write(json.dumps(row) + "\n")
    stats = tmp_path / "st.jsonl"
    sanitize_flow(
        SanitizeRequest(dataset=path, output=tmp_path / "o.jsonl", stats=stats, mine=True, derive_from=["/input"])
    )
    cut = {r["pointer"] for line in stats.read_text().splitlines() for r in json.loads(line)["redactions"]}
    assert not {p for p in cut if p.endswith(("/queue", "/agent"))}
