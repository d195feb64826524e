"""An HTTP agent's answer is untrusted: nesting of any depth fails that cell, never the run; a run stopped
before its first cell (agent unreachable) is still a stored run that every report format renders."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.conftest import RecordingServer
from windtunnel._util.jsonsafe import MAX_DEPTH, JsonTooDeep, json_safe, loads

DEEP = 1500


def _nested(depth: int) -> bytes:
    return b'{"reply": "ok", "x": ' + b"[" * depth + b"]" * depth + b"}"


def _config(tmp_path: Path, endpoint: str) -> Path:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent: {{type: http, endpoint: '{endpoint}', request_template: '{{\"input\": \"{{prompt}}\"}}'}}\n"
        "golden_prompts: [one, two]\nadvanced: {seed: 1}\n"
    )
    return cfg


def test_a_1500_deep_answer_is_an_errored_cell_and_the_run_goes_on(tmp_path: Path) -> None:
    answers = {"/deep": _nested(DEEP), "/ok": b'{"reply": "ok"}'}

    def handler(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        data = json.loads(body) if body else {}
        which = "/deep" if data.get("input") == "two" else "/ok"
        return 200, {"content-type": "application/json"}, answers[which]

    with RecordingServer(handler) as srv:
        cfg = _config(tmp_path, srv.url + "/chat")
        out = tmp_path / "r.json"
        code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "-f", "json", "-o", str(out))
    assert code == 1
    cells = {c["prompt"]: c for c in json.loads(out.read_text())["cells"]}
    assert cells["one"]["status"] == "passed", cells["one"]
    assert cells["two"]["status"] == "error" and cells["two"]["error_kind"] == "bad_response", cells["two"]
    assert f"deeper than {MAX_DEPTH}" in cells["two"]["error"], cells["two"]["error"]
    assert wt("report", "latest", "-f", "html", "-o", str(tmp_path / "r.html")) == 0


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 900, 5000, 100_000])
def test_the_shared_json_reader_refuses_nesting_past_the_limit(depth: int) -> None:
    with pytest.raises(JsonTooDeep, match=f"deeper than {MAX_DEPTH}"):
        loads(b"[" * depth + b"]" * depth)
    assert loads(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is not None
    assert loads('{"a": "[[[[[[[[[[[[[["}') == {"a": "[[[[[[[[[[[[[["}  # brackets in strings do not count
    assert isinstance(JsonTooDeep(999), ValueError)  # every `except ValueError` treats it as "not JSON"


def test_json_safe_clips_a_python_value_nested_past_the_limit() -> None:
    value: object = "leaf"
    for _ in range(5000):
        value = [value]
    clipped = json_safe({"raw": value})
    text = json.dumps(clipped)  # storable: no RecursionError, no orjson refusal
    assert "nested deeper than" in text
    assert text.count("[") <= MAX_DEPTH


def test_a_run_stopped_by_an_unreachable_agent_renders_in_every_format(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    cfg = _config(tmp_path, f"http://127.0.0.1:{port}/chat")
    assert wt("run", "-c", str(cfg), "--no-mutations", "-q") == 3
    for fmt, ext in (("json", "json"), ("html", "html"), ("md", "md"), ("junit", "xml"), ("sarif", "sarif")):
        out = tmp_path / f"r.{ext}"
        assert wt("report", "latest", "-f", fmt, "-o", str(out)) == 0, fmt
        assert out.stat().st_size > 0
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["run"]["status"] == "error" and data["summary"]["passed"] is False
    assert data["summary"]["cells_total"] == 0 and data["summary"]["score"] is None


def test_a_report_file_nested_900_deep_renders_clipped(tmp_path: Path) -> None:
    from windtunnel.reports.sample import make_cell, make_report

    value: object = "leaf"
    for _ in range(900):  # parses (orjson takes 1,024 levels), but every recursive renderer would fail on it
        value = [value]
    cell = make_cell("c1", status="failed")
    cell["calls"] = [{"target": "tool", "name": "t", "args": {"x": value}, "response": value}]
    src = tmp_path / "deep.json"
    src.write_text(json.dumps(make_report([cell])))
    for fmt, ext in (("json", "json"), ("html", "html"), ("md", "md")):
        out = tmp_path / f"out.{ext}"
        assert wt("report", str(src), "-f", fmt, "-o", str(out)) == 0, fmt
    assert "nested deeper than" in (tmp_path / "out.json").read_text()
