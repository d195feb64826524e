"""How a view is read once it shows a label: the ties of the mention policy in a decoded view, the
case of a label written in another typeface, and glued ``name=value`` pairs (each both ways)."""

from __future__ import annotations

import base64
import quopri

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.text import written_form
from windtunnel.leakage.views import pair_value

LABELS = ["Low", "Moderate", "Elevated", "Critical"]


def _leaked(text: str, expected: str = "Moderate", labels: list[str] = LABELS) -> bool:
    item = {"id": "t", "expected": expected, "label_set": labels, "projection": {"body": text}}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked


def _qp(text: str) -> str:
    return quopri.encodestring(text.encode()).decode()


@pytest.mark.parametrize(
    "text",
    [
        "Hello,\n\nWe went with Mode=\nrate.\n",  # a soft line break inside the label
        "Hello,\n\nWe went with " + base64.b64encode(b"Moderate").decode() + ".\n",
        "We agreed: it is =22Moderate=22 for now",  # quoted once decoded
    ],
)
def test_a_statement_or_emphasis_in_a_decoded_view_ties_the_label(text: str) -> None:
    assert _leaked(text)


@pytest.mark.parametrize(
    "text",
    [
        "Hello,\n\nThe wind was mode=\nrate all day.\n",  # the ordinary lowercase word, decoded
        "Hello,\n\nWe went with " + base64.b64encode(b"Moderation").decode() + ".\n",
        "We went with " + base64.b64encode(b"Moderate, Low or Critical").decode() + " as options",
    ],
)
def test_a_decoded_view_without_a_tie_stays_clean(text: str) -> None:
    assert not _leaked(text)


@pytest.mark.parametrize("written", ["Ｍｏｄｅｒａｔｅ", "𝗠𝗼𝗱𝗲𝗿𝗮𝘁𝗲", "Mоderate", "Mo\u200bderate"])
def test_a_label_in_another_typeface_keeps_its_case(written: str) -> None:
    assert written_form(written) == "Moderate"
    assert _leaked(f"✅ set to {written}")


@pytest.mark.parametrize("written", ["ｍｏｄｅｒａｔｅ", "𝗺𝗼𝗱𝗲𝗿𝗮𝘁𝗲"])
def test_the_ordinary_lowercase_word_in_another_typeface_is_not_the_label(written: str) -> None:
    assert written_form(written) == "moderate"
    assert not _leaked(f"the wind was {written} all day")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Agreed on the call: team=Moderate for INC-1.", "Moderate"),
        ("exports/cases/risk=Moderate/dt=2024-03-14/x.json", "Moderate"),
        ("GET /x?prio=Moderate&y=1", "Moderate"),
        ("tags: risk:Moderate, web", "Moderate"),
    ],
)
def test_a_glued_pair_names_its_value(text: str, value: str) -> None:
    a = text.index(value)
    assert pair_value(text, a, a + len(value))
    assert _leaked(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a = Moderate growth is expected", "Moderate"),  # blanks around the separator: prose
        ("at 10:30 the load was moderate", "30"),  # a time
        ("x==Moderate", "Moderate"),  # a comparison
        ("see risk=Moderateish today", "Moderate"),  # not the whole value
    ],
)
def test_what_is_not_a_glued_pair(text: str, value: str) -> None:
    a = text.index(value)
    assert not pair_value(text, a, a + len(value))


def test_a_glued_pair_in_prose_still_leaks_only_its_own_value() -> None:
    assert not _leaked("Agreed on the call: team=Platform for INC-1, risk to be decided.")


@pytest.mark.parametrize(
    "name",
    ["INC-7_risk_tier-moderate_2024-01-09.pdf", "INC-7_risk-moderate.pdf", "exports/risk_moderate/part-0.json"],
)
def test_a_word_naming_the_task_in_a_snake_case_slug_ties_the_label(name: str) -> None:
    item = {"id": "t", "expected": "Moderate", "label_set": LABELS, "target": "risk", "projection": {"file": name}}
    assert audit_item(item).leaked


@pytest.mark.parametrize("name", ["INC-7_moderate_weather_report.pdf", "INC-7_moderate-size_box_risk-report.pdf"])
def test_a_slug_without_the_tie_stays_clean(name: str) -> None:
    item = {"id": "t", "expected": "Moderate", "label_set": LABELS, "target": "risk", "projection": {"file": name}}
    assert not audit_item(item).leaked


def test_a_percent_escape_before_a_capital_is_not_a_camel_case_hump() -> None:
    # ``%253APayments`` decodes to ``%3APayments`` and then to ``:Payments``: the pair shows only at
    # the second level, and a hump read into the escape must not hide it at the first
    url = "https://sso.example.net/login?next=%252Fcases%252FDESK-1%253Fset%253Dteam%253AModerate"
    assert _leaked(url)


@pytest.mark.parametrize(
    "text",
    [
        "note: risk\\u003a Moderate",  # the separator written as an escape
        "the risk&#61;Moderate",  # as an entity
        "Risk&#x3A; Moderate",
        "we said &quot;Moderate&quot; on the call",  # the quotes as entities
    ],
)
def test_a_label_written_as_is_with_its_separator_or_quotes_encoded_is_read_decoded(text: str) -> None:
    assert _leaked(text)


@pytest.mark.parametrize(
    "text",
    [
        "https://x.test/search?q=moderate%20load%20login",  # a query's first word, lowercase
        "the wind was moderate &amp; steady",
        "Moderate &amp; dry at 50%25 capacity",
    ],
)
def test_an_encoded_neighbour_without_a_tie_stays_clean(text: str) -> None:
    assert not _leaked(text)


def test_rereading_follows_the_decode_switch() -> None:
    item = {"id": "t", "expected": "Moderate", "label_set": LABELS, "projection": {"b": "the risk&#61;Moderate"}}
    assert audit_item(item).leaked
    assert not audit_item(item, decode=False).leaked
    assert audit_item(item).leaked  # the cached classification is not replayed across the switch
