"""QA-24 findings on the leakage auditor: the correlated map, presence-only leaks, the map `leak mine -o` writes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.clirun import wt as run
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.shortcuts import blind_shortcuts

LABELS = ["billing", "technical", "account"]
MESSAGES = {
    "billing": ["I was charged twice this month", "My invoice shows the wrong amount", "Please send a receipt"],
    "technical": ["The app crashes when I open settings", "Sync stops after a few minutes", "Blank screen on login"],
    "account": ["I cannot reset my password", "Please change the email on my profile", "Add a second user"],
}
CODES = {"billing": "RX-4417", "technical": "RX-9023", "account": "RX-2650"}


def _tickets(n: int, *, seed: int = 4) -> list[dict[str, object]]:
    """Support tickets whose routing code is the label's (a rider outside the task's message)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        lab = LABELS[i % 3]
        projection = {"message": rng.choice(MESSAGES[lab]), "tier": rng.choice(["free", "pro"]), "code": CODES[lab]}
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": LABELS, "projection": projection})
    return rows


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_the_copy_baseline_reads_the_pointer_entries_of_a_mined_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`leak mine -o` writes a whole value mined at a pointer as {pointer, value}; the scan read those entries and
    the copy baseline dropped them (0.333, inconclusive, while the scan flagged 48/48). One reading of the map now."""
    data = _write(tmp_path / "d.jsonl", _tickets(48))
    cmap = tmp_path / "map.json"
    cmap.write_text(json.dumps({lab: [{"pointer": "/code", "value": code}] for lab, code in CODES.items()}))
    assert run("leak", "scan", str(data), "--no-mine", "--correlated-map", str(cmap)) == 1
    capsys.readouterr()
    rc = run("leak", "baseline", "--simulate", "copy", "--dataset", str(data), "--correlated-map", str(cmap))
    out = capsys.readouterr().out
    assert rc == 1, out
    assert "pass rate=1.000" in out and "/code" in out, out


def _chargebacks(n: int, *, seed: int = 7) -> list[dict[str, object]]:
    """Tickets where an object is present on billing's records only, each holding its own case number and date:
    no value repeats, its presence is the signal."""
    rng = random.Random(seed)
    rows = _tickets(n, seed=seed)
    for row in rows:
        projection = row["projection"]
        assert isinstance(projection, dict)
        projection["code"] = "RX-0000"
        projection["created_at"] = f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"
        if row["expected"] == "billing":
            opened = f"2026-0{rng.randint(1, 9)}-0{rng.randint(1, 9)}"
            projection["chargeback"] = {"case": str(rng.randint(100000, 999999)), "opened": opened}
    return rows


def test_a_key_held_on_one_label_only_is_mined_and_read_by_the_blind_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `chargeback` object on every billing record, unique values: scan --mine found nothing and the blind agent
    at 240 records was at chance (its unique values fragment; its dates' tokens then leaned other labels' dates to
    billing). Mining has a `key` candidate (a key held at all) and the agent reads it and its absence."""
    data = _write(tmp_path / "d.jsonl", _chargebacks(240))
    rc = run("leak", "scan", str(data), "--mine", "--format", "json", "--limit", "0")
    report = json.loads(capsys.readouterr().out)
    assert rc == 1
    assert report["summary"]["leaked_items"] == 80, report["summary"]
    rc = run("leak", "baseline", "--simulate", "blind", "--dataset", str(data), "--derive-from", "message")
    out = capsys.readouterr().out
    assert rc == 1 and "/chargeback" in out, out


def test_sanitize_reports_a_key_kept_on_one_label_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`refund_window_days` (14 or 30) on billing's records only: sanitize blanked it to 0 there, the key stayed on
    billing only, and it said "0 items still leak", exit 0. The key's presence is a leak by elimination: exit 1."""
    rows = _tickets(48)
    for i, row in enumerate(rows):
        if row["expected"] == "billing":
            projection = row["projection"]
            assert isinstance(projection, dict)
            projection["refund_window_days"] = 14 if i % 2 else 30
    data, out = _write(tmp_path / "d.jsonl", rows), tmp_path / "o.jsonl"
    assert run("leak", "sanitize", str(data), "--mine", "--no-agreement", "-o", str(out)) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "still leak" in err and "/refund_window_days" in err, err


QA_MESSAGES = {
    "billing": ["I was charged twice this month", "My invoice shows the wrong amount",
                "Why did my card get declined for the renewal", "Please send me a receipt for March",
                "The discount code was not applied to my order"],
    "technical": ["The app crashes when I open settings", "Sync stops after a few minutes",
                  "I get a blank screen on login page load", "Export to CSV produces an empty file",
                  "The widget does not render on Safari"],
    "account": ["I cannot reset my password", "Please change the email on my profile",
                "How do I add a second user to my team", "My two-factor device was lost",
                "I want to close my profile permanently"],
}  # fmt: skip


def test_the_mined_map_of_a_clean_dataset_leaves_out_what_scan_mine_gives_for_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Words are mined in short strings only (more than six words is prose): `the` rode with billing in short
    messages while long messages of other labels hold it too, so it was no input word by the words' test, written to
    the map unmarked, and `scan --correlated-map` of that map flagged 65 of 240 clean tickets. The map now carries
    only what `scan --mine` reports as a leak; the rest is marked (input)."""
    rng = random.Random(4)
    rows = []
    for i in range(240):
        lab = LABELS[i % 3]
        message = rng.choice(QA_MESSAGES[lab]) + rng.choice(["", ".", "!", " please", " asap"])
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": LABELS,
                     "projection": {"message": message, "code": rng.choice(list(CODES.values()))}})  # fmt: skip
    data, cmap = _write(tmp_path / "d.jsonl", rows), tmp_path / "map.json"
    assert run("leak", "mine", str(data), "-o", str(cmap), "--format", "json") == 0
    mined = json.loads(capsys.readouterr().out)
    assert mined["suggestions"] and all(s["input"] for s in mined["suggestions"]), mined["suggestions"]
    assert json.loads(cmap.read_text()) == {}
    assert run("leak", "scan", str(data), "--no-mine", "--correlated-map", str(cmap)) == 0


def test_the_blind_alert_names_the_field_holding_the_words_it_reads() -> None:
    """Sanitize's closing alert named the fields the blind agent still reads "(in /)": a word's feature has no field
    of its own. It names the fields holding it now (/message)."""
    rng = random.Random(5)
    items = [
        LeakItem(f"T-{i}", [LABELS[i % 3]], {"message": rng.choice(MESSAGES[LABELS[i % 3]]), "tier": "pro"}, LABELS)
        for i in range(120)
    ]
    left = blind_shortcuts(items)
    assert left is not None and left.above_chance and left.features
    assert left.fields() == ["/message"], left.fields()


def test_the_blind_baseline_on_read_input_names_derive_from(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --derive-from the blind agent reads short messages (not prose) and calls a clean set leaking; scan and
    mine name --derive-from there, the baseline did not. It gives the hint when the deciding field is the input."""
    rng = random.Random(6)
    rows = []
    for i in range(150):
        lab = LABELS[i % 3]
        message = rng.choice(QA_MESSAGES[lab][:2]) + rng.choice(["", ".", "!", " please", " asap"])
        rows.append({"id": f"T-{i}", "expected": lab, "label_set": LABELS, "projection": {"message": message}})
    data = _write(tmp_path / "d.jsonl", rows)
    assert run("leak", "baseline", "--simulate", "blind", "--dataset", str(data)) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "hint: /message decided most answers" in out and "--derive-from message" in out, out


def test_check_without_mining_says_the_raw_leak_is_found_by_mining(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`leak check` under 200 items (mining off) listed "raw item ... does not leak" and FAIL, never saying that the
    raw leak (a code riding with the label) is found only by mining. It says so, naming --mine."""
    data = _write(tmp_path / "d.jsonl", _tickets(48))
    assert run("leak", "check", "--raw", str(data), "--sanitized", str(data)) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "found only by mining; run the check with --mine" in out, out


def _filed(n: int, *, told: bool, seed: int = 10) -> list[dict[str, object]]:
    """Billing, refund and shipping tickets; a `chargeback` object of unique case numbers on 60 % of billing's. With
    ``told``, exactly those tickets' message says a chargeback was filed (the input tells the key's presence)."""
    rng = random.Random(seed)
    labels = ["billing", "refund", "shipping"]
    plain = [
        "hello I need some help with my account please today",
        "please look into this for me as soon as you can",
        "I have a question about my recent order from last week",
        "something went wrong and I would like assistance",
    ]
    rows: list[dict[str, object]] = []
    for i in range(n):
        label = labels[i % 3]
        filed = label == "billing" and rng.random() < 0.6
        message = (
            "I filed a chargeback with my bank because I was charged twice" if filed and told else rng.choice(plain)
        )
        projection: dict[str, object] = {"message": message, "account": {"id": f"A{rng.randint(1, 99999)}"}}
        if filed:
            projection["chargeback"] = {"case": str(rng.randint(100000, 999999))}
        rows.append({"id": f"r{i}", "expected": label, "label_set": labels, "projection": projection})
    return rows


@pytest.mark.parametrize("told", [True, False], ids=["input-tells-it", "input-silent"])
def test_a_key_whose_presence_the_input_tells_is_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], told: bool
) -> None:
    """Review of bcec99ee: a `chargeback` object held exactly where the message (the task's input) says a chargeback
    was filed was mined as a leak (55 of 240), as one the message never mentions. A key whose name is the input's own
    words, where those words tell the label as the key does, is explained by the input, as a value made of them is."""
    data = _write(tmp_path / "d.jsonl", _filed(240, told=told))
    run("leak", "scan", str(data), "--mine", "--derive-from", "message", "--format", "json", "--limit", "0")
    report = json.loads(capsys.readouterr().out)
    leaked = report["summary"]["leaked_items"]
    assert (leaked == 0) if told else (leaked > 40), report["summary"]
