"""`windtunnel ci` checks the whole config before any phase runs, and `ci -q` prints only its table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_run_cli import wt
from tests.conftest import REPO
from windtunnel._util.errors import ExitCode
from windtunnel.config.load import parse_config
from windtunnel.engine.phases import configured_phases
from windtunnel.store.runstore import RunStore

CFG = REPO / "examples" / "support_agent" / "windtunnel.yaml"
INCIDENT = REPO / "examples" / "support_agent" / "incidents" / "order-status-timeout.yaml"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def example_with(tmp_path: Path, sessions: str) -> Path:
    """The bundled example config, with its replay sessions replaced by ``sessions``."""
    text = CFG.read_text().replace("    - file: incidents/order-status-timeout.yaml\n", sessions)
    assert text != CFG.read_text()
    path = tmp_path / "windtunnel.yaml"
    path.write_text(text)
    return path


BROKEN_SESSIONS = [
    pytest.param("    - {id: s1, input: hi, contrat: c}\n", ["'contrat'", "did you mean 'contract'"], id="unknown-key"),
    pytest.param("    - file: /tmp/wt-ci-preflight-nonexist.yaml\n", ["session file not found"], id="missing-file"),
    pytest.param(
        "    - {id: s1, input: hi, contract: no-such}\n", ["cannot resolve contract 'no-such'"], id="bad-contract"
    ),
]


@pytest.mark.parametrize(("sessions", "expected"), BROKEN_SESSIONS)
def test_a_broken_replay_session_stops_ci_before_any_phase_runs(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    sessions: str,
    expected: list[str],
) -> None:
    store = tmp_path / "runs.db"
    monkeypatch.setenv("WINDTUNNEL_STORE", str(store))
    out = tmp_path / "out"
    code = wt("ci", "-c", str(example_with(tmp_path, sessions)), "-q", "-o", str(out))
    err = capsys.readouterr().err
    assert code == ExitCode.USAGE, err
    assert "`ci` ran nothing" in err
    for part in expected:
        assert part in err, f"{part!r} not in:\n{err}"
    # nothing ran: no phase report, no stored run (neither the ci run nor a phase run)
    assert not out.exists() or not any(out.iterdir())
    assert not store.exists() or RunStore(store).list_runs() == []


def test_the_same_config_with_a_good_session_runs_every_phase(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "runs.db"
    monkeypatch.setenv("WINDTUNNEL_STORE", str(store))
    out = tmp_path / "out"
    code = wt("ci", "-c", str(example_with(tmp_path, f"    - file: {INCIDENT}\n")), "-q", "-o", str(out))
    assert code in (ExitCode.OK, ExitCode.FAILED)
    assert {p.name for p in out.glob("*.json")} >= {"mutation.json", "chaos.json", "contract.json", "replay.json"}
    modes = {r.mode for r in RunStore(store).list_runs()}
    assert {"ci", "run", "chaos"} <= modes


def test_ci_quiet_prints_only_the_phase_table_and_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WINDTUNNEL_STORE", str(tmp_path / "runs.db"))
    phase_output = ("windtunnel run ·", "windtunnel chaos ·", "scenario × invariant", "replay score", "mutation types")
    wt("ci", "-c", str(CFG), "-o", str(tmp_path / "loud"))
    loud = capsys.readouterr()
    assert all(p in loud.out for p in phase_output)  # what -q must drop is there without it
    wt("ci", "-c", str(CFG), "-q", "-o", str(tmp_path / "quiet"))
    quiet = capsys.readouterr()
    for p in phase_output:
        assert p not in quiet.out, f"{p!r} printed with -q"
    assert "== ci phase" not in quiet.err
    assert "windtunnel ci ·" in quiet.out and "phases" in quiet.out
    assert len(quiet.out.splitlines()) < len(loud.out.splitlines()) / 2


AGENT = 'agent: {type: python, endpoint: "examples.support_agent.agent:handle"}\n'


@pytest.mark.parametrize(
    ("text", "phase", "reason"),
    [
        pytest.param(AGENT, "mutation", "no golden_prompts to mutate", id="mutation-no-golden"),
        pytest.param(
            AGENT + "golden_prompts: [hi]\nmutations: {types: []}\n",
            "mutation",
            "mutations.types is empty",
            id="mutation-no-types",
        ),
        pytest.param(
            AGENT + "chaos: {profile: api_outage}\n", "chaos", "no golden_prompts to send", id="chaos-no-golden"
        ),
        pytest.param(AGENT + "golden_prompts: [hi]\n", "chaos", "no `chaos:` faults", id="chaos-no-faults"),
        pytest.param(AGENT, "contract", "no `contract:` block", id="contract-none"),
        pytest.param(AGENT, "replay", "no `replays.sessions`", id="replay-none"),
    ],
)
def test_a_phase_that_does_not_run_says_precisely_why(text: str, phase: str, reason: str) -> None:
    reasons = configured_phases(parse_config(text, "c.yaml"))
    assert reason in (reasons[phase] or "")


@pytest.mark.parametrize(
    ("contract", "needle"),
    [
        ("contract: {name: c, chaos_matrix: [{name: calm}]}\n", "the contract has no invariants"),
        ("contract: {invariants: [{type: output_not_empty}]}\n", "the contract matrix is empty"),
        ("contract: {invariants: [{type: output_not_empty}], chaos_matrix: []}\n", "the contract matrix is empty"),
    ],
    ids=["no-invariants", "no-matrix", "empty-matrix"],
)
def test_a_contract_that_cannot_run_stops_ci_like_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], contract: str, needle: str
) -> None:
    """Issue 18 item 11: ci exited 0 with the contract phase silently "not run"; validate said exit 2."""
    cfg = tmp_path / "c.yaml"
    cfg.write_text(AGENT + "golden_prompts: [hi]\nmutations: {count: 1, types: [noise]}\n" + contract)
    assert configured_phases(parse_config(cfg.read_text(), "c.yaml"))["contract"] is None
    assert wt("ci", "-c", str(cfg), "-o", str(tmp_path / "out"), "-q") == ExitCode.USAGE
    assert needle in capsys.readouterr().err
    assert wt("validate", "-c", str(cfg)) == ExitCode.USAGE


def test_no_phase_error_names_each_phase_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(AGENT + "golden_prompts: [hi]\nmutations: {types: []}\n")
    assert wt("ci", "-c", str(cfg), "-o", str(tmp_path / "out")) == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "no phase is configured" in err and "mutation: mutations.types is empty" in err
    assert "chaos: no `chaos:` faults" in err
