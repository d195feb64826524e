"""A key that is the name of a field ``--derive-from`` names is the task's input, not a value of the record.

Invented shape: a loan-review task whose labels are ``collateral``, ``income``, ``approve``; every record holds an
``application`` section and some hold a ``collateral`` section (the pledged asset's description), all of the
``collateral`` records among them. The owner names ``/collateral`` as input: whether a pledge was filed is what the
reviewer decides from, so the key equal to the label is for review. Without the owner's word, or where the key is a
member deeper inside a named field, the key stays a value (principle 1).
"""

from __future__ import annotations

from typing import Any

from tests.leakage.audited import audited
from windtunnel.leakage.agreement import agreement_of, names_input

LABELS = ["collateral", "income", "approve"]
_ASSETS = ["2014 pickup truck", "farm equipment lien", "savings certificate", "second mortgage on a duplex"]


def _raw(nested: bool) -> list[dict[str, Any]]:
    out = []
    for i in range(60):
        label = LABELS[i % 3]
        proj: dict[str, Any] = {"application": {"amount": 1000 + 37 * i, "term_months": 12 + i % 5}}
        if label == "collateral" or i % 4 == 1:
            pledge = {"description": f"{_ASSETS[i % len(_ASSETS)]}, appraisal no. {4100 + 13 * i}"}
            if nested:
                proj["application"]["collateral"] = pledge
            else:
                proj["collateral"] = pledge
        out.append({"id": f"r{i}", "expected": label, "label_set": LABELS, "projection": proj})
    return out


def _blocking_keys(raw: list[dict[str, Any]], derive_from: list[str]) -> int:
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=derive_from)
    return sum(any(f.blocking and f.target == "key" for f in agreement.adjust(a).findings) for a in audits)


def test_the_key_of_a_named_input_field_is_for_review() -> None:
    raw = _raw(nested=False)
    assert _blocking_keys(raw, []) == 20  # no input named: the key equal to the label is a value
    assert _blocking_keys(raw, ["/application"]) == 20  # another field named: still a value
    assert _blocking_keys(raw, ["/collateral"]) == 0  # the owner names the field: its name is the input's
    assert _blocking_keys(raw, ["collateral"]) == 0  # a bare key name names it too


def test_a_key_deeper_inside_a_named_field_is_still_read() -> None:
    raw = _raw(nested=True)
    assert _blocking_keys(raw, ["/application"]) == 20  # a member of the input named like the label


def test_a_bare_key_name_names_only_the_top_level_member() -> None:
    # the owner names the input `collateral` by its bare key; a section elsewhere keyed like it, held only by that
    # label's records (a desk's note filed after the decision), is a value of the record (review 30r: a leaking
    # dataset exited 0)
    raw = _raw(nested=False)
    for r in raw:
        desk: dict[str, Any] = {"officer": "K. Ruiz"}
        if r["expected"] == "collateral":
            desk["collateral"] = {"ref": "UCC-1", "filed": True}
        r["projection"]["desk_note"] = desk
    assert _blocking_keys(raw, ["collateral"]) == 20


def test_names_input_reads_pointers_templates_and_key_names() -> None:
    assert names_input("/collateral", ["/collateral"])
    assert names_input("/parts/3", ["/parts/*"])
    assert names_input("/collateral", ["collateral"])
    assert not names_input("/a/collateral", ["collateral"])
    assert not names_input("/a/collateral", ["/collateral"])
    assert not names_input("/collateral/kind", ["/collateral"])
    assert not names_input(None, ["/collateral"])
