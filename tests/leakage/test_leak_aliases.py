"""Aliases and glyphs: a label written another way is matched like the label, both ways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.aliases import label_aliases, parse_alias_options

RATING = ["1", "2", "3", "4", "5"]
SIZES = ["S", "M", "L", "XL"]


def _leaks(**item: object) -> bool:
    return audit_item({"id": "t", **item}).leaked


@pytest.mark.parametrize(
    ("label", "labels", "aliases"),
    [
        ("4", RATING, ["four", "fourth", "4th", "IV"]),
        ("1", ["HC", "1", "2", "3", "4"], ["one", "first", "1st"]),  # a class above the numbered ones
        ("HC", ["HC", "1", "2", "3", "4"], []),
        ("2", ["none", "other", "1", "2", "3"], []),  # two other labels: no numeric scale
        ("four", ["one", "two", "three", "four"], ["4"]),
        ("M", SIZES, ["medium"]),
        ("XL", SIZES, ["extra large", "x-large"]),
        ("large", ["small", "medium", "large"], ["L"]),
        ("4", [], []),  # no label set: a number may be a count
        ("High", ["Low", "High"], []),
    ],
)
def test_label_set_aware_aliases(label: str, labels: list[str], aliases: list[str]) -> None:
    # the schemes alone; the lexicon's words are tested in test_leak_lexicon.py
    assert label_aliases(label, labels, lexicon=False) == aliases


@pytest.mark.parametrize(
    ("item", "leaks"),
    [
        ({"expected": "4", "label_set": RATING, "projection": {"rating": "four"}}, True),
        ({"expected": "4", "label_set": RATING, "projection": {"note": "four of us went"}}, False),
        ({"expected": "3", "label_set": ["HC", "1", "2", "3", "4"], "projection": {"category": "third"}}, True),
        (
            {"expected": "1", "label_set": ["HC", "1", "2", "3", "4"], "projection": {"note": "the first time here"}},
            False,
        ),
        ({"expected": "4", "projection": {"rating": "four"}}, False),
        ({"expected": "M", "label_set": SIZES, "projection": {"size": "Medium"}}, True),
        ({"expected": "M", "label_set": SIZES, "projection": {"note": "a medium-rare steak"}}, False),
        ({"expected": "High", "aliases": {"High": ["urgent"]}, "projection": {"flag": "urgent"}}, True),
        ({"expected": "High", "aliases": {"High": ["urgent"]}, "projection": {"flag": "urgently"}}, False),
        ({"expected": "positive", "aliases": {"positive": ["👍"]}, "projection": {"r": "great 👍"}}, True),
        ({"expected": "positive", "aliases": {"positive": ["👍"]}, "projection": {"r": "great 👎"}}, False),
        ({"expected": "positive", "correlated_values": ["👍"], "projection": {"r": "Triaged: &#128077;"}}, True),
        ({"expected": "positive", "correlated_values": ["👍"], "projection": {"r": "paste &#128077; to react"}}, False),
        ({"expected": "positive", "correlated_values": ["👍"], "projection": {"r": "Très bien"}}, False),
    ],
)
def test_an_alias_is_matched_like_the_label(item: dict[str, object], leaks: bool) -> None:
    assert _leaks(**item) is leaks
    ref = audit_item({"id": "t", **item}, prefilter=False)
    assert audit_item({"id": "t", **item}).findings == ref.findings


def test_an_answer_without_letters_or_digits_is_audited_in_bounded_time() -> None:
    """Issue #30 item 1: the pre-check built a pattern of about a million nested look-behinds for an
    answer with no word in it, and never finished."""
    audit = audit_item({"expected": "👍", "projection": {"title": "", "review": "Très bien"}})
    assert audit.findings == []
    assert audit_item({"expected": "👍", "projection": {"title": "", "review": "Très bien 👍"}}).leaked


def test_alias_options_parse_and_reject_a_pair_without_equals() -> None:
    assert parse_alias_options(["High=urgent", "High=P1", "Low=🐢"]) == {"High": ["urgent", "P1"], "Low": ["🐢"]}
    with pytest.raises(ValueError, match="LABEL=ALIAS"):
        parse_alias_options(["High"])


def test_the_alias_option_of_scan_sanitize_and_check(tmp_path: Path) -> None:
    from tests.clirun import wt as run

    raw = tmp_path / "raw.jsonl"
    raw.write_text(
        json.dumps({"id": "a", "expected": "positive", "projection": {"r": "great 👍"}}, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    assert run("leak", "scan", str(raw), "-f", "json", "-o", str(tmp_path / "r.json")) == 0
    assert run("leak", "scan", str(raw), "--alias", "positive=👍", "-f", "json", "-o", str(tmp_path / "r.json")) == 1
    report = json.loads((tmp_path / "r.json").read_text())
    assert [f["rule"] for it in report["items"] for f in it["findings"]] == ["freetext.glyph"]
    clean, stats = tmp_path / "clean.jsonl", tmp_path / "stats.jsonl"
    assert run("leak", "sanitize", str(raw), "--alias", "positive=👍", "-o", str(clean), "--stats", str(stats)) == 0
    assert "👍" not in clean.read_text(encoding="utf-8")
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(clean), "--alias", "positive=👍") == 0
    assert run("leak", "scan", str(raw), "--alias", "positive") == 2


SEV = ["Sev1", "Sev2", "Sev3", "Sev4"]
PRI = ["P0", "P1", "P2", "P3"]


def test_a_coded_scale_is_also_written_with_separators_number_words_roman_numerals_and_its_noun() -> None:
    aliases = label_aliases("Sev3", SEV)
    for form in ("Sev-3", "Sev three", "Sev-III", "severity three", "severity level III"):
        assert form in aliases
    assert "priority one" in label_aliases("P1", PRI)
    assert not any(a.startswith(("phase", "stage", "size")) for a in label_aliases("S1", ["S1", "S2", "S3"]))
    assert label_aliases("Sev3", ["Sev3", "High"]) == []  # not one prefix and a number: no scale


@pytest.mark.parametrize(
    ("item", "leaks"),
    [
        ({"expected": "Sev3", "label_set": SEV, "projection": {"t": "Bridge: classification is SEV-III."}}, True),
        ({"expected": "Sev3", "label_set": SEV, "projection": {"t": "Bridge: classification is SEV-II."}}, False),
        ({"expected": "P1", "label_set": PRI, "projection": {"t": "treating it as priority one for now"}}, True),
        ({"expected": "P1", "label_set": PRI, "projection": {"t": "phase one of the rollout starts"}}, False),
        ({"expected": "Sev4", "label_set": SEV, "projection": {"tags": ["sev-4", "db"]}}, True),
        ({"expected": "1", "label_set": RATING, "projection": {"t": "Score when asked: one out of five."}}, True),
        ({"expected": "5", "label_set": RATING, "projection": {"t": "Score when asked: one out of five."}}, False),
        ({"expected": "3", "label_set": RATING, "projection": {"t": "Reviewer's score: III/V."}}, True),
        ({"expected": "4", "label_set": RATING, "projection": {"t": "Henry IV, part one, act III"}}, False),
    ],
)
def test_a_number_in_any_spelling_is_matched_like_the_label(item: dict[str, object], leaks: bool) -> None:
    assert _leaks(**item) is leaks
    assert audit_item({"id": "t", **item}).findings == audit_item({"id": "t", **item}, prefilter=False).findings


def test_abbreviations_are_unambiguous_prefixes_within_the_label_set() -> None:
    from windtunnel.leakage.aliases import label_abbreviations

    assert label_abbreviations("Emergency", ["Routine", "Urgent", "Emergency"]) == ["Eme", "Emer", "Emerg"]
    assert "neu" in label_abbreviations("neutral", ["positive", "negative", "neutral"])
    assert not any(
        a.startswith("ne") and a != "neu" and len(a) < 4
        for a in label_abbreviations("neutral", ["negative", "neutral"])
    )
    assert "med" in label_abbreviations("M", ["S", "M", "L", "XL"])  # through its word alias
    assert label_abbreviations("positive", ["positive", "negative"]) == ["pos", "posi", "posit"]
    assert label_abbreviations("High", []) == []


@pytest.mark.parametrize(
    ("projection", "leaks"),
    [
        ({"pager": 'TKT7 ORG=GRAPHI PRI=MED CH=EML "CHECKOUT FAILS"'}, True),
        ({"pager": 'TKT7 ORG=GRAPHI PRI=HIGH CH=EML "CHECKOUT FAILS"'}, False),
        ({"note": "the med team will call back"}, False),  # prose: an ordinary word
        ({"report": "CASE-ID  OPENED      PRI  CH\n--------------------------\nCASE7    2024-04-19  MED  EML\n"}, True),
        (
            {"report": "CASE-ID  OPENED      PRI  CH\n--------------------------\nCASE7    2024-04-19  LOW  EML\n"},
            False,
        ),
    ],
)
def test_an_abbreviation_counts_only_as_a_value(projection: dict[str, object], leaks: bool) -> None:
    item = {"expected": "Medium", "label_set": ["Low", "Medium", "High"], "projection": projection}
    assert _leaks(**item) is leaks
    assert audit_item({"id": "t", **item}).findings == audit_item({"id": "t", **item}, prefilter=False).findings


_DEPTS = ["Marketing", "Engineering", "Finance", "Sales"]


@pytest.mark.parametrize(
    ("projection", "expected", "label_set", "high"),
    [
        # QA-10 M2: a derived spelling under a plain field naming something else is a word of that field
        ({"assignee": "Mark"}, "Marketing", _DEPTS, False),
        ({"language": "ENG"}, "Engineering", _DEPTS, False),
        ({"country": "FIN"}, "Finance", _DEPTS, False),
        ({"owner": "Sal"}, "Sales", _DEPTS, False),
        ({"note": "Reporter: Mark"}, "Marketing", _DEPTS, False),
        ({"amount_type": "Net"}, "Network", ["Network", "Billing", "Hardware"], False),
        ({"action": "Bill"}, "Billing", ["Network", "Billing", "Hardware"], False),
        ({"test": "Neg"}, "Negative", ["Positive", "Negative", "Neutral"], False),
        ({"qty": "IV"}, "4", ["1", "2", "3", "4", "5"], False),
        ({"qty": "four"}, "4", ["1", "2", "3", "4", "5"], False),
        # ... and the label under a field naming the task or the answer, or a cryptic one
        ({"category": "Net"}, "Network", ["Network", "Billing", "Hardware"], True),
        ({"rating": "IV"}, "4", ["1", "2", "3", "4", "5"], True),
        ({"answer": "four"}, "4", ["1", "2", "3", "4", "5"], True),
        ({"DEPT": "FIN"}, "Finance", _DEPTS, True),
        ({"cf_10234": "Mark"}, "Marketing", _DEPTS, True),
        ({"pager": 'TKT7 ORG=GRAPHI DPT=FIN CH=EML "CHECKOUT FAILS"'}, "Finance", _DEPTS, True),
    ],
)
def test_a_derived_spelling_counts_as_a_value_only_under_a_field_naming_the_task_or_a_code(
    projection: dict[str, object], expected: str, label_set: list[str], high: bool
) -> None:
    item = {"id": "t", "expected": expected, "label_set": label_set, "projection": {"key": "WEB-8", **projection}}
    audit = audit_item(item)
    assert audit.findings == audit_item(item, prefilter=False).findings
    assert any(f.severity == "high" for f in audit.findings) is high
    if not high and "note" not in projection:
        assert [f.severity for f in audit.findings] == ["low"]  # a whole value stays there for review


INTENTS = ["refund_request", "cancel_subscription", "billing_dispute", "damaged_item"]


@pytest.mark.parametrize(
    ("label", "spellings"),
    [
        ("billing_dispute", ["billing dispute", "billing-dispute"]),
        ("billingDispute", ["billing Dispute", "billing-Dispute"]),
        ("Billing Dispute", ["Billing-Dispute"]),
        ("non-urgent", ["non urgent"]),
        ("Sev-3", []),  # a code: its parts are no words (the coded scale spells it)
        ("A-1", []),
        ("High", []),
    ],
)
def test_a_label_written_as_an_identifier_is_also_its_words(label: str, spellings: list[str]) -> None:
    assert label_aliases(label, [], lexicon=False) == spellings


@pytest.mark.parametrize(
    ("projection", "leaks"),
    [
        ({"notes": "Tier 1 tagged this as billing dispute and escalated."}, True),
        ({"notes": "Intent: billing dispute"}, True),
        ({"notes": "Intent: billing-dispute"}, True),
        ({"intent": "Billing Dispute"}, True),
        ({"intent": "BillingDispute"}, True),
        ({"notes": "Options: refund request, cancel subscription, billing dispute, damaged item"}, False),
        ({"notes": "Intent: damaged item"}, False),  # another label
    ],
)
def test_a_snake_case_intent_is_found_in_its_words(projection: dict[str, object], leaks: bool) -> None:
    # intent datasets name their labels as identifiers; a note or a router writes the same label in words
    assert _leaks(expected="billing_dispute", label_set=INTENTS, target="intent", projection=projection) is leaks
