"""Principle 8: a field whose values only make a label likelier is input-side evidence, for review, never cut.

A sleep study's severity follows the apnoea index the rule reads; the oxygen-desaturation index beside it is another
measurement of the same nights, pure at its extremes and mixed in the middle. A lab's previous grade of the same
style leans to this lot's grade and often differs. Neither is set with the answer: mining reports them for review and
the sanitizer leaves them. A fee looked up from the tier the decision chose, or a code written per label, determines
the label wherever it appears, and stays a leak.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import sanitize_rows, scan_items, write_rows
from windtunnel.leakage.graded import excess_changes, graded, graded_fields, label_purity, leaning_purity

LABELS = ["normal", "mild", "moderate", "severe"]
INPUT = ["/study/index"]


def _label(x: float) -> str:
    return LABELS[0] if x < 5 else LABELS[1] if x < 15 else LABELS[2] if x < 30 else LABELS[3]


def _rows(seed: int = 3, n: int = 160, *, fee: bool = False) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        x = round(rng.uniform(0, 60), 1)
        label = _label(x)
        projection: dict = {
            "study": {"index": x, "site": rng.choice(["North", "South", "East"])},
            "oximetry": {"odi": round(max(0.0, x * 0.9 + rng.gauss(0, 9)), 1)},
        }
        if fee and rng.random() < 0.45:
            projection["billing"] = {"fee": round(40 + 25 * LABELS.index(label) + rng.uniform(0, 20), 2)}
        rows.append({"id": f"s{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


def _write(path: Path, rows: list[dict]) -> Path:
    return write_rows(path, rows)


def _scan(path: Path) -> dict[str, dict]:
    return scan_items(path, INPUT)


# ---------------------------------------------------------------- the measure


def test_numbers_in_one_block_per_label_determine_the_label() -> None:
    pairs = [(float(v), LABELS[v // 10]) for v in range(40)]
    assert excess_changes(pairs) == 0.0
    assert not graded(pairs)


def test_numbers_mixed_in_the_middle_are_graded() -> None:
    rng = random.Random(1)
    pairs = []
    for _ in range(150):
        x = rng.uniform(0, 60)
        pairs.append((round(x + rng.gauss(0, 8), 1), _label(x)))
    assert excess_changes(pairs) > 0.25
    assert graded(pairs)


def test_a_code_per_label_determines_and_a_prior_state_is_graded() -> None:
    rng = random.Random(2)
    codes = [(f"K{LABELS.index(lab)}", lab) for lab in (rng.choice(LABELS) for _ in range(80))]
    assert leaning_purity(codes) == 1.0
    assert not graded(codes)
    prior = []
    for _ in range(120):
        lab = rng.choice(LABELS)
        before = lab if rng.random() < 0.55 else LABELS[max(0, LABELS.index(lab) - 1)]
        prior.append((before, lab))
    share = leaning_purity(prior)
    assert share is not None and share < 0.9
    assert graded(prior)


def test_a_coarse_answer_the_label_fixes_is_no_correlate() -> None:
    # deny on every denial, approve on approved and escalated claims alike: approve leans yet holds two labels, but
    # each label's records hold one value (the decision at a coarser grain, written with it)
    labels = ["approve"] * 40 + ["escalate"] * 15 + ["deny"] * 35
    pairs = [("deny" if lab == "deny" else "approve", lab) for lab in labels]
    share = leaning_purity(pairs)
    assert share is not None and share < 0.9
    assert label_purity(pairs) == 1.0
    assert not graded(pairs)


def test_a_value_ruling_out_one_label_leans_nowhere() -> None:
    # a board's red on every dumped batch, one of two greys on the others whatever they are: the greys rule dump out
    # and say nothing of hold or release, so the field is a code for dump, no correlate
    rng = random.Random(6)
    pairs = []
    for _ in range(150):
        lab = rng.choice(["dump", "hold", "release"])
        pairs.append(("#d32f2f" if lab == "dump" else rng.choice(["#9e9e9e", "#607d8b"]), lab))
    assert leaning_purity(pairs) == 1.0
    assert not graded(pairs)


def test_a_value_every_label_holds_alike_leans_nowhere() -> None:
    rng = random.Random(4)
    flyer = [("Stages of restraint: rear-facing, forward-facing, booster, belt", rng.choice(LABELS)) for _ in range(60)]
    assert leaning_purity(flyer) is None
    assert not graded(flyer)


def test_too_few_records_give_no_verdict() -> None:
    values = [{"/f": float(i)} for i in range(10)]
    labels = [LABELS[i % 4] for i in range(10)]
    assert graded_fields(values, labels, {"/f"}) == set()


# ---------------------------------------------------------------- scan and sanitize


def test_a_correlated_measurement_is_for_review_not_a_leak(tmp_path: Path) -> None:
    report = _scan(_write(tmp_path / "psg.jsonl", _rows()))
    at_odi = [f for it in report.values() for f in it["findings"] if f["pointer"] == "/oximetry/odi"]
    assert at_odi, "mining still reports the correlate"
    assert all(f["severity"] == "low" and "only make a label likelier" in f["detail"] for f in at_odi)
    assert not any(it["leaked"] for it in report.values())


def test_a_fee_set_with_the_answer_stays_a_leak(tmp_path: Path) -> None:
    rows = _rows(fee=True)
    report = _scan(_write(tmp_path / "psg_fee.jsonl", rows))
    billed = [r["id"] for r in rows if "billing" in r["projection"]]
    assert len(billed) >= 40
    leaked = [rid for rid in billed if report[rid]["leaked"]]
    assert len(leaked) >= 0.9 * len(billed)
    fee = [f for rid in leaked for f in report[rid]["findings"] if f["pointer"] == "/billing/fee"]
    assert fee and all(f["severity"] == "medium" for f in fee)


def test_the_sanitizer_leaves_a_clean_dataset_with_a_correlate_byte_identical(tmp_path: Path) -> None:
    src, out, _after = sanitize_rows(tmp_path / "psg.jsonl", _rows(), INPUT)
    assert out.read_bytes() == src.read_bytes()


def test_the_sanitizer_still_cuts_the_fee(tmp_path: Path) -> None:
    rows = _rows(fee=True)
    _src, _out, after = sanitize_rows(tmp_path / "psg_fee.jsonl", rows, INPUT)
    fees = [a["projection"].get("billing", {}).get("fee") for a in after if "billing" in a["projection"]]
    assert fees and all(f in (None, "", 0) for f in fees)
    for before, now in zip(rows, after, strict=True):
        assert now["projection"]["oximetry"] == before["projection"]["oximetry"]


def _blind_exit(path: Path) -> int:
    from windtunnel.flows.leak import Fields
    from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow

    outcome = baseline_flow(BaselineRequest(simulate="blind", dataset=path, fields=Fields(), derive_from=INPUT))
    return int(outcome.exit_code)


def test_the_blind_agent_reads_no_correlate_and_still_reads_the_fee(tmp_path: Path) -> None:
    # the correlate is input-side evidence, left out as the named input is: the clean dataset is at chance
    assert _blind_exit(_write(tmp_path / "psg.jsonl", _rows())) == 0
    assert _blind_exit(_write(tmp_path / "psg_fee.jsonl", _rows(fee=True))) == 1


def test_a_count_that_moves_on_one_label_only_is_no_correlate() -> None:
    # a results board's revision: 1 on every protest's board, 2 to 6 once a disqualification is scored (upheld): the
    # tie at 1 is one value's mix, counted once, and the rest is one block
    rng = random.Random(7)
    labels = ["upheld", "dismissed", "invalid", "withdrawn"]
    pairs = []
    for _ in range(60):
        lab = rng.choice(labels)
        pairs.append((float(rng.randint(2, 6)) if lab == "upheld" and rng.random() < 0.6 else 1.0, lab))
    assert not graded(pairs)


def test_an_earlier_models_scores_are_never_graded() -> None:
    rng = random.Random(8)
    values, labels = [], []
    for _ in range(120):
        lab = rng.choice(LABELS)
        x = LABELS.index(lab) * 0.2 + rng.gauss(0, 0.2)
        values.append({"/admin_records_model/scores/severe": round(x, 3), "/oximetry/odi": round(x, 3)})
        labels.append(lab)
    fields = {"/admin_records_model/scores/severe", "/oximetry/odi"}
    assert graded_fields(values, labels, fields) == {"/oximetry/odi"}
