"""Secrets never reach the console, the store, a report or the viewer: ``${SECRET}`` in agent.command, tool
arguments named like credentials, and credential parameters however a URL spells them."""

from __future__ import annotations

import json
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as strat

from tests.clirun import wt
from tests.engine.test_agent_process_exit import AGENT_PY, free_port
from windtunnel._util.jsondump import dumps
from windtunnel._util.jsonsafe import MAX_DEPTH
from windtunnel._util.redact import (
    REDACTED,
    may_need_redaction,
    redact_record,
    redact_text,
    redact_url,
    redact_value,
    remember_secret,
    secret_param,
)
from windtunnel.engine.cells import Cell, CellResult, CheckOutcome, FaultRecord, MutationRef
from windtunnel.engine.report import cell_row, foreign_keyed
from windtunnel.engine.sink import ResultSink
from windtunnel.store.runstore import RunStore

SECRET = "s3cr3t-VALUE-from-env-42"


def test_a_secret_in_agent_command_is_shown_as_written_and_stored_nowhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WT_AGENT_SECRET", SECRET)
    port = free_port()
    command = f"{sys.executable} {AGENT_PY} {port} 1 0 --token ${{WT_AGENT_SECRET}}"
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        f"agent:\n  type: http\n  endpoint: http://127.0.0.1:{port}/invoke\n  timeout: 5000\n"
        f"  command: {json.dumps(command)}\n"
        "golden_prompts: [one, two, three]\nadvanced: {concurrency: 1}\n"
    )
    db = tmp_path / "runs.db"
    out = tmp_path / "r.json"
    code = wt("run", "-c", str(cfg), "--no-mutations", "--store", str(db), "-f", "json", "-o", str(out))
    console = capsys.readouterr()
    assert code == 3
    assert "${WT_AGENT_SECRET}" in console.err, console.err  # the command as the config wrote it
    assert SECRET not in console.out + console.err
    assert SECRET not in out.read_text()
    for fmt, ext in (("html", "html"), ("md", "md"), ("junit", "xml"), ("sarif", "sarif"), ("json", "json")):
        page = tmp_path / f"again.{ext}"
        assert wt("report", "latest", "--store", str(db), "-f", fmt, "-o", str(page)) == 0
        assert SECRET not in page.read_text(), fmt
    with RunStore(db) as st:  # what the viewer serves is what the store holds
        run_id = st.list_runs()[0].id
        stored = json.dumps(st.load_report(run_id))
    assert SECRET not in stored and "${WT_AGENT_SECRET}" in stored
    db_bytes = b"".join(p.read_bytes() for p in tmp_path.glob("runs.db*"))
    assert SECRET.encode() not in db_bytes


@pytest.mark.parametrize(
    ("url", "gone"),
    [
        ("http://h/x?api%5Fkey=S1&q=1", "S1"),
        ("http://h/cb#access_token=S2&token_type=bearer", "S2"),
        ("http://h/oauth/cb?code=S3&state=xyz", "S3"),
        ("http://h/x?API%5FKEY=S4", "S4"),
    ],
)
def test_credential_parameters_however_spelled(url: str, gone: str) -> None:
    out = redact_url(url)
    assert gone not in out and REDACTED in out, out


def test_tool_arguments_named_like_credentials_are_redacted_when_stored(tmp_path: Path) -> None:
    args = {
        "api_key": "S5",
        "password": "S6",
        "query": "weather",
        "nested": {"client_secret": "S7", "Authorization": "Bearer S8", "count": 3},
        "url": "http://h/x?api%5Fkey=S9#access_token=S10",
    }
    row = {"id": "c1", "status": "passed", "calls": [{"kind": "tool", "name": "lookup", "args": args}]}
    with RunStore(tmp_path / "runs.db") as st:
        run_id = st.start_run({"mode": "run", "seed": 1, "note": "token=S11"})
        st.add_cell(run_id, row)
        st.finish_run(run_id, {"aborted": {"command": "agent --password=S12"}}, "error")
        stored = json.dumps(st.load_report(run_id))
    for secret in ("S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12"):
        assert f'"{secret}' not in stored and f"={secret}" not in stored and f" {secret}" not in stored, secret
    assert '"query": "weather"' in stored and '"count": 3' in stored


def test_redact_value_keeps_ordinary_values_and_prose() -> None:
    value = {"tokens": 12, "max_tokens": 100, "code": 500, "text": "error code=500, keyboard=us"}
    assert redact_value(value)["tokens"] == 12 and redact_value(value)["max_tokens"] == 100
    assert redact_value(value)["text"] == "error code=500, keyboard=us"


@pytest.mark.parametrize("command", ["run", "verify"])
def test_a_secret_in_the_stderr_of_a_command_that_dies_at_start_up_is_redacted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("WT_AGENT_SECRET", SECRET)
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nprint('crashing with token', sys.argv[1], file=sys.stderr)\nsys.exit(1)\n")
    port = free_port()
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        f"agent:\n  type: http\n  endpoint: http://127.0.0.1:{port}/invoke\n"
        f"  command: {json.dumps(f'{sys.executable} {crash} ${{WT_AGENT_SECRET}}')}\n"
        "golden_prompts: [one]\n"
    )
    args = ["--no-mutations", "--store", str(tmp_path / "runs.db")] if command == "run" else []
    code = wt(command, "-c", str(cfg), *args)
    console = capsys.readouterr()
    assert code == 3, console.err
    assert "during start-up" in console.out + console.err
    assert "crashing with token REDACTED" in console.out + console.err
    assert SECRET not in console.out + console.err


def test_the_sink_redacts_the_rows_it_serialises_itself(tmp_path: Path) -> None:
    """ResultSink checks the bytes it stores for secrets (``redact_serialised``) instead of serialising twice: a
    secret in a call's arguments, the output and the error stays out of the stored row and the row listeners see;
    an ordinary row is stored as it is."""
    cell = Cell(id="g0.r0", kind="golden", input="hi", seq=0)
    secret = CellResult(
        cell=cell,
        status="failed",
        output="see https://user:S21@example.com/x?api_key=S22",
        error="the tool said password=S23",
        calls=[{"target": "tool", "name": "lookup", "args": {"api_key": "S24", "q": "weather"}, "seq": 1}],
    )
    plain = CellResult(cell=Cell(id="g1.r0", kind="golden", input="hi", seq=1), status="passed", output="ok")
    seen: list[dict[str, object]] = []
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        sink = ResultSink(store=store, run_id=run_id, on_row=lambda row: seen.append(dict(row)))
        sink(secret)
        sink(plain)
        store.flush()
        stored = [dict(c) for c in store.iter_cells(run_id, plan_order=True)]
    text = json.dumps(stored) + json.dumps(seen)
    for s in ("S21", "S22", "S23", "S24"):
        assert s not in text, s
    assert "weather" in text and stored[1]["output"] == "ok" and stored == seen


_KEYS = strat.sampled_from(["api_key", "Token", "pass", "passed", "sid", "query", "prompt", "authToken", "x", "é"])
_TEXT = strat.sampled_from(["ok", "a=b", "token=S1", "http://h/x?api_key=S2", "see https://u:p@h/", "é", "://"])
_SHORT = strat.text(strat.characters(codec="utf-8", max_codepoint=0x7FF), max_size=4)
_JSON = strat.recursive(
    strat.none() | strat.integers(-3, 3) | _TEXT | _SHORT,
    lambda inner: strat.lists(inner, max_size=3) | strat.dictionaries(_KEYS | _SHORT, inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a busy machine
@given(_JSON)
def test_a_record_the_pre_check_lets_through_has_nothing_to_redact(value: object) -> None:
    """The pre-check is conservative: whatever it lets through, the full redaction would not change."""
    if not may_need_redaction(value, dumps(value)):
        assert redact_value(value) == value


def _redact_value_walking_everything(value: object, depth: int = 0) -> object:
    """:func:`redact_value` as it was before it kept strings and numbers in place (issue #28): the reference."""
    if isinstance(value, str):
        return redact_text(value)
    if depth > MAX_DEPTH:
        return value
    if isinstance(value, dict):
        return {
            k: REDACTED
            if isinstance(k, str) and isinstance(v, str) and secret_param(k)
            else _redact_value_walking_everything(v, depth + 1)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_redact_value_walking_everything(v, depth + 1) for v in value]
    return value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_JSON)
def test_redact_value_agrees_with_the_walk_of_every_value(value: object) -> None:
    assert redact_value(value) == _redact_value_walking_everything(value)


def test_a_remembered_secret_is_found_as_json_writes_it() -> None:
    """A remembered secret with a character JSON escapes (a quote, a newline) is still found in the row's bytes."""
    secret = 'pa"ss\nw0rd-42'
    remember_secret(secret)
    row = {"id": "c1", "output": f"the answer is {secret}"}
    assert may_need_redaction(row, dumps(row))
    assert secret not in json.dumps(redact_record(row))


def test_every_key_cell_row_writes_itself_is_plain() -> None:
    """The sink walks only :func:`foreign_keyed`'s parts for credential-named keys: every other key of a row (the
    row's own fields, a check's, the mutation's wrapper) must be one no redaction would blank. A new field of a
    result must be sorted here: written by windtunnel (plain name) or foreign (in ``foreign_keyed``)."""
    assert {f.name for f in fields(CellResult)} == {
        "cell", "status", "sent", "output", "latency_ms", "error", "error_kind", "attempts", "retried", "faults",
        "checks", "tool_calls", "calls", "schedule", "usage",
    }  # fmt: skip
    result = _every_field_set()
    row = cell_row(result, reproduce_base=["windtunnel", "run"], checked=False, redact=False)
    own = set(row) | set(row["mutation"] or {}) | {k for c in row["checks"] for k in c}
    assert not [k for k in own if secret_param(k)]
    parts, flat = foreign_keyed(row, dumps(row))
    assert len(parts) == 7 and not flat  # args, faults, judge, retried, calls, schedule, usage


def _every_field_set(secret_in: str | None = None) -> CellResult:
    """A result with every field set; ``secret_in`` puts a credential-named key (``api_key``) in that part."""

    def part(name: str) -> dict[str, object]:
        return {"api_key": "S99"} if secret_in == name else {"note": "plain"}

    cell = Cell(
        id="g0.m1.r0",
        kind="mutation",
        input="hi",
        golden_prompt="hi",
        golden_index=0,
        mutation=MutationRef(type="custom", args=part("args")),
        scenario="s",
        seq=0,
    )
    return CellResult(
        cell=cell,
        status="failed",
        sent="hi there",
        output="out",
        latency_ms=1.0,
        error="err",
        error_kind="agent_error",
        attempts=2,
        retried=[part("retried")],
        faults=[FaultRecord(target="tool", name="lookup", mode="error", extra=part("faults"))],
        checks=[CheckOutcome(type="llm_judge", id="j", passed=False, detail="d", judge=part("judge"))],
        calls=[{"kind": "tool", "name": "lookup", "args": part("calls")}],
        schedule=part("schedule"),
        usage=part("usage"),
    )


@pytest.mark.parametrize("where", ["args", "retried", "faults", "judge", "calls", "schedule", "usage"])
def test_a_credential_named_key_in_each_foreign_part_is_redacted_by_the_sink(tmp_path: Path, where: str) -> None:
    seen: list[dict[str, object]] = []
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        ResultSink(store=store, run_id=run_id, on_row=lambda row: seen.append(dict(row)))(_every_field_set(where))
        store.flush()
        stored = [dict(c) for c in store.iter_cells(run_id)]
    text = json.dumps(stored) + json.dumps(seen)
    assert "S99" not in text and '"api_key": "REDACTED"' in text and '"note": "plain"' in text


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sent", "call https://h/x?token=S98"),
        ("output", "the key is api_key=S98"),
        ("error", "GET https://u:S98@h/ failed"),
        ("golden_prompt", "use password=S98"),
        ("detail", "saw token=S98 in the output"),
    ],
)
def test_a_secret_in_each_text_is_redacted_by_the_sink(tmp_path: Path, field: str, value: str) -> None:
    result = _every_field_set()
    if field == "golden_prompt":
        result.cell.golden_prompt = value
    elif field == "detail":
        result.checks[0].detail = value
    else:
        setattr(result, field, value)
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        ResultSink(store=store, run_id=run_id)(result)
        store.flush()
        stored = json.dumps([dict(c) for c in store.iter_cells(run_id)])
    assert "S98" not in stored and "REDACTED" in stored


def test_a_row_with_nothing_to_hide_is_stored_as_it_was_built(tmp_path: Path) -> None:
    """Both ways: the row the sink stores and passes on is the very row cell_row built, byte for byte."""
    result = _every_field_set()
    built = cell_row(result, checked=False, redact=False)
    raw = dumps(built)
    foreign, flat = foreign_keyed(built, raw)
    assert not may_need_redaction(built, raw, foreign, flat=flat)
    seen: list[object] = []
    with RunStore(tmp_path / "runs.db") as store:
        run_id = store.start_run({"mode": "run", "seed": 1})
        ResultSink(store=store, run_id=run_id, on_row=seen.append)(result)
        store.flush()
        stored = [dict(c) for c in store.iter_cells(run_id)]
    assert stored == [built] and seen == [built]


_QUIET = strat.sampled_from(["ok", "é", "{", "a {b} c", "}"])  # no text the bytes check stops at
_QUIET_JSON = strat.recursive(
    strat.none() | strat.integers(-3, 3) | _QUIET,
    lambda inner: strat.lists(inner, max_size=3) | strat.dictionaries(_KEYS, inner, max_size=3),
    max_leaves=8,
)
_ARGS = strat.dictionaries(_KEYS, _QUIET_JSON, max_size=3)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    args=strat.none() | _ARGS,
    fault_extra=strat.none() | _ARGS,
    judge=strat.none() | _ARGS,
    calls=strat.lists(_ARGS, max_size=2),
    text=_QUIET,
)
@example(args={"x": {"api_key": "ok"}}, fault_extra=None, judge=None, calls=[], text="ok")
@example(args=None, fault_extra={"x": [{"Token": "ok"}]}, judge=None, calls=[], text="ok")
@example(args=None, fault_extra=None, judge={"sid": "ok"}, calls=[], text="{")
def test_a_row_the_sink_lets_through_has_nothing_to_redact(
    args: dict[str, object] | None,
    fault_extra: dict[str, object] | None,
    judge: dict[str, object] | None,
    calls: list[dict[str, object]],
    text: str,
) -> None:
    """The sink's check (:func:`foreign_keyed`, flat or walked, then :func:`may_need_redaction`) is conservative on
    rows with credential-named keys at any depth of their foreign parts and braces in their text."""
    cell = Cell(
        id="g0.m0.r0",
        kind="mutation",
        input=text,
        golden_prompt=text,
        mutation=MutationRef(type="custom", args=args) if args is not None else None,
    )
    faults = [FaultRecord(target="tool", mode="error", **({"extra": fault_extra} if fault_extra else {}))]
    check = CheckOutcome(type="contains", id="c", passed=True, detail=text, judge=judge)
    result = CellResult(cell=cell, status="passed", output=text, faults=faults, checks=[check], calls=calls)
    row = cell_row(result, checked=False, redact=False)
    raw = dumps(row)
    foreign, flat = foreign_keyed(row, raw)
    if not may_need_redaction(row, raw, foreign, flat=flat):
        assert redact_value(row) == row
