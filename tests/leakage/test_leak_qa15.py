"""QA pass 15 (docs/dev/qa-pass-15.md): findings met as a new user, each pinned by a test that failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as _cli
from windtunnel.cli._progress import Progress
from windtunnel.flows.events import Done, Event, Started
from windtunnel.flows.leak import ScanRequest, check_flow, scan_flow
from windtunnel.leakage import LeakItem, audit_item, sanitize_item
from windtunnel.leakage.formats import path_segments

LABELS = ["billing", "technical", "account"]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture
def residual(tmp_path: Path) -> tuple[Path, Path]:
    """A raw dataset of two leaking items: ``key`` leaks through an object key (the sanitizer must leave it),
    ``log`` through a key-value pair in a log line (the sanitizer cuts it)."""
    rows = [
        {"id": "key", "expected": "billing", "label_set": LABELS, "projection": {"routing": {"billing": True}}},
        {"id": "log", "expected": "account", "label_set": LABELS, "projection": {"log": "category=account"}},
    ]
    return _write(tmp_path / "raw.jsonl", rows), tmp_path


def test_check_says_why_the_sanitizer_left_each_place(
    residual: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    raw, tmp = residual
    clean = tmp / "clean.jsonl"
    assert _cli("leak", "sanitize", str(raw), "-o", str(clean), "--stats", str(tmp / "s.jsonl")) == 1
    capsys.readouterr()
    assert _cli("leak", "check", "--raw", str(raw), "--sanitized", str(clean)) == 1
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("sanitized item key still leaks"))
    assert "(direct.key): an object key, which cannot be removed without changing the schema" in line
    assert "to fix: rename or remove the key by hand" in line
    outcome = check_flow(raw, clean)
    assert [r["reason"] for r in outcome.summary["still_leaking_left"]["key"]] == ["object-key"]


def test_check_of_a_file_the_sanitizer_would_clean_says_to_sanitize_again(residual: tuple[Path, Path]) -> None:
    raw, tmp = residual
    edited = tmp / "edited.jsonl"  # "sanitized" by hand, the log line forgotten
    edited.write_text(raw.read_text())
    rows = check_flow(raw, edited).summary["still_leaking_left"]
    assert [r["reason"] for r in rows["log"]] == ["sanitizable"]
    assert "sanitize the raw dataset again" in rows["log"][0]["fix"]
    assert [r["reason"] for r in rows["key"]] == ["object-key"]


def test_the_audit_page_says_why_the_sanitized_item_still_leaks(
    residual: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    raw, tmp = residual
    page = tmp / "audit.html"
    assert _cli("leak", "scan", str(raw), "-o", str(page)) == 1
    html = page.read_text()
    assert 'data-reason="object-key"' in html
    assert "an object key, which cannot be removed without changing the schema" in html
    assert html.count('data-reason="') == 1  # the log line was cut: nothing left to explain there


PRIO = ["urgent", "normal", "low"]
BOILER = "This is a normal request, no rush."


def _mails(tmp_path: Path) -> Path:
    """Nine mails, three per priority, each closing with the same customer sentence naming ``normal``: a statement
    of the answer on the ``normal`` mails, another label's word on the others."""
    bodies = ["Checkout is down.", "The export button is misaligned.", "Typo on the about page."]
    rows = [
        {
            "id": f"m{i}",
            "expected": PRIO[i % 3],
            "label_set": PRIO,
            "projection": {"html": f"<p>{bodies[i % 3]} Ticket {100 + i}. {BOILER}</p><p>Regards, user {i}</p>"},
        }
        for i in range(9)
    ]
    return _write(tmp_path / "mails.jsonl", rows)


def test_sanitize_cuts_a_sentence_cut_on_one_labels_items_on_every_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = _mails(tmp_path)
    clean = tmp_path / "clean.jsonl"
    assert _cli("leak", "sanitize", str(raw), "-o", str(clean), "--stats", str(tmp_path / "s.jsonl")) == 0
    assert "1 sentence(s) naming a label cut on every item that holds them" in capsys.readouterr().err
    out = [json.loads(x) for x in clean.read_text().splitlines()]
    assert not any(BOILER in r["projection"]["html"] for r in out)  # kept on urgent and low, it said: not normal
    assert all("Regards, user" in r["projection"]["html"] for r in out)  # the cut stays in its sentence
    _cli("leak", "check", "--raw", str(raw), "--sanitized", str(clean))  # fails: six raw mails do not leak
    assert "sanitized: 0/9 leak -> FAIL" in capsys.readouterr().out  # and no field leaks by elimination


def test_check_fails_a_sentence_cut_on_one_labels_items_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = _mails(tmp_path)
    rows = [json.loads(x) for x in raw.read_text().splitlines()]
    for r in rows:  # what the sanitizer wrote before the fix: the statement cut where it is the answer only
        if r["expected"] == "normal":
            r["projection"]["html"] = r["projection"]["html"].replace(" " + BOILER, "")
    clean = _write(tmp_path / "clean.jsonl", rows)
    assert _cli("leak", "check", "--raw", str(raw), "--sanitized", str(clean)) == 1
    out = capsys.readouterr().out
    assert "/html: 1 sentence(s) naming a label were cut on the items of that label and kept" in out
    assert "1 field(s) leak by elimination (/html) -> FAIL" in out


CATS = ["billing", "technical", "account", "shipping"]


def test_sanitize_leaves_what_the_dataset_evidence_calls_review_as_scan_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sentence in every ticket whatever its category ("Shipping label was printed ...") is a target mention on the
    shipping tickets only; across 48 records it is at chance, so `leak scan` demotes it to review. The sanitizer cut
    it anyway, on the shipping tickets only, and counted them as leaking before."""
    rows = [
        {
            "id": f"t{i}",
            "expected": CATS[i % 4],
            "label_set": CATS,
            "target": "category",
            "projection": {"body": f"Customer {i} wrote about order {1000 + i}. Shipping label was printed today."},
        }
        for i in range(48)
    ]
    raw = _write(tmp_path / "t.jsonl", rows)
    report = tmp_path / "r.json"
    assert _cli("leak", "scan", str(raw), "-o", str(report)) == 0
    assert json.loads(report.read_text())["summary"]["agreement"]["demoted"] == 12
    clean, stats = tmp_path / "clean.jsonl", tmp_path / "s.jsonl"
    capsys.readouterr()
    assert _cli("leak", "sanitize", str(raw), "-o", str(clean), "--stats", str(stats)) == 0
    assert "sanitized 48 items (0 leaked before)" in capsys.readouterr().out
    assert clean.read_text() == raw.read_text()  # nothing cut: every record keeps its bytes


def test_a_closing_tag_is_no_category_path_and_the_document_is_not_blanked() -> None:
    """``<technical>yes</technical>`` was read as the category path ``…/technical`` (upstream.path-segment, then a
    URL path ``/technical``), and the sanitizer blanked the whole XML document, its body with it."""
    doc = "<ticket><technical>yes</technical><body>Crash on start</body></ticket>"
    assert path_segments(doc) is None
    assert path_segments("Support > Billing > technical") is not None  # a category path still is one
    found = audit_item(LeakItem(id="x", expected=["technical"], label_set=LABELS, projection={"xml": doc}))
    assert not {f.rule for f in found.findings} & {"upstream.path-segment", "direct.url-segment"}
    res = sanitize_item(LeakItem(id="x", expected=["technical"], label_set=LABELS, projection={"xml": doc}))
    assert "Crash on start" in res.item.projection["xml"]
    url = audit_item(LeakItem(id="u", expected=["technical"], projection={"see": "docs at /kb/technical/"}))
    assert url.leaked  # an absolute path in prose still names it


def test_a_scan_shows_progress_while_it_reads_the_dataset_evidence_and_counts_leaks(tmp_path: Path) -> None:
    """On a 10 MB file the evidence passes (mining, agreement) took 21 s before the bar appeared, with nothing on
    the terminal; and the scan's bar said "0 failed" while thousands of items leaked."""
    rows = [
        {"id": f"t{i}", "expected": CATS[i % 4], "label_set": CATS, "projection": {"note": f"category={CATS[i % 4]}"}}
        for i in range(6)
    ] + [{"id": "c", "expected": "billing", "label_set": CATS, "projection": {"note": "all fine"}}]
    raw = _write(tmp_path / "t.jsonl", rows)
    events: list[Event] = []
    scan_flow(ScanRequest(dataset=raw, mine=True, agreement=True), events.append)
    started = [e for e in events if isinstance(e, Started)]
    assert [s.label for s in started] == ["items (mining)", "items (agreement evidence)", "items"]
    assert started[-1].failed == "leak"
    done = [e for e in events if isinstance(e, Done)]
    assert sum(d.failed for d in done) == 6  # the scan's units: six leaking items of seven
    assert len(events) - len(done) == 2 * len(started)  # each bar is opened and closed once


def test_the_heartbeat_names_what_it_counts() -> None:
    scan = Progress(10, label="items", quiet=False, failed_label="leak")
    scan.advance(True)
    assert scan.line().startswith("windtunnel: 1 of 10 items done (1 leak), ")
    reading = Progress(10, label="items (mining)", quiet=False, failed_label="")
    reading.advance(False)
    assert reading.line().startswith("windtunnel: 1 of 10 items (mining) done, ")


def test_check_names_the_empty_side_and_no_hint_offers_it_a_pipe(
    residual: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    raw, tmp = residual
    empty = tmp / "empty.jsonl"
    empty.write_text("")
    assert _cli("leak", "check", "--raw", str(raw), "--sanitized", str(empty)) == 2
    assert f"--sanitized {empty} holds no items" in capsys.readouterr().err
    assert _cli("leak", "check", "--raw", str(tmp), "--sanitized", str(raw)) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "is a directory" in err and "a pipe works too" not in err
    assert "leak scan, sanitize and mine also read standard input" in err
