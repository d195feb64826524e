"""Name-value pairs inside the named input (:mod:`windtunnel.leakage.text_pairs`), both ways, on data of our own.

A parcel-claim task reads a carrier's tracking log (the owner's ``--derive-from``): scan lines whose fields shift the
odds (``temp_alarm=yes`` rides with a damaged parcel more often than not). On some records, whatever their label, a
claims system appended its closing line (``closure=CLM-PAID``): its value names the outcome, one code per label. The
mechanism finds the closing line's codes at their characters and nothing of the scan lines; the same dataset without
the closing line, a one-line event whose fields a scenario sets per label, a code that marks one label only and a
name whose records never carry one label give no leak.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from tests.leakage.items_file import write_items
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.mine import PAIR_RULE, mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.text_pairs import pairs_in

LABELS = ["paid", "rejected", "partial"]
CLOSURE = {"paid": "CLM-PAID", "rejected": "CLM-REJ", "partial": "CLM-PART"}
REASON = {"paid": "0", "rejected": "R7", "partial": "P2"}
HUBS = ["LEJ", "CGN", "AMS", "MAD", "WAW", "PRG"]
DERIVE = ["/tracking_log", "/claim/text"]


def _log(rng: random.Random, label: str, *, closing: bool, one_label_code: bool = False) -> str:
    lines = []
    for _ in range(rng.randint(2, 4)):
        alarm = "yes" if rng.random() < (0.6 if label != "paid" else 0.3) else "no"
        lines.append(
            f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}T0{rng.randint(0, 9)}:00:00Z SCAN "
            f"parcel={rng.randrange(10**8):08d} hub={rng.choice(HUBS)} weight_kg={rng.randint(1, 30)} "
            f"temp_alarm={alarm}"
        )
    if closing:
        lines.append(f"2026-12-01T10:00:00Z CLOSE parcel=x reason={REASON[label]} closure={CLOSURE[label]}")
    if one_label_code and label == "paid":
        lines.append("2026-12-01T10:00:00Z NOTE ledger=LEDGER-OK")
    return "\n".join(lines)


def _dataset(seed: int, *, closing: float, n: int = 240, one_label_code: bool = False) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        log = _log(rng, label, closing=rng.random() < closing, one_label_code=one_label_code)
        claim = {"text": f"My parcel arrived {rng.choice(['late', 'wet', 'crushed', 'opened'])}, please help."}
        out.append(
            LeakItem(id=f"c{i}", expected=[label], projection={"tracking_log": log, "claim": claim}, label_set=LABELS)
        )
    return out


def _flagged(items: list[LeakItem], derive_from: list[str]) -> dict[str, list]:
    result = mine(items, derive_from=derive_from)
    return {
        k: [f for f in fs if f.rule == PAIR_RULE]
        for k, fs in mined_findings(items, result, derive_from=derive_from)
        if any(f.rule == PAIR_RULE for f in fs)
    }


def test_a_closing_line_appended_to_the_named_log_is_found_at_its_codes() -> None:
    items = _dataset(1, closing=0.4)
    result = mine(items, derive_from=DERIVE)
    found = {(r.name, r.value): r.label for r in result.pairs}
    assert {("closure", c) for c in CLOSURE.values()} <= set(found)
    assert all(found[("closure", c)] == lab for lab, c in CLOSURE.items())
    assert not any(name in ("temp_alarm", "hub", "weight_kg") for name, _v in found)  # the log's own signal
    assert not any(r.review for r in result.pairs)
    flagged = _flagged(items, DERIVE)
    closed = {it.id for it in items if " CLOSE " in it.projection["tracking_log"]}
    assert set(flagged) == closed and closed
    for it in items:
        for f in flagged.get(it.id, []):
            assert f.blocking and f.pointer == "/tracking_log" and f.representation == "mined-pair"
            assert f.span is not None
            text = it.projection["tracking_log"][f.span[0] : f.span[1]]
            assert text in (CLOSURE[it.expected[0]], REASON[it.expected[0]])
            assert CLOSURE[it.expected[0]] not in f.detail and it.expected[0] not in f.detail


def test_without_derive_from_the_log_is_prose_and_read_the_same_way() -> None:
    items = _dataset(2, closing=0.4)
    closed = {it.id for it in items if " CLOSE " in it.projection["tracking_log"]}
    assert set(_flagged(items, [])) == closed


def test_the_log_without_the_closing_line_gives_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, closing=0.0)
        assert not mine(items, derive_from=DERIVE).pairs, seed
        assert not _flagged(items, DERIVE)


def test_a_name_the_owner_lists_is_input_and_never_tested() -> None:
    items = _dataset(4, closing=0.4)
    assert not _flagged(items, [*DERIVE, "closure", "reason"])


def test_a_code_that_marks_one_label_only_is_not_reported() -> None:
    items = _dataset(5, closing=0.0, one_label_code=True)
    assert not mine(items, derive_from=DERIVE).pairs  # a scenario's field looks exactly like it


def test_a_one_line_event_whose_fields_a_scenario_sets_is_the_content() -> None:
    rng = random.Random(6)
    scenario = {
        "paid": ("mfa=push", "geo=office"),
        "rejected": ("mfa=none", "geo=abroad"),
        "partial": ("mfa=sms", "geo=home"),
    }
    items = []
    for i in range(240):
        label = rng.choice(LABELS)
        mfa, geo = scenario[label]
        event = f"2026-03-0{rng.randint(1, 9)}T00:00:00Z host=h{rng.randint(1, 99)} user=u{i} {mfa} {geo} result=ok"
        items.append(LeakItem(id=f"e{i}", expected=[label], projection={"event": event}, label_set=LABELS))
    assert not mine(items, derive_from=["/event"]).pairs
    assert not _flagged(items, [])


def test_a_name_whose_records_never_carry_one_label_is_for_review() -> None:
    items = _dataset(7, closing=0.0)
    rng = random.Random(7)
    for it in items:
        if it.expected[0] != "partial" and rng.random() < 0.5:
            it.projection["tracking_log"] += f"\nCLOSE closure={CLOSURE[it.expected[0]]}"
    result = mine(items, derive_from=DERIVE)
    assert result.pairs and all(r.review for r in result.pairs)
    flagged = _flagged(items, DERIVE)
    assert flagged and all(not f.blocking and "for review" in f.detail for fs in flagged.values() for f in fs)


def test_words_under_a_name_are_text_not_a_code() -> None:
    items = _dataset(8, closing=0.0)
    for it in items:
        it.projection["tracking_log"] += f"\nRemark: customer says {it.expected[0]} please"
    assert not mine(items, derive_from=DERIVE).pairs


def test_pairs_point_at_the_value_as_written() -> None:
    text = 'From: A <a@x.example>\nX-Stage-Code: RTV-9.\nline one k="quoted value" n=5, m=-\n'
    got = [(p.name, p.value, text[p.start : p.end], p.code) for p in pairs_in(text)]
    assert got == [
        ("from", "A <a@x.example>", "A <a@x.example>", False),
        ("x-stage-code", "RTV-9", "RTV-9", True),
        ("k", "quoted value", "quoted value", False),
        ("n", "5", "5", True),
        ("m", "-", "-", True),
    ]


def test_a_folded_header_is_read_on_its_next_line() -> None:
    text = "Subject: Return\nX-Stage-Code:\n  RTV-9\nDate: today\n"
    got = [(p.name, p.value, text[p.start : p.end], p.line) for p in pairs_in(text)]
    assert got == [
        ("subject", "Return", "Return", 0),
        ("x-stage-code", "RTV-9", "RTV-9", 1),
        ("date", "today", "today", 3),
    ]
    yaml = "claim:\n  letter:\n    code: PAY-1\n  docs:\n    - a.pdf\n"  # a key's block, a list: not folded values
    assert [(p.name, p.value) for p in pairs_in(yaml)] == [("code", "PAY-1")]


def test_sanitize_cuts_the_code_and_keeps_clean_records_as_they_were(tmp_path: Path) -> None:
    items = _dataset(9, closing=0.4)
    src = tmp_path / "claims.jsonl"
    write_items(src, items, LABELS)
    out = tmp_path / "clean.jsonl"
    sanitize_flow(SanitizeRequest(dataset=src, output=out, mine=True, derive_from=DERIVE))
    before = src.read_text(encoding="utf-8").splitlines()
    after = out.read_text(encoding="utf-8").splitlines()
    for line_in, line_out, it in zip(before, after, items, strict=True):
        log = json.loads(line_out)["projection"]["tracking_log"]
        if " CLOSE " in it.projection["tracking_log"]:
            assert CLOSURE[it.expected[0]] not in log and "temp_alarm=" in log
        else:
            assert line_in == line_out


def test_prose_outside_the_named_input_is_read_the_same_way() -> None:
    # mined as words for review only (mine.PROSE_REVIEW); its pairs meet the stronger requirement and leak
    items = _dataset(10, closing=0.4)
    closed = {it.id for it in items if " CLOSE " in it.projection["tracking_log"]}
    flagged = _flagged(items, ["/claim/text"])
    assert set(flagged) == closed and all(f.blocking for fs in flagged.values() for f in fs)


def test_the_summary_line_counts_the_pairs_it_found() -> None:
    """qa-pass-17-leak: `leak mine` on raw mails printed three pair rows under "0 mined from 200 items ... 3 pair values
    inside texts"; the leading count holds the pairs too, and a run finding none says so."""
    result = mine(_dataset(1, closing=0.4), derive_from=DERIVE)
    assert result.pairs
    said = result.describe()
    assert said.startswith(f"{len(result.suggestions) + len(result.pairs)} mined from 240 items")
    assert f"; {len(result.pairs)} of them pair values inside texts (" in said
    assert "; no pair value inside texts (" in mine(_dataset(0, closing=0.0), derive_from=DERIVE).describe()
