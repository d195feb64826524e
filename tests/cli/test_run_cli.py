"""The real `windtunnel run` command against the bundled example agent, in python and HTTP modes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from tests.clirun import wt
from tests.conftest import REPO, sigint_default, wait_for_stored_cells
from windtunnel._util.errors import ExitCode

SCHEMA = json.loads((REPO / "tests" / "reports" / "report.schema.json").read_text())
PY_CFG = "examples/support_agent/windtunnel.yaml"
HTTP_CFG = "examples/support_agent/windtunnel.http.yaml"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


@pytest.mark.parametrize(
    ("vendored", "name"),
    [
        ("tests/reports/report.schema.json", "report.schema.json"),
        ("tests/leakage/leak-report.schema.json", "leak-report.schema.json"),
        ("src/windtunnel/leakage/leak-report.schema.json", "leak-report.schema.json"),
    ],
)
def test_vendored_schemas_match_the_shared_ones(vendored: str, name: str) -> None:
    shared = REPO.parent / "shared" / "schemas" / name
    if not shared.exists():  # CI checks out the repository beside shared/; a bare clone has only the copies
        pytest.skip(f"{shared} is not beside this checkout")
    assert json.loads(shared.read_text()) == json.loads((REPO / vendored).read_text())


def test_python_agent_run_writes_a_schema_valid_report(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code = wt("run", "-c", PY_CFG, "-q", "--format", "json", "-o", str(out), "--seed", "3")
    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    s = report["summary"]
    assert s["cells_total"] == len(report["cells"]) > 7
    assert 0 <= s["score"] <= 100
    assert code == (ExitCode.OK if s["passed"] else ExitCode.FAILED)
    kinds = {c["kind"] for c in report["cells"]}
    assert kinds == {"golden", "mutation"}
    assert all(c["checks"] for c in report["cells"])
    assert all(c["reproduce"].startswith("windtunnel run -c") for c in report["cells"])


def test_same_seed_same_report_and_reproduce_reruns_one_cell(tmp_path: Path) -> None:
    a, b, one = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "one.json"
    wt("run", "-c", PY_CFG, "-q", "-f", "json", "-o", str(a), "--seed", "11")
    wt("run", "-c", PY_CFG, "-q", "-f", "json", "-o", str(b), "--seed", "11")
    ra, rb = json.loads(a.read_text()), json.loads(b.read_text())
    strip = lambda r: [(c["id"], c["prompt"], c["status"], c["output"]) for c in r["cells"]]  # noqa: E731
    assert strip(ra) == strip(rb)
    target = next(c for c in ra["cells"] if c["kind"] == "mutation")
    argv = target["reproduce"].split()[1:] + ["-q", "-f", "json", "-o", str(one)]
    wt(*argv)
    (only,) = json.loads(one.read_text())["cells"]
    assert (only["id"], only["prompt"], only["status"]) == (target["id"], target["prompt"], target["status"])


@pytest.fixture
def http_agent(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    from examples.support_agent.server import serve_in_thread

    server, url = serve_in_thread(0)
    monkeypatch.setenv("SUPPORT_AGENT_PORT", url.rsplit(":", 1)[1].strip("/"))
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def test_http_agent_run(http_agent: str, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code = wt("run", "-c", HTTP_CFG, "-q", "-f", "json", "-o", str(out), "--seed", "5")
    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["run"]["agent"] == "http"
    assert report["summary"]["cells_errored"] == 0
    assert code in (ExitCode.OK, ExitCode.FAILED)
    assert any(c["mutation"] and c["mutation"]["type"] == "encoding_attacks" for c in report["cells"])


def test_unreachable_http_agent_exits_3_before_running(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    monkeypatch.setenv("SUPPORT_AGENT_PORT", str(port))
    assert wt("run", "-c", HTTP_CFG, "-q") == ExitCode.HARNESS
    err = capsys.readouterr().err
    assert f"127.0.0.1:{port}" in err and "unreachable" in err


def test_missing_env_var_is_a_config_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("SUPPORT_AGENT_PORT", raising=False)
    assert wt("run", "-c", HTTP_CFG, "-q") == ExitCode.USAGE
    assert "SUPPORT_AGENT_PORT" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("agent: {type: python, endpoint: 'no_such_pkg_q:handle'}\ngolden_prompts: [hi]\n", "no_such_pkg_q"),
        ("agent: {type: python, endpoint: 'examples.support_agent.agent:handel'}\ngolden_prompts: [hi]\n", "handel"),
    ],
    ids=["missing-module", "missing-attribute"],
)
def test_unimportable_python_agent_exits_3(
    tmp_path: Path, body: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(body)
    assert wt("run", "-c", str(cfg), "-q", "--no-mutations") == ExitCode.HARNESS
    assert needle in capsys.readouterr().err


def test_bad_config_exits_2_with_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent:\n  endpoint: 'm:f'\n  timout: 3\n")
    assert wt("validate", "-c", str(cfg)) == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "line 3" in err and "did you mean 'timeout'" in err


def test_no_golden_prompts_is_not_a_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\n")
    assert wt("run", "-c", str(cfg), "-q") == ExitCode.USAGE
    assert "golden_prompts" in capsys.readouterr().err


def test_init_writes_a_config_that_validates_and_runs(tmp_path: Path) -> None:
    path = tmp_path / "windtunnel.yaml"
    assert wt("init", str(path)) == 0
    assert wt("init", str(path)) == ExitCode.USAGE  # no silent overwrite
    assert wt("validate", "-c", str(path)) == 0
    out = tmp_path / "r.json"
    assert wt("run", "-c", str(path), "-q", "-f", "json", "-o", str(out), "--no-mutations") in (0, 1)
    assert json.loads(out.read_text())["summary"]["cells_total"] == 3


def _slow_agent(tmp_path: Path) -> Path:
    """A config whose agent takes 0.3 s a call while ``tmp_path/slow`` exists (a run to stop midway); a test that
    resumes removes it first, so the resumed cells are answered at once."""
    slow = tmp_path / "slow"
    slow.touch()
    (tmp_path / "wt_slow_agent.py").write_text(
        f"import os, time\ndef handle(p):\n    if os.path.exists({str(slow)!r}):\n        time.sleep(0.3)\n"
        "    return 'ok ' + p\n"
    )
    cfg = tmp_path / "slow.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_slow_agent:handle'}\n"
        "golden_prompts: [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t]\n"
        "invariants: [{type: contains, value: ok}]\nadvanced: {concurrency: 1}\n"
    )
    return cfg


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_interrupt_keeps_completed_cells_and_exits_130(tmp_path: Path, sig: signal.Signals) -> None:
    cfg = _slow_agent(tmp_path)
    out = tmp_path / "r.json"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    store = tmp_path / "runs.db"
    argv = ["run", "-c", str(cfg), "-q", "--no-mutations", "-f", "json", "-o", str(out), "--store", str(store)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "windtunnel", *argv],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_default,
    )
    wait_for_stored_cells(store, 2)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == ExitCode.INTERRUPTED, err
    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    done = report["cells"]
    assert 0 < len(done) < 20 and all(c["status"] == "passed" for c in done)
    assert report["run"]["status"] == "interrupted" and "interrupted" in err
    assert report["summary"]["passed"] is False and report["summary"]["partial"] is True


@pytest.mark.slow
def test_sigkill_then_resume_runs_every_cell_exactly_once(tmp_path: Path) -> None:
    cfg = _slow_agent(tmp_path)
    store = tmp_path / "runs.db"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    argv = [sys.executable, "-m", "windtunnel", "run", "-c", str(cfg), "-q", "--no-mutations", "--store", str(store)]
    proc = subprocess.Popen(
        argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=sigint_default
    )
    wait_for_stored_cells(store, 3)
    proc.kill()  # SIGKILL: no handler runs
    proc.wait(timeout=60)
    (tmp_path / "slow").unlink()  # the resume need not be slow: nothing stops it
    from windtunnel.store.runstore import RunStore

    with RunStore(store) as st:
        (info,) = st.list_runs()
        before = st.completed_cell_ids(info.id)
    assert 0 < len(before) < 20
    out = tmp_path / "r.json"
    done = subprocess.run(
        [*argv[:3], "run", "--resume", info.id, "-q", "--store", str(store), "-f", "json", "-o", str(out)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    ids = [c["id"] for c in report["cells"]]
    assert len(ids) == len(set(ids)) == 20
    assert report["run"]["id"] == info.id and report["summary"]["cells_passed"] == 20


@pytest.mark.slow
def test_a_hung_sync_agent_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    (tmp_path / "wt_hung_agent.py").write_text("import time\ndef hangs(p):\n    time.sleep(3600)\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'wt_hung_agent:hangs', timeout: 300}\ngolden_prompts: [a, b]\n")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    done = subprocess.run(
        [sys.executable, "-m", "windtunnel", "run", "-c", str(cfg), "-q", "--no-mutations", "--no-store"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,  # would hang forever before
    )
    assert done.returncode == ExitCode.FAILED, done.stderr
    assert "no answer within 300 ms" in done.stdout


@pytest.mark.parametrize(("suffix", "marker"), [(".html", "<!DOCTYPE html"), (".xml", "<testsuite"), (".md", "score")])
def test_output_suffix_picks_the_format(tmp_path: Path, suffix: str, marker: str) -> None:
    out = tmp_path / f"report{suffix}"
    wt("run", "-c", PY_CFG, "-q", "--no-mutations", "-o", str(out))
    assert marker.lower() in out.read_text().lower()


def test_output_ending_in_a_separator_is_a_directory(tmp_path: Path) -> None:
    out = tmp_path / "newdir"
    wt("run", "-c", PY_CFG, "-q", "--no-mutations", "-f", "junit", "-o", f"{out}{os.sep}", "--no-store")
    assert out.is_dir()
    (page,) = out.glob("*.xml")
    assert "<testsuite" in page.read_text()


@pytest.mark.parametrize("fmt", [["-f", "terminal"], []])
def test_terminal_format_to_a_file_is_the_plain_summary(tmp_path: Path, fmt: list[str]) -> None:
    out = tmp_path / "t.txt"
    wt("run", "-c", PY_CFG, "-q", "--no-mutations", *fmt, "-o", str(out), "--no-store")
    text = out.read_text()
    assert not text.lstrip().startswith("{") and "\x1b" not in text
    assert "score" in text and "passed" in text


def test_config_output_block_is_honoured(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    reports = tmp_path / "fs-reports"
    cfg.write_text(
        "agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\n"
        "golden_prompts: ['What is your return policy?']\n"
        f"output: {{format: html, path: '{reports}', filename_template: 'wt-{{mode}}-{{run_id}}'}}\n"
    )
    wt("run", "-c", str(cfg), "-q", "--no-mutations")
    (page,) = reports.glob("wt-run-*.html")
    assert "<!doctype html" in page.read_text().lower()
