"""Without ``--derive-from``, a field is read as the task's input by what its values say of the labels.

A structured record's input is many typed fields — a diagnosis, a snippet under audit, a billed usage type — not
only text written record by record. A field every record holds whose repeated values each belong to one label, in more
ways than there are labels, tells the label on every record: the content every record is answered from, drawn per
answer. Mined values there are for review in (a), whatever their shape. A rider written on some records beside an
ordinary value (a review state per label beside ``in_review``), one code per label on every record, and a value made
anew per record stay leaks; with ``--derive-from`` nothing is inferred.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings, tells_every_record
from windtunnel.leakage.model import LeakItem

LABELS = ["launch", "hold", "decline"]
DIAGNOSES = {
    "launch": ["Healthy gums", "Healthy gums, minor wear"],
    "hold": ["Gingivitis", "Gingivitis, localised"],
    "decline": ["Periodontitis, active", "Periodontitis, unstable"],
}
SNIPPETS = {
    "launch": ['<img src="hero.jpg">', '<img src="team.png" alt="">'],
    "hold": ['<div role="button">Buy</div>', '<span role="tab">Menu</span>'],
    "decline": ['<select onchange="go()">', '<input id="dob">'],
}
STATES = {"launch": "live", "hold": "changes_requested", "decline": "rejected_tos"}
CODES = {"launch": "ST-LIVE", "hold": "ST-HOLD", "decline": "ST-DENY"}


def _record(rng: random.Random, n: int, label: str, *, decided: bool) -> dict[str, Any]:
    """One campaign review: its story (the text input), an assessment drawn per label on every record (two phrasings
    per label), an identity check failing on some held campaigns only beside ``verified`` elsewhere, a review state a
    later step writes on the decided records beside ``in_review`` on the others, and a code per label on every
    record."""
    mismatch = label == "hold" and rng.random() < 0.5
    identity = rng.choice(["name_mismatch", "document_expired"]) if mismatch else "verified"
    return {
        "id": f"c{n}",
        "expected": label,
        "label_set": LABELS,
        "projection": {
            "task": "Decide the campaign review outcome.",
            "campaign": {
                "story": f"Campaign {n}: "
                + " ".join(rng.choice(["solar", "lamp", "board", "game", "kit"]) for _ in range(9)),
                "assessment": rng.choice(DIAGNOSES[label]),
                "snippet": rng.choice(SNIPPETS[label]),
            },
            "creator": {"kyc": {"identity": identity}},
            "review_meta": {"state": STATES[label] if decided else "in_review", "code": CODES[label]},
        },
    }


def _rows(seed: int = 7, n: int = 240) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        out.append(_record(rng, i, label, decided=rng.random() < 0.4))
    return out


def _items(rows: list[dict[str, Any]]) -> list[LeakItem]:
    return [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=LABELS) for r in rows]


def _severities(rows: list[dict[str, Any]], derive_from: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """Pointer → the severities of the mined findings there."""
    items = _items(rows)
    result = mine(items, derive_from=derive_from)
    out: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, result, derive_from=derive_from):
        for f in found:
            out.setdefault(f.pointer, set()).add(f.severity)
    return out


def test_values_read_as_the_input() -> None:
    """The assessment telling every record in more ways than labels is read as the input; the review state (beside
    ``in_review``), the identity check (one label's values beside ``verified``: as a one-label badge would be) and one
    code per label on every record are not."""
    result = mine(_items(_rows()))
    assert result.evidence == ["/campaign/assessment", "/campaign/snippet"]
    assert "/campaign/assessment" in result.inputs
    for rider in ("/review_meta/state", "/review_meta/code", "/creator/kyc/identity"):
        assert rider not in result.inputs


def test_evidence_is_for_review_riders_stay_leaks() -> None:
    """Mined values of the assessment and the snippet are for review; the review state, the identity check and the
    label's code stay leaks."""
    found = _severities(_rows())
    assert found["/campaign/assessment"] == {"low"}
    assert found["/campaign/snippet"] == {"low"}  # its values, and the words inside them
    for rider in ("/review_meta/state", "/review_meta/code", "/creator/kyc/identity"):
        assert "medium" in found[rider]


def test_named_input_infers_nothing() -> None:
    """With ``--derive-from`` nothing is inferred: the assessment, outside the named input, is mined as a leak."""
    result = mine(_items(_rows()), derive_from=("/campaign/story",))
    assert result.evidence == []
    found = _severities(_rows(), derive_from=("/campaign/story",))
    assert "medium" in found["/campaign/assessment"]


def _values(table: dict[str, dict[str, int]]) -> list[Counter[str]]:
    return [Counter(c) for c in table.values()]


def test_tells_every_record() -> None:
    """Every repeated value of one label, more of them than labels, on most holders; one code per label, an ordinary
    value shared by labels, or values made anew per record are not."""
    dx = {
        "gingivitis": {"a": 20},
        "gingivitis, localised": {"b": 20},
        "healthy": {"c": 30},
        "healthy, reduced": {"b": 9},
    }
    assert tells_every_record(_values(dx), 79)
    codes = {"st-a": {"a": 20}, "st-b": {"b": 20}, "st-c": {"c": 30}}
    assert not tells_every_record(_values(codes), 70)
    shared = {**dx, "unknown": {"a": 10, "b": 10}}
    assert not tells_every_record(_values(shared), 99)
    slugs = {f"slug-{i}": {"abc"[i % 3]: 1} for i in range(40)} | {
        "x": {"a": 2},
        "y": {"b": 2},
        "z": {"c": 2},
        "w": {"a": 2},
    }
    assert not tells_every_record(_values(slugs), 48)  # most values held by one record: nothing repeats


def test_a_field_of_exactly_the_counted_values_is_read_whole() -> None:
    """``_GRADED_VALUES`` values are counted per field: a field of exactly that many was read as one of more (``>=``),
    its values called unknown; one of more is still not read (session 21 review)."""
    from windtunnel.leakage.mine import _GRADED_VALUES

    def table(n: int) -> list[Counter[str]]:
        return [Counter({"abcd"[i % 4]: 2}) for i in range(n)]  # every value on two records of one label

    assert tells_every_record(table(_GRADED_VALUES), 2 * _GRADED_VALUES)
    assert not tells_every_record(table(_GRADED_VALUES + 1), 2 * (_GRADED_VALUES + 1))


def test_a_record_wider_than_the_fields_kept_is_mined_without_error() -> None:
    # A record's fields past the first ones whose values are kept (_MAX_PRINTS) are held but not said: the input
    # evidence and the variety test read nothing there instead of failing on the missing field.
    items = [
        LeakItem(
            id=f"w{i}", expected=[LABELS[i % 3]], projection={f"f{j}": f"v{j}" for j in range(520)}, label_set=LABELS
        )
        for i in range(24)
    ]
    result = mine(items)  # raised KeyError on the 513th field
    assert result.evidence == []
