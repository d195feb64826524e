"""A verdict over the whole dataset is no all-clear (QA-12 major 2): what decides the blind agents' answers is
reported per field, and a label riding in a code's letters is mined.

The datasets are invented: a label coded in part of a short code on a quarter of the items, and codes whose
letters ride with nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.clirun import wt as run_cli
from tests.leakage.items_file import write_items
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_with_drivers, drivers_summary

LABELS = ["Low", "Medium", "High", "Critical"]
WORDS = ["login fails", "slow export", "printer offline", "bad invoice", "vpn down", "sso loop"]


def _items(n: int, *, coded_every: int, seed: int = 3) -> list[LeakItem]:
    """``n`` items; every ``coded_every``-th carries ``tier: T<n>`` where the number is the label's index."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        lab = rng.choice(LABELS)
        proj: dict[str, object] = {"summary": rng.choice(WORDS), "team": rng.choice(["ops", "sales", "it"])}
        if i % coded_every == 0:
            proj["tier"] = f"T{LABELS.index(lab) + 1}"
        out.append(LeakItem(id=f"i{i}", expected=[lab], label_set=LABELS, projection=proj))
    return out


def test_blind_names_the_field_that_answers_a_quarter_of_the_items() -> None:
    items = _items(240, coded_every=4)
    preds, drivers = blind_with_drivers(items, folds=5, seed=0)
    labels = [it.expected[0] for it in items]
    rate = sum(p == lab for p, lab in zip(preds, labels, strict=True)) / len(items)
    assert rate < 0.5  # over the dataset the agent is far from the leak on the coded quarter
    top = drivers_summary(preds, labels, drivers)["fields"][0]
    assert top["field"] == "/tier" and top["decided"] >= 50 and top["correct"] >= 0.9 * top["decided"]


def test_baseline_prints_the_deciding_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.jsonl"
    write_items(data, _items(240, coded_every=4), LABELS)
    run_cli("leak", "baseline", "--simulate", "blind", "--dataset", str(data))
    out = " ".join(capsys.readouterr().out.split())
    assert "what decided its answers, per field" in out
    assert "/tier: decided" in out.split("what decided its answers, per field")[1].split(")")[1]  # listed first
    capsys.readouterr()
    assert run_cli("leak", "baseline", "--simulate", "blind", "--dataset", str(data), "-f", "json") in (0, 1)
    sim = json.loads(capsys.readouterr().out)["simulation"]
    assert sim["drivers"]["fields"][0]["field"] == "/tier"


def _coded(n: int, letter_of: dict[str, str] | None, seed: int = 5) -> list[LeakItem]:
    """Items with a unique code ``Q-<letter><3 digits>``: the letter is the label's (``letter_of``) or random."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        lab = rng.choice(LABELS)
        letter = letter_of[lab] if letter_of else rng.choice("ABCDEFGH")
        proj = {"summary": rng.choice(WORDS), "ref": f"Q-{letter}{rng.randint(100, 999)}"}
        out.append(LeakItem(id=f"c{i}", expected=[lab], label_set=LABELS, projection=proj))
    return out


def test_a_label_in_a_codes_letter_is_mined_and_random_letters_are_not() -> None:
    coded = mine(_coded(200, {lab: lab[0] for lab in LABELS}))
    found = {(s.value, s.label) for s in coded.suggestions}
    assert {("l", "Low"), ("m", "Medium"), ("h", "High"), ("c", "Critical")} <= found
    assert mine(_coded(200, None)).suggestions == []


def test_blind_never_learns_a_record_from_its_own_other_questions() -> None:
    # QA-14: each ticket asked three questions; its key and body say nothing of the label across tickets, but a
    # fold that held one of a ticket's items would learn the key and answer the other two.
    rng = random.Random(8)
    items = []
    for t in range(80):
        lab = rng.choice(LABELS)
        body = " ".join(rng.choice(["export", "login", "printer", "invoice", "vpn", "sso"]) for _ in range(10))
        for q in range(3):
            proj = {"ticket": {"key": f"SUP-{1000 + t}", "body": body}}
            items.append(LeakItem(id=f"t{t}-{q}", expected=[lab], label_set=LABELS, projection=proj))
    preds, _drivers = blind_with_drivers(items, folds=5, seed=0)
    right = sum(p == it.expected[0] for p, it in zip(preds, items, strict=True))
    assert right < 0.45 * len(items), right  # chance is ~0.25-0.3; dealt by item it was ~0.9
