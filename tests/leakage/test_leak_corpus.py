"""The hand-written corpus: every planted leak is found in its channel; clean controls do not leak."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item

from .corpus import EXPECTED_CHANNEL, PLANTS, clean_items, leaky_items

LEAKY = list(leaky_items())


def test_corpus_covers_every_plant_and_channel() -> None:
    assert {name for name, _ in LEAKY} == set(PLANTS)
    assert set(EXPECTED_CHANNEL.values()) == {"direct", "correlated", "upstream", "freetext"}
    assert len(LEAKY) > 80


@pytest.mark.parametrize(("plant", "item"), LEAKY, ids=[it["id"] for _, it in LEAKY])
def test_planted_leak_is_found_in_its_channel(plant: str, item: dict[str, Any]) -> None:
    audit = audit_item(item)
    assert audit.leaked
    assert EXPECTED_CHANNEL[plant] in audit.channels, [(f.pointer, f.rule) for f in audit.findings]


@pytest.mark.parametrize("item", list(clean_items()), ids=lambda it: it["id"])
def test_clean_control_does_not_leak(item: dict[str, Any]) -> None:
    audit = audit_item(item)
    assert not audit.leaked, [(f.pointer, f.rule) for f in audit.findings if f.blocking]


def test_confounders_surface_for_review_only() -> None:
    (login,) = [it for it in clean_items() if it["id"] == "jira-login"]
    audit = audit_item(login)
    # "the high CPU alert" in the description and its ADF twin: review, not a leak
    assert {(f.rule, f.severity, f.pointer) for f in audit.findings} == {
        ("freetext.token", "low", "/output/fields/description"),
        ("freetext.token", "low", "/output/fields/descriptionAdf/content/1/content/0/text"),
    }
