"""Session 25's fixes of review and QA-24 findings: JSON held in a string edited inside, the map `leak mine -o`
writes, progress between the phases of `leak` commands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.clirun import wt as run
from windtunnel.leakage.input_copies import input_copies
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import MinedField, sanitize_item

LABELS = ["billing", "refund", "shipping"]
MESSAGES = [
    "hello I need some help with my account please today",
    "please look into this for me as soon as you can",
    "I have a question about my recent order from last week",
    "something went wrong and I would like assistance",
]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _calls(n: int, share: float, *, seed: int = 3) -> list[dict[str, object]]:
    """Tickets whose four tool calls each carry the ticket's customer in a JSON string (`args`, a copy of the input),
    but for one call of some refund tickets, holding a hold code instead."""
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    for i in range(n):
        lab = LABELS[i % 3]
        cust = f"C{rng.randint(1000, 9999)}"
        held = [cust] * 4
        if lab == "refund" and rng.random() < share:
            held[rng.randrange(4)] = "RF-HOLD"
        projection = {
            "ticket": {"message": rng.choice(MESSAGES), "customer": cust},
            "calls": [{"name": "lookup", "args": json.dumps({"customer": c})} for c in held],
        }
        rows.append({"id": f"r{i}", "expected": lab, "label_set": LABELS, "projection": projection})
    return rows


def test_a_blank_inside_json_held_in_a_string_is_watched_as_that_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Review 24a: a hold code in one of four calls' `args` (JSON in a string, the other calls copying the input) is
    cut inside the string, the copies kept; the edit watch compared the whole strings, saw each still filled, and
    missed that an empty `customer` in a call is now refund's alone ("0 items still leak", exit 0). It reads the
    document the string holds, as the sanitizer edits it: the blank is named, at the inner field, and the strings keep
    every other byte."""
    data = _write(tmp_path / "d.jsonl", _calls(240, 0.45))
    out, stats = tmp_path / "s.jsonl", tmp_path / "st.jsonl"
    rc = run("leak", "sanitize", str(data), "-o", str(out), "--stats", str(stats), "--mine", "--derive-from", "/ticket")
    got = capsys.readouterr()
    err = got.out + got.err
    assert rc == 1, err
    assert "leak by elimination (/calls/*/args/customer)" in err, err
    assert "blanked on every item, so that" not in err, err  # review 25f: 200 items keep it, the note said otherwise
    raw = [json.loads(line) for line in data.read_text().splitlines()]
    clean = [json.loads(line) for line in out.read_text().splitlines()]
    for a, b in zip(raw, clean, strict=True):
        for ca, cb in zip(a["projection"]["calls"], b["projection"]["calls"], strict=True):
            held = json.loads(ca["args"])["customer"]
            assert cb["args"] == (ca["args"] if held != "RF-HOLD" else json.dumps({"customer": ""})), (ca, cb)


def test_a_blank_inside_json_held_in_a_string_edits_only_that_value(tmp_path: Path) -> None:
    """Review 25f: blanking a field inside JSON held in a string wrote the whole document anew, on every record the
    uniform blank reached: a 30-digit integer became `1.2345678901234568e+29`, `1e2` became `100.0`, an indent of 4
    became 2. Only the blanked value's characters change now; a record with nothing to blank there keeps its bytes."""
    rng = random.Random(4)
    rows: list[dict[str, object]] = []
    for i in range(240):
        lab = LABELS[i % 3]
        status = "refund" if lab == "refund" and rng.random() < 0.5 else "" if i % 5 == 0 else "open"
        args = (
            '{\n    "order": "O%d",\n    "status": "%s",\n    "ts": 123456789012345678901234567890,\n    "amt": 1e2\n}'
        )
        projection = {
            "message": rng.choice(MESSAGES[:2]) + f" order {i}",
            "calls": [{"name": "lookup", "args": args % (rng.randint(1000, 9999), status)}],
        }
        rows.append({"id": f"r{i}", "expected": lab, "label_set": LABELS, "projection": projection})
    data = _write(tmp_path / "d.jsonl", rows)
    out = tmp_path / "s.jsonl"
    run("leak", "sanitize", str(data), "-o", str(out), "--no-mine")
    clean = [json.loads(line) for line in out.read_text().splitlines()]
    blanked = 0
    for a, b in zip(rows, clean, strict=True):
        held = a["projection"]["calls"][0]["args"]  # type: ignore[index]
        got = b["projection"]["calls"][0]["args"]
        status = json.loads(held)["status"]
        assert got == held.replace(f'"status": "{status}"', '"status": ""'), (held, got)
        if not status:
            assert b["projection"] == a["projection"]
        blanked += got != held
    assert blanked > 100, blanked  # the field is blanked on every item that fills it


def test_kept_as_input_copy_lists_only_what_the_written_item_still_holds() -> None:
    """Review 24a: a place kept as the item's copy of its input was reported kept unless a cut named that very path,
    so a copy inside a JSON string another edit blanked whole (`/calls/0/args`) was still listed under
    `kept_as_input_copy` (`/calls/0/args/customer`). The report now reads what was written."""
    rows = _calls(30, 0.0)
    items = [LeakItem.from_mapping(r) for r in rows]
    copies = input_copies(items, ["/ticket"])
    assert copies == {"/calls/*/args/customer": "/ticket/customer"}, copies
    mined = [MinedField("/calls/*/args/customer")]
    whole = sanitize_item(
        items[0], uniform=["/calls/1/args"], mined_uniform=mined, derive_from=["/ticket"], copies=copies
    )
    assert json.loads(whole.item.projection["calls"][1]["args"] or "{}") == {}
    assert whole.copied_places() == ["/calls/0/args/customer", "/calls/2/args/customer", "/calls/3/args/customer"]
    assert whole.stats()["kept_as_input_copy"] == whole.copied_places()


SHORT = {
    "billing": ["charged twice", "wrong invoice amount", "card declined", "need a receipt", "discount not applied"],
    "technical": ["app crashes", "sync stops", "blank login screen", "export is empty", "upload fails"],
    "account": [
        "cannot reset password",
        "change my email",
        "add a second user",
        "lost my phone",
        "username taken",
    ],
}


def _short_tickets(rider: str, share: float, *, seed: int = 5) -> list[dict[str, object]]:
    """Tickets of short messages (the task's input, no --derive-from named), `rider` after some billing ones."""
    rng = random.Random(seed)
    labels = list(SHORT)
    rows: list[dict[str, object]] = []
    for i in range(240):
        lab = labels[i % 3]
        message = rng.choice(SHORT[lab]) + (f" {rider}" if lab == "billing" and rng.random() < share else "")
        projection = {"message": message, "customer_tier": rng.choice(["free", "pro", "enterprise"])}
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": labels, "projection": projection})
    return rows


def _leaked(capsys: pytest.CaptureFixture[str], *args: str) -> set[str]:
    run("leak", "scan", *args, "--format", "json", "--limit", "0")
    report = json.loads(capsys.readouterr().out)
    return {it["id"] for it in report["items"] if it["leaked"]}


def _map(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, list[object]]]:
    out = tmp_path / "map.json"
    assert run("leak", "mine", str(data), "-o", str(out)) == 0
    capsys.readouterr()
    return out, json.loads(out.read_text())


def test_the_mined_map_holds_what_scan_mine_reports_as_a_leak(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Review 24b: `ref BX77` after 60 % of billing's short messages is a leak to `scan --mine` (codes among the words
    of a field read as the input), but the words' test marked its rows `(input)` and `leak mine -o` wrote `{}`. The map
    holds what the scan reports as a leak: `scan --correlated-map` of it flags the items `scan --mine` flags."""
    data = _write(tmp_path / "d.jsonl", _short_tickets("ref BX77", 0.6))
    mined = _leaked(capsys, str(data), "--mine")
    assert mined, "the rider is a leak to scan --mine"
    cmap, entries = _map(tmp_path, data, capsys)
    assert "bx77" in entries.get("billing", []), entries
    assert "ref" not in entries.get("billing", []), entries  # a word of the message held by the same items: review
    assert _leaked(capsys, str(data), "--no-mine", "--correlated-map", str(cmap)) == mined


def test_a_rider_scan_mine_only_reviews_stays_out_of_the_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The rule's other side (review 24b): `#pay` after billing's short messages is for review in `scan --mine` (a word
    of a field read as the input), so the map leaves it out, and `scan --correlated-map` of the map agrees with
    `scan --mine` (a guard: the map left it out before too)."""
    data = _write(tmp_path / "d.jsonl", _short_tickets("#pay", 1.0))
    mined = _leaked(capsys, str(data), "--mine")
    assert mined == set(), mined
    cmap, entries = _map(tmp_path, data, capsys)
    assert entries == {}, entries
    assert _leaked(capsys, str(data), "--no-mine", "--correlated-map", str(cmap)) == mined


@pytest.mark.parametrize("code", ["[P1] server down", "server down ref HX17"])
def test_a_code_inside_one_input_message_of_one_label_stays_a_leak(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    """Review 25f: a label code held in exactly one message of one label's pool (`[P1] server down`, only high's) rides
    with the label; reading it as the message's words (280004bf, reverted) hid every such item (14 / 32 of 240 leaked,
    then 0)."""
    pools = {
        "high": [code, "database unreachable", "checkout failing", "payments timing out", "site is slow"],
        "medium": ["report is late", "export is empty", "sync stops", "blank login screen", "upload fails"],
        "low": ["change my email", "add a second user", "question about invoice", "username taken", "dark mode"],
    }
    rng = random.Random(5)
    labels = list(pools)
    rows: list[dict[str, object]] = []
    for i in range(240):
        lab = labels[i % 3]
        projection = {"message": rng.choice(pools[lab]), "customer_tier": rng.choice(["free", "pro", "enterprise"])}
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": labels, "projection": projection})
    data = _write(tmp_path / "d.jsonl", rows)
    coded = {r["id"] for r in rows if r["projection"]["message"] == code}  # type: ignore[index]
    assert coded and coded <= _leaked(capsys, str(data), "--mine")


def test_the_mined_line_says_what_its_records_count() -> None:
    """QA 24 #16: `48 items (44 records, 3 labels)` left the reader guessing why the records were fewer (items of one
    label sharing a text of over six words or a --derive-from value, neither a template nor beside different inputs,
    are one record to the test: `records_of`; review 25f: the first wording said more than it does)."""
    from windtunnel.leakage.mine import MineResult

    labels = {"a": 16, "b": 16, "c": 16}
    result = MineResult(48, labels, 10, 5, 0.01, "bh", 5, 0.95, records=44)
    line = result.describe()
    assert (
        "48 items (44 records: items of one label sharing a text of over 6 words or a --derive-from value are one, "
        "unless it is a template or their inputs differ, 3 labels)"
    ) in line
