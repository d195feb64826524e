"""The sanitizer leaves a clean record as it is where its edits of the other records need no edit of it (session 22):
a decoded token read as its text's shape, the empty values a field already holds counted among its blanks, a field
copying the task's input taken as the input's, a shared value's lean tested per label corrected for the labels, and a
sentence cut inside this record's table cell kept in the cell. The datasets are invented."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.edit_watch import EliminationWatch
from windtunnel.leakage.input_copies import input_copies
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.sanitize import sanitize_item
from windtunnel.leakage.shared_values import shared_values
from windtunnel.leakage.value_shapes import shared_shapes, value_shape

LABELS = ["heron", "otter", "badger", "marten"]


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def test_a_decoded_token_of_readable_text_has_its_texts_shape() -> None:
    """A base64 comment whose decoding reads as text of several words is shaped as that text, so a comment carrying a
    name is told from the plain ones; a number, a file name and a token whose decoding is no text keep their shape."""
    assert value_shape(_b64("cam=CT37;fw=2.2")) == "a=a;a=9.9"
    assert value_shape(_b64("cam=CT05;kw=Canis latrans")) == "a=a;a=a a"
    assert value_shape("2486") == value_shape("412042") == "9"
    assert value_shape("CT37_20231215_RCNX7455.JPG") == "a_9_a.a"
    assert value_shape("hello") == "a"
    rows = [(_b64(f"cam=CT{i % 40:02d};fw=2.{i % 9}"), LABELS[i % 4], False) for i in range(80)]
    rows += [(_b64(f"cam=CT{i:02d};kw=Name {LABELS[i % 4]}"), LABELS[i % 4], i % 2 == 0) for i in range(16)]
    assert shared_shapes(rows) == {"a=a;a=9.9"}  # before: every comment was one word, `a`, a rider's shape


def test_a_value_leaning_by_chance_among_many_labels_is_kept_and_a_leaning_one_is_not() -> None:
    """A consumable every label's records hold, one label's share a little high (one-sided p about 0.02, above the
    level once corrected for the six labels), stays; one held mostly by one label still goes."""
    six = [f"L{i}" for i in range(6)]
    rows: list[tuple[str, str]] = []
    for i in range(300):
        rows.append(("filler", six[i % 6]))
    ties = ["L0"] * 13 + [lab for lab in six[1:] for _ in range(5)]  # 13 of 38 on L0 against a share of 1/6
    rows += [("ties", lab) for lab in ties]
    rows += [("rider", "L1"), ("rider", "L1")] + [(f"other {lab} {n}", lab) for lab in six for n in range(3)]
    kept = shared_values(rows)
    assert "ties" in kept and "filler" in kept
    lean = [("gloves", "L0")] * 25 + [("gloves", lab) for lab in six[1:]]
    assert "gloves" not in shared_values(rows + lean)


def _watch(empties: bool) -> EliminationWatch:
    watch = EliminationWatch(labels=LABELS)
    rng = random.Random(3)
    for i in range(200):
        lab = LABELS[i % 4]
        if lab == "heron" and i % 40 == 0:
            raw, clean = {"note": "Saw a grey heron."}, {"note": ""}  # its rider, blanked on its label's items only
        elif empties and rng.random() < 0.3:
            raw = clean = {"note": ""}
        else:
            raw = clean = {"note": "Lens wiped."}
        watch.add(raw, clean, (lab,))
    return watch


def test_blanks_beside_the_empty_values_every_label_holds_name_no_label() -> None:
    """A note blanked on one label's items only reads like the notes every label's records left empty: no
    elimination; without empty notes as read, the blanks name the label and the note goes on every item."""
    assert _watch(empties=True).templates() == []
    assert _watch(empties=False).templates() == ["/note"]


def _notes(tmp_path: Path, empties: float) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    rng = random.Random(11)
    common = ["Lens wiped, webs cleared.", "Strap re-tightened.", "Batteries swapped."]
    rows: list[dict[str, object]] = []
    for i in range(240):
        lab = LABELS[i % 4]
        words = " ".join(rng.sample(["grey", "long", "neck", "webbed", "striped", "bushy", "tail", "den"], 4))
        if lab == "heron" and i % 12 == 0:
            note = "Heron rookery nearby again."
        elif rng.random() < empties:
            note = ""
        else:
            note = rng.choice(common)
        rows.append(
            {"id": f"c{i}", "expected": lab, "label_set": LABELS, "projection": {"caption": words, "note": note}}
        )
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/caption"]))
    return rows, [json.loads(line) for line in out.read_text().splitlines()]


def test_a_note_mined_for_one_label_keeps_the_shared_notes_beside_empty_ones(tmp_path: Path) -> None:
    """The rider note goes; the notes every label shares keep their bytes, since the blanks fall on the labels with
    the empty notes as a draw would (before: the empty notes were not weighed, the blanks sat on one label, and every
    note was blanked)."""
    rows, done = _notes(tmp_path, empties=0.4)
    riders = [got for raw, got in zip(rows, done, strict=True) if "rookery" in str(raw["projection"])]
    assert riders and all(got["projection"]["note"] == "" for got in riders)  # type: ignore[index]
    others = [(raw, got) for raw, got in zip(rows, done, strict=True) if "rookery" not in str(raw["projection"])]
    assert all(raw == got for raw, got in others)


def test_without_empty_notes_the_field_is_still_blanked_on_every_item(tmp_path: Path) -> None:
    _, done = _notes(tmp_path, empties=0.0)
    assert all(got["projection"]["note"] == "" for got in done)  # type: ignore[index]


def _order(i: int, vendor: str, label: str, copy: str | None = None) -> LeakItem:
    call = json.dumps({"vendor_id": copy if copy is not None else vendor})
    return LeakItem.from_mapping(
        {
            "id": f"o{i}",
            "expected": label,
            "label_set": ["approve", "reject"],
            "projection": {"po": {"vendor_id": vendor, "total": 10 + i}, "calls": [{"name": "lookup", "args": call}]},
        }
    )


def test_a_field_copying_the_input_is_the_inputs() -> None:
    """A tool call's vendor id, the order's own on every item, copies the input; one holding other values does not,
    nor does any field without --derive-from."""
    items = [_order(i, f"V{i % 7}", "reject" if i % 7 == 0 else "approve") for i in range(40)]
    assert input_copies(items, ["/po"]) == {"/calls/*/args/vendor_id": "/po/vendor_id"}
    assert input_copies(items, []) == {}
    other = [_order(i, f"V{i % 7}", "approve", copy=f"V{(i + 1) % 7}") for i in range(40)]
    assert input_copies(other, ["/po"]) == {}


def _rider_rows(calls: int, seed: int) -> list[dict[str, object]]:
    """300 orders whose tool calls copy the order's vendor id, but for a rider (``HOLD-BLOCKED``) on some rejected
    orders: in the only call (``calls`` 1, every tenth order), or in the first of two (``calls`` 2, ~40 % of the
    rejected orders)."""
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    for i in range(300):
        label = rng.choice(["approve", "reject"])
        vendor = f"V{rng.randint(100, 120)}"
        if calls == 1:
            rider = label == "reject" and i % 10 == 0
            args = ["HOLD-BLOCKED" if rider else vendor]
        else:
            args = ["HOLD-BLOCKED" if label == "reject" and rng.random() < 0.4 else vendor, vendor]
        rows.append(
            {
                "id": f"o{i}",
                "expected": label,
                "label_set": ["approve", "reject"],
                "projection": {
                    "po": {"vendor_id": vendor, "total": 100 + i},
                    "calls": [{"name": "lookup", "args": json.dumps({"vendor_id": a})} for a in args],
                },
            }
        )
    return rows


def _riders(tmp_path: Path, calls: int, seed: int) -> tuple[list[dict[str, object]], Any, str]:
    """:func:`_rider_rows` sanitized with the order (``/po``) as the input: the rows, the outcome, the output's text."""
    rows = _rider_rows(calls, seed)
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/po"]))
    return rows, res, out.read_text()


def test_a_rider_in_a_field_copying_the_input_is_cut_where_it_is_no_copy(tmp_path: Path) -> None:
    """A tool call copies the order's vendor id on 95 % of the orders and holds a rider of ``reject`` on the others:
    the field is a copy of the input, but the rider is no copy of this order's input, so it is cut on every order
    holding it, and only there (before: the whole field was taken as the input's and every rider stayed, the run
    passing). The cut leaves an empty vendor id on those orders alone, every other order keeping its copy: a leak by
    elimination, which the edit watch sees inside the call's JSON string since session 25 (it compared whole strings,
    each still filled, and the run passed) and reports (the copies are kept, so the blank cannot go on every order)."""
    rows, res, text = _riders(tmp_path, 1, 1)
    held = sum("HOLD-BLOCKED" in json.dumps(r) for r in rows)
    assert held >= 10 and "HOLD-BLOCKED" not in text
    assert res.summary["edited"] == held
    assert res.status == "failed" and res.summary["eliminated"] == ["/calls/*/args/vendor_id"], res.summary
    assert "kept_in_derive_from" not in res.summary  # the copies kept are reported as such
    assert all(at.startswith("/calls/") for at in res.summary["kept_as_input_copy"])


def test_every_element_of_a_list_counts_against_the_copy_share(tmp_path: Path) -> None:
    """Two calls per order, the first holding a rider on ~40 % of the rejected orders: counted once per order (the last
    call's value), the field read as a copy and the riders stayed; every call counts, so it is no copy and no rider is
    left."""
    rows, res, text = _riders(tmp_path, 2, 2)
    assert sum("HOLD-BLOCKED" in json.dumps(r) for r in rows) >= 30
    assert "HOLD-BLOCKED" not in text
    assert res.status == "passed" and res.summary["still_leaking"] == 0


def test_the_rescan_finds_a_rider_left_in_a_copy_field() -> None:
    """The rescan skips only the places holding the item's copy of its input: a rider there is still found."""
    from windtunnel.flows.leak import _mined_left
    from windtunnel.leakage.mine import mine
    from windtunnel.leakage.sanitize import SanitizeResult

    items = [LeakItem.from_mapping(r) for r in _rider_rows(1, 1)]
    result = mine(items, derive_from=["/po"])
    copies = input_copies(items, ["/po"])
    assert copies == {"/calls/*/args/vendor_id": "/po/vendor_id"}
    rider = next(it for it in items if "HOLD-BLOCKED" in json.dumps(it.projection))
    copying = [it for it in items if "HOLD-BLOCKED" not in json.dumps(it.projection)]
    for it, left in ((rider, 1), *((c, 0) for c in copying)):
        res = SanitizeResult(it, [], None, None)  # type: ignore[arg-type]
        found = _mined_left(res, result, ["/po"], copies)
        assert len({f.pointer + (f.inner or "") for f in found}) == left


def test_mined_evidence_in_a_copy_of_the_input_is_not_cut(tmp_path: Path) -> None:
    """The vendors whose orders are rejected are mined in the tool call; the call copies the order's vendor id (the
    input), so no record is edited there (before: the vendor id was blanked on every item, for elimination)."""
    rows = []
    for i in range(160):
        vendor = f"V{i % 8}"
        label = "reject" if i % 8 in (0, 1) else "approve"
        rows.append(
            {
                "id": f"o{i}",
                "expected": label,
                "label_set": ["approve", "reject"],
                "projection": {
                    "po": {"vendor_id": vendor, "status": "suspended" if label == "reject" else "listed"},
                    "calls": [{"name": "lookup", "args": json.dumps({"vendor_id": vendor})}],
                },
            }
        )
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/po"]))
    assert out.read_text() == data.read_text()


def _minutes(text: str, hit: str) -> tuple[LeakItem, Finding]:
    item = LeakItem.from_mapping(
        {"id": "m", "expected": "reject", "label_set": ["offer", "reject", "wait"], "projection": {"minutes": text}}
    )
    a = text.index(hit)
    f = Finding(
        item="m", channel="correlated", severity="high", pointer="/minutes", representation="mined",
        span=(a, a + len(hit)), view="raw", rule="correlated.mined", detail="", value=hit,
    )  # fmt: skip
    return item, f


def test_a_sentence_cut_in_this_records_table_cell_stays_in_the_cell() -> None:
    """A hit inside the cell of a one-record table (a board's decision) blanks that cell and the row stays, as a hit
    that is the whole cell does (before: the row's line went and the header stood alone, a table no other record's
    edit leaves); in prose the sentence goes as ever."""
    item, f = _minutes("| Date | Decision |\n|---|---|\n| 02 Jul | Motion to reject, carried 6-1 |", "Motion to reject")
    assert sanitize_item(item, extra=[f]).item.projection["minutes"] == "| Date | Decision |\n|---|---|\n| 02 Jul |  |"
    item, f = _minutes("Date,Decision\n02 Jul,Motion to reject - carried 6-1", "Motion to reject")
    assert sanitize_item(item, extra=[f]).item.projection["minutes"] == "Date,Decision\n02 Jul,"
    item, f = _minutes("Board notes.\nMotion to reject, carried 6-1. Next meeting in May.", "Motion to reject")
    assert sanitize_item(item, extra=[f]).item.projection["minutes"] == "Board notes.\nNext meeting in May."
    item, f = _minutes("Date;Decision;Vote\n02 Jul;Motion to reject carried;6-1", "Motion to reject")
    assert sanitize_item(item, extra=[f]).item.projection["minutes"] == "Date;Decision;Vote\n02 Jul;;6-1"


def test_prose_with_a_comma_per_line_is_no_table() -> None:
    """A comma on each line reads as a two-column table to the scan, but a "cell" of a sentence and more is prose:
    the sentence holding the hit goes and the clean sentence after it stays (before: the rest of the line went)."""
    item, f = _minutes(
        "Present: Ann, Bob\nWe met today, Motion to reject carried. Next meeting in May.", "Motion to reject"
    )
    assert sanitize_item(item, extra=[f]).item.projection["minutes"] == "Present: Ann, Bob\nNext meeting in May."
    text = "All of the board members were present today, as noted\nAgenda, Motion to reject carried"
    item, f = _minutes(text, "Motion to reject")
    assert (
        sanitize_item(item, extra=[f]).item.projection["minutes"]
        == "All of the board members were present today, as noted\n"
    )


def test_a_copy_written_on_one_labels_items_only_is_cut(tmp_path: Path) -> None:
    """A field copying the order's vendor id on every place it fills, but filled on the rejected orders only: its value
    tells nothing the input does not, its presence tells the label. Mining finds it as a template (the record's own id
    masked), which stands on the copy being there, not on the value copied: it is cut, and no copy is reported kept
    (before: kept as the input's copy on all 146 rejected orders, 0 records rewritten, the run passing)."""
    rng = random.Random(7)
    rows = []
    for i in range(300):
        label = rng.choice(["approve", "reject"])
        vendor = f"V{rng.randint(100, 140)}"
        projection: dict[str, Any] = {"po": {"vendor_id": vendor, "total": 100 + i}}
        if label == "reject":
            projection["escalated_vendor"] = vendor
        rows.append({"id": f"o{i}", "expected": label, "label_set": ["approve", "reject"], "projection": projection})
    assert input_copies([LeakItem.from_mapping(r) for r in rows], ["/po"]) == {"/escalated_vendor": "/po/vendor_id"}
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/po"]))
    after = [json.loads(line) for line in out.read_text().splitlines()]
    assert not any(r["projection"].get("escalated_vendor") for r in after)
    assert "kept_as_input_copy" not in res.summary


def test_prose_before_a_table_is_not_its_header() -> None:
    """A paragraph of prose above a CSV table is no header row: the cell alone is cut, the row stays (before: the
    text's first line was read as the header, the cell as prose, and the row went, the header left alone)."""
    text = "Minutes of the board follow below for the record.\n\nDate,Decision\n02 Jul,Motion to reject carried"
    item, f = _minutes(text, "Motion to reject")
    assert sanitize_item(item, extra=[f]).item.projection["minutes"] == text[: text.rindex(",") + 1]
