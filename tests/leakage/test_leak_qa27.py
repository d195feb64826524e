"""QA-27 findings on the leakage auditor, each pinned by a test that failed before its fix."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import wt as run
from windtunnel.flows import leak as leak_flow
from windtunnel.flows.events import Notice
from windtunnel.flows.leak import ScanRequest, check_flow, scan_flow

LABELS = ["refund", "password_reset", "shipping_delay"]
BODIES = [
    "I tried the app and the website and nothing works as expected.",
    "Could you tell me what the next steps are?",
    "Let me know if you need more details from my side.",
]


def _tickets(n: int, *, seed: int = 7) -> list[dict[str, object]]:
    """Tickets of three labels whose ``shipping_delay`` ones alone carry a tracking object (a field present on one
    label only: the mined presence leak)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        lab = LABELS[i % 3]
        ticket: dict[str, object] = {"body": rng.choice(BODIES), "tier": rng.choice(["gold", "silver", "bronze"])}
        if lab == "shipping_delay":
            ticket["carrier_tracking"] = {"number": f"1Z{rng.randrange(10**8, 10**9)}"}
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": LABELS, "projection": {"ticket": ticket}})
    return rows


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_check_gives_the_reason_sanitize_gave_for_a_place_it_leaves(tmp_path: Path) -> None:
    # ``leak sanitize --mine`` leaves the mined presence leak as not-removed; ``leak check --mine`` of its output, with
    # the same options, said "the sanitizer removes it: sanitize again", a fix that changes nothing
    raw = _write(tmp_path / "raw.jsonl", _tickets(48))
    clean = tmp_path / "clean.jsonl"
    stats = tmp_path / "stats.jsonl"
    assert run("leak", "sanitize", str(raw), "--mine", "-o", str(clean), "--stats", str(stats)) == 1
    given = {
        row["reason"]
        for line in stats.read_text().splitlines()
        for row in json.loads(line).get("residual_left", [])
        if isinstance(row, dict) and "reason" in row
    }
    assert given == {"not-removed"}  # else this checks nothing
    rows = check_flow(raw, clean, mine=True).summary["still_leaking_left"]
    assert rows
    assert {r["reason"] for item in rows.values() for r in item} == {"not-removed"}


def test_a_derive_from_covering_every_field_is_an_alert(tmp_path: Path) -> None:
    # ``--derive-from ticket`` names the object holding every field: mining and the blind baseline read nothing, and
    # the scan said "0 leaked, exit 0" without a word
    raw = _write(tmp_path / "raw.jsonl", _tickets(48))
    said: list[Notice] = []
    outcome = scan_flow(ScanRequest(dataset=raw, derive_from=["ticket"], mine=True), said.append)
    alerts = [n.text for n in said if isinstance(n, Notice) and n.kind == "alert"]
    assert len(alerts) == 1
    assert "--derive-from 'ticket' covers every field the items hold" in alerts[0]
    assert "e.g. --derive-from /ticket/body" in alerts[0]
    assert outcome.summary["leaked_items"] == 0  # what the alert is about
    said.clear()
    scan_flow(ScanRequest(dataset=raw, derive_from=["/ticket/body"], mine=True), said.append)
    assert not [n for n in said if isinstance(n, Notice) and "covers every field" in n.text]


def test_no_alert_where_a_field_outside_the_input_comes_late_in_the_file(tmp_path: Path) -> None:
    """Review 27q: only the first 200 items were read, so a field outside the input first held by a later item was
    missed and the alert said the input covered every field."""
    rows = _tickets(260)
    for r in rows[230:]:
        r["projection"]["queue_note"] = "moved by the night shift"  # type: ignore[index]
    raw = _write(tmp_path / "raw.jsonl", rows)
    said: list[Notice] = []
    scan_flow(ScanRequest(dataset=raw, derive_from=["ticket"], mine=True), said.append)
    assert not [n for n in said if isinstance(n, Notice) and "covers every field" in n.text]
    early = _write(tmp_path / "early.jsonl", rows[:230])  # the same items but the late ones: alerted
    scan_flow(ScanRequest(dataset=early, derive_from=["ticket"], mine=True), said.append)
    assert [n for n in said if isinstance(n, Notice) and "covers every field" in n.text]


@pytest.mark.parametrize("stray", [{"note": None}, {"note": ""}, {"note": {}}, {"note": "see above"}, None])
def test_one_stray_field_outside_the_input_does_not_silence_the_alert(tmp_path: Path, stray: object) -> None:
    """Review 28a: one item holding an empty field outside the input (or being an empty object), anywhere in the file,
    turned the alert off, though mining tests nothing held by fewer than five records."""
    rows = _tickets(48)
    extra = {"id": "T-x", "expected": LABELS[0], "label_set": LABELS}
    rows.insert(30, {**extra, "projection": {**rows[0]["projection"], **stray} if stray is not None else {}})  # type: ignore[dict-item]
    raw = _write(tmp_path / "raw.jsonl", rows)
    said: list[Notice] = []
    scan_flow(ScanRequest(dataset=raw, derive_from=["ticket"], mine=True), said.append)
    assert [n for n in said if isinstance(n, Notice) and "covers every field" in n.text]


@pytest.mark.parametrize("derive_from", [["/review"], ["review"], ["/title", "/review"]])
def test_no_alert_where_the_input_named_is_the_prose_field_itself(tmp_path: Path, derive_from: list[str]) -> None:
    """Review 27q: a record holding only its text (or its title and text), the text named as the input, was alerted
    and told to name the very field it named."""
    rng = random.Random(3)
    rows = [
        {
            "id": f"r{i}",
            "expected": rng.choice(["pos", "neg"]),
            "label_set": ["neg", "pos"],
            "projection": {"title": f"Item {i}", "review": " ".join(rng.choice(BODIES).split()[:12]) + f" ({i})"},
        }
        for i in range(48)
    ]
    if derive_from == ["/review"] or derive_from == ["review"]:
        rows = [{**r, "projection": {"review": r["projection"]["review"]}} for r in rows]  # type: ignore[index]
    raw = _write(tmp_path / "raw.jsonl", rows)
    said: list[Notice] = []
    scan_flow(ScanRequest(dataset=raw, derive_from=derive_from, mine=True), said.append)
    assert not [n for n in said if isinstance(n, Notice) and "covers every field" in n.text]


def test_a_dotted_derive_from_is_told_its_pointer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = _write(tmp_path / "raw.jsonl", _tickets(6))
    assert run("leak", "scan", str(raw), "--derive-from", "ticket.body") == 2
    assert "'ticket.body' (did you mean '/ticket/body'?" in capsys.readouterr().err


def test_a_ctrl_c_before_the_first_item_names_only_the_pass_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # ``leak scan --no-mine`` stopped in its agreement pass said "while mining or reading the dataset"
    raw = _write(tmp_path / "raw.jsonl", _tickets(30))

    def stopped(items: Iterator[object], **_: object) -> None:
        next(iter(items))  # the pass has begun
        raise KeyboardInterrupt

    monkeypatch.setattr(leak_flow, "agreement_of", stopped)
    assert run("leak", "scan", str(raw), "--no-mine") == 130
    err = capsys.readouterr().err
    assert "interrupted before the first item (while reading the dataset for agreement evidence)" in err
    assert "mining" not in err


def test_a_dataset_given_to_baseline_as_results_is_told_to_simulate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = _write(tmp_path / "raw.jsonl", _tickets(6))
    assert run("leak", "baseline", str(raw)) == 2
    assert "--simulate copy|blind --dataset" in capsys.readouterr().err
