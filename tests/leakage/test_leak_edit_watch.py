"""A sanitized dataset must not tell the answer by *how* it was edited (QA-12 major 1).

The datasets are invented: one label's riders are significant for the miner and the others' are not, so a
blank on that label's items alone would point at it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as run_cli
from windtunnel.flows.leak import Fields, SanitizeRequest, check_flow, sanitize_flow
from windtunnel.leakage.edit_watch import EliminationWatch

LABELS = ["Low", "Medium", "High", "Critical"]


def _rows() -> list[dict[str, object]]:
    """12 Low items carry `Q7` and a note; three items of each other label carry codes shared across labels
    or too rare to test; 20 items carry neither."""
    rows: list[dict[str, object]] = []
    for _ in range(12):
        rows.append({"expected": "Low", "proj": {"code": "Q7", "note": "Checked it. Priority: Low."}})
    for lab, code in (("Medium", "Q2"), ("High", "Q2"), ("Critical", "Q9")):
        for _ in range(3):
            rows.append({"expected": lab, "proj": {"code": code, "note": f"Checked it. Priority: {lab}."}})
    for i in range(20):
        rows.append({"expected": LABELS[1 + i % 3], "proj": {"title": f"ticket number {i}"}})
    return _records(rows)


def _records(rows: list[dict[str, object]], labels: list[str] = LABELS) -> list[dict[str, object]]:
    """``rows`` (``expected``, ``proj``) as the dataset's records, numbered ``t0``, ``t1`` …"""
    return [
        {"id": f"t{i}", "expected": r["expected"], "label_set": labels, "projection": r["proj"]}
        for i, r in enumerate(rows)
    ]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_mined_values_of_one_label_are_blanked_alike_on_every_label(tmp_path: Path) -> None:
    data = _write(tmp_path / "d.jsonl", _rows())
    clean, stats = tmp_path / "c.jsonl", tmp_path / "s.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, stats=stats, mine=True))
    assert out.summary["mined"].get("items_with_findings", 0) >= 12  # the miner found Q7 and the Low note
    recs = [json.loads(line) for line in clean.read_text().splitlines()]
    codes = {(r["expected"], r["projection"]["code"]) for r in recs if "code" in r["projection"]}
    notes = {r["projection"]["note"] for r in recs if "note" in r["projection"]}
    # The old code blanked `code` on the Low items only (Q2 and Q9 kept) and the whole Low note, while the other
    # notes lost only their sentence: both told Low by elimination.
    assert {c for _, c in codes} == {""}
    assert len(notes) == 1 and next(iter(notes)).startswith("Checked it.")
    assert out.summary["eliminated"] == [] and out.status == "passed"
    # The blanks of `code` are the miner's, credited to it; the notes' cuts are the scan's.
    reds = [r for line in stats.read_text().splitlines() for r in json.loads(line)["redactions"]]
    assert {r["rule"] for r in reds if r["pointer"] == "/code"} == {"correlated.mined"}
    assert "correlated.mined" not in {r["rule"] for r in reds if r["pointer"] == "/note"}
    assert check_flow(data, clean, mine=True).summary["eliminated"] == []


def test_a_field_blanked_on_one_labels_items_is_blanked_on_every_item_and_fails_check_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        {"id": f"i{i}", "expected": lab, "label_set": ["Low", "Medium", "High"], "projection": {"sla": sla}}
        for i, (lab, sla) in enumerate([("High", "P1"), ("Medium", "P2"), ("Low", "P3"), ("High", "P1")])
    ]
    data, clean, cmap = _write(tmp_path / "ds.jsonl", rows), tmp_path / "ds.clean.jsonl", tmp_path / "map.json"
    cmap.write_text(json.dumps({"High": ["P1"]}))
    # The sanitizer's own edit would blank /sla on the High items only: it blanks it on every item instead.
    assert run_cli("leak", "sanitize", str(data), "-o", str(clean), "--correlated-map", str(cmap)) == 0
    captured = capsys.readouterr()
    assert "blanked on every item, so that an empty value tells nothing: /sla" in " ".join(captured.err.split())
    assert [json.loads(line)["projection"]["sla"] for line in clean.read_text().splitlines()] == [""] * 4
    run_cli("leak", "check", "--raw", str(data), "--sanitized", str(clean), "--correlated-map", str(cmap))
    assert "elimination" not in capsys.readouterr().out  # (it fails on the two raw items that never leaked)
    # A file sanitized by hand that blanks it on the High items only leaks by elimination: check fails.
    by_hand = _write(
        tmp_path / "hand.jsonl",
        [{**r, "projection": {"sla": "" if r["expected"] == "High" else r["projection"]["sla"]}} for r in rows],
    )
    assert run_cli("leak", "check", "--raw", str(data), "--sanitized", str(by_hand), "--correlated-map", str(cmap)) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "1 field(s) leak by elimination (/sla) -> FAIL" in out


def test_redact_review_cuts_a_bare_label_word_alike_on_every_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The old code cut "high" only where High was the answer ("Latency is  during backups" on the High items
    alone) and said nothing."""
    body = "Latency is high during backups only, otherwise fine."
    rows = [
        {"id": f"r{i}", "expected": lab, "label_set": ["Low", "High"], "projection": {"summary": "x", "body": body}}
        for i, lab in enumerate(["High", "Low", "High", "Low"])
    ]
    data, clean = _write(tmp_path / "ds.jsonl", rows), tmp_path / "ds.clean.jsonl"
    assert run_cli("leak", "sanitize", str(data), "-o", str(clean), "--mode", "span", "--redact-review") == 0
    bodies = {json.loads(line)["projection"]["body"] for line in clean.read_text().splitlines()}
    assert len(bodies) == 1 and "high" not in next(iter(bodies))
    assert "elimination" not in capsys.readouterr().err


def test_one_value_cut_on_one_labels_items_only_is_a_leak() -> None:
    watch = EliminationWatch()
    watch.add({"body": "Latency is high"}, {"body": "Latency is "}, ("High",))
    watch.add({"body": "Latency is high"}, {"body": "Latency is high"}, ("Low",))
    assert watch.fields() == ["/body"]
    assert "one value was edited on the items of one label" in watch.warnings()[0]


def test_the_watch_counts_a_field_once_per_item_and_ignores_uniform_edits() -> None:
    watch = EliminationWatch()
    watch.add({"a": "x", "b": ["p", "q"]}, {"a": "", "b": ["", ""]}, ("L",))
    watch.add({"a": "y", "b": ["p"]}, {"a": "", "b": [""]}, ("L",))
    assert watch.fields() == [] and watch.warnings() == []
    watch.add({"a": "z", "b": ["r"]}, {"a": "z", "b": ["r"]}, ("N",))
    assert watch.fields() == ["/a", "/b/*"]
    # Blanked on the items of two labels, each once (free-form answers): an empty field names neither.
    mixed = EliminationWatch()
    mixed.add({"a": "x"}, {"a": ""}, ("L",))
    mixed.add({"a": "y"}, {"a": ""}, ("M",))
    mixed.add({"a": "z"}, {"a": "z"}, ("N",))
    assert mixed.fields() == []
    # Blanked on Low and Critical items (repeatedly), kept on High's: an empty field says Low or Critical.
    two = EliminationWatch()
    for raw, clean, lab in (("1", "", "L"), ("1", "", "L"), ("4", "", "C"), ("3", "3", "H"), ("2", "2", "M")):
        two.add({"a": raw}, {"a": clean}, (lab,))
    assert two.fields() == ["/a"]
    # One label blanked, and an item of that label keeps the field: a kept value rules nothing out, but every
    # blank is L's (QA-16: an empty value there names L; it was passed as "says only that an answer was there")
    same = EliminationWatch()
    for raw, clean, lab in (("x", "", "L"), ("y", "", "L"), ("z", "z", "L"), ("w", "w", "M")):
        same.add({"a": raw}, {"a": clean}, (lab,))
    assert same.fields() == ["/a"]
    assert "blanked on 2 item(s), all of one label, and keeps a value on 2 other(s)" in same.warnings()[0]
    # Blanked on the items of two labels that both keep it elsewhere: the blank says only that an answer was there.
    both = EliminationWatch()
    for raw, clean, lab in (("x", "", "L"), ("y", "", "M"), ("v", "", "L"), ("z", "z", "L"), ("w", "w", "M")):
        both.add({"a": raw}, {"a": clean}, (lab,))
    assert both.fields() == []
    assert "blanked on 2 item(s) and keeps a value on 1 other(s), none of whose labels" in watch.warnings()[0]


def test_a_mined_letter_cut_from_one_labels_codes_blanks_the_field_on_every_item(tmp_path: Path) -> None:
    """The `L` of `R-L123` rides with Low (12 items); the other labels' letters are too rare to mine: cutting it on
    the Low items alone would leave a code without its letter only there."""
    rows = [{"expected": "Low", "proj": {"ref": f"R-L{100 + i}"}} for i in range(12)]
    rows += [{"expected": lab, "proj": {"ref": f"R-{lab[0]}{200 + i}"}} for lab in LABELS[1:] for i in range(3)]
    rows += [{"expected": LABELS[1 + i % 3], "proj": {"title": f"ticket number {i}"}} for i in range(20)]
    data = _write(tmp_path / "d.jsonl", _records(rows))
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True))
    refs = {json.loads(line)["projection"].get("ref") for line in clean.read_text().splitlines()}
    assert refs == {"", None}
    assert out.summary["eliminated"] == [] and out.status == "passed"


def test_a_value_mapped_for_one_label_and_blanked_there_is_blanked_on_every_item(tmp_path: Path) -> None:
    # QA-16: `--correlated-map {"High": [{"pointer": "/sla_hours", "value": 4}]}` blanked sla_hours to 0 on the High
    # items holding 4, and High items holding 8 kept theirs; every 0 was High, and neither sanitize nor check said so
    rows = [
        {
            "id": f"t{i}",
            "expected": LABELS[i % 4],
            "label_set": LABELS,
            "projection": {"sla_hours": 4 if i % 8 == 2 else 8, "title": f"ticket number {i}"},
        }
        for i in range(48)
    ]
    data = _write(tmp_path / "d.jsonl", rows)
    cmap = tmp_path / "map.json"
    cmap.write_text(json.dumps({"High": [{"pointer": "/sla_hours", "value": 4}]}))
    clean, stats = tmp_path / "c.jsonl", tmp_path / "s.jsonl"
    req = SanitizeRequest(dataset=data, output=clean, stats=stats, mine=False, fields=Fields(correlated_map=cmap))
    sanitize_flow(req)
    recs = [json.loads(line) for line in clean.read_text().splitlines()]
    assert {r["projection"]["sla_hours"] for r in recs} == {0}  # blanked alike on every item


def _scan_rows(cage_of: dict[str, str | None]) -> list[dict[str, object]]:
    """A warehouse scan held as a one-record CSV: a cage code per label in its `cage` column on the first 16 items of
    each label (Low's `C9` on 2 only: too rare to mine), the cage empty on 10 more of each label."""
    rows: list[dict[str, object]] = []
    for lab in LABELS:
        code = cage_of[lab]
        for i in range(26):
            cage = (code if lab != "Low" or i < 2 else "") if i < 16 else ""
            rows.append(
                {
                    "id": f"{lab}-{i}",
                    "expected": lab,
                    "label_set": LABELS,
                    "projection": {
                        "title": f"return number {i}",
                        "scan": f"rma_id,dock,cage,scanner\nRMA{1000 + i},D{i % 4},{cage},scn{i % 7}",
                    },
                }
            )
    return rows


def test_a_mined_cell_is_blanked_on_every_item_filling_its_column_and_empty_cells_keep_their_bytes(
    tmp_path: Path,
) -> None:
    """A value mined in a one-record table's cell names its column: the column's cell is the field blanked on every
    item filling it (Low's unmined `C9` too), the rest of the table stays, and an item whose cell is empty keeps its
    bytes (before, the whole scan was blanked on every item)."""
    rows = _scan_rows({"Low": "C9", "Medium": "C3", "High": "C5", "Critical": "C7"})
    data, clean = _write(tmp_path / "d.jsonl", rows), tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["title"]))
    assert out.summary["mined"].get("items_with_findings", 0) >= 48
    before, after = data.read_bytes().splitlines(), clean.read_bytes().splitlines()
    for raw, line, done in zip(rows, before, after, strict=True):
        scan = raw["projection"]["scan"]  # type: ignore[index]
        if scan.endswith(",,scn" + scan[-1]):  # an empty cage: nothing to cut
            assert line == done
        else:
            header, row = json.loads(done)["projection"]["scan"].split("\n")
            assert header == "rma_id,dock,cage,scanner" and row.split(",")[2] == "" and row.split(",")[0] != ""
    assert out.summary["eliminated"] == [] and out.status == "passed"


def test_a_mined_value_that_is_no_cell_still_blanks_its_field_on_every_item(tmp_path: Path) -> None:
    """The other way: the same codes outside a table (`cage C3, dock 1`) name no column, so the field is the whole
    string and it is blanked on every item filling it, empty cages or not (an empty field then tells nothing)."""
    rows = _scan_rows({"Low": "C9", "Medium": "C3", "High": "C5", "Critical": "C7"})
    for r in rows:
        proj = r["projection"]
        cage = proj["scan"].split("\n")[1].split(",")[2]  # type: ignore[index]
        proj["scan"] = f"cage {cage} dock 1" if cage else "dock 1"  # type: ignore[index]
    data, clean = _write(tmp_path / "d.jsonl", rows), tmp_path / "c.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["title"]))
    scans = {json.loads(line)["projection"]["scan"] for line in clean.read_text().splitlines()}
    assert scans == {""}


def test_a_mined_phrase_naming_a_label_is_cut_for_every_label_and_other_texts_keep_their_bytes(
    tmp_path: Path,
) -> None:
    """`pager high` rides with High (14 items); Low's `pager low` (2 items) is too rare to mine. The phrase names a
    label, so its twins naming the others are cut alike on every item, Low's too; a short note naming none
    (`ops pager idle`) keeps its bytes (before, every note was blanked on every item)."""
    rows: list[dict[str, object]] = []
    for i in range(14):
        rows.append({"expected": "High", "proj": {"title": f"ticket number {i}", "note": "ops pager high"}})
    for i in range(2):
        rows.append({"expected": "Low", "proj": {"title": f"ticket number {20 + i}", "note": "ops pager low"}})
    for i in range(30):
        rows.append({"expected": LABELS[i % 4], "proj": {"title": f"ticket number {40 + i}", "note": "ops pager idle"}})
    data = _write(tmp_path / "d.jsonl", _records(rows))
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["title"]))
    assert out.summary["mined"].get("items_with_findings", 0) >= 14
    for line, done in zip(data.read_bytes().splitlines(), clean.read_bytes().splitlines(), strict=True):
        note = json.loads(line)["projection"]["note"]
        if note == "ops pager idle":
            assert line == done
        else:
            assert json.loads(done)["projection"]["note"] == ""
    assert out.summary["eliminated"] == [] and out.status == "passed"


def _queue_rows(rare: bool) -> list[dict[str, object]]:
    """A work queue per item: `EXQ-NEW-<site>` on 10 items of every label (no label's rider), `EXQ-OSD-<site>` on 12 Low
    items (mined); with ``rare``, each other label's own code on 3 of its items (too rare to mine). The task's input is
    the note (``--derive-from /note``)."""
    sites = ("ATL", "DAL", "SEA")
    rows: list[dict[str, object]] = []
    for lab in LABELS:
        rows += [
            {"expected": lab, "proj": {"queue": f"EXQ-NEW-{sites[i % 3]}", "note": f"Parcel {i} held at the dock."}}
            for i in range(10)
        ]
    rows += [
        {"expected": "Low", "proj": {"queue": f"EXQ-OSD-{sites[i % 3]}", "note": f"Parcel {i} held at the dock."}}
        for i in range(12)
    ]
    if rare:
        rows += [
            {"expected": lab, "proj": {"queue": f"EXQ-{code}-{sites[i]}", "note": f"Parcel {i} held at the dock."}}
            for lab, code in zip(LABELS[1:], ("RDL", "HLD", "RTS"), strict=True)
            for i in range(3)
        ]
    return _records(rows)


def test_a_value_every_label_holds_alike_keeps_its_bytes_while_the_riders_are_blanked_on_every_label(
    tmp_path: Path,
) -> None:
    """`EXQ-NEW-ATL` sits on items of every label at their shares: no rider, so its records keep their bytes; the
    Low code (mined) and the other labels' rare codes are blanked, so an empty queue falls on every label."""
    rows = _queue_rows(rare=True)
    data = _write(tmp_path / "d.jsonl", rows)
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/note"]))
    raw_lines, new_lines = data.read_text().splitlines(), clean.read_text().splitlines()
    for row, raw, new in zip(rows, raw_lines, new_lines, strict=True):
        queue = row["projection"]["queue"]  # type: ignore[index]
        if "-NEW-" in queue:
            assert new == raw
        else:
            assert json.loads(new)["projection"]["queue"] == ""
    assert out.summary["eliminated"] == [] and out.status == "passed"
    assert check_flow(data, clean, mine=True, derive_from=["/note"]).summary["eliminated"] == []


def test_a_field_whose_blanks_would_fall_on_one_label_is_still_blanked_on_every_item(tmp_path: Path) -> None:
    """Without the other labels' codes, keeping the shared `EXQ-NEW-*` would leave an empty queue on Low items only:
    the whole field goes on every item, as before."""
    data = _write(tmp_path / "d.jsonl", _queue_rows(rare=False))
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/note"]))
    queues = {json.loads(line)["projection"]["queue"] for line in clean.read_text().splitlines()}
    assert queues == {""}
    assert out.summary["eliminated"] == [] and out.status == "passed"


def test_a_label_with_no_code_of_its_own_leaves_the_shared_value_its_bytes(tmp_path: Path) -> None:
    """Six labels in a shared `EXQ-NEW-*` queue at their shares; `A` has a code mining proves, four others a rare
    code each, `F` none. The twenty blanks miss `F` (a ninth of the field) as a draw of twenty items would one time in
    ten: an empty queue rules no label out a reader could use, so the shared queue keeps its bytes (before: `F` had to
    be among the blanks, and every item lost its queue)."""
    labels = ["A", "B", "C", "D", "E", "F"]
    sites = ("ATL", "DAL", "SEA")
    rows: list[dict[str, object]] = []
    for lab in labels:
        rows += [
            {"expected": lab, "proj": {"queue": f"EXQ-NEW-{sites[i % 3]}", "note": f"Parcel {i}."}} for i in range(10)
        ]
    rows += [{"expected": "A", "proj": {"queue": f"EXQ-OSD-{sites[i % 3]}", "note": f"Parcel {i}."}} for i in range(8)]
    rows += [
        {"expected": lab, "proj": {"queue": f"EXQ-{lab}{lab}-{sites[i]}", "note": f"Parcel {i}."}}
        for lab in labels[1:5]
        for i in range(3)
    ]
    data = _write(tmp_path / "d.jsonl", _records(rows, labels))
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/note"]))
    for row, raw, new in zip(rows, data.read_text().splitlines(), clean.read_text().splitlines(), strict=True):
        queue = row["proj"]["queue"]  # type: ignore[index]
        if "-NEW-" in queue:
            assert new == raw
        else:
            assert json.loads(new)["projection"]["queue"] == ""
    assert out.summary["eliminated"] == [] and out.status == "passed"


def _call_rows() -> list[dict[str, object]]:
    """A tool call's arguments held as JSON in a string: `{"account": "AC-…"}` on every item, one of six accounts
    that ride with Low on 12 Low items (mined), the others spread over every label. The task's input is the note."""
    rows: list[dict[str, object]] = []
    for i in range(12):
        args = json.dumps({"account": f"AC-{900 + i % 6}"})
        rows.append({"expected": "Low", "proj": {"call": {"name": "lookup", "arguments": args}, "note": f"Case {i}."}})
    for lab in LABELS:
        for i in range(10):
            args = json.dumps({"account": f"AC-{100 + i}"})
            rows.append(
                {"expected": lab, "proj": {"call": {"name": "lookup", "arguments": args}, "note": f"Case {i}."}}
            )
    return _records(rows)


def test_a_value_mined_inside_json_in_a_string_is_blanked_alike_on_every_label(tmp_path: Path) -> None:
    """The accounts mined for Low sit inside the arguments' JSON: blanked there on the Low items alone, `"account": ""`
    would name Low. The field inside the document is the mined field, blanked on every item as a top-level one is
    (before: on the Low items only, which neither the elimination pass nor its watch followed into the string)."""
    rows = _call_rows()
    data = _write(tmp_path / "d.jsonl", rows)
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/note"]))
    got = [json.loads(json.loads(line)["projection"]["call"]["arguments"]) for line in clean.read_text().splitlines()]
    blanked = {row["expected"] for row, args in zip(rows, got, strict=True) if args["account"] == ""}
    kept = {row["expected"] for row, args in zip(rows, got, strict=True) if args["account"] != ""}
    assert "Low" in blanked  # the mined accounts went
    assert blanked == set(LABELS) and not kept  # and every label's items lost theirs alike
    assert all(set(args) == {"account"} for args in got)  # the document keeps its keys
    assert out.summary["eliminated"] == []
