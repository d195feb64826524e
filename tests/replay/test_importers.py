"""Importers: fixtures follow each vendor's public schema; imported sessions replay end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from examples.support_agent import tools

from tests.replay.conftest import FIXED_CONFIG, FIXTURES, UNFIXED_CONFIG, cli, read_report
from windtunnel.replay.importers import _load_builtin as load_importers
from windtunnel.replay.importers import import_file, importers
from windtunnel.replay.payloads import chat_input

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
    assert s.chaos_active() == {"tool": True, "llm": False}


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


def test_otel_console_span_exporter_output(tmp_path: Path) -> None:
    """Issue 18: spans printed by the OpenTelemetry SDK's ConsoleSpanExporter were rejected."""
    import io
    import json as _json

    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor
    from opentelemetry.trace import Status, StatusCode

    out = io.StringIO()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=out)))
    tracer = provider.get_tracer("support-agent")
    question = [{"role": "user", "parts": [{"type": "text", "content": "Where is my order ORD-7?"}]}]
    answer = [{"role": "assistant", "parts": [{"type": "text", "content": "It is delayed."}]}]
    with tracer.start_as_current_span(
        "invoke_agent support",
        attributes={"gen_ai.operation.name": "invoke_agent", "gen_ai.input.messages": _json.dumps(question)},
    ) as root:
        with tracer.start_as_current_span(
            "chat gpt-4o",
            attributes={
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": "gpt-4o",
                "gen_ai.output.messages": _json.dumps(answer),
            },
        ):
            pass
        with tracer.start_as_current_span(
            "execute_tool order_status",
            attributes={
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "order_status",
                "gen_ai.tool.call.arguments": '{"order_id": "ORD-7"}',
                "error.type": "TimeoutError",
            },
        ) as tool:
            tool.set_status(Status(StatusCode.ERROR, "504 upstream timed out"))
        trace_id = format(root.get_span_context().trace_id, "032x")
    provider.shutdown()
    path = tmp_path / "console.txt"
    path.write_text(out.getvalue(), encoding="utf-8")

    [s] = import_file("otel", path)
    assert s.id == trace_id and s.metadata["otel"]["trace_id"] == trace_id  # hex, no 0x
    assert s.input == "Where is my order ORD-7?"
    assert [(c.kind, c.name) for c in s.calls] == [("llm", "gpt-4o"), ("tool", "order_status")]
    assert s.calls[1].args == {"order_id": "ORD-7"} and s.calls[1].status >= 400
    assert s.calls[0].latency_ms is not None


def test_otel_base64_ids_become_hex(tmp_path: Path) -> None:
    import base64
    import json as _json

    data = _json.loads(OTEL.read_text())
    for rs in data["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for span in ss["spans"]:
                for key in ("traceId", "spanId", "parentSpanId"):
                    if span.get(key):
                        span[key] = base64.b64encode(bytes.fromhex(span[key])).decode()
    path = tmp_path / "b64.json"
    path.write_text(_json.dumps(data))
    [s] = import_file("otel", path)
    assert s.id == "5b8efff798038103d269b633813fc60c"
    assert [(c.kind, c.name) for c in s.calls] == [
        ("llm", "gpt-4o"),
        ("tool", "order_status"),
        ("tool", "order_status"),
        ("llm", "gpt-4o"),
    ]


@pytest.mark.parametrize(
    "inputs",
    [
        {"input": "{'order_id': 'ORD-10002'}"},  # LangChain's str(dict) of the tool input
        "{'order_id': 'ORD-10002'}",
        {"input": '{"order_id": "ORD-10002"}'},
        {"order_id": "ORD-10002"},
    ],
    ids=["repr-in-input", "repr", "json-in-input", "mapping"],
)
def test_langsmith_tool_inputs_in_any_stored_form_keep_their_arguments(inputs: object) -> None:
    from windtunnel.replay.importers.langsmith import from_langsmith

    run = json.loads(LANGSMITH.read_text())
    tool = next(c for c in run["child_runs"] if c["run_type"] == "tool")
    tool["inputs"] = inputs
    [s] = from_langsmith(run)
    assert [c.args for c in s.calls if c.kind == "tool"] == [{"order_id": "ORD-10002"}]


def test_a_repr_that_is_not_a_literal_is_left_alone() -> None:
    from windtunnel.replay.payloads import tool_args

    assert tool_args({"input": "{'a': __import__('os').getcwd()}"}) is None
    assert tool_args("{broken") is None
