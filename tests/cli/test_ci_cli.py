"""`windtunnel ci` on the bundled example: every phase once, every format, the weighted gate."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from tests.cli.test_run_cli import SCHEMA, wt
from tests.conftest import REPO, sigint_default, wait_for_stored_cells
from windtunnel._util.errors import ExitCode

CFG = "examples/support_agent/windtunnel.yaml"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


@pytest.fixture(scope="module")
def ci_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Path]:
    out = tmp_path_factory.mktemp("ci")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(REPO)
        mp.setenv("WINDTUNNEL_STORE", str(out / "runs.db"))
        code = wt("ci", "-c", CFG, "-q", "-o", str(out), "--min-score", "80")
    return code, out


@pytest.mark.slow
def test_ci_produces_every_format_and_a_schema_valid_summary(ci_run: tuple[int, Path]) -> None:
    code, out = ci_run
    summary = json.loads((out / "summary.json").read_text())
    jsonschema.validate(summary, SCHEMA)
    phases = summary["summary"]["phases"]
    ran = [p for p, v in phases.items() if v["status"] == "run"]
    assert set(ran) >= {"mutation", "chaos", "contract"}
    assert abs(sum(phases[p]["weight"] for p in ran) - 1.0) < 1e-6  # renormalised over the phases that ran
    expected = sum(phases[p]["weight"] * phases[p]["score"] for p in ran)
    assert summary["summary"]["score"] == pytest.approx(expected, abs=0.01)
    for p in ran:
        detail = json.loads((out / f"{p}.json").read_text())
        jsonschema.validate(detail, SCHEMA)
        assert (out / f"{p}.html").stat().st_size > 1000
        assert all(c["phase"] == p for c in summary["cells"] if c["id"].startswith(f"{p}:"))
    # each phase ran under its own conditions only
    assert all(not c["faults"] for c in json.loads((out / "mutation.json").read_text())["cells"])
    assert json.loads((out / "chaos.json").read_text())["run"]["mode"] == "chaos"
    ET.parse(out / "summary.xml")
    assert json.loads((out / "summary.sarif").read_text())["version"] == "2.1.0"
    assert "score" in (out / "summary.md").read_text().lower()
    html = (out / "summary.html").read_text()
    assert 'href="mutation.html"' in html and 'href="contract.html"' in html
    assert code == (ExitCode.OK if summary["summary"]["passed"] else ExitCode.FAILED)


def test_weights_that_do_not_sum_to_one_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (REPO / CFG).read_text().replace("replay: 0.10", "replay: 0.00")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(text)
    assert wt("ci", "-c", str(cfg), "-o", str(tmp_path / "out")) == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "sum to 1.0" in err and "0.9" in err and "replay=0" in err


def test_no_configured_phase_is_an_error_not_a_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'examples.support_agent.agent:handle'}\n")
    assert wt("ci", "-c", str(cfg), "-o", str(tmp_path / "out")) == ExitCode.USAGE
    assert "no phase is configured" in capsys.readouterr().err


@pytest.mark.slow
def test_critical_contract_failure_fails_ci_whatever_the_score(tmp_path: Path) -> None:
    text = (
        (REPO / CFG)
        .read_text()
        .replace(
            'endpoint: "examples.support_agent.agent:handle"', 'endpoint: "examples.support_agent.agent:handle_unfixed"'
        )
        .replace("file: incidents/", f"file: {REPO}/examples/support_agent/incidents/")
    )
    cfg = tmp_path / "c.yaml"
    cfg.write_text(text)
    out = tmp_path / "out"
    assert wt("ci", "-c", str(cfg), "-q", "-o", str(out), "--min-score", "1") == ExitCode.FAILED
    summary = json.loads((out / "summary.json").read_text())["summary"]
    assert summary["critical_failed"] and summary["score"] > 1
    assert any("critical" in r for r in summary["reasons"])
    assert summary["phases"]["replay"]["passed"] is False  # the incident is back on the unfixed agent


@pytest.mark.slow
def test_interrupted_ci_resumes_and_keeps_completed_phases(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    slow = tmp_path / "slow"  # 0.2 s a call while it exists: the run to interrupt; the resume answers at once
    slow.touch()
    (tmp_path / "wt_slow_ci_agent.py").write_text(
        f"import os, time\ndef handle(p):\n    if os.path.exists({str(slow)!r}):\n        time.sleep(0.2)\n"
        "    return 'ok ' + p\n"
    )
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_slow_ci_agent:handle'}\n"
        "golden_prompts: [a, b, c, d, e, f, g, h]\n"
        "invariants: [{type: contains, value: ok}]\n"
        "mutations: {count: 3, types: [noise]}\n"
        "advanced: {concurrency: 1, seed: 3}\n"
    )
    store, out = tmp_path / "runs.db", tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    argv = [sys.executable, "-m", "windtunnel", "ci", "-c", str(cfg), "-q", "-o", str(out), "--store", str(store)]
    proc = subprocess.Popen(
        argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=sigint_default
    )
    wait_for_stored_cells(store, 3)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=30) == ExitCode.INTERRUPTED
    slow.unlink()
    from windtunnel.store.runstore import RunStore

    with RunStore(store) as st:
        ci_run = next(r for r in st.list_runs() if r.mode == "ci")
        phase_runs = {r.id: st.count_cells(r.id) for r in st.list_runs() if r.mode == "run"}
    assert 0 < phase_runs[f"{ci_run.id}-mutation"] < 32
    done = subprocess.run(
        [*argv[:3], "ci", "--resume", ci_run.id, "-q", "-o", str(out), "--store", str(store)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    ids = [c["id"] for c in summary["cells"]]
    assert len(ids) == len(set(ids)) == 32  # 8 golden + 24 mutations, each exactly once
    assert summary["run"]["id"] == ci_run.id


def test_contract_and_replay_runs_are_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "runs.db"
    monkeypatch.setenv("WINDTUNNEL_STORE", str(store))
    assert wt("contract", "run", "-c", CFG, "-q", "--min-score", "50") == 0
    assert wt("replay", "run", "-c", CFG, "-q") == 0
    from windtunnel.store.runstore import RunStore

    with RunStore(store) as st:
        runs = {r.mode: r for r in st.list_runs()}
        assert {"contract", "replay"} <= set(runs)
        for mode in ("contract", "replay"):
            assert runs[mode].status == "passed" and st.count_cells(runs[mode].id) > 0
            report = st.load_report(runs[mode].id)
            assert report["run"]["mode"] == mode and report["cells"]


@pytest.mark.slow
def test_runs_diff_between_the_unfixed_and_the_fixed_agent_lists_the_fixed_cells(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "runs.db"
    monkeypatch.setenv("WINDTUNNEL_STORE", str(store))
    unfixed = tmp_path / "unfixed.yaml"
    unfixed.write_text(
        (REPO / CFG)
        .read_text()
        .replace(
            'endpoint: "examples.support_agent.agent:handle"', 'endpoint: "examples.support_agent.agent:handle_unfixed"'
        )
        .replace("file: incidents/", f"file: {REPO}/examples/support_agent/incidents/")
    )
    assert wt("contract", "run", "-c", str(unfixed), "-q", "--seed", "7") == ExitCode.FAILED
    assert wt("contract", "run", "-c", CFG, "-q", "--seed", "7") in (0, 1)
    from windtunnel.store.runstore import RunStore

    with RunStore(store) as st:
        before, after = sorted((r for r in st.list_runs() if r.mode == "contract"), key=lambda r: r.started_at)
    capsys.readouterr()
    assert wt("runs", "diff", before.id, after.id, "--json") == 0
    diff = json.loads(capsys.readouterr().out)
    fixed = json.dumps(diff["fixed"])
    assert "no-invented-delivery-date" in fixed and "order-service-timeout" in fixed
    assert not any("no-invented-delivery-date" in json.dumps(c) for c in diff["regressed"])


@pytest.mark.slow
def test_every_ci_phase_is_stored_under_the_ci_run_id(ci_run: tuple[int, Path]) -> None:
    from windtunnel.store.runstore import RunStore

    _code, out = ci_run
    with RunStore(out / "runs.db") as st:
        runs = {r.id: r.mode for r in st.list_runs()}
    ci_id = next(i for i, m in runs.items() if m == "ci")
    phases = json.loads((out / "summary.json").read_text())["summary"]["phases"]
    for phase, v in phases.items():
        if v["status"] == "run":
            assert f"{ci_id}-{phase}" in runs, (phase, sorted(runs))
    # nothing else: no phase stored under an unrelated id
    assert all(i == ci_id or i.startswith(f"{ci_id}-") for i in runs), sorted(runs)
