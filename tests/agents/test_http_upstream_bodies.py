"""HTTP requests built as upstream flakestorm documents them: the default body, text templates, field names."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
import pytest

from tests.conftest import RecordingServer, json_reply
from windtunnel._util.errors import ConfigError
from windtunnel.agents.http import HttpAgent
from windtunnel.config.agent import HttpAgentConfig

HOSTILE = 'Book "a" flight & pay=now\nline 2 ✓ 100%'


@pytest.fixture
def server() -> Any:
    def handler(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        return json_reply({"output": "ok"})

    with RecordingServer(handler) as srv:
        yield srv


def send(server: RecordingServer, prompt: str, **kw: Any) -> dict[str, Any]:
    async def main() -> None:
        async with HttpAgent(HttpAgentConfig(endpoint=f"{server.url}/invoke", **kw)) as agent:
            await agent.invoke(prompt)

    anyio.run(main)
    got = server.requests[-1]
    got["headers"] = {k.lower(): v for k, v in got["headers"].items()}
    return got


def test_no_template_sends_the_documented_input_body(server: RecordingServer) -> None:
    got = send(server, HOSTILE)
    assert json.loads(got["body"]) == {"input": HOSTILE}
    assert got["headers"]["content-type"].startswith("application/json")


def test_a_get_query_string_template_sends_the_prompt_as_that_parameter(server: RecordingServer) -> None:
    got = send(server, HOSTILE, method="GET", request_template="q={prompt}", query_params={"format": "json"})
    query = parse_qs(urlsplit(got["path"]).query)
    assert query == {"q": [HOSTILE], "format": ["json"]}


def test_a_form_template_posts_a_percent_encoded_form(server: RecordingServer) -> None:
    got = send(server, HOSTILE, request_template="question={prompt}&lang=en")
    assert got["headers"]["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qs(got["body"].decode()) == {"question": [HOSTILE], "lang": ["en"]}


def test_a_plain_text_template_posts_the_text(server: RecordingServer) -> None:
    got = send(server, HOSTILE, request_template="Question: {prompt}\nAnswer briefly.")
    assert got["headers"]["content-type"].startswith("text/plain")
    assert got["body"].decode() == f"Question: {HOSTILE}\nAnswer briefly."


def test_a_plain_text_get_sends_upstreams_q_parameter(server: RecordingServer) -> None:
    got = send(server, "hi there", method="GET", request_template="tell me: {prompt}")
    assert parse_qs(urlsplit(got["path"]).query) == {"q": ["tell me: hi there"]}


def test_headers_of_the_config_win_over_the_templates_content_type(server: RecordingServer) -> None:
    got = send(server, "x", request_template="{prompt}", headers={"Content-Type": "text/markdown"})
    assert got["headers"]["content-type"] == "text/markdown" and got["body"] == b'"x"'


def test_a_broken_json_template_is_still_an_error() -> None:
    with pytest.raises(ConfigError, match="not valid JSON"):
        HttpAgent(HttpAgentConfig(endpoint="http://127.0.0.1:1/x", request_template='{"message": "{prompt}",}'))


PRODUCT = "Industry: Fitness tech\nProduct Name: AI trainer\nBusiness Model: B2C"


@pytest.mark.parametrize("spelling", ["productname", "product_name", "productName", "Product_Name"])
def test_structured_fields_fill_upstream_and_windtunnel_spellings(server: RecordingServer, spelling: str) -> None:
    template = '{"industry": "{industry}", "product": "{SPELLING}", "model": "{businessModel}"}'
    template = template.replace("SPELLING", spelling)
    got = send(server, PRODUCT, request_template=template)  # parse_structured_input defaults to true, as upstream
    assert json.loads(got["body"]) == {"industry": "Fitness tech", "product": "AI trainer", "model": "B2C"}


def test_structured_fields_can_be_switched_off(server: RecordingServer) -> None:
    got = send(server, PRODUCT, request_template='{"i": "{industry}"}', parse_structured_input=False)
    assert json.loads(got["body"]) == {"i": "{industry}"}
