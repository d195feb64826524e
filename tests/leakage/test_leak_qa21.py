"""QA pass 21 (leakage, docs/dev/qa-pass-21-leak.md): what a new user met on a dataset of their own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.clirun import wt as run
from windtunnel.leakage import scan
from windtunnel.leakage.report import RULE_HELP

DOCS = Path(__file__).resolve().parents[2] / "docs" / "leakage.md"


def _documented_rules() -> set[str]:
    """The rule names of the findings table in docs/leakage.md (its first column)."""
    return set(re.findall(r"^\| `((?:direct|upstream|freetext|correlated)\.[a-z-]+)`", DOCS.read_text(), re.M))


def test_every_rule_a_finding_can_carry_has_its_meaning() -> None:
    """The table's legend and SARIF's shortDescription read RULE_HELP; a rule missing there was shown as its own
    name (``freetext.statement: freetext.statement``). Every documented rule and every cue the prose rule names a
    finding after has a sentence of its own."""
    rules = _documented_rules() | {f"freetext.{cue}" for cue in scan._CUES}
    assert "freetext.statement" in rules and len(rules) > 15
    missing = sorted(r for r in rules if not RULE_HELP.get(r) or RULE_HELP[r] == r)
    assert missing == []


def test_the_table_legend_explains_a_statement(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {
            "id": "a",
            "expected": "repair",
            "label_set": ["refund", "repair"],
            "projection": {"note": "After checking, the answer is repair for this one."},
        },
        {
            "id": "b",
            "expected": "refund",
            "label_set": ["refund", "repair"],
            "projection": {"note": "Looks fine, nothing to add."},
        },
    ]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("leak", "scan", str(data), "--no-mine", "--no-agreement") == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "freetext.statement: " + RULE_HELP["freetext.statement"] in out
    assert "freetext.statement: freetext.statement" not in out


def test_items_that_still_leak_the_same_way_are_named_a_few_then_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An instruction every record carries, read as the answer on one label's records and left held-alike: each of
    those records printed the same line (50 on a dataset of 200, 10,000 on one of 40,000). Now the first three, then
    one line counting and naming the rest; --stats still holds every item."""
    labels = ["refund", "replace", "repair", "reject"]
    rows = [
        {
            "id": f"r{i:03d}",
            "expected": labels[i % 4],
            "label_set": labels,
            "projection": {"instruction": "Decide the return. When in doubt, the answer is repair.", "n": i},
        }
        for i in range(80)
    ]
    data, out, stats = tmp_path / "d.jsonl", tmp_path / "o.jsonl", tmp_path / "s.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code = run("leak", "sanitize", str(data), "-o", str(out), "--stats", str(stats), "--no-mine", "--no-agreement")
    assert code == 1
    err = [" ".join(line.split()) for line in capsys.readouterr().err.splitlines() if line.strip()]
    one_by_one = [line for line in err if line.startswith("item ") and "still leaks after sanitizing" in line]
    assert [line.split(":")[0] for line in one_by_one] == ["item r002", "item r006", "item r010"]
    rest = [line for line in err if "more item(s) still leak after sanitizing the same way" in line]
    assert len(rest) == 1 and rest[0].startswith("17 more item(s)") and "(r014, r018, r022, r026, r030, ..." in rest[0]
    assert "--stats names each item's places" in rest[0] and "hold alike" in rest[0]
    assert sum("residual_left" in line for line in stats.read_text().splitlines()) == 20


def test_sanitize_counts_the_records_it_edits_that_did_not_leak(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A status written after the decision, one code per label: three codes are mined, the fourth (4 records) is below
    the support floor, so the scan calls its records clean, and the sanitizer blanks it too (else the field's blanks
    would leave one label's code standing). The line said `(N leaked before)` only; the records it edited beyond them
    went unmentioned. Now it counts them, and --stats agrees."""
    labels = ["refund", "replace", "repair", "reject"]
    codes = {"refund": 11, "replace": 4, "repair": 8, "reject": 7}
    rows = []
    for lab in labels:
        for i in range(50):
            status = f"CLOSED_{lab[:3].upper()}" if i < codes[lab] else "OPEN"
            rows.append(
                {
                    "id": f"{lab}-{i:02d}",
                    "expected": lab,
                    "label_set": labels,
                    "projection": {"ticket": {"subject": f"Order {i * 7 % 13} issue", "status": status}},
                }
            )
    data, out, stats = tmp_path / "d.jsonl", tmp_path / "o.jsonl", tmp_path / "s.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("leak", "sanitize", str(data), "-o", str(out), "--stats", str(stats), "--mine") == 0
    line = " ".join(capsys.readouterr().out.split())
    per_item = [json.loads(s) for s in stats.read_text().splitlines()]
    edited = [s for s in per_item if s["redactions"]]
    quiet = [s for s in edited if not s["leaked_before"]]
    leaked = sum(s["leaked_before"] for s in per_item)
    assert quiet, "the dataset no longer makes the sanitizer edit a record the audit calls clean"
    assert f"({leaked} leaked before), {len(edited)} records edited ({len(quiet)} not leaking:" in line


def _notes(tmp_path: Path, expected: str, labels: list[str], notes: list[str]) -> list[list[tuple[str, str]]]:
    """The findings ``(rule, severity)`` of each record holding one of ``notes``, scanned without mining."""
    rows = [
        {"id": f"r{i}", "expected": expected, "label_set": labels, "projection": {"agent_notes": note}}
        for i, note in enumerate(notes)
    ]
    data, out = tmp_path / "d.jsonl", tmp_path / "r.json"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run("leak", "scan", str(data), "--no-mine", "--no-agreement", "-f", "json", "-o", str(out))
    return [[(f["rule"], f["severity"]) for f in it["findings"]] for it in json.loads(out.read_text())["items"]]


def test_a_note_stating_the_decision_with_the_label_inflected_is_for_review(tmp_path: Path) -> None:
    """Finding 7: ``the customer will be refunded in full.`` and ``refunding the order.`` gave no finding at all (the
    label matched as a whole token only). The inflection view finds them, for review: never counted as a leak."""
    found = _notes(
        tmp_path,
        "refund",
        ["refund", "replace", "repair", "reject"],
        ["the customer will be refunded in full.", "refunding the order.", "two refunds were issued.", "No news."],
    )
    assert found == [[("freetext.token", "low")]] * 3 + [[]]


def test_an_inflected_label_word_is_never_more_than_review_and_other_words_stay_clean(tmp_path: Path) -> None:
    """A label ``order``: ``ordered`` is its inflection, for review at most even where the label word itself would be
    a leak (``Upstream triage: order approved.``); ``orderly`` and ``ordinary`` are other words."""
    found = _notes(
        tmp_path,
        "order",
        ["order", "cancel", "return"],
        [
            "the customer ordered a lamp.",
            "Upstream triage: ordered, approved.",
            "an orderly queue formed.",
            "an ordinary day.",
        ],
    )
    assert found[0] == [("freetext.token", "low")] and found[1] == [("freetext.token", "low")]
    assert found[2:] == [[], []]


def test_the_inflections_are_the_regular_endings_of_one_word() -> None:
    from windtunnel.leakage.inflections import inflections

    assert inflections("refund") == ("refunds", "refunded", "refunding")
    assert inflections("replace") == ("replaces", "replaced", "replacing")
    assert set(inflections("copy")) == {"copies", "copied", "copying"}
    assert "flagged" in inflections("flag")
    assert inflections("approved") == inflections("pending") == inflections("account_access") == ()


def _book_rows() -> list[dict[str, object]]:
    """120 tickets: ``status`` is a code per label (one shared ``OPEN``), but the ``reject`` code is on 4 records only,
    below the support floor of 5; the body says what the customer asks (the task's input)."""
    labels = ["refund", "replace", "repair", "reject"]
    codes = {"refund": "CLOSED_RF", "replace": "CLOSED_RPL", "repair": "CLOSED_FIX"}
    asks = {"refund": "I want my money back", "replace": "send me a new one", "repair": "can you fix it"}
    rows: list[dict[str, object]] = []
    for i in range(120):
        label = labels[i % 4]
        if label == "reject":
            code = "WAIVED" if i < 16 else "OPEN"
        else:
            code = "OPEN" if i % 10 == 9 else codes[label]
        body = f"My item number {1000 + 37 * i % 9000} broke, {asks.get(label, 'just complaining')}."
        rows.append(
            {
                "id": f"r{i}",
                "expected": label,
                "label_set": labels,
                "projection": {"subject": f"Ticket {i}", "body": body, "status": code},
            }
        )
    return rows


def test_the_mined_line_names_the_fields_whose_rarer_values_the_support_floor_holds_back(tmp_path: Path) -> None:
    """Finding 5: without --derive-from a code book's labels keep the support floor, so the ``reject`` code on 4
    records is not found although the field's other codes are mined at purity 1.00; nothing said so. The mined line
    names the field and says --derive-from tests those values; with it, they are found (and nothing is said)."""
    from windtunnel.flows.leak_evidence import mine_flow

    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _book_rows()))
    plain = mine_flow(data).detail
    assert plain.floored == ["/status"] and not any(s.value == "WAIVED" for s in plain.suggestions)
    assert plain.describe().endswith(
        "; rarer values of /status held back by the support floor: pass --derive-from naming the task's input to test "
        "them on the field's own evidence"
    )  # QA 22 #5: an instruction, not a parenthesis read as a list of options
    named = mine_flow(data, derive_from=["/subject", "/body"]).detail
    assert any("WAIVED" in s.value for s in named.suggestions) and named.floored == []
    assert "held back" not in named.describe()


def test_the_scans_mined_line_says_the_item_count_beside_the_mined_count_not_after_the_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA 22 #5: ``leak scan --mine`` appended ``; on N items`` after the support-floor note, where it read as the count
    of the values held back; it is said beside the mined count now, and the line ends with the instruction."""
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _book_rows()))
    run("leak", "scan", str(data), "--mine")
    [line] = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("mined: ")]
    assert re.match(r"mined: \d+ mined from 120 items \(4 labels\), found on \d+ of them: ", line), line
    assert line.endswith("to test them on the field's own evidence"), line
    assert "; on " not in line


def test_the_agreement_line_does_not_call_an_instructions_listing_a_lack_of_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding 8: every record's instruction lists the labels; the agreement line said "no slot has the 5 records a
    verdict needs", read as too small a dataset, while a listing of every label is never weighed at all."""
    labels = ["refund", "replace", "repair", "reject"]
    rows = [
        {
            "id": f"r{i}",
            "expected": labels[i % 4],
            "label_set": labels,
            "projection": {"instruction": "Decide one of: refund, replace, repair, reject.", "ticket": f"Case {i}."},
        }
        for i in range(40)
    ]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run("leak", "scan", str(data), "--no-mine")
    out = " ".join(capsys.readouterr().out.split())
    assert "40 of 40 items mention a label, each only where it lists every label of its set" in out, out
    assert "no slot has the 5 records" not in out


def test_the_agreement_line_of_a_dataset_without_a_label_word_says_only_that(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA pass 22 finding 6: no item mentions a label (its notes say ``refunded``, an inflection, which the agreement
    evidence does not weigh); the line said "0 of 40 items mention a label, each only where it lists every label of its
    set ... which tells no answer apart", a claim about mentions there are none of."""
    labels = ["refund", "replace", "repair"]
    rows = [
        {
            "id": f"r{i}",
            "expected": labels[i % 3],
            "label_set": labels,
            "projection": {"notes": "The customer was refunded in full." if i == 0 else f"Case {i} checked."},
        }
        for i in range(40)
    ]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run("leak", "scan", str(data), "--no-mine")
    out = " ".join(capsys.readouterr().out.split())
    assert "agreement: 0 of 40 items mention a label: nothing to weigh" in out, out
    assert "each only where it lists" not in out
