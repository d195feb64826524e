"""The ``blind`` agent weighs the features held by the same training records once.

A sentence's words and n-grams, and a text read both as written and decoded (a quoted-printable note,
``leakage/prose_text.py``, df22ad39), are many features held by exactly the same records: one candidate. Weighed as
many, a canned note leaning to one label outvoted a code that tells another on the records holding both (blind33).
A note written from a template with optional phrases is several such candidates: one text votes once.

The dataset is invented: two labels, a case text (the named input), a history note outside it on half the approvals
and a quarter of the denials, an ``escalated`` flag on about a third of the denials.
"""

from __future__ import annotations

import random

from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_predictions_cv

DERIVE = ["/case"]
NOTE = "Routine follow up logged by the service desk after the customer called back about the same issue again today"


def _wrapped(text: str, width: int = 40) -> str:
    """``text`` as a quoted-printable encoder wraps it: a soft line break every ``width`` characters."""
    return "=\n".join(text[i : i + width] for i in range(0, len(text), width))


def _dataset(seed: int, *, encoded: bool = False, n: int = 120) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = "approve" if i % 2 == 0 else "deny"
        meta: dict[str, str] = {"agent": f"ag{rng.randrange(9)}"}
        projection: dict[str, object] = {
            "case": {"text": " ".join(rng.choice(["alpha", "beta", "gamma", "delta"]) for _ in range(6))},
            "meta": meta,
        }
        if rng.random() < (0.5 if label == "approve" else 0.25):
            projection["history"] = _wrapped(NOTE) if encoded else NOTE
        if label == "deny" and rng.random() < 0.3:
            meta["flag"] = "escalated"
        out.append(LeakItem(id=f"r{i}", expected=[label], label_set=["approve", "deny"], projection=projection))
    return out


def test_a_flag_is_not_outvoted_by_the_n_grams_of_one_note() -> None:
    for seed, encoded in ((1, False), (3, False), (3, True)):
        items = _dataset(seed, encoded=encoded)
        predictions = blind_predictions_cv(items, derive_from=DERIVE)
        both = [
            p
            for it, p in zip(items, predictions, strict=True)
            if "history" in it.projection and "flag" in it.projection["meta"]
        ]
        assert both and set(both) == {"deny"}, (seed, encoded, both)


def _counted(seed: int, n: int = 150) -> list[LeakItem]:
    """Invented: a ticket text (the named input) and, on the ``reopen`` records only, a small count of reopenings
    (1-4): its key and its ranges are held by exactly the same records, but weighed against different ones."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = "reopen" if rng.random() < 0.25 else "close"
        meta: dict[str, object] = {"queue": rng.choice(["q1", "q2", "q3", "q4", "q5"])}
        if label == "reopen":
            meta["reopened_times"] = rng.randrange(1, 5)
        projection = {
            "ticket": {"text": " ".join(rng.choice(["disk", "mail", "vpn", "login"]) for _ in range(5))},
            "meta": meta,
        }
        out.append(LeakItem(id=f"t{i}", expected=[label], label_set=["close", "reopen"], projection=projection))
    return out


def test_a_count_one_label_holds_weighs_by_its_key_not_by_its_ranges() -> None:
    # A number's ranges weigh among the records holding the field (no odds when only one label holds it); the
    # field's key weighs among all records. Grouped as one candidate and weighed by a range, the count that tells
    # the label on every record holding it was at chance.
    items = _counted(7)
    predictions = blind_predictions_cv(items, derive_from=["/ticket"])
    held = [p for it, p in zip(items, predictions, strict=True) if "reopened_times" in it.projection["meta"]]
    assert held and set(held) == {"reopen"}, held


PHRASES = [
    ("Routine follow up logged by the service desk", False),
    ("outside office hours", True),
    ("after the customer called back", False),
    ("on the phone line", True),
    ("about the same issue", False),
    ("first raised last week", True),
    ("and again today", False),
    ("with nothing new to add", True),
]


def _templated(seed: int, n: int = 120) -> list[LeakItem]:
    """As :func:`_dataset`, the note written from a template with optional phrases: its words are then held by
    several different sets of records (one per phrase), many candidates of one text."""
    rng = random.Random(seed)
    items = _dataset(seed, n=n)
    for it in items:
        if "history" in it.projection:
            it.projection["history"] = " ".join(p for p, optional in PHRASES if not optional or rng.random() < 0.5)
    return items


def test_a_flag_is_not_outvoted_by_one_templated_note() -> None:
    # One text field of one item votes once (the mean of its kept words' and n-grams' weights): a note written with
    # optional phrases, its words held by different records, cast one vote per phrase and outvoted the flag.
    wrong = []
    for seed in range(1, 7):
        items = _templated(seed)
        predictions = blind_predictions_cv(items, derive_from=DERIVE)
        wrong += [
            (seed, p)
            for it, p in zip(items, predictions, strict=True)
            if "history" in it.projection and "flag" in it.projection["meta"] and p != "deny"
        ]
    assert not wrong, wrong
