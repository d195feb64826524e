"""Property tests: no string, however hostile, escapes the JSON embedding, Markdown or XML."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from windtunnel.reports.html import embed_json
from windtunnel.reports.junit import xml_text
from windtunnel.reports.markdown import md_code, md_text

hostile = st.lists(
    st.sampled_from([*"<>&/'\"`|*_[]()!#@\\\n\u2028\u2029\x00\x1b", "</script>", "<img src=x onerror=a()>"])
).map("".join)
anything = st.text()


@given(st.one_of(hostile, anything))
def test_embedded_json_round_trips_and_never_contains_markup(value: str) -> None:
    out = str(embed_json({"output": value, "list": [value]}))
    assert not set(out) & {"<", ">", "&", "\u2028", "\u2029"}
    assert json.loads(out) == {"output": value, "list": [value]}


@given(st.one_of(hostile, anything))
def test_md_text_is_one_inert_line(value: str) -> None:
    out = md_text(value)
    assert "\n" not in out and "<" not in out and ">" not in out
    assert "|" not in out.replace("\\|", "")


@given(st.one_of(hostile, anything))
def test_md_code_fence_is_longer_than_any_backtick_run(value: str) -> None:
    out = md_code(value)
    fence = len(out) - len(out.lstrip("`"))
    inner = out[fence:-fence]
    assert ("`" * fence) not in inner


@given(st.one_of(hostile, anything))
def test_xml_text_always_parses_back(value: str) -> None:
    el = ET.Element("failure", {"message": xml_text(value)})
    el.text = xml_text(value)
    parsed = ET.fromstring(ET.tostring(el, encoding="unicode"))
    assert parsed.tag == "failure"
