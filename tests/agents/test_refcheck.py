"""validate / verify catch agent references a run could not use (issue 18 items 18 and 19), with the real
LangChain objects users pass by mistake."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import wt

MODULE = """
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI

@tool
def lookup(order: str) -> str:
    '''Look an order up.'''
    return "shipped"

model = ChatOpenAI(api_key="sk-test", base_url="http://127.0.0.1:9/v1", model="m")

def agent(prompt):
    return "ok " + lookup.invoke({"order": prompt})

class Nope:
    pass

not_runnable = Nope()
not_callable = 3
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "wt_refs_agent.py").write_text(MODULE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("wt_refs_agent", None)


def config(project: Path, agent: str) -> str:
    path = project / "windtunnel.yaml"
    path.write_text(
        textwrap.dedent(
            f"""\
            version: "2.0"
            agent: {agent}
            golden_prompts: [hello]
            invariants: [{{type: output_not_empty}}]
            mutations: {{count: 1, types: [noise]}}
            """
        )
    )
    return str(path)


CASES = [
    pytest.param(
        '{type: langchain, endpoint: "wt_refs_agent:not_runnable"}', 3, ["Nope", "no invoke"], id="langchain-no-invoke"
    ),
    pytest.param(
        '{type: python, endpoint: "wt_refs_agent:agent", tools: ["wt_refs_agent:lookup"]}',
        0,  # a LangChain tool object: wrapped where LangChain invokes it, named by its tool name
        [],
        id="framework-tool-accepted",
    ),
    pytest.param(
        '{type: python, endpoint: "wt_refs_agent:agent", llm: "wt_refs_agent:model"}',
        0,  # a LangChain chat model built on the OpenAI SDK: faults go below the SDK, at its transport
        [],
        id="framework-model-on-an-sdk-client",
    ),
    pytest.param(
        '{type: python, endpoint: "wt_refs_agent:agent", tools: ["wt_refs_agent:not_callable"]}',
        2,
        ["not a callable tool"],
        id="tool-not-callable",
    ),
    pytest.param(
        '{type: python, endpoint: "wt_refs_agent:agent", tools: ["wt_refs_agent:lookup.func"], '
        'llm: "wt_refs_agent:model.root_client"}',
        0,
        [],
        id="the-attributes-named-are-accepted",
    ),
]


@pytest.mark.parametrize(("agent", "code", "expected"), CASES)
@pytest.mark.parametrize("command", ["validate", "verify"])
def test_validate_and_verify_catch_unusable_refs(
    project: Path, capsys: pytest.CaptureFixture[str], command: str, agent: str, code: int, expected: list[str]
) -> None:
    path = config(project, agent)
    assert wt(command, "-c", path) == code
    out = capsys.readouterr()
    text = " ".join((out.out + out.err).split())
    for part in expected:
        assert part in text
