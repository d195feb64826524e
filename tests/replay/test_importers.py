"""Importers: fixtures follow each vendor's public schema; imported sessions replay end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from examples.support_agent import tools

from tests.replay.conftest import FIXED_CONFIG, FIXTURES, UNFIXED_CONFIG, cli, read_report
from windtunnel.replay.importers import _load_builtin as load_importers
from windtunnel.replay.importers import import_file, importers
from windtunnel.replay.importers.common import chat_input

OTEL = FIXTURES / "otel_order_timeout.json"
LANGFUSE = FIXTURES / "langfuse_delayed_order.json"
LANGSMITH = FIXTURES / "langsmith_delayed_order.json"


def test_every_importer_is_registered_with_a_docstring() -> None:
    load_importers()
    assert set(importers.names()) >= {"langsmith", "otel", "langfuse"}
    for name, fn in importers.items():
        assert (fn.__doc__ or "").strip(), name


def test_otel_genai_spans() -> None:
    [s] = import_file("otel", OTEL)
    assert s.id == "5b8efff798038103d269b633813fc60c" and s.source == "otel"
    assert s.input == "Where is my order ORD-10002?"
    assert [(c.kind, c.name) for c in s.calls] == [
        ("llm", "gpt-4o"),
        ("tool", "order_status"),
        ("tool", "order_status"),
        ("llm", "gpt-4o"),
    ]
    tool = s.calls[1]
    assert tool.args == {"order_id": "ORD-10002"} and tool.status == 504 and tool.timeout
    assert tool.latency_ms == 5000.0
    first = s.calls[0].response
    assert first["choices"][0]["message"]["tool_calls"][0]["function"]["name"] == "order_status"
    assert s.output is not None and "will arrive on 2025-03-16" in s.output
    assert s.recorded_failures() == {"tool": True, "llm": False}


def test_langfuse_trace_with_observations() -> None:
    [s] = import_file("langfuse", LANGFUSE)
    assert s.id == "trace-7c1d" and s.input == "Where is my order ORD-10002?"  # `question` → input
    # the SPAN under the TOOL observation is part of the tool, not a call of its own
    assert [(c.kind, c.name) for c in s.calls] == [
        ("llm", "gpt-4o-mini"),
        ("tool", "order_status"),
        ("tool", "search_kb"),
        ("llm", "gpt-4o-mini"),
    ]
    assert s.calls[1].response["note"] == "Held at the Reno hub after a snowstorm."
    assert (s.calls[2].status, s.calls[2].error) == (503, "503 Service Unavailable")
    assert s.calls[1].latency_ms == 400.0


def test_langsmith_flat_run_list_is_linked_by_parent_run_id() -> None:
    nested = json.loads(LANGSMITH.read_text())
    flat = [{k: v for k, v in nested.items() if k != "child_runs"}]
    flat += [{k: v for k, v in c.items() if k != "child_runs"} for c in reversed(nested["child_runs"])]
    from windtunnel.replay.importers.langsmith import from_langsmith

    [s] = from_langsmith({"runs": flat})
    assert [(c.kind, c.name) for c in s.calls] == [
        ("llm", "gpt-4o-mini"),
        ("tool", "order_status"),
        ("llm", "gpt-4o-mini"),
    ]  # dotted_order, not file order


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"question": "q?"}, "q?"),
        ({"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]}, "u"),
        ({"input": {"messages": [["human", "hello"]]}}, "hello"),
        (
            {
                "messages": [
                    {"role": "user", "content": "a"},
                    {"role": "assistant", "content": "b"},
                    {"role": "user", "content": "c"},
                ]
            },
            [
                {"role": "user", "content": "a"},
                {"role": "assistant", "content": "b"},
                {"role": "user", "content": "c"},
            ],
        ),
        ([{"role": "user", "parts": [{"type": "text", "content": "otel"}]}], "otel"),
        ({"unrelated": 1, "other": 2}, None),
    ],
    ids=["question", "system+user", "langchain-tuples", "multi-turn", "otel-parts", "none"],
)
def test_chat_inputs_map_to_the_agent_input(payload: object, expected: object) -> None:
    assert chat_input(payload) == expected


def test_otel_import_replays_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "otel"
    assert cli("replay", "import", "otel", OTEL, "-o", out, "--contract", str(FIXED_CONFIG)) == 0
    assert cli("replay", "run", out, "-c", UNFIXED_CONFIG, "--latency-scale", "0") == 1
    assert cli("replay", "run", out, "-c", FIXED_CONFIG, "--latency-scale", "0") == 0
    assert tools.CALLS["order_status"] == 0


def test_langfuse_import_replays_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "langfuse"
    assert cli("replay", "import", "langfuse", LANGFUSE, "-o", out, "-f", "json") == 0
    report = tmp_path / "r.json"
    assert cli("replay", "run", out, "-c", FIXED_CONFIG, "-f", "json", "-o", report, "--latency-scale", "0") == 0
    [cell] = read_report(report)["cells"]
    assert "Held at the Reno hub after a snowstorm." in cell["output"]
    assert any("never made" in n for n in cell["notes"])  # search_kb was recorded but not called
    assert tools.CALLS["order_status"] == 0


def test_import_errors_exit_2(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"resourceSpans": []}))
    assert cli("replay", "import", "otel", empty, "-o", tmp_path / "o") == 2
    assert cli("replay", "import", "lang_smith", LANGSMITH, "-o", tmp_path / "o") == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert cli("replay", "import", "langsmith", bad, "-o", tmp_path / "o") == 2
    assert not (tmp_path / "o").exists()
