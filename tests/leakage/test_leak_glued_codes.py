"""A label glued to a code's digits (``SND-T05-MSE20`` holds ``MSE``) is decided by the dataset, not by one record.

Invented data. A wind-farm ticket's functional location carries, on some records, the component's system code glued
to a serial number: that place rides with the record's label across the dataset, a leak (principle 1, from the
agreement evidence). The look-alikes are ordinary codes whose letters happen to spell a label or an alias (``MED2``
a ward, ``NO2`` a gas, ``HI5`` a room, ``63XL`` a part, ``IPHONE15PRO`` a device, ``NT46NO`` a postcode): they stand
on records of every label, so they are not flagged, and the sanitizer leaves those records byte for byte, a
``--derive-from`` field included.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow

RDS = ["MDA", "MDC", "MDK", "MKA", "MDL", "MSE"]
_SITES = ["SND", "BLM", "HVS", "KRN", "GSV", "NHW"]
_FINDINGS = ["Noise from main shaft area.", "Pitch motor tripped twice.", "Converter fault cleared.", "Yaw error."]


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _turbines(n: int = 60) -> tuple[list[dict[str, Any]], list[bool]]:
    """``n`` tickets; every other one's location ends with its own component code glued to a serial."""
    rng = random.Random(3)
    rows, leaking = [], []
    for i in range(n):
        label = RDS[i % len(RDS)]
        loc = f"{rng.choice(_SITES)}-T{rng.randrange(1, 43):02d}"
        glued = i % 2 == 0
        if glued:
            loc += f"-{label}{rng.choice(['01', '10', '20'])}"
        proj = {
            "ticket": {"work_order": str(40000000 + i), "functional_location": loc, "priority": "2"},
            "technician_report": rng.choice(_FINDINGS),
        }
        rows.append({"id": f"t{i}", "expected": label, "label_set": RDS, "projection": proj})
        leaking.append(glued)
    return rows, leaking


def _flagged(path: Path, *, derive_from: list[str], agreement: bool | None = None, mine: bool = True) -> list[bool]:
    out = io.BytesIO()
    req = ScanRequest(dataset=path, fmt="json", stream=out, mine=mine, derive_from=derive_from, agreement=agreement)
    scan_flow(req)
    return [bool(it["leaked"]) for it in json.loads(out.getvalue())["items"]]


def test_a_label_glued_to_a_codes_digits_that_rides_with_the_label_is_found(tmp_path: Path) -> None:
    rows, leaking = _turbines()
    path = _write(tmp_path / "turbines.jsonl", rows)
    # the agreement evidence alone (no mining, on by default): the place follows the record's label
    assert _flagged(path, derive_from=["/technician_report"], mine=False) == leaking
    # one record alone cannot tell: without the dataset's evidence the glued code is for review, not flagged
    assert not any(_flagged(path, derive_from=["/technician_report"], agreement=False, mine=False))
    clean = tmp_path / "turbines.clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=path, output=clean, mine=False, derive_from=["/technician_report"]))
    after = [json.loads(line)["projection"] for line in clean.read_text(encoding="utf-8").splitlines()]
    for raw, done in zip(rows, after, strict=True):
        # the code is cut (on every record: a field cut on one label's records only would tell by its absence),
        # the task's input is not
        assert done["technician_report"] == raw["projection"]["technician_report"]
        assert raw["expected"] not in done["ticket"]["functional_location"]


# (label set, the codes a record's field holds, drawn apart from its label: their letters spell a label)
_LOOK_ALIKES = [
    (["low", "med", "hi"], ["MED2", "HI5", "MED4", "HI2"]),
    (["yes", "no"], ["NO2", "NT46NO", "NO3"]),
    (["S", "M", "L", "XL"], ["63XL", "12XL"]),
    (["free", "pro", "enterprise"], ["IPHONE15PRO", "MBP14PRO"]),
]


def _look_alikes(labels: list[str], codes: list[str], n: int = 60) -> list[dict[str, Any]]:
    """``n`` records whose code is drawn apart from the label: every code stands on records of every label."""
    rng = random.Random(11)
    rows = []
    for i in range(n):
        label = labels[i % len(labels)]
        proj = {"asset": {"code": rng.choice(codes), "site": "depot 4"}, "note": f"ref {rng.choice(codes)} checked"}
        rows.append({"id": f"r{i}", "expected": label, "label_set": labels, "projection": proj})
    return rows


@pytest.mark.parametrize(("labels", "codes"), _LOOK_ALIKES)
def test_codes_whose_letters_spell_a_label_but_do_not_track_it_are_not_flagged(
    tmp_path: Path, labels: list[str], codes: list[str]
) -> None:
    path = _write(tmp_path / "codes.jsonl", _look_alikes(labels, codes))
    for derive_from in ([], ["/note"]):
        assert not any(_flagged(path, derive_from=derive_from))
        assert not any(_flagged(path, derive_from=derive_from, agreement=False))
        clean = tmp_path / "codes.clean.jsonl"
        sanitize_flow(SanitizeRequest(dataset=path, output=clean, mine=True, derive_from=derive_from))
        assert clean.read_bytes() == path.read_bytes()


def _reviewed(path: Path, *, derive_from: list[str], agreement: bool | None = None) -> int:
    out = io.BytesIO()
    req = ScanRequest(dataset=path, fmt="json", stream=out, derive_from=derive_from, agreement=agreement)
    scan_flow(req)
    return sum(bool(it["review"]) for it in json.loads(out.getvalue())["items"])


@pytest.mark.parametrize(("labels", "codes"), _LOOK_ALIKES)
def test_glued_look_alikes_the_dataset_found_at_chance_are_not_left_for_review(
    tmp_path: Path, labels: list[str], codes: list[str]
) -> None:
    # the agreement tested the place and found it at chance: the dataset cleared the code, no review finding, and
    # the sanitizer's --redact-review leaves the records whole; where the evidence cannot test (--no-agreement),
    # the glued match stays for review
    path = _write(tmp_path / "codes.jsonl", _look_alikes(labels, codes))
    assert _reviewed(path, derive_from=[]) == 0
    assert _reviewed(path, derive_from=[], agreement=False) > 0
    clean = tmp_path / "codes.clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=path, output=clean, redact_review=True))
    assert clean.read_bytes() == path.read_bytes()


def test_glued_mentions_never_crowd_out_an_ordinary_mention(tmp_path: Path) -> None:
    # a log of 70 glued codes read first holds more mentions than an item keeps; the note read after it states the
    # record's label in a place that follows it on every record: the agreement evidence must still see it
    labels = ["Billing", "Outage", "Access"]
    rng = random.Random(2)
    rows = []
    for i in range(40):
        label = labels[i % 3]
        log = " ".join(f"{rng.choice(labels).upper()}{rng.randrange(10, 99)}" for _ in range(70))
        note = f"Customer wrote again; the {label.lower()} thing is still open, see thread."
        rows.append(
            {"id": f"r{i}", "expected": label, "label_set": labels, "projection": {"a_log": log, "z_note": note}}
        )
    path = _write(tmp_path / "cap.jsonl", rows)
    assert all(_flagged(path, derive_from=[], mine=False))


def test_a_blank_a_decoded_view_holds_before_a_digit_is_no_glued_split(tmp_path: Path) -> None:
    # ``priorityHigh%202`` decodes to ``priorityHigh 2``: ``High`` is the hump's word with a number after it, a
    # per-record leak as before the glued split existed, not a glued code left to the dataset
    labels = ["Low", "Medium", "High"]
    rows = [
        {
            "id": f"r{i}",
            "expected": labels[i % 3],
            "label_set": labels,
            "projection": {"t": {"url": f"https://x.example/q?r=priority{labels[i % 3]}%202"}, "summary": "Disk full."},
        }
        for i in range(30)
    ]
    path = _write(tmp_path / "decoded.jsonl", rows)
    assert all(_flagged(path, derive_from=[], agreement=False, mine=False))


def test_glued_codes_of_several_labels_in_one_string_are_not_left_for_review(tmp_path: Path) -> None:
    # a maintenance log each record holds codes of every label in: a listing tells nothing of the record's own, so
    # the glued matches are dropped where the evidence ran, and stay for review where it did not
    labels = ["MDA", "MDC", "MDK", "MSE"]
    rng = random.Random(5)
    rows = []
    for i in range(60):
        log = "\n".join(
            f"{rng.randint(10, 23)}:0{i % 6} SND-T0{k}-{rng.choice(labels)}{rng.randint(10, 99)} checked"
            for k in range(5)
        )
        rows.append({"id": f"r{i}", "expected": labels[i % 4], "label_set": labels, "projection": {"log": log}})
    path = _write(tmp_path / "log.jsonl", rows)
    assert _reviewed(path, derive_from=[]) == 0
    assert _reviewed(path, derive_from=[], agreement=False) > 0
    clean = tmp_path / "log.clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=path, output=clean, redact_review=True))
    assert clean.read_bytes() == path.read_bytes()


def test_a_glued_code_agreeing_above_chance_below_the_bar_stays_for_review(tmp_path: Path) -> None:
    # review of the first version: the code names the record's label on 75 % of the records (chance 33 %), short of
    # the 80 % a promotion asks; the dataset does not clear such a place, so each match stays for a person
    labels = ["MSE", "OVH", "BRK"]
    rng = random.Random(9)
    rows = []
    for i in range(150):
        label = labels[i % 3]
        code = label if rng.random() < 0.75 else rng.choice([x for x in labels if x != label])
        log = f"unit SND-T{rng.randint(10, 99)}-{code}{rng.randint(10, 99)} tripped"
        rows.append({"id": f"r{i}", "expected": label, "label_set": labels, "projection": {"log": log}})
    path = _write(tmp_path / "p75.jsonl", rows)
    agreeing = sum(r["expected"] in r["projection"]["log"] for r in rows)
    assert _reviewed(path, derive_from=[]) == agreeing
