"""Without ``--derive-from``: a field naming labels in many ways beside values that shift their odds is the input, and
a value held by exactly the records holding a value of the input is that value's twin.

A declared licence tells the review outcome in more ways than there are outcomes (``0BSD``, ``CC0-1.0`` allowed;
``MIT``, ``Apache-2.0`` with a notice), beside values several outcomes share in proportions that move (``LGPL-2.1``:
a notice or a review, never allowed): the content, its mined values for review. A review state written per label
beside ``pending`` names one label per code, and a tag written in two spellings per label holds no value telling some
labels but not others: both stay leaks. A seller's ``verified: false`` held by exactly the new sellers' records, whose
``0`` sales the input holds, says what the input says (for review); a risk band written on some held listings whatever
the seller stays a leak.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings, tells_beside_odds
from windtunnel.leakage.model import LeakItem

LABELS = ["allow", "notice", "review", "deny"]
OWN = {"allow": ["0BSD", "CC0-1.0", "Unlicense"], "notice": ["MIT", "Apache-2.0"], "review": ["SSPL-1.0", "BUSL-1.1"]}
SHARED = {"notice": "LGPL-2.1", "review": "LGPL-2.1", "deny": "AGPL-3.0"}
STATES = {"allow": "ok", "notice": "attribution", "review": "escalated", "deny": "blocked"}
TAGS = {
    "allow": ["GRN-1", "GRN-2"],
    "notice": ["YLW-1", "YLW-2"],
    "review": ["ORG-1", "ORG-2"],
    "deny": ["RED-1", "RED-2"],
}


def _licence(rng: random.Random, label: str) -> str:
    if label == "deny" or rng.random() < 0.3:
        return SHARED.get(label, "NOASSERTION") if rng.random() < 0.7 else "NOASSERTION"
    return rng.choice(OWN[label])


def _rows(seed: int = 3, n: int = 240) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        decided = rng.random() < 0.4
        out.append(
            {
                "id": f"d{i}",
                "expected": label,
                "projection": {
                    "task": "Review the dependency's licence.",
                    "dependency": {
                        "name": "pkg-" + "".join(rng.choice("abcdefgh") for _ in range(6)),
                        "summary": " ".join(
                            rng.choice(["fast", "json", "parser", "tiny", "http", "cli"]) for _ in range(9)
                        ),
                        "declared_license": _licence(rng, label),
                    },
                    "review": {"state": STATES[label] if decided else "pending"},
                    "board": {"tag": rng.choice(TAGS[label]) if decided else "NONE"},
                },
            }
        )
    return out


def _items(rows: list[dict[str, Any]], labels: list[str]) -> list[LeakItem]:
    return [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=labels) for r in rows]


def _severities(items: list[LeakItem], derive_from: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """Pointer → the severities of the mined findings there."""
    result = mine(items, derive_from=derive_from)
    out: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, result, derive_from=derive_from):
        for f in found:
            out.setdefault(f.pointer, set()).add(f.severity)
    return out


def test_licence_read_as_the_input() -> None:
    """The licence is read as the input (its values for review); the state beside ``pending`` and the tag in two
    spellings per label beside ``NONE`` are not, and stay leaks."""
    items = _items(_rows(), LABELS)
    result = mine(items)
    assert "/dependency/declared_license" in result.evidence
    assert "/review/state" not in result.inputs
    assert "/board/tag" not in result.inputs
    found = _severities(items)
    assert found["/dependency/declared_license"] == {"low"}
    assert "medium" in found["/review/state"]
    assert "medium" in found["/board/tag"]


def test_named_input_infers_nothing() -> None:
    """With ``--derive-from`` the licence outside the named input is mined as any value: a leak."""
    found = _severities(_items(_rows(), LABELS), derive_from=("/dependency/summary",))
    assert "medium" in found["/dependency/declared_license"]


def _values(table: dict[str, dict[str, int]]) -> list[Counter[str]]:
    return [Counter(c) for c in table.values()]


def test_tells_beside_odds() -> None:
    """More one-label values than labels named, beside a value lacking some label beyond chance; one code per label
    beside an ordinary value, several spellings per label beside a value every label holds, or one label's values
    alone are not."""
    licences = {
        "0bsd": {"allow": 12},
        "cc0": {"allow": 12},
        "mit": {"notice": 12},
        "sspl": {"review": 8},
        "lgpl": {"notice": 8, "review": 8},
        "noassertion": {"allow": 5, "notice": 20, "review": 20, "deny": 30},
    }
    assert tells_beside_odds(_values(licences))
    states = {"ok": {"allow": 10}, "attr": {"notice": 10}, "esc": {"review": 10}, "pending": {k: 30 for k in LABELS}}
    assert not tells_beside_odds(_values(states))
    tags = {
        "green": {"allow": 5},
        "groen": {"allow": 5},
        "red": {"deny": 5},
        "rood": {"deny": 5},
        "none": {k: 30 for k in LABELS},
    }
    assert not tells_beside_odds(_values(tags))
    one_label = {"mismatch": {"review": 10}, "expired": {"review": 10}, "lgpl": {"notice": 8, "review": 8}}
    assert not tells_beside_odds(_values(one_label))


SELLER_LABELS = ["approve", "hold", "reject"]


def _listings(seed: int = 5, n: int = 240) -> list[dict[str, Any]]:
    """A listing review: the listing's text and the seller's sales (the input; a new seller has none, and is held),
    the seller's ``verified`` flag false exactly on the new sellers, a risk band on some held listings whatever the
    seller."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = SELLER_LABELS[i % 3]
        new = label == "hold" and rng.random() < 0.5
        sales = 0 if new else rng.randint(1, 400)
        band = "R3" if label == "hold" and rng.random() < 0.5 else rng.choice(["R0", "R9"])
        out.append(
            {
                "id": f"l{i}",
                "expected": label,
                "projection": {
                    "listing": {
                        "text": " ".join(rng.choice(["two", "seats", "row", "front", "stage", "gig"]) for _ in range(9))
                    },
                    "seller": {"sales": sales, "verified": "false" if new else "true"},
                    "risk": {"band": band},
                },
            }
        )
    return out


def test_twin_of_an_input_value_is_for_review() -> None:
    """``verified: false`` is held by exactly the records whose sales (read as the input) are ``0``: for review; the
    risk band stays a leak."""
    items = _items(_listings(), SELLER_LABELS)
    result = mine(items)
    assert "/seller/sales" in result.inputs
    assert "/seller/verified" not in result.inputs
    found = _severities(items)
    assert found["/seller/verified"] == {"low"}
    assert "medium" in found["/risk/band"]


def test_twin_named_input_is_a_leak() -> None:
    """With ``--derive-from`` naming the listing's text only, the flag is mined as any value: a leak."""
    found = _severities(_items(_listings(), SELLER_LABELS), derive_from=("/listing/text",))
    assert "medium" in found["/seller/verified"]


PLANT_LABELS = ["healthy", "suspect", "affected", "quarantine"]


def _lots(seed: int = 11, n: int = 240) -> list[dict[str, Any]]:
    """A plant lot's inspection: a checklist of symptoms (each a flag), some ticked only on one outcome's lots
    (dieback, mosaic on quarantined lots; root damage on affected ones), others on several (chlorosis on suspect and
    affected lots, wilting anywhere but on healthy ones); and a bench flag ``moved`` set on some quarantined lots by the
    step that moved them, beside a ``pallet`` object of its own."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = PLANT_LABELS[i % 4]
        checks = {
            "dieback": label == "quarantine" and rng.random() < 0.5,
            "mosaic": label == "quarantine" and rng.random() < 0.4,
            "root_damage": label == "affected" and rng.random() < 0.5,
            "chlorosis": label in ("suspect", "affected") and rng.random() < 0.6,
            "wilting": label != "healthy" and rng.random() < 0.3,
        }
        out.append(
            {
                "id": f"p{i}",
                "expected": label,
                "projection": {
                    "lot": {
                        "note": " ".join(
                            rng.choice(["leaf", "pot", "tray", "stem", "bench", "water"]) for _ in range(9)
                        )
                    },
                    "symptoms": checks,
                    "pallet": {"moved": label == "quarantine" and rng.random() < 0.5, "wrapped": rng.random() < 0.5},
                },
            }
        )
    return out


def test_checklist_read_as_the_input() -> None:
    """The symptoms, one object of flags, name outcomes in more ways than they name outcomes beside checks several
    outcomes share: read as the input by their checks (each for review). The pallet's flags name one outcome in one way:
    a leak."""
    items = _items(_lots(), PLANT_LABELS)
    result = mine(items)
    assert {"/symptoms/dieback", "/symptoms/mosaic", "/symptoms/root_damage"} <= set(result.evidence)
    assert not any("\x00" in t for t in result.inputs)
    assert "/pallet/moved" not in result.inputs
    found = _severities(items)
    assert found["/symptoms/dieback"] == {"low"}
    assert "medium" in found["/pallet/moved"]
    assert "medium" in _severities(items, derive_from=("/lot/note",))["/symptoms/dieback"]


def _flag_riders(labels: list[str], extra: bool, seed: int = 5, n: int = 90) -> list[dict[str, Any]]:
    """A loan request whose decision step wrote one flag per outcome (``is_approve`` true on approvals only, the
    others false), and, with ``extra``, an ``expedited`` flag ticked on some approvals: riders, not a checklist."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = labels[i % len(labels)]
        flags = {f"is_{lab}": lab == label for lab in labels}
        if extra:
            flags["expedited"] = label == labels[0] and rng.random() < 0.5
        text = " ".join(rng.choice(["loan", "card", "limit", "salary", "rent", "car"]) for _ in range(8))
        out.append({"id": f"f{i}", "expected": label, "projection": {"request": text, "out": flags}})
    return out


def test_flags_that_each_name_one_label_are_riders_not_a_checklist() -> None:
    """Unticked flags are no values of a checklist, and a checklist is the input only beside checks several labels
    share: one flag per outcome (with or without a further one-label flag) stays a leak on every record."""
    for labels in (["approve", "deny"], ["approve", "deny", "review"]):
        for extra in (False, True):
            items = _items(_flag_riders(labels, extra), labels)
            result = mine(items)
            assert not any(p.startswith("/out/") for p in result.evidence), (labels, extra)
            found = _severities(items)
            assert all(
                "medium" in found.get(f"/out/is_{lab}", set()) or "high" in found.get(f"/out/is_{lab}", set())
                for lab in labels
            ), (labels, extra, found)
