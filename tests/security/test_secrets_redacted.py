"""Secrets never reach the console, the store, a report or the viewer: ``${SECRET}`` in agent.command, tool
arguments named like credentials, and credential parameters however a URL spells them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as strat

from tests.clirun import wt
from tests.engine.test_agent_process_exit import AGENT_PY, free_port
from windtunnel._util.redact import _NEEDLE_WORDS, REDACTED, _known, may_hold_secrets, redact_url, redact_value
from windtunnel.engine.cells import Cell, CellResult
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


_OLD_NAME_END = re.compile(rb'[^"=&\s]{0,40}(?:"\s*:\s*"|=)')


def _may_hold_secrets_by_substrings(raw: bytes) -> bool:
    """The pre-check as it was before one pattern replaced its substring searches (issue #28): the reference."""
    if b"://" in raw:
        return True
    low = raw.lower()
    for word in _NEEDLE_WORDS:
        at = low.find(word)
        while at >= 0:
            if _OLD_NAME_END.match(low, at + len(word)):
                return True
            at = low.find(word, at + 1)
    return any(s.encode("utf-8", "surrogatepass") in raw for s in _known)  # secrets other tests remembered


@given(
    strat.lists(
        strat.sampled_from(["key", "Token", "pass", "passed", "sid", "=", '"', '": "', " ", "&", "x", "é", ":", "_id"])
        | strat.text(max_size=6),
        max_size=14,
    )
)
def test_the_one_pattern_pre_check_agrees_with_the_substring_searches(parts: list[str]) -> None:
    raw = "".join(parts).encode("utf-8", "surrogatepass")
    assert may_hold_secrets(raw) == _may_hold_secrets_by_substrings(raw)
