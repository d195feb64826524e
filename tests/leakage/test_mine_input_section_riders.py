"""Without ``--derive-from``: a section holding the task's input does not make its riders the input.

The input is weakly predictive; a rider is near-perfect. Inside a ticket's section beside its text, a value on every
record of one outcome and nearly nowhere else (a flag ``true`` exactly on denials, a queue, an upstream model's
``high risk``), a step naming decided outcomes beside ``pending``, a stamp written ``yes``/``no`` or ``1``/``0`` on
decided records only, a rider on one outcome's records beside a placeholder on a few others, and a field past the
values kept per record stay mined (medium), as do riders under a single wrapper object, in a list projection, in a
nested object of the section or in an event list. A detail several outcomes share stays the input (low).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["refund", "replace", "deny"]
WORDS = [
    "customer",
    "says",
    "the",
    "kettle",
    "stopped",
    "after",
    "two",
    "weeks",
    "box",
    "damaged",
    "receipt",
    "attached",
    "asks",
    "politely",
    "again",
]
N = 240


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(12))


def _severities(rows: list[dict[str, Any]]) -> tuple[list[str], dict[str, set[str]]]:
    items = [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=LABELS) for r in rows]
    result = mine(items)
    out: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, result):
        for f in found:
            field = "/".join("*" if p.isdigit() else p for p in f.pointer.split("/"))
            out.setdefault(field, set()).add(f.severity)
    return result.inputs, out


def _ticket_rows(member: Callable[[random.Random, str], dict[str, Any]], seed: int = 3) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows = []
    for i in range(N):
        label = LABELS[i % 3]
        ticket = {"text": _text(rng), "channel": rng.choice(["email", "chat", "phone"]), **member(rng, label)}
        rows.append({"id": f"t{i}", "expected": label, "projection": {"ticket": ticket}})
    return rows


def _flag_on_denials(rng: random.Random, label: str) -> dict[str, Any]:
    return {"escalated": label == "deny"}


def _queue(rng: random.Random, label: str) -> dict[str, Any]:
    return {"queue": "fraud review" if label == "deny" else "general"}


def _upstream_model(rng: random.Random, label: str) -> dict[str, Any]:
    guess = label if rng.random() < 0.99 else rng.choice(LABELS)
    return {"risk_model": "high risk" if guess == "deny" else "low risk"}


def _step(rng: random.Random, label: str) -> dict[str, Any]:
    decided = label != "deny" and rng.random() < 0.5
    return {"step": {"refund": "released", "replace": "returned"}[label] if decided else "pending"}


def _yes_no_stamp(rng: random.Random, label: str) -> dict[str, Any]:
    return {"agreement_sent": "yes" if label == "refund" else "no"} if rng.random() < 0.4 else {}


def _one_zero_stamp(rng: random.Random, label: str) -> dict[str, Any]:
    return {"agreement_sent": 1 if label == "refund" else 0} if rng.random() < 0.4 else {}


def _rider_beside_placeholder(rng: random.Random, label: str) -> dict[str, Any]:
    if label == "deny":
        return {"hold_reason": "suspected fraud ring"}
    return {"hold_reason": "none"} if rng.random() < 0.06 else {}


@pytest.mark.parametrize(
    ("member", "field"),
    [
        (_flag_on_denials, "/ticket/escalated"),
        (_queue, "/ticket/queue"),
        (_upstream_model, "/ticket/risk_model"),
        (_step, "/ticket/step"),
        (_yes_no_stamp, "/ticket/agreement_sent"),
        (_one_zero_stamp, "/ticket/agreement_sent"),
        (_rider_beside_placeholder, "/ticket/hold_reason"),
    ],
)
def test_a_rider_in_the_inputs_section_stays_a_leak(member: Callable[..., dict[str, Any]], field: str) -> None:
    inputs, found = _severities(_ticket_rows(member))
    assert "/ticket/text" in inputs  # the section holds the input ...
    assert field not in inputs  # ... and the rider is not read as it
    assert "medium" in found[field]


def test_a_detail_several_outcomes_share_stays_the_input() -> None:
    """A count of prior contacts on every ticket, weakly predictive (denials have more): the case's content."""

    def contacts(rng: random.Random, label: str) -> dict[str, Any]:
        return {"prior_contacts": str(rng.choice([0, 1, 1, 2, 3] if label != "deny" else [1, 2, 3, 3, 4]))}

    inputs, _found = _severities(_ticket_rows(contacts))
    assert "/ticket/prior_contacts" in inputs


def _shaped_rows(kind: str, seed: int = 7) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows = []
    for i in range(N):
        label = LABELS[i % 3]
        text = _text(rng)
        team = "fraud desk" if label == "deny" else "general desk"
        proj: Any
        if kind == "wrapper":
            proj = {"record": {"text": text, "assigned_team": team, "sla": rng.choice(["4 hours", "1 day"])}}
        elif kind == "list":
            proj = [{"kind": "message", "text": text}, {"kind": "meta", "queue": team}]
        elif kind == "nested":
            proj = {"case": {"body": {"text": text}, "routing": {"team": team}}, "task": "Decide the claim."}
        else:
            events = [{"event": "opened"}, {"event": rng.choice(["auto reply sent", "customer replied"])}]
            if label == "deny":
                events.append({"event": "assigned to fraud team"})
            proj = {"ticket": {"text": text, "history": events}, "task": "Decide the claim."}
        rows.append({"id": f"{kind}{i}", "expected": label, "projection": proj})
    return rows


@pytest.mark.parametrize(
    ("kind", "field"),
    [
        ("wrapper", "/record/assigned_team"),  # the whole record under one key is no section of itself
        ("list", "/*/queue"),  # nor a list projection's members
        ("nested", "/case/routing/team"),  # a wrapper's objects are its sections
        ("history", "/ticket/history/*/event"),  # an event list joins by no member every record's list holds
    ],
)
def test_a_rider_in_a_wrapper_a_list_or_a_nested_object_stays_a_leak(kind: str, field: str) -> None:
    inputs, found = _severities(_shaped_rows(kind))
    assert field not in inputs
    assert "medium" in found[field]


def test_a_field_whose_values_were_not_all_kept_is_not_read_as_the_input() -> None:
    """Past a record's first fields its values are not kept: nothing tells a status per outcome from the input."""
    outcome = {"refund": "money back", "replace": "new unit sent", "deny": "closed no action"}

    def wide(rng: random.Random, label: str) -> dict[str, Any]:
        return {**{f"m{k:03d}": rng.choice(["low", "mid", "high"]) for k in range(520)}, "resolution": outcome[label]}

    inputs, found = _severities(_ticket_rows(wide))
    assert "/ticket/resolution" not in inputs
    assert "medium" in found["/ticket/resolution"]


def test_an_empty_key_is_no_path_to_a_section_of_the_same_name() -> None:
    """A section is named by its whole first step: the input under an empty key holding ``ticket`` does not make the
    top-level ``ticket``'s members the input (stripping every leading ``/`` read both as ``/ticket``)."""
    rng = random.Random(11)
    rows = []
    for i in range(N):
        label = LABELS[i % 3]
        proj = {
            "": {"ticket": {"text": _text(rng)}},
            "ticket": {"queue": "fraud review" if label == "deny" else "general", "seen": rng.choice(["a", "b"])},
        }
        rows.append({"id": f"e{i}", "expected": label, "projection": proj})
    inputs, found = _severities(rows)
    assert "//ticket/text" in inputs
    assert "/ticket/queue" not in inputs
    assert "medium" in found["/ticket/queue"]
