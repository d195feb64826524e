"""``validate`` notes each place a config relies on a behaviour where upstream 2.0 and windtunnel differ."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel.config.load import parse_config
from windtunnel.config.upstream import upstream_notes

UPSTREAM_SHAPED = """\
version: "2.0"
agent:
  endpoint: "http://localhost:8000/search"
  type: "http"
  method: "GET"
  request_template: "q={prompt}&product={productName}"
golden_prompts: ["Product Name: trainer app"]
chaos:
  tool_faults: [{tool: "*", mode: error, error_code: 503}]
contract:
  name: c
  invariants:
    - {id: a, type: output_not_empty, severity: high}
    - {id: b, type: latency, max_ms: 5000, when: tool_faults_active}
  chaos_matrix:
    - {name: no-chaos}
    - {name: outage, tool_faults: [{tool: "*", mode: error, error_code: 503}]}
"""


def test_each_reliance_is_one_note_at_its_line() -> None:
    notes = upstream_notes(parse_config(UPSTREAM_SHAPED, "flakestorm.yaml"))
    text = "\n".join(notes)
    assert "line 6: agent.request_template 'q={prompt}&product={productName}' is a query string" in text
    assert "{productName} (upstream: {productname})" in text
    assert "line 8: tool_faults on an http agent" in text
    assert "contract.isolation: per_cell" in text and "honours `when` (tool_faults_active)" in text
    assert "not chaos-free" in text
    assert len(notes) == 6


def test_a_config_that_means_the_same_in_both_has_no_note() -> None:
    cfg = parse_config(
        textwrap.dedent("""\
            agent: {type: http, endpoint: "http://localhost:8000/invoke", request_template: '{"q": "{prompt}"}'}
            golden_prompts: ["hi"]
            contract:
              isolation: per_cell
              invariants: [{type: output_not_empty}, {type: latency, max_ms: 100}]
              chaos_matrix: [{name: no-chaos}]
            """),
        "windtunnel.yaml",
    )
    assert upstream_notes(cfg) == []


def test_validate_prints_the_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "flakestorm.yaml"
    path.write_text(UPSTREAM_SHAPED)
    assert wt("validate", "-c", str(path)) == 0
    err = capsys.readouterr().err
    assert "note: line 6: agent.request_template" in err and "upstream fills only the lower-case spelling" in err
