"""An unknown --format or an -o that cannot be written is a usage error before any agent call: exit 2 means
"nothing was run" (QA-5 F8: the whole run was made, stored as passed, then refused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel.store.runstore import RunStore


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "wt_counting_agent.py").write_text(
        "from pathlib import Path\n\ndef handle(p):\n"
        "    with Path('calls.log').open('a') as f:\n        f.write(p + '\\n')\n    return p\n"
    )
    (tmp_path / "c.yaml").write_text(
        "agent: {type: python, endpoint: 'wt_counting_agent:handle'}\ngolden_prompts: [hello]\n"
        "invariants: [{type: output_not_empty}]\n"
        "contract:\n  name: c\n  invariants: [{type: output_not_empty, id: ne}]\n  chaos_matrix: [{name: calm}]\n"
        "advanced: {seed: 1}\n"
    )
    (tmp_path / "a_file").write_text("not a folder\n")
    return tmp_path


CASES = [("--format", "bogus"), ("-o", "a_file/report.json")]
COMMANDS = [(("run",), ("--store", "runs.db")), (("contract", "run"), ())]


@pytest.mark.parametrize("option", CASES, ids=["format", "output"])
@pytest.mark.parametrize("command", COMMANDS, ids=["run", "contract"])
def test_refused_before_any_agent_call(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    option: tuple[str, str],
    command: tuple[tuple[str, ...], tuple[str, ...]],
) -> None:
    assert wt(*command[0], "-c", "c.yaml", *command[1], *option) == 2
    err = capsys.readouterr().err
    assert ("unknown report format 'bogus'" in err) if option[0] == "--format" else ("cannot write the report" in err)
    assert not (project / "calls.log").exists(), "the agent was called"
    if (project / "runs.db").exists():
        with RunStore(project / "runs.db") as st:
            assert st.list_runs() == []
