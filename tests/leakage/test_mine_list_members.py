"""The members of a list taken together are one value: a set chosen as a whole by the answer is mined though each
member is shared by several sets.

Invented shape: a river authority sets a flood stage (``normal``, ``elevated``, ``severe``) from gauge readings (the
named input). After the stage is set, a notifier sends the bulletin to a set of recipients: ``weekly-digest`` alone
at ``normal``, ``weekly-digest`` with ``county-duty`` and ``marina-office`` at ``elevated``, ``county-duty`` with
``sheriff-dispatch`` at ``severe``. Every recipient of ``normal`` and ``elevated`` is also another stage's, so no
member rides with one stage; the set does. Recipients drawn apart from the stage give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.candidates import members_text
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["normal", "elevated", "severe"]
SETS = {
    "normal": ["weekly-digest"],
    "elevated": ["weekly-digest", "county-duty", "marina-office"],
    "severe": ["county-duty", "sheriff-dispatch", "marina-office"],
}
DERIVE = ["/gauges"]


def _dataset(seed: int, *, leak: bool, n: int = 120) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        recipients = SETS[label] if leak else SETS[rng.choice(LABELS)]
        projection: dict[str, Any] = {
            "gauges": {"stage_m": round(rng.uniform(0.5, 6.0), 2), "trend": rng.choice(["rising", "steady"])},
        }
        if i % 4 < 2:  # half the bulletins were sent when the record was exported
            projection["sent"] = [
                {"to": r, "at": f"2025-04-{rng.randint(10, 28)}T0{rng.randint(0, 9)}:00Z"}
                for r in rng.sample(recipients, len(recipients))
            ]
        out.append(LeakItem(id=f"g{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_set_of_recipients_chosen_by_the_label_is_mined() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    sets = {s.label: s.value for s in result.suggestions if s.value.startswith("[")}
    assert sets.get("normal") == "[weekly-digest]"
    assert sets.get("elevated") == "[county-duty, marina-office, weekly-digest]"
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    sent = [it for it in items if "sent" in it.projection]
    assert all(
        any(f.severity == "medium" and f.pointer.startswith("/sent") for f in flagged.get(it.id, [])) for it in sent
    )
    assert not [it.id for it in items if "sent" not in it.projection and it.id in flagged]


def test_without_the_input_named_no_set_is_read() -> None:
    # mode (a) infers the input per field; a set spanning an inferred input's members would be read as a rider
    result = mine(_dataset(1, leak=True), derive_from=[])
    assert not [s for s in result.suggestions if s.value.startswith("[")]


def test_recipients_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.value.startswith("[")], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_members_text_reads_few_short_members_only() -> None:
    assert members_text({"b", "a"}) == "[a, b]"
    assert members_text(set()) is None
    assert members_text({f"m{i}" for i in range(9)}) is None  # a log, not a set chosen as a whole
    assert members_text({"a note of more than six words in one member"}) is None


def test_sets_are_corrected_apart_from_the_values() -> None:
    # ds16 shellfish: ten sets tested beside 81 values pushed a rider on five records over the bar; the sets form a
    # family of their own, so a value's q is what it was without them
    from windtunnel.leakage.mine import _adjust_apart

    values = [0.001, 0.004, 0.009]
    alone = _adjust_apart(values, [0, 0, 0], "bh")
    beside = _adjust_apart([*values, 0.5, 0.6, 0.7, 0.8], [0, 0, 0, 2, 2, 2, 2], "bh")
    assert beside[:3] == alone
    assert _adjust_apart([0.01, 0.01], [1, 0], "bonferroni") == [0.01, 0.01]
