"""An object keyed by ids is read as a list: its keys pool into one slot, as list indices do (:mod:`.id_keys`).

Invented data after ds30 ``fibre_link_certification``: each link's record lists the verdicts of a few other fibres of
its cable, keyed by fibre number (``{"F15": "PASS", "F10": "FAIL"}``), drawn apart from this link's verdict. Read key
by key, each fibre's slot held a dozen records or so, too few for the dataset to find at chance, and a whole value
equal to the label stayed a leak (21 of 95 clean records flagged). Pooled as a list's members they are at chance and
cleared. Keys that stand in most records (a questionnaire's ``q1`` to ``q4``) are fields, not ids: one of them that
is the record's label is still found.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.audited import agreed_flags
from windtunnel.leakage.id_keys import id_keys
from windtunnel.leakage.mentions import Mention

LABELS = ["PASS", "MARGINAL", "FAIL"]


def _raw(n: int, *, keys: list[str], per: int, leak_key: str | None, seed: int = 3) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        held = rng.sample(keys, per)
        others = {k: (label if k == leak_key else rng.choice(LABELS)) for k in held}
        projection = {
            "instruction": "Certify the link: PASS, MARGINAL or FAIL by its margin.",
            "link": {"id": f"B{rng.randint(1, 40):02d}", "loss_db": round(2 + i * 0.013, 3)},
            "others": others,
        }
        out.append({"id": f"k{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return out


def _flagged(raw: list[dict[str, Any]]) -> set[str]:
    return agreed_flags(raw, ["/link/loss_db"], "/others")


def test_verdicts_of_other_fibres_keyed_by_fibre_number_are_cleared() -> None:
    # (the by-sets verdict is a test at 5 % each way: about one draw of these in ten reads a chance tie either way)
    keys = [f"F{j:02d}" for j in range(1, 25)]
    assert _flagged(_raw(150, keys=keys, per=3, leak_key=None)) == set()


def test_a_field_of_every_record_whose_name_has_a_digit_is_no_id() -> None:
    raw = _raw(150, keys=["q1", "q2", "q3", "q4"], per=4, leak_key="q3")
    assert len(_flagged(raw)) >= 140


def _mention(pointer: str) -> Mention:
    sig = f"{pointer.lower()} ^ § $"
    return Mention(pointer, None, "PASS", (sig, "^ § $", f"{pointer.lower()} ^ $"))


def test_id_keys_need_many_keys_each_in_few_records() -> None:
    spread = [(r, f"/others/F{r % 12:02d}", r % 7 == 0) for r in range(60)]
    keys = id_keys(spread)
    assert keys.rewrite(_mention("/others/F03")).signatures == ("/others/* ^ § $", "^ § $", "/others/* ^ $")
    # a key of another shape under the same place, or under another place, is left as it is
    assert keys.rewrite(_mention("/others/total7")).signatures[0] == "/others/total7 ^ § $"
    assert keys.rewrite(_mention("/mine/F03")).signatures[0] == "/mine/f03 ^ § $"
    # three keys, or one key held by most records, are fields
    assert not id_keys((r, f"/others/F{r % 3:02d}", False) for r in range(60)).places
    common = [(r, "/others/F01", False) for r in range(60)] + [
        (r, f"/others/F{r % 9 + 2:02d}", False) for r in range(60)
    ]
    assert not id_keys(common).places
    # a key that follows the label on its own (review 43b: a checklist's q07 holding the outcome) makes its place fields
    told = [(r, f"/others/F{r % 12:02d}", r % 12 == 7) for r in range(60)]
    assert not id_keys(told).places


def test_a_checklist_whose_one_question_holds_the_outcome_is_no_id_map() -> None:
    # review 43b: twelve questions, four asked per record, so each in a third of the records; q07 holds the label
    keys = [f"q{j:02d}" for j in range(1, 13)]
    raw = _raw(200, keys=keys, per=4, leak_key="q07", seed=1)
    leaking = {r["id"] for r in raw if "q07" in r["projection"]["others"]}
    assert _flagged(raw) >= leaking
