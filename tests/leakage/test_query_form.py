"""A URL's query read as the page reads it: ``+`` a space in a parameter's value, each parameter a field.

``?classification=Class+I&…`` is form encoding (``application/x-www-form-urlencoded``): the value is ``Class I``, a
label as a key-value pair (principle 1), as ``Class%20I`` is. ``?cls=1`` writes the label as a code its parameter
rides with: mining reads the parameter as a field (``/link/cls``) whose codes form a code book. A ``+`` outside a
query value stays a plus, and a parameter drawn apart from the label gives nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage import audit_item
from windtunnel.leakage.candidates import query_fields
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.views import canonical_views

LABELS = ["Class I", "Class II", "Class III"]
URL = "https://records.example/index.cfm?action=event&event_id={n}&{param}&product_type=Food%2FCosmetics"


def _leaked(projection: Any, expected: str) -> bool:
    item = {"id": "t", "expected": expected, "label_set": LABELS, "projection": projection}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked


def test_a_plus_in_a_query_value_is_a_space() -> None:
    url = URL.format(n=90089, param="classification=Class+I")
    views = dict(canonical_views(url))
    assert any("classification=Class I&" in v.text for v in views.values())
    assert _leaked({"links": [url]}, "Class I")
    assert not _leaked({"links": [URL.format(n=90089, param="classification=pending")]}, "Class I")


def test_a_plus_outside_a_query_value_stays_a_plus() -> None:
    assert not [v for _n, v in canonical_views("C+I team: 1+1 makes two") if "C I" in v.text or "1 1" in v.text]
    assert not [v for _n, v in canonical_views("https://x.example/a+b/c?q=x") if "a b" in v.text]


def test_a_querys_parameters_are_fields() -> None:
    url = URL.format(n=7, param="classification=Class+I") + "&cls=1&cls=9"
    fields = query_fields(url)
    assert [(n, v) for n, v, _s in fields] == [
        ("action", "event"),
        ("event_id", "7"),
        ("classification", "Class I"),
        ("product_type", "Food/Cosmetics"),
        ("cls", "1"),
    ]
    assert [url[a:b] for _n, _v, (a, b) in fields][2:4] == ["Class+I", "Food%2FCosmetics"]
    assert query_fields("https://x.example/a/b") == []


def _dataset(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        code = LABELS.index(label) + 1 if leak else rng.randint(1, 3)
        links = [f"https://firm{rng.randint(1, 40)}.example/news/{i}"]
        if rng.random() < 0.35:
            links.insert(rng.randint(0, 1), URL.format(n=90000 + i, param=f"cls={code}"))
        projection = {"reason": f"reason {i}", "links": links}
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_parameter_riding_with_the_label_is_mined_at_its_value() -> None:
    items = _dataset(5, leak=True)
    result = mine(items, derive_from=["/reason"])
    assert {s.label for s in result.suggestions if s.pointer == "/links/*/cls"} == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=["/reason"]))
    holders = [it for it in items if any("cls=" in link for link in it.projection["links"])]
    assert {it.id for it in holders} <= set(flagged)


def test_a_parameter_drawn_apart_from_the_label_gives_nothing() -> None:
    for seed in (5, 6, 7):
        result = mine(_dataset(seed, leak=False), derive_from=["/reason"])
        assert not [s for s in result.suggestions if s.pointer.startswith("/links")]


def test_a_plus_url_decoded_from_percent_2b_is_a_plus() -> None:
    # ``%2B`` is the plus sign: form never reads a text url decoded (``?grade=A%2B`` is ``A+``, never ``A``)
    url = "https://seed.example/lot?grade=A%2B&lot=123"
    texts = [v.text for _n, v in canonical_views(url)]
    assert any("grade=A+&" in t for t in texts)
    assert not any("grade=A &" in t or "grade=A&" in t for t in texts)
    item = {"id": "t", "expected": "A", "label_set": ["A+", "A", "B"], "projection": {"link": url}}
    assert not audit_item(item).leaked
    assert not audit_item(item, prefilter=False).leaked
