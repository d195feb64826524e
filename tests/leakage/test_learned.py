"""The learned decision over whole-token hits (windtunnel.leakage.learned, ``audit_item(learned=True)``,
``leak scan --learned``): the shipped table matches the features, it adds blocking findings only where the audit
does not block, each at original characters and explained by real features, and off it changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import wt as run
from windtunnel.leakage import audit_item, learned
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.parallel import iter_audits

from .call_count import calls_made
from .test_leak_cli import schema, write_jsonl
from .test_leak_worst_case import WORST

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"
LABELS = ["Low", "Medium", "High"]
WORD = "HIGH"
"""The answer standing as a whole token, in capitals, in an attachment's excerpt, where the audit only lists it for
review (a single word in prose) and the shipped table scores it above its threshold. A property of the table
(session 14's, trained on every hit: the audit's freetext channel at the place, the capitals, no other label in
the siblings weigh most), not of every table: a retrain may move it (find the form the new table flags and say
why). Session 13's table flagged ``(Seen High)`` too, carried by the key words ``excerpt`` and ``attachment``;
trained on every hit, a finding the audit left for review weighs toward clean (most leaks are where the audit
blocks) and that example scores below the threshold. What must hold for any table is tested with
``_EVERY_HIT``."""
WORD_PROJECTION = {"attachment": {"name": "report.txt", "excerpt": "(HIGH) 4410 bytes"}}
PROSE_PROJECTION = {"attachment": {"name": "report.txt", "excerpt": "(Seen High) 4410 bytes"}}
CORRELATED = "KX9"
CORRELATED_PROJECTION = {"attachment": {"name": "report.txt", "excerpt": "(Seen KX9) 4410 bytes"}}
"""A value the user says rides with the answer, standing as a whole token: the audit blocks it by itself (the one
transferable gain the learned experiment found is a principle now), so the learned decision adds nothing there."""


def _item(projection: Any, **extra: Any) -> dict[str, Any]:
    return {"id": "t1", "expected": "High", "label_set": LABELS, "projection": projection, **extra}


def _blind(batch: str, n: int) -> list[dict[str, Any]]:
    lines = (DATA / batch / "items.jsonl").read_text(encoding="utf-8").splitlines()[:n]
    out = []
    for line in lines:
        raw = json.loads(line)
        out.append({k: v for k, v in raw.items() if k != "truth"})
    return out


def test_the_shipped_table_was_trained_on_these_features() -> None:
    table = learned.shipped_table()
    rebuild = f"the features changed since the table was trained: rebuild it with {learned.REBUILD}"
    assert table.features_version == learned.FEATURES_VERSION, rebuild
    # changes whenever the features computed on the probe items change
    assert table.fingerprint == learned.spec_fingerprint(), rebuild
    assert len(table.weights) > 100 and table.trained_on and table.commit
    # built by the documented recipe: every hit of every development batch, plus the dev split
    assert "--train-on all" in table.recipe and "--with-dev-split" in table.recipe, rebuild
    assert "dev-split" in table.trained_on and {"blind1", "blind13"} <= set(table.trained_on)
    assert all(0 <= i < learned.DIM for i in table.weights)


def test_a_word_standing_as_a_whole_token_is_flagged() -> None:
    item = _item(WORD_PROJECTION)
    off = audit_item(item, learned=False)
    on = audit_item(item, learned=True)
    assert not off.leaked and on.leaked
    (f,) = [f for f in on.findings if f.rule == learned.RULE]
    assert f.severity == "medium"
    text = item["projection"]
    for token in f.pointer.strip("/").split("/"):
        text = text[token]
    assert f.span is not None and text[f.span[0] : f.span[1]] == WORD
    assert WORD not in f.detail


_EVERY_HIT = learned.WeightTable(
    bias=0.0,
    threshold=-1e9,
    weights={},
    features_version=learned.FEATURES_VERSION,
    fingerprint="",
    trained_on=(),
    commit="",
    max_false_alarms=0.0,
)
"""A table that reports every hit: the finding's place and representation do not depend on the weights."""


def test_any_table_points_a_learned_finding_at_the_original_characters_and_hides_the_answer() -> None:
    # what holds whatever the weights: the place, the characters, the severity, the answer never in the detail
    for projection in (WORD_PROJECTION, PROSE_PROJECTION, {"Attachment": {"risk HIGH": "yes"}}):
        item = LeakItem.from_mapping(_item(projection))
        findings = learned.learned_findings(item, [], _EVERY_HIT)
        assert findings, projection
        for f in findings:
            assert f.rule == learned.RULE and f.blocking and f.severity == "medium"
            node: Any = projection
            tokens = f.pointer.strip("/").split("/")
            for token in tokens[:-1] if f.target == "key" else tokens:
                node = node[token]
            text = tokens[-1] if f.target == "key" else node
            assert f.span is not None and text[f.span[0] : f.span[1]].casefold() == "high"
            assert "High" not in f.detail and "HIGH" not in f.detail


def test_the_switch_is_off_by_default() -> None:
    # the lead flips LEARNED_DEFAULT on sealed data only (docs/dev/leakage-learned-decision.md): flip this with it
    assert learned.LEARNED_DEFAULT is False
    item = _item(WORD_PROJECTION)
    assert audit_item(item) == audit_item(item, learned=False) != audit_item(item, learned=True)


def test_a_correlated_value_standing_as_a_whole_token_is_blocked_by_the_audit_itself() -> None:
    item = _item(CORRELATED_PROJECTION, correlated_values=[CORRELATED])
    off = audit_item(item, learned=False)
    assert off.leaked and [f.rule for f in off.findings] == ["correlated.mention"]
    assert audit_item(item, learned=True).findings == off.findings


def test_the_explanation_names_real_features_of_the_hit() -> None:
    item = LeakItem.from_mapping(_item(WORD_PROJECTION))
    findings = audit_item(item, learned=False).findings
    table = learned.shipped_table()
    ((_hit, feats),) = learned.item_hit_features(item, findings)
    (f,) = learned.learned_findings(item, findings)
    named = learned.explain(feats, table, [WORD])
    assert len(named) == 4 and all(part in f.detail for part in named)
    readable = {learned.readable(x, [WORD]) for x in feats}
    for part in named:
        name, _, weight = part.rpartition(" (")
        assert name in readable and float(weight.rstrip(")")) > 0
    assert f"{table.score(feats):+.2f}" in f.detail


def test_a_clean_listing_of_the_label_set_is_not_flagged() -> None:
    for projection in (
        {"prompt": "Classify the ticket's priority. Reply with one of: Low, Medium, High."},
        {"options": ["Low", "Medium", "High"], "ticket": {"title": "Printer jams on page 2"}},
        {"schema": {"priority": {"enum": ["Low", "Medium", "High"]}}, "body": "the printer jams"},
    ):
        audit = audit_item(_item(projection), learned=True)
        assert not audit.leaked, projection


def test_the_learned_decision_adds_nothing_where_the_audit_blocks() -> None:
    item = _item({"priority": "High", "note": "see above"})
    on = audit_item(item, learned=True)
    assert on == audit_item(item, learned=False) and on.leaked


def test_off_changes_nothing_and_on_only_adds_learned_findings() -> None:
    added = 0
    for item in _blind("blind12", 60):
        plain = audit_item(item, learned=False)
        assert audit_item(item) == audit_item(item, learned=learned.LEARNED_DEFAULT)
        on = audit_item(item, learned=True)
        extra = on.findings[len(plain.findings) :]
        assert on.findings[: len(plain.findings)] == plain.findings
        assert all(f.rule == learned.RULE and f.blocking for f in extra)
        assert not (extra and plain.leaked)
        added += bool(extra)
    assert added  # the switch does something on the newest development batch


def test_casefolded_spans_map_back_to_original_characters() -> None:
    text = "Straße: HIGH priority"
    cf = text.casefold()
    a = cf.index("high")
    assert learned.original_span(text, a, a + 4) == (8, 12)


def test_leak_scan_learned_reports_the_finding_and_the_report_validates(tmp_path: Path) -> None:
    rows = [
        _item(WORD_PROJECTION),
        {**_item({"prompt": "Reply with one of: Low, Medium, High"}), "id": "t2"},
    ]
    data = write_jsonl(tmp_path / "items.jsonl", rows)
    out_on, out_off = tmp_path / "on.json", tmp_path / "off.json"
    assert run("leak", "scan", str(data), "-f", "json", "-o", str(out_on), "--learned", "--no-mine") == 1
    assert run("leak", "scan", str(data), "-f", "json", "-o", str(out_off), "--no-learned", "--no-mine") == 0
    on = json.loads(out_on.read_text())
    jsonschema.validate(on, schema())
    rules = [f["rule"] for it in on["items"] for f in it["findings"]]
    assert learned.RULE in rules
    assert learned.RULE not in out_off.read_text()
    page = tmp_path / "audit.html"
    assert run("leak", "scan", str(data), "-f", "html", "-o", str(page), "--learned", "--no-mine") == 1
    assert learned.RULE in page.read_text(encoding="utf-8")


def test_worker_processes_apply_the_switch_like_the_serial_path(tmp_path: Path) -> None:
    rows = [{**it, "id": f"b{i}"} for i, it in enumerate(_blind("blind12", 60))]
    data = write_jsonl(tmp_path / "items.jsonl", rows)
    serial = list(iter_audits(data, jobs=1, learned=True))
    parallel = list(iter_audits(data, jobs=2, chunk_bytes=16384, learned=True))
    assert [a.to_dict() for a in parallel] == [a.to_dict() for a in serial]
    assert any(f.rule == learned.RULE for a in serial for f in a.findings)


def test_the_cheap_pre_check_never_hides_a_hit() -> None:
    skipped = 0
    for batch in sorted(DATA.glob("blind*")):
        for raw in _blind(batch.name, 10_000):
            it = LeakItem.from_mapping(raw)
            if not learned.may_hit(it):
                skipped += 1
                assert not learned.naive_hits(it, list(learned.parts(it.projection))), (batch.name, raw["id"])
    tricky = [
        _item({"note": 'said "High"\nthen left'}),
        _item({"HIGH": True}),
        _item(["ＨＩＧＨ", "high\\low"]),
        {**_item({"n": 4.0}), "expected": "4.0"},
        {**_item({"n": 1e16}), "expected": "1e+16"},
        {**_item({"n": float("nan")}), "expected": "nan"},
    ]
    for raw in tricky:
        it = LeakItem.from_mapping(raw)
        hits = learned.naive_hits(it, list(learned.parts(it.projection)))
        assert learned.may_hit(it) or not hits, raw
    assert skipped > 100


@pytest.mark.parametrize("name", sorted(WORST))
def test_work_grows_linearly_with_the_learned_decision_on(name: str) -> None:
    # every hit's features read its string, its siblings and the audit's findings at its place, each indexed
    # once per item: a string holding the label n times costs O(n), not O(n^2)
    def work(n: int) -> int:  # the learned decision's own work (the audit's is test_leak_worst_case's)
        it = LeakItem.from_mapping({"id": "w", "expected": "High", "label_set": LABELS, "projection": WORST[name](n)})
        findings = audit_item(it, learned=False).findings
        learned.learned_findings(it, findings)  # warm the caches that are per answer, not per input
        return calls_made(lambda: learned.learned_findings(it, findings))

    small, big = work(40), work(160)
    assert big <= 6 * small + 2000, f"{name}: {small} operations for n=40, {big} for n=160"


SIZES = ["Small", "Medium", "Large"]


def _size_hits(projection: Any) -> list[learned.Hit]:
    it = LeakItem.from_mapping({"id": "s1", "expected": "Small", "label_set": SIZES, "projection": projection})
    return learned.naive_hits(it, list(learned.parts(it.projection)))


@pytest.mark.parametrize(
    "text",
    [
        "Add the customer's VAT ID to the invoice.",
        "the customer’s VAT ID",  # typographic apostrophe
        "I'd say so, we'll see, they're late, I've checked, I'm sure, it don't matter",
    ],
)
def test_a_clitic_after_a_letter_is_part_of_its_word_not_a_hit(text: str) -> None:
    # the alias ``s`` of Small (and ``m`` of Medium for the listing features) is not the ``'s`` of a possessive
    assert _size_hits({"note": text}) == []
    assert learned._labels_in(text.casefold(), ["s", "m", "d", "ll", "re", "ve", "t"]) == frozenset()


@pytest.mark.parametrize(
    ("projection", "pointer"),
    [({"size": "S"}, "/size"), ({"note": "size: s"}, "/note"), ({"note": 'said "s" twice'}, "/note")],
)
def test_a_real_one_letter_label_is_still_a_hit(projection: dict[str, str], pointer: str) -> None:
    hits = _size_hits(projection)
    assert [(h.pointer, h.needle.casefold(), h.kind) for h in hits] == [(pointer, "s", "alias")]
    (h,) = hits
    assert h.part.text.casefold()[h.start : h.end] == "s"
    assert learned._labels_in(h.part.text.casefold(), ["s"]) == {"s"}


def test_the_blind10_possessives_are_no_longer_hits() -> None:
    # the qa finding (docs/dev/qa-learned.md): four learned.hit findings on the ``'s`` of ``customer's``
    for raw in _blind("blind10", 400):
        if raw["id"] in ("b10-0025", "b10-0026", "b10-0309", "b10-0310"):
            it = LeakItem.from_mapping(raw)
            hits = learned.naive_hits(it, list(learned.parts(it.projection)))
            assert all(h.part.text.casefold()[h.start - 2 : h.start] != "r'" for h in hits), raw["id"]
            assert not any(f.rule == learned.RULE for f in audit_item(raw, learned=True).findings), raw["id"]


@pytest.mark.parametrize(
    ("projection", "representation"),
    [
        ("## Case\n\n> Priority: High\n", "markdown"),
        ({"body": "<p>Priority: <b>High</b></p>"}, "html"),
        ({"body": "Priority: High"}, "json"),
        ("Priority: High", "text"),
        (
            {"doc": {"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "High"}]}]}},
            "adf",
        ),
        ({"msg": {"blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "Priority High"}}]}}, "slack"),
    ],
)
def test_a_learned_finding_names_its_representation_as_the_rules_do(projection: Any, representation: str) -> None:
    item = _item(projection)
    audit = audit_item(item, learned=False)
    (f,) = learned.learned_findings(LeakItem.from_mapping(item), [], _EVERY_HIT)
    assert f.representation == representation
    # the written rules' findings at the same place say the same (the same walk names both)
    ruled = {g.representation for g in audit.findings if g.pointer == f.pointer and g.view == "raw"}
    assert ruled == {representation}, audit.findings
