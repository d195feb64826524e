"""The dataset's agreement evidence for the mention decision (leakage/agreement.py, leakage/mentions.py).

Each test generates a dataset: a value slot in varied prose (a leak no item-level rule names), an idiom that
carries the record's own label word, a listing of the labels, a slot at chance, and too little support. The
per-item audit is never changed; the dataset pass adjusts its findings after.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import wt as run_cli
from tests.leakage.audited import audited
from windtunnel._util.stats import binomial_greater
from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage import audit_item
from windtunnel.leakage.agreement import RULE, agreement_of
from windtunnel.leakage.mentions import decisions, item_mentions
from windtunnel.leakage.model import ItemAudit, LeakItem

LABELS = ["Low", "Medium", "High"]
_OPENERS = [
    "After the standup",
    "Late on Friday",
    "Once the logs were in",
    "Before anyone replied",
    "When the customer called back",
    "During the migration window",
]
_CLOSERS = [
    "then went back to the backlog.",
    "and nobody objected.",
    "while the printer jammed again.",
    "before the coffee ran out.",
    "so the night shift could see it.",
]
SCHEMA = json.loads((Path(__file__).parent / "leak-report.schema.json").read_text(encoding="utf-8"))


def _items(n: int, text: Any, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` items with labels in turn and a note written by ``text(rng, label, i)``."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % len(LABELS)]
        out.append({"id": f"i{i}", "expected": label, "label_set": LABELS, "projection": {"note": text(rng, label, i)}})
    return out


def _value_slot(rng: random.Random, label: str, _i: int) -> str:
    """The record's label in one slot of varied prose (the scan alone calls it a bare word, for review)."""
    return f"{rng.choice(_OPENERS)}, the crew filed it with the {label} desk after lunch, {rng.choice(_CLOSERS)}"


def _leak_items(raw: list[dict[str, Any]]) -> tuple[list[LeakItem], list[ItemAudit]]:
    """The items as the scan reads them (with lines) and their per-item audits."""
    return audited(raw)


def _adjusted(raw: list[dict[str, Any]]) -> tuple[list[ItemAudit], list[ItemAudit], Any]:
    """(per-item audits, audits adjusted by the dataset's evidence, the agreement)."""
    items, audits = _leak_items(raw)
    agreement = agreement_of(items)
    return audits, [agreement.adjust(a) for a in audits], agreement


def test_mentions_mask_every_label_and_keep_the_original_span() -> None:
    item = LeakItem.from_mapping(
        {"id": "a", "expected": "High", "label_set": LABELS, "projection": {"x": ["Filed with the High desk: 12"]}}
    )
    (m,) = item_mentions(item)
    assert m.pointer == "/x/0" and item.projection["x"][0][m.span[0] : m.span[1]] == "High"
    assert m.label == "High"
    # the pointer's index generalised, the label masked, digits normalised, case folded
    assert m.signatures == ("/x/* ^ filed with the § desk : 0 $", "^ filed with the § desk : 0 $", "/x/* the § desk")
    assert decisions([m], audit_item(item).findings, item.expected) == ["review (freetext.token)"]


def test_every_label_is_a_mention_and_the_answer_has_no_extra_spellings() -> None:
    # another label is a mention too; the answer's abbreviation (which only the answer gets) is not
    item = LeakItem.from_mapping(
        {"id": "a", "expected": "Medium", "label_set": LABELS, "projection": {"a": "Low then MED then Medium"}}
    )
    assert [m.label for m in item_mentions(item)] == ["Low", "Medium"]
    assert item_mentions(LeakItem.from_mapping({"id": "b", "expected": "x", "projection": {"a": "x"}})) == []


def test_a_value_slot_in_varied_prose_is_a_leak() -> None:
    raw = _items(12, _value_slot)
    before, after, agreement = _adjusted(raw)
    assert not any(a.leaked for a in before)  # the per-item audit reads a bare word, for review
    assert all(a.leaked for a in after)
    for r, a in zip(raw, after, strict=True):
        (f,) = [f for f in a.findings if f.rule == RULE]
        assert r["projection"]["note"][f.span[0] : f.span[1]] == r["expected"]  # the original characters
        assert f.severity == "medium" and f.pointer == "/note"
        assert "in 12 of 12 records a label here equals the record's label" in f.detail
        assert "3 different labels" in f.detail and "chance 33 %" in f.detail
        assert not [g for g in a.findings if g.rule == "freetext.token"]  # the review finding it replaces
    assert agreement.summary()["promoted"] == 12


def test_an_idiom_with_the_records_own_label_word_is_not_promoted() -> None:
    # A trap writer plants the record's own label word in another sense: it agrees every time, but the slot
    # never holds another label, so it is an idiom, not a value.
    def idiom(rng: random.Random, label: str, _i: int) -> str:
        said = "it is high time we shipped this" if label == "High" else "nothing to add"
        return f"{rng.choice(_OPENERS)}, {said}, {rng.choice(_CLOSERS)}"

    raw = _items(30, idiom)
    before, after, agreement = _adjusted(raw)
    assert [a.findings for a in after] == [a.findings for a in before]
    assert any(g.k == g.n >= 5 for g in agreement.groups.values())  # it did agree, and was still not promoted


@pytest.mark.parametrize("own_first", [False, True], ids=["fixed-order", "record-label-first"])
def test_a_listing_of_the_labels_is_not_promoted(own_first: bool) -> None:
    def listing(rng: random.Random, label: str, _i: int) -> str:
        # in a fixed order; or with the record's label first, so that the first place agrees every time
        order = [label, *(lab for lab in LABELS if lab != label)] if own_first else LABELS
        return f"{rng.choice(_OPENERS)}: pick {order[0]} or {order[1]} or {order[2]} here"

    raw = _items(15, listing)
    before, after, agreement = _adjusted(raw)
    assert [a.findings for a in after] == [a.findings for a in before]
    assert all(g.listing for g in agreement.groups.values())


def test_a_slot_at_chance_demotes_the_item_level_leak_to_review() -> None:
    # ``priority: X`` is a leak for the per-item audit; here X is another ticket's, whatever this one's label:
    # each block of three items (one per label) shows one label, so a third agree.
    def at_chance(rng: random.Random, _label: str, i: int) -> str:
        shown = LABELS[(i // 3) % 3]
        return f"{rng.choice(_OPENERS)}. Previous ticket priority: {shown}. Then the printer broke."

    raw = _items(90, at_chance)
    before, after, agreement = _adjusted(raw)
    leaking = [i for i, a in enumerate(before) if a.leaked]
    assert len(leaking) == 30
    assert not any(a.leaked for a in after)
    for i in leaking:
        (f,) = [f for f in after[i].findings if f.pointer == "/note"]
        # at chance as a slot, or (one opener's text on six records or more) as the same text on every label's
        assert f.severity == "low" and ("not above chance, for review" in f.detail or "does not tell" in f.detail)
        assert f.rule == before[i].findings[0].rule  # the rule users filter by is kept
    assert agreement.summary()["demoted"] == len(leaking)


def test_too_little_support_leaves_the_item_level_decision() -> None:
    raw = _items(4, _value_slot)
    before, after, _agreement = _adjusted(raw)
    assert [a.findings for a in after] == [a.findings for a in before]


def test_a_value_slot_that_disagrees_half_the_time_is_not_promoted() -> None:
    def noisy(rng: random.Random, label: str, i: int) -> str:
        shown = label if i % 2 else LABELS[(LABELS.index(label) + 1) % 3]
        return _value_slot(rng, shown, i)

    raw = _items(24, noisy)
    before, after, _agreement = _adjusted(raw)
    assert [a.leaked for a in after] == [a.leaked for a in before]


def test_binomial_greater() -> None:
    assert binomial_greater(0, 10, 0.3) == 1.0
    assert binomial_greater(10, 10, 0.5) == pytest.approx(0.5**10)
    assert binomial_greater(2, 3, 0.5) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        binomial_greater(4, 3, 0.5)


def _write(tmp_path: Path, raw: list[dict[str, Any]]) -> Path:
    """The dataset as a JSON Lines file."""
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in raw), encoding="utf-8")
    return path


def test_scan_reports_the_dataset_evidence_and_no_agreement_turns_it_off(tmp_path: Path) -> None:
    path = _write(tmp_path, _items(12, _value_slot))
    out = io.BytesIO()
    outcome = scan_flow(ScanRequest(dataset=path, fmt="json", stream=out))
    report = json.loads(out.getvalue())
    jsonschema.validate(report, SCHEMA)
    assert outcome.status == "failed" and report["summary"]["leaked_items"] == 12
    assert report["summary"]["by_rule"][RULE] == 12
    assert report["summary"]["agreement"]["promoted"] == 12
    assert report["summary"]["agreement"]["groups_follow_label"] >= 1
    out = io.BytesIO()
    outcome = scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, agreement=False))
    report = json.loads(out.getvalue())
    assert outcome.status == "passed" and report["summary"]["agreement"] == {"skipped": "--no-agreement"}


def test_scan_of_a_pipe_says_why_the_evidence_is_not_applied(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    import os  # a named pipe stands for standard input here

    os.mkfifo(fifo)
    import threading  # the writer end of the pipe

    data = "".join(json.dumps(r) + "\n" for r in _items(12, _value_slot))
    writer = threading.Thread(target=lambda: fifo.write_text(data, encoding="utf-8"))
    writer.start()
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=fifo, fmt="json", stream=out, mine=False))
    writer.join()
    agreement = json.loads(out.getvalue())["summary"]["agreement"]
    assert "not a regular file" in agreement["skipped"] and "--agreement" in agreement["skipped"]


def test_sanitize_cuts_what_the_evidence_finds(tmp_path: Path) -> None:
    raw = _items(12, _value_slot)
    path = _write(tmp_path, raw)
    out = tmp_path / "clean.jsonl"
    outcome = sanitize_flow(SanitizeRequest(dataset=path, output=out))
    assert outcome.summary["leaked_before"] == 12
    assert outcome.summary["agreement"]["promoted"] == 12
    for r, line in zip(raw, out.read_text(encoding="utf-8").splitlines(), strict=True):
        assert r["expected"] not in json.loads(line)["projection"]["note"]


def test_the_python_api_takes_the_switch(tmp_path: Path) -> None:
    from windtunnel import leak

    path = _write(tmp_path, _items(12, _value_slot))
    assert leak.scan(path).status == "failed"
    assert leak.scan(path, agreement=False).status == "passed"


@pytest.mark.parametrize(("n", "promoted"), [(6, False), (12, True)])
def test_a_clearance_yields_only_to_strong_evidence_of_the_same_field(n: int, promoted: bool) -> None:
    # A field's schema example is cleared by the per-item audit (principle 3): a slot that agrees at the
    # standard floor does not override it; the same field agreeing over more records does (each record's
    # comment is its own: two identical texts with one label would be one record shown twice).
    def schema(rng: random.Random, label: str, i: int) -> str:
        return f"priority:\n  type: string\n  nullable: true\n  example: {label}\n# spec {i}: {rng.choice(_CLOSERS)}"

    raw = _items(n, schema)
    before, after, _agreement = _adjusted(raw)
    assert not any(a.findings for a in before)  # cleared, not for review
    assert [a.leaked for a in after] == [promoted] * n


def test_the_commands_say_what_the_evidence_did(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.clirun import wt as run  # the CLI in-process, as the console script runs it

    raw = _items(12, _value_slot)
    path = _write(tmp_path, raw)
    assert run("leak", "scan", str(path)) == 1
    out = capsys.readouterr().out
    assert "agreement: 12 of 12 items mention a label" in out and "12 leak findings added, 0 for review" in out
    assert run("leak", "scan", str(path), "--no-agreement") == 0
    assert "agreement: not applied (--no-agreement)" in capsys.readouterr().out
    sarif = tmp_path / "r.sarif"
    assert run("leak", "scan", str(path), "-f", "sarif", "-o", str(sarif)) == 1
    rules = {r["id"] for r in json.loads(sarif.read_text())["runs"][0]["tool"]["driver"]["rules"]}
    assert RULE in rules
    clean = tmp_path / "clean.jsonl"
    assert run("leak", "sanitize", str(path), "-o", str(clean)) == 0
    assert "agreement: " in capsys.readouterr().out
    # the check judges both sides by the raw dataset's slots: every raw item leaks, no sanitized one does
    assert run("leak", "check", "--raw", str(path), "--sanitized", str(clean)) == 0
    assert "agreement (raw): " in capsys.readouterr().out


def test_one_record_asked_several_times_counts_once() -> None:
    # Two tickets, each asked six questions, use their own label word in an idiom ("high hopes", "low hopes"):
    # twelve items agree in one slot with two labels, but they are two records, too few to say anything.
    def ticket(label: str, key: str) -> dict[str, Any]:
        body = f"The export job failed twice overnight and the team has {label.lower()} hopes for the patch today."
        return {"ticket": {"key": key, "body": body}}

    raw = _items(60, lambda rng, _label, _i: f"{rng.choice(_OPENERS)}, nothing to add, {rng.choice(_CLOSERS)}")
    for n, (label, key) in enumerate([("High", "OPS-1"), ("Low", "OPS-2")]):
        raw += [
            {"id": f"q{n}-{q}", "expected": label, "label_set": LABELS, "question": q, "projection": ticket(label, key)}
            for q in range(6)
        ]
    before, after, agreement = _adjusted(raw)
    assert [a.findings for a in after] == [a.findings for a in before]
    assert agreement.summary()["promoted"] == 0
    (g,) = [g for g in agreement.groups.values() if g.level == "pointer+context"]
    assert (g.n, g.k) == (2, 2)  # two records, not twelve items


def test_sanitize_of_a_pipe_says_its_count_lacks_the_evidence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA-14: from a pipe, sanitize said "0 items still leak" while `leak scan` of its output found the value slot
    fifo = tmp_path / "pipe.jsonl"
    import os  # a named pipe stands for standard input here

    os.mkfifo(fifo)
    import threading  # the writer end of the pipe

    data = "".join(json.dumps(r) + "\n" for r in _items(12, _value_slot))
    writer = threading.Thread(target=lambda: fifo.write_text(data, encoding="utf-8"))
    writer.start()
    clean, stats = tmp_path / "clean.jsonl", tmp_path / "stats.jsonl"
    code = run_cli("leak", "sanitize", str(fifo), "-o", str(clean), "--stats", str(stats))
    writer.join()
    out = capsys.readouterr().out
    assert code == 0 and "0 items still leak" in out
    assert "cannot read a pipe twice" in out and "save the input to a file" in out
    assert run_cli("leak", "scan", str(clean), "--limit", "0") == 1  # what the caveat warns of
    capsys.readouterr()
    path = _write(tmp_path, _items(12, _value_slot))
    assert run_cli("leak", "sanitize", str(path), "-o", str(clean), "--stats", str(stats)) == 0
    assert "cannot read a pipe twice" not in capsys.readouterr().out


def test_too_small_a_dataset_says_no_slot_can_be_judged() -> None:
    # QA-14: forced on two items, the line read "of 0 slots with support, 0 follow ... 0 are at chance"
    _before, _after, agreement = _adjusted(_items(2, _value_slot))
    description = agreement.summary()["description"]
    assert "no slot has the 5 records a verdict needs" in description and "0 slots" not in description


def test_the_html_page_applies_the_evidence_as_the_json_report_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA-14: `leak scan -f html` said "0 of 12 items leak" and exited 0 where `-f json` exited 1
    path = _write(tmp_path, _items(12, _value_slot))
    page = tmp_path / "audit.html"
    assert run_cli("leak", "scan", str(path), "-f", "html", "-o", str(page)) == 1
    assert "12 of 12 items leak" in capsys.readouterr().err
    assert RULE in page.read_text(encoding="utf-8")
    assert run_cli("leak", "scan", str(path), "-f", "json", "-o", str(tmp_path / "r.json")) == 1
    assert run_cli("leak", "scan", str(path), "-f", "html", "-o", str(page), "--no-agreement") == 0


def test_a_derive_from_field_links_a_records_items_as_in_mining() -> None:
    # a short summary (not prose) is the record's content when the task is derived from it: with --derive-from,
    # the six questions about each of two tickets are two records, too few to promote their idiom
    raw = _items(60, lambda rng, _label, _i: f"{rng.choice(_OPENERS)}, nothing to add, {rng.choice(_CLOSERS)}")
    for n, label in enumerate(["High", "Low"]):
        summary = f"team has {label.lower()} hopes today"
        raw += [
            {"id": f"q{n}-{q}", "expected": label, "label_set": LABELS, "projection": {"summary": summary, "q": q}}
            for q in range(6)
        ]
    items, audits = _leak_items(raw)
    linked = agreement_of(items, derive_from=["summary"])
    assert sum(linked.adjust(a) is not a for a in audits) == 0
    (g,) = [g for g in linked.groups.values() if g.level == "pointer+context"]
    assert (g.n, g.k) == (2, 2)
    unlinked = agreement_of(items)
    assert max(g.n for g in unlinked.groups.values()) == 12  # item by item, as without the field named


def _closing(
    count: int, own: int, n: int = 150, sentence: str = "This is a Medium request, no rush."
) -> list[dict[str, Any]]:
    """``n`` notes; ``sentence`` closes ``count`` of them, ``own`` of those on ``Medium`` records (QA-15 #9)."""
    raw = _items(n, lambda rng, _label, i: f"{rng.choice(_OPENERS)}, {rng.choice(_CLOSERS)}")
    mediums = [r for r in raw if r["expected"] == "Medium"][:own]
    others = [r for r in raw if r["expected"] != "Medium"][: count - own]
    for r in mediums + others:
        r["projection"]["note"] += " " + sentence
    return raw


@pytest.mark.parametrize(("count", "own"), [(50, 19), (24, 8), (12, 4)])
def test_a_boilerplate_sentence_on_records_of_every_label_is_at_chance(count: int, own: int) -> None:
    # QA-15 #9: a customer's closing sentence naming one label, on mails of every label. 19 of 50 agree at
    # chance 33 %: the 95 % upper bound (0.52) is above a quarter of the way (0.50), but the agreement is not
    # above chance and rules out the least a value agrees (halfway, 0.67): the statement is for review.
    before, after, agreement = _adjusted(_closing(count, own))
    leaking = [i for i, a in enumerate(before) if a.leaked]
    assert len(leaking) == own
    assert not any(a.leaked for a in after)
    for i in leaking:
        (f,) = [f for f in after[i].findings if f.rule == "freetext.statement"]
        assert f.severity == "low" and "not above chance, for review" in f.detail  # with the figures
    assert agreement.summary()["groups_at_chance"] >= 1


def test_a_sentence_on_its_own_labels_records_only_or_well_above_chance_stays_a_leak() -> None:
    # the same sentence planted on the Medium records alone is the leak it reads as
    _before, after, _agreement = _adjusted(_closing(30, 30))
    assert sum(a.leaked for a in after) == 30
    # agreeing 60 % of 200 times at chance 33 % is significantly above chance: the records it names are not
    # drawn at chance, whatever the bound (a slot a model would learn from), and the item-level leak stands
    before, after, _agreement = _adjusted(_closing(200, 120, n=600))
    assert sum(a.leaked for a in before) == 120 and sum(a.leaked for a in after) == 120


CHAPTERS = ["21", "24", "27", "30", "32", "36"]


def test_a_label_among_the_parts_of_a_code_is_no_listing() -> None:
    # A reference code led by the record's label (`REF 24-30-05`): its second part equals another label on some
    # records by chance. That part is the code's, not a second label beside the first, so the slot stays a value
    # slot there too; a run of labels only (`24-30`) or a listing without blanks (`24/30`) still lists them.
    rng = random.Random(3)
    raw = []
    for i in range(36):
        label = CHAPTERS[i % len(CHAPTERS)]
        second = CHAPTERS[(i + 1) % len(CHAPTERS)] if i % 2 else f"{rng.randint(10, 19)}"
        ref = f"REF {label}-{second}-{rng.randint(1, 9):02d} (B)"
        raw.append({"id": f"i{i}", "expected": label, "label_set": CHAPTERS, "projection": {"ref": ref}})
    items, audits = _leak_items(raw)
    mentions = [m for it in items for m in item_mentions(it)]
    assert mentions and not any(m.listed for m in mentions)
    agreement = agreement_of(items)
    after = [agreement.adjust(a) for a in audits]
    for r, a in zip(raw, after, strict=True):
        assert a.leaked, r["projection"]["ref"]
        (f,) = [f for f in a.findings if f.rule == RULE]
        assert r["projection"]["ref"][f.span[0] : f.span[1]] == r["expected"]  # the code's first part
    for listing in ("REF 24-30", "REF 24/30-05"):
        item = LeakItem.from_mapping({"id": "x", "expected": "24", "label_set": CHAPTERS, "projection": {"r": listing}})
        assert all(m.listed for m in item_mentions(item)), listing
