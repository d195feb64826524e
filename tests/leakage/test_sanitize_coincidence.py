"""One coincidence, one cut (:mod:`windtunnel.leakage.coincidence`).

ds23 ``vgm_tolerance``: a cut-off report lists the held containers, this record's own among them when it is out of
tolerance. Read with the record's own words masked, the list's member reads ``…`` on exactly those records, and so does
the record's own ``container_no`` (the list repeats it): mining grouped the two readings as one candidate, the finding
sat at both places, the identifier was blanked on the held records and then, by the edit watch, on every record (52
clean records of 52 rewritten). The sanitizer now cuts the coincidence at the end the fewest records fill.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from windtunnel.flows import leak as leak_flow
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.coincidence import one_end
from windtunnel.leakage.model import Finding


def _number(rng: random.Random) -> str:
    return rng.choice(["TGHU", "MSCU", "CMAU", "OOLU"]) + str(rng.randint(1000000, 9999999))


def _dataset(path: Path) -> Path:
    """160 records of two labels; 96 carry a cut-off report (out of tolerance: their own container among the held)."""
    rng = random.Random(7)
    rows = []
    for i in range(160):
        label = "out" if i % 2 else "in"
        own = _number(rng)
        proj: dict[str, object] = {
            "task": "Is the weighed mass within 5 % of the declared one?",
            "shipment": {"container_no": own, "declared_kg": rng.randint(5000, 30000)},
            "weighing": {"gross_kg": rng.randint(5000, 30000)},
        }
        if i % 5 < 3:
            held = [_number(rng) for _ in range(rng.randint(1, 4))]
            if label == "out":
                held.insert(rng.randint(0, len(held)), own)
            proj["cutoff_report"] = {"vessel": "Elba", "held": held}
        rows.append({"id": f"c{i:03d}", "expected": label, "label_set": ["in", "out"], "projection": proj})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _run(tmp_path: Path) -> tuple[list[dict], list[dict]]:
    data = _dataset(tmp_path / "v.jsonl")
    out = tmp_path / "v.clean.jsonl"
    sanitize_flow(
        SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/shipment/declared_kg", "/weighing"])
    )
    read = lambda p: [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()]  # noqa: E731
    return read(data), read(out)


def test_the_identifier_keeps_its_bytes_and_the_member_is_cut(tmp_path: Path) -> None:
    before, after = _run(tmp_path)
    for a, b in zip(before, after, strict=True):
        assert b["projection"]["shipment"] == a["projection"]["shipment"]
        if "cutoff_report" not in a["projection"]:
            assert a == b  # a record with no report is clean: byte for byte
        elif a["expected"] == "out":
            assert a["projection"]["shipment"]["container_no"] not in b["projection"]["cutoff_report"]["held"]


def test_without_the_rule_the_identifier_goes_on_every_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other way: both ends cut, the identifier blanked (on every record, once the watch sees it)."""
    monkeypatch.setattr(leak_flow, "cut_once", lambda extra, _population: dict(extra))
    before, after = _run(tmp_path)
    assert any(b["projection"]["shipment"]["container_no"] == "" for b in after)
    assert any(a != b for a, b in zip(before, after, strict=True) if "cutoff_report" not in a["projection"])


def _mined(pointer: str, detail: str = "d", value: str = "…", view: str = "template") -> Finding:
    return Finding("i", "correlated", "medium", pointer, "mined", None, view, "correlated.mined", detail, value)


def test_one_end_keeps_the_least_filled_field_only_for_a_wholly_masked_value() -> None:
    a, b = _mined("/shipment/container_no"), _mined("/report/held/2")
    assert one_end([a, b], {"/shipment/container_no": 150, "/report/held/*": 60}) == [b]
    assert one_end([a, b], {"/shipment/container_no": 60, "/report/held/*": 60}) == [a, b]  # filled alike: both
    raw = [_mined("/shipment/container_no", value="TGHU1"), _mined("/report/held/2", value="TGHU1", view="raw")]
    assert one_end(raw, {"/shipment/container_no": 150, "/report/held/*": 60}) == raw  # a value of its own: as ever
    other = [a, _mined("/report/held/2", detail="another candidate")]
    assert one_end(other, {"/shipment/container_no": 150, "/report/held/*": 60}) == other


def _fewer_ids(path: Path) -> Path:
    """The review's repro: the held list on every record, the record's own ``container_no`` on 64 of 160 only (the
    sparser field); out of tolerance, the own number among the held."""
    rng = random.Random(7)
    rows = []
    for i in range(160):
        label = "out" if i % 2 else "in"
        own = _number(rng)
        held = [_number(rng) for _ in range(rng.randint(1, 4))]
        if label == "out":
            held.insert(rng.randint(0, len(held)), own)
        shipment: dict[str, object] = {"declared_kg": rng.randint(5000, 30000)}
        if i % 5 < 2:
            shipment["container_no"] = own
        proj = {"task": "Within 5 %?", "shipment": shipment, "weighing": {"gross_kg": rng.randint(5000, 30000)}}
        proj["cutoff_report"] = {"vessel": "Elba", "held": held}
        rows.append({"id": f"c{i:03d}", "expected": label, "label_set": ["in", "out"], "projection": proj})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_sparser_identifier_keeps_its_bytes_and_the_held_list_is_cut(tmp_path: Path) -> None:
    """The fill count would cut the identifier here (the sparser field) and leave the own number in the held list."""
    data = _fewer_ids(tmp_path / "f.jsonl")
    out = tmp_path / "f.clean.jsonl"
    sanitize_flow(
        SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/shipment/declared_kg", "/weighing"])
    )
    read = lambda p: [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()]  # noqa: E731
    for a, b in zip(read(data), read(out), strict=True):
        assert b["projection"]["shipment"] == a["projection"]["shipment"]
        own = a["projection"]["shipment"].get("container_no")
        if own is not None:
            assert own not in b["projection"]["cutoff_report"]["held"]


def test_every_end_the_mask_covers_in_part_is_cut_and_the_whole_ones_kept() -> None:
    a, b, c = _mined("/shipment/container_no"), _mined("/report/held/2"), _mined("/booking/ref")
    fills = {"/shipment/container_no": 60, "/report/held/*": 150, "/booking/ref": 60}
    assert one_end([a, b, c], fills, {"/report/held/*"}) == [b]  # the sparser identifiers kept all the same
    assert one_end([a, b, c], fills, {"/report/held/*", "/booking/ref"}) == [b, c]
    assert one_end([a, b, c], fills) == [a, c]  # every end covered whole: the fill count decides
