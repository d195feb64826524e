"""Without ``--derive-from`` a point in time gives no mined candidate: a date or a clock time is a number on a scale.

A sustainer's monthly gift falls on the same few dates as every other sustainer's (the export's reference day minus
whole months), a late punch-out's hour is past 18:00: the records of one label share such values by their position on
the scale, and their parts (the year ``2019``, the hour ``18`` as a code's head) are that number's digits, not codes
written from the answer. With ``--derive-from`` a date outside the named input is mined as any value.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.candidates import moment
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["sustainer", "lapsed", "one_off"]


def _rows(seed: int = 2, n: int = 180) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        if label == "sustainer":
            dates = [f"2024-{m:02d}-03" for m in rng.sample(range(1, 13), 4)]
        elif label == "lapsed":
            dates = [f"{rng.choice([2018, 2019])}-{rng.randint(1, 12):02d}-{rng.randint(10, 28):02d}"]
        else:
            dates = [f"2024-{rng.randint(1, 12):02d}-{rng.randint(10, 28):02d}"]
        out.append(
            {
                "id": f"g{i}",
                "expected": label,
                "projection": {
                    "donor": {
                        "bio": " ".join(rng.choice(["arts", "member", "gala", "local", "teacher"]) for _ in range(9))
                    },
                    "gifts": [{"date": d, "at": f"{rng.randint(8, 17)}:{rng.randint(0, 59):02d}"} for d in dates],
                    "segment_code": "SUS-1" if label == "sustainer" and rng.random() < 0.5 else "NA",
                },
            }
        )
    return out


def _pointers(derive_from: tuple[str, ...] = ()) -> set[str]:
    """The fields (list indices as ``*``) holding a mined finding that is a leak (not for review)."""
    items = [
        LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=LABELS) for r in _rows()
    ]
    result = mine(items, derive_from=derive_from)
    return {
        "/".join("*" if t.isdigit() else t for t in f.pointer.split("/"))
        for _id, found in mined_findings(items, result, derive_from=derive_from)
        for f in found
        if f.blocking
    }


def test_dates_are_not_codes() -> None:
    """The gift dates ride with the sustainers and their years with the lapsed donors, but give no finding without
    ``--derive-from``; the segment code stays a leak."""
    found = _pointers()
    assert "/gifts/*/date" not in found
    assert "/segment_code" in found


def test_named_input_mines_dates() -> None:
    """With ``--derive-from`` naming the bio, a date outside it is mined as any value."""
    assert "/gifts/*/date" in _pointers(derive_from=("/donor/bio",))


def test_moment() -> None:
    for v in ("2024-08-03", "03/08/2024", "18:15", "6:05 pm", "2024-08-03T18:15:00Z", " 2024-08-03 18:15 "):
        assert moment(v), v
    for v in ("2024", "3/5", "12/03", "v2024-08-03", "ORD-2024-08-03", "18:15 pager sent", "1.95"):
        assert not moment(v), v


def _stamped(n: int = 150, seed: int = 5) -> list[LeakItem]:
    """Invented gait scores: an observation stamp at one of a few minutes past the hour (a rota's slots), where the
    slot at 25 past fell to ten score-4 cows in the first days of the rota and to no other, beside a decision stamp on
    the score-5 records only (``2026-04-26T09:00:00Z``)."""
    rng = random.Random(seed)
    scores = ["1", "2", "3", "4", "5"]
    out = []
    for i in range(n):
        label = scores[i % 5]
        day, hour, minute = rng.randint(1, 28), rng.randint(6, 17), rng.choice([5, 40, 55])
        if label == "4" and i < 50:
            minute = 25
        projection: dict[str, Any] = {
            "gait": {"arched": label in ("3", "4", "5"), "lame": label == "5", "favours": label in ("4", "5")},
            "observed_at": f"2026-04-{day:02d}T{hour:02d}:{minute:02d}:00Z",
        }
        if label == "5":
            projection["culled_at"] = "2026-04-26T09:00:00Z"
        out.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=scores))
    return out


def test_a_stamp_is_mined_whole_never_by_its_parts() -> None:
    """With ``--derive-from``, a point in time outside the input is mined as a whole value (the decision stamp on every
    score-5 record), never by its parts: the minute ``25 00z`` of the observation stamp, which a few records of one
    score share by chance, is no candidate (ds33 ``dairy_locomotion``: the sanitizer blanked every record's stamp)."""
    items = _stamped()
    assert sum(it.projection["observed_at"][14:16] == "25" for it in items) == 10  # the premise: a pure minute
    result = mine(items, derive_from=("/gait",))
    assert {s.pointer for s in result.suggestions} == {"/culled_at"}
    assert not [s for s in result.suggestions if s.kind in ("token", "ngram")]
