"""Dataset evidence: mined correlations and model-free blind baselines, raw vs sanitized twin."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.leakage import shortcut_data
from tests.leakage.test_parallel import run_cli
from windtunnel._util.stats import adjust_p, fisher_greater
from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.mine import correlated_map, mine
from windtunnel.leakage.model import LeakItem

# ---------------------------------------------------------------- the statistics


def exact_fisher(a: int, row: int, col: int, total: int) -> Fraction:
    denom = math.comb(total, row)
    hi = min(row, col)
    return sum(
        (Fraction(math.comb(col, i) * math.comb(total - col, row - i), denom) for i in range(a, hi + 1)), Fraction(0)
    )


@settings(max_examples=150, deadline=None)
@given(total=st.integers(1, 80), data=st.data())
def test_fisher_matches_the_exact_hypergeometric_tail(total: int, data: st.DataObject) -> None:
    row = data.draw(st.integers(0, total))
    col = data.draw(st.integers(0, total))
    a = data.draw(st.integers(0, row))
    got = fisher_greater(a, row, col, total)
    assert got == pytest.approx(float(exact_fisher(a, row, col, total)), rel=1e-9, abs=1e-300)


def test_corrections() -> None:
    ps = [0.01, 0.04, 0.03, 0.005]
    assert adjust_p(ps, "bonferroni") == pytest.approx([0.04, 0.16, 0.12, 0.02])
    # Benjamini-Hochberg: p(i) * m / rank, made monotone from the largest down.
    assert adjust_p(ps, "bh") == pytest.approx([0.02, 0.04, 0.04, 0.02])
    with pytest.raises(ValueError, match="valid: bh, bonferroni"):
        adjust_p(ps, "holm")


# ---------------------------------------------------------------- mining


def leak_items(records: list[dict[str, Any]]) -> list[LeakItem]:
    return [LeakItem.from_mapping(r) for r in records]


def test_a_glyph_and_a_code_riding_with_each_label_are_mined_without_being_listed() -> None:
    result = mine(leak_items(shortcut_data.dataset()))
    assert result.items == 320 and len(result.labels) == 4
    assert result.tested > 50 and result.candidates > result.tested
    cmap = correlated_map(result.suggestions)
    assert set(cmap) == set(shortcut_data.LABELS)
    for label in shortcut_data.LABELS:
        values = {(v["value"] if isinstance(v, dict) else v).casefold() for v in cmap[label]}
        assert shortcut_data.GLYPHS[label] in values and shortcut_data.CODES[label].casefold() in values
    assert all(s.q_value <= 0.01 and s.purity == 1.0 for s in result.suggestions)
    assert "320 items" in result.describe() and f"{result.tested} candidates tested" in result.describe()


@pytest.mark.parametrize("seed", range(6))
def test_a_dataset_with_no_signal_yields_no_mined_finding(seed: int) -> None:
    # Same fields, glyphs and codes, drawn independently of the label: hundreds of candidates are tested,
    # and purity is not what keeps them out (0.3 lets any of them through); the correction is.
    result = mine(leak_items(shortcut_data.dataset(seed=seed, signal=False)), min_purity=0.3)
    assert result.tested > 50
    assert result.suggestions == []


def test_a_small_signal_survives_the_correction_only_with_enough_items() -> None:
    few = mine(leak_items(shortcut_data.dataset(n=8, seed=3)), min_support=2)
    assert few.suggestions == [] and few.tested > 0  # 2 items per label cannot beat the correction
    # 3 items per label: no glyph alone, but the badge field as a whole (each glyph on one label's items) does
    # (the code book: leakage/codebook.py), and only as a field
    some = mine(leak_items(shortcut_data.dataset(n=12, seed=3)), min_support=2)
    assert some.suggestions and {s.kind for s in some.suggestions} == {"field"}


# ---------------------------------------------------------------- raw vs sanitized, through the CLI


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("twins")
    raw = shortcut_data.write(root / "raw.jsonl", shortcut_data.dataset())
    clean = root / "clean.jsonl"
    assert run_cli("leak", "sanitize", str(raw), "--mine", "-o", str(clean), "--stats", str(root / "st.jsonl")) == 0
    noise = shortcut_data.write(root / "noise.jsonl", shortcut_data.dataset(signal=False))
    return {"raw": raw, "clean": clean, "noise": noise}


def baseline(simulate: str, dataset: Path, **kw: Any) -> dict[str, Any]:
    outcome = baseline_flow(BaselineRequest(simulate=simulate, dataset=dataset, **kw))
    return {"status": outcome.status, **outcome.summary}


def test_sanitize_mine_removes_the_riders_and_keeps_the_rest(twins: dict[str, Path]) -> None:
    raw = [json.loads(x) for x in twins["raw"].read_text(encoding="utf-8").splitlines()]
    clean = [json.loads(x) for x in twins["clean"].read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in raw] == [r["id"] for r in clean]
    for a, b in zip(raw, clean, strict=True):
        ta, tb = a["projection"]["ticket"], b["projection"]["ticket"]
        assert tb["badge"] == "" and shortcut_data.CODES[a["expected"]] not in tb["title"]
        assert {k: v for k, v in ta.items() if k not in ("badge", "title")} == {
            k: v for k, v in tb.items() if k not in ("badge", "title")
        }


def test_blind_baseline_is_high_on_raw_and_at_chance_on_the_sanitized_twin(twins: dict[str, Path]) -> None:
    raw = baseline("blind", twins["raw"])
    assert raw["status"] == "failed" and raw["baseline"]["verdict"] == "leak"
    assert raw["baseline"]["pass_rate"] > 0.9
    assert raw["simulation"]["reads_data"] is True and raw["simulation"]["folds"] == 5
    clean = baseline("blind", twins["clean"])
    assert clean["status"] == "passed" and clean["baseline"]["verdict"] != "leak", clean["baseline"]
    assert clean["baseline"]["pass_rate"] < clean["baseline"]["chance"] + 0.1
    noise = baseline("blind", twins["noise"])
    assert noise["baseline"]["verdict"] != "leak"


def test_blind_hides_the_fields_the_task_is_derived_from(twins: dict[str, Path]) -> None:
    hidden = baseline("blind", twins["raw"], derive_from=["badge", "/ticket/title"])
    assert hidden["baseline"]["verdict"] != "leak", hidden["baseline"]
    assert hidden["simulation"]["hidden"] == ["badge", "/ticket/title"]  # the named input; other prose is read


def test_majority_and_prior_say_they_do_not_read_the_data(twins: dict[str, Path]) -> None:
    for name in ("majority", "prior"):
        raw, clean = baseline(name, twins["raw"]), baseline(name, twins["clean"])
        assert raw["baseline"]["pass_rate"] == clean["baseline"]["pass_rate"]
        assert raw["simulation"]["reads_data"] is False and "never reads" in raw["simulation"]["note"]


def test_scan_reports_mined_findings_on_raw_and_none_on_the_twin(twins: dict[str, Path]) -> None:
    raw = scan_flow(ScanRequest(dataset=twins["raw"]))
    assert raw.summary["leaked_items"] == 320 and raw.summary["by_rule"]["correlated.mined"] >= 320
    assert raw.summary["mined"]["suggestions"] == 4 and raw.summary["mined"]["items"] == 320
    clean = scan_flow(ScanRequest(dataset=twins["clean"]))
    assert clean.passed and clean.summary["mined"]["suggestions"] == 0
    assert scan_flow(ScanRequest(dataset=twins["noise"])).passed
    off = scan_flow(ScanRequest(dataset=twins["raw"], mine=False))
    assert off.passed and off.summary["mined"] == {"skipped": "--no-mine"}


def test_the_scan_table_says_what_was_mined_and_hides_the_values(
    twins: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli("leak", "scan", str(twins["raw"]), "--limit", "3") == 1
    out = capsys.readouterr().out
    assert "mined: 4 mined from 320 items (4 labels), found on 320 of them: " in out
    report = tmp_path / "r.json"
    assert run_cli("leak", "scan", str(twins["raw"]), "-o", str(report)) == 1
    text = report.read_text(encoding="utf-8")
    assert "correlated.mined" in text and "★" not in text and '"High"' not in text


def test_a_small_dataset_is_not_mined_by_default(tmp_path: Path) -> None:
    small = shortcut_data.write(tmp_path / "s.jsonl", shortcut_data.dataset(n=120))
    outcome = scan_flow(ScanRequest(dataset=small))
    assert outcome.passed and "under the 200 of the default" in outcome.summary["mined"]["skipped"]
    forced = scan_flow(ScanRequest(dataset=small, mine=True))
    assert not forced.passed and forced.summary["by_rule"]["correlated.mined"] >= 120


def direct_records(n: int = 240) -> list[dict[str, Any]]:
    out = []
    for r in shortcut_data.dataset(n=n, seed=11, signal=False):
        r["projection"]["ticket"]["priority"] = {"name": r["expected"], "id": str(1 + len(r["id"]) % 3)}
        out.append(r)
    return out


def test_copy_baseline_is_high_on_raw_and_at_chance_on_the_sanitized_twin(tmp_path: Path) -> None:
    raw = shortcut_data.write(tmp_path / "raw.jsonl", direct_records())
    clean = tmp_path / "clean.jsonl"
    assert run_cli("leak", "sanitize", str(raw), "-o", str(clean)) == 0
    r = baseline("copy", raw)
    assert r["status"] == "failed" and r["baseline"]["pass_rate"] > 0.95
    assert r["simulation"]["candidates"] and set(r["simulation"]["candidates"]) == set(shortcut_data.LABELS)
    c = baseline("copy", clean)
    assert c["status"] == "passed" and c["baseline"]["verdict"] != "leak"
    assert c["baseline"]["pass_rate"] == pytest.approx(c["baseline"]["chance"])  # it falls back to the majority


def test_unknown_simulation_names_the_choices(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = shortcut_data.write(tmp_path / "d.jsonl", shortcut_data.dataset(n=20))
    assert run_cli("leak", "baseline", "--simulate", "blnd", "--dataset", str(data)) == 2
    err = capsys.readouterr().err
    assert "did you mean 'blind'" in err and "copy" in err and "majority" in err


def test_without_the_correction_noise_would_be_mined() -> None:
    # The same no-signal datasets, uncorrected: some of the ~110 candidates pass p <= 0.05 by chance
    # alone, which is why the correction is there.
    spurious = sum(
        sum(
            s.p_value <= 0.05
            for s in mine(
                leak_items(shortcut_data.dataset(seed=seed, signal=False)), min_purity=0.3, alpha=1.0
            ).suggestions
        )
        for seed in range(6)
    )
    assert spurious >= 6


def test_check_with_mine_passes_the_twin_and_fails_the_raw_file_twice(
    twins: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    raw, clean = str(twins["raw"]), str(twins["clean"])
    assert run_cli("leak", "check", "--raw", raw, "--sanitized", clean, "--no-mine") == 1  # no rule names the riders
    assert run_cli("leak", "check", "--raw", raw, "--sanitized", clean, "--mine") == 0
    assert "raw: 320/320 leak; sanitized: 0/320 leak -> PASS" in capsys.readouterr().out
    assert run_cli("leak", "check", "--raw", raw, "--sanitized", raw, "--mine") == 1


def test_the_html_page_shows_the_mined_findings_too(twins: dict[str, Path], tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    assert run_cli("leak", "scan", str(twins["raw"]), "-f", "html", "-o", str(page)) == 1
    assert "correlated.mined" in page.read_text(encoding="utf-8")
    assert run_cli("leak", "scan", str(twins["raw"]), "-f", "html", "-o", str(page), "--no-mine") == 0


@pytest.mark.parametrize(
    "rider",
    [
        {"Low": "basse", "Medium": "moyenne", "High": "haute", "Critical": "critique"},  # a translated label
        {"Low": "SEV_4", "Medium": "SEV_3", "High": "SEV_2", "Critical": "SEV_1"},  # a constant
        {"Low": "🟢", "Medium": "🟡", "High": "🟠", "Critical": "🔴"},  # an emoji inside a short value
    ],
    ids=["translated", "constant", "emoji-in-text"],
)
def test_any_rider_is_mined_without_being_listed(rider: dict[str, str]) -> None:
    records = shortcut_data.dataset(signal=False)
    for r in records:
        r["projection"]["ticket"]["meta"] = f"{rider[r['expected']]} queue"
    cmap = correlated_map(mine(leak_items(records)).suggestions)
    texts = {lab: {(v["value"] if isinstance(v, dict) else v).casefold() for v in vals} for lab, vals in cmap.items()}
    assert {lab: vals & {rider[lab].casefold()} for lab, vals in texts.items()} == {
        lab: {rider[lab].casefold()} for lab in shortcut_data.LABELS
    }


def test_scan_sanitize_and_check_mine_by_one_rule(
    twins: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """By default (320 labelled items: over the mining floor) the three commands agree: what ``sanitize``
    leaves, ``scan`` and ``check`` judge alike, so ``check`` cannot pass a copy ``scan`` calls leaking."""
    from windtunnel import leak

    raw = str(twins["raw"])
    clean, stale = tmp_path / "clean.jsonl", tmp_path / "stale.jsonl"
    assert run_cli("leak", "sanitize", raw, "-o", str(clean)) == 0
    assert "mined: 4 mined from 320 items" in capsys.readouterr().out
    assert run_cli("leak", "scan", str(clean)) == 0
    assert run_cli("leak", "check", "--raw", raw, "--sanitized", str(clean)) == 0
    assert run_cli("leak", "sanitize", raw, "-o", str(stale), "--no-mine") == 0  # the riders stay in
    assert run_cli("leak", "scan", str(stale)) == 1
    capsys.readouterr()
    assert run_cli("leak", "check", "--raw", raw, "--sanitized", str(stale)) == 1
    out = capsys.readouterr().out
    assert "sanitized: 320/320 leak -> FAIL" in out
    assert "... and 300 more sanitized items that still leak" in out  # 20 listed, then a count
    assert leak.check(raw, stale).status == "failed"  # the Python API decides the same way
    assert leak.check(raw, clean).passed
