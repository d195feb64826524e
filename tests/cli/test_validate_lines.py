"""QA-6 F-8: every problem and every warning `validate` prints carries the line of the key it is about,
and `run --chaos` words an unknown profile as `validate` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_run_cli import wt
from tests.conftest import REPO
from windtunnel._util.errors import ExitCode

PY_AGENT = 'agent:\n  type: python\n  endpoint: "examples.support_agent.agent:handle"\n'


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def _out(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "windtunnel.yaml"
    path.write_text(text)
    code = wt(*args, "-c", str(path))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_errors_of_the_chaos_block_and_replays_have_their_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        PY_AGENT  # lines 1-3
        + "golden_prompts: [hi]\n"  # 4
        + "chaos:\n  profile: nosuchprofile\n"  # 5-6
        + "replays:\n  sessions:\n    - file: nosuch.yaml\n"  # 7-9
        + "  sources:\n    - {type: otel, path: no-such-export.json}\n"  # 10-11
    )
    code, out = _out(tmp_path, capsys, text, "validate")
    assert code == ExitCode.USAGE, out
    for part in (
        "line 6: the `chaos:` block: unknown chaos profile 'nosuchprofile'",
        "line 9: replays.sessions[0]: session file not found",
        "line 11: replays source otel: file not found",
    ):
        assert part in out, f"{part!r} not in:\n{out}"


def test_seam_problems_of_the_chaos_block_have_the_line_of_their_faults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        PY_AGENT
        + "golden_prompts: [hi]\nchaos:\n"
        + "  tool_faults: [{tool: x, mode: error}]\n"  # 6
        + "  llm_faults: [{mode: rate_limit}]\n"  # 7
    )
    code, out = _out(tmp_path, capsys, text, "validate")
    assert code == ExitCode.USAGE, out
    assert "line 6: the `chaos:` block has tool faults" in out, out
    assert "line 7: the `chaos:` block has LLM faults" in out, out


def test_every_warning_has_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        PY_AGENT
        + "  timeout: 30\n"  # 4
        + "golden_prompts: [hi]\n"  # 5
        + "mutations:\n  count: 1\n  types: [noise, paraphrase]\n"  # 6-8
        + "replays:\n  sources:\n    - {type: langsmith, project: x}\n"  # 9-11
    )
    code, out = _out(tmp_path, capsys, text, "validate")
    assert code == ExitCode.OK, out
    warnings = [line for line in out.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 3, out
    assert warnings == [
        w for w in warnings if w.startswith(("warning: line 4: ", "warning: line 7: ", "warning: line 11: "))
    ], out
    assert warnings[0].startswith("warning: line 4: agent.timeout"), out  # in line order


def test_run_chaos_words_an_unknown_profile_as_validate_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = PY_AGENT + "golden_prompts: [hi]\nchaos:\n  profile: nosuchprofile\n"
    code, out = _out(tmp_path, capsys, text, "run", "--chaos", "--no-store")
    assert code == ExitCode.USAGE, out
    assert "the config cannot run (1 problem); `run` ran nothing" in out, out
    assert "line 6: the `chaos:` block: unknown chaos profile 'nosuchprofile'" in out, out
