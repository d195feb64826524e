from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from windtunnel.agents.template import as_query, parse_template, render, structured_fields

HOSTILE = [
    'he said "hi"',
    "line1\nline2\r\n",
    "tab\tand \\ backslash",
    "NUL\x00byte",
    "مرحبا \u202eRTL",
    "{prompt}",
    "x" * 10_000,
]


def test_hostile_prompts_survive_a_string_template() -> None:
    tpl = parse_template('{"message": "{prompt}", "meta": {"q": "prefix {prompt} suffix"}}')
    for p in HOSTILE:
        body = json.loads(json.dumps(render(tpl, p)))
        assert body["message"] == p
        assert body["meta"]["q"] == f"prefix {p} suffix"


@given(st.text())
def test_any_text_round_trips_through_a_template(p: str) -> None:
    tpl = parse_template('{"input": {"text": "{prompt}"}, "n": 1}')
    wire = json.dumps(render(tpl, p), ensure_ascii=False)
    assert json.loads(wire) == {"input": {"text": p}, "n": 1}


@given(st.text(), st.text(alphabet=st.characters(codec="utf-8"), max_size=30))
def test_structured_fields_fill_placeholders(p: str, name: str) -> None:
    tpl = parse_template('{"prompt": "{prompt}", "name": "{name}"}')
    body = render(tpl, f"Name: {name.strip()}\n{p}", structured=True)
    assert body["prompt"].endswith(p)


def test_structured_fields_parse_key_value_lines() -> None:
    assert structured_fields("Order ID: 42\nCustomer-Name: Ana\nfree text\nProduct/Service = app") == {
        "orderid": "42",
        "customername": "Ana",
        "productservice": "app",
    }


def test_bare_placeholder_is_quoted() -> None:
    assert render(parse_template('{"q": {prompt}}'), 'a "b"') == {"q": 'a "b"'}


def test_messages_placeholder_keeps_the_list() -> None:
    msgs = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]
    assert render(parse_template('{"messages": "{messages}"}'), msgs) == {"messages": msgs}


def test_query_form() -> None:
    assert as_query({"q": "a b", "n": 2}) == {"q": "a b", "n": "2"}
    assert as_query([("q", "a&b")]) == {"q": "a&b"}
    assert as_query("just text") == {"q": "just text"}
