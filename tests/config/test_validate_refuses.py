"""Issue 29 item 15: what `run` would crash on, silently mis-read or hang on, `validate` refuses with exit 2,
the file and the line, before any agent call."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel._util.errors import ExitCode

UNSET = "WT_REFUSE_SURELY_UNSET"
PY = 'version: "2.0"\nagent: {type: python, endpoint: "wt_refuse_agent:handle"'
HTTP = 'version: "2.0"\nagent: {type: http, endpoint: '
PROMPTS = "golden_prompts: [hi]\n"
LONG = "x" * 100_000

CASES = [
    pytest.param(PY + ", timeout: true}\n" + PROMPTS, ["line 2", "timeout is a number, not true"], id="timeout-bool"),
    pytest.param(PY + "}\ngolden_prompts: []\n", ["line 3", "golden_prompts is empty"], id="no-prompts"),
    pytest.param(HTTP + '"http:///chat"}\n' + PROMPTS, ["line 2", "has no host"], id="empty-host"),
    pytest.param(HTTP + '"http://[::1/chat"}\n' + PROMPTS, ["line 2", "Invalid IPv6 URL"], id="bad-ipv6"),
    pytest.param(HTTP + '"http://127.0.0.1:99999/c"}\n' + PROMPTS, ["line 2", "Port out of range"], id="port"),
    pytest.param(
        PY + "}\n" + PROMPTS + 'model: {provider: openai, base_url: "ftp://h/v1"}\nmutations: {types: [paraphrase]}\n',
        ["line 4", "ftp:// URL", "model.base_url"],
        id="ftp-model",
    ),
    pytest.param(
        PY + f', env: {{X: "${{{UNSET}}}"}}}}\n' + PROMPTS, ["line 2", f"agent.env.X refers to ${{{UNSET}}}"], id="env"
    ),
    pytest.param(
        PY + f'}}\ngolden_prompts: ["hi ${{{UNSET}}}"]\n',
        ["line 3", f"golden_prompts[0] holds ${{{UNSET}}}"],
        id="prompt",
    ),
    pytest.param(PY + "}\ngolden_prompts: [!!binary aGVsbG8=]\n", ["cfg.yaml:3", "!!binary"], id="binary"),
    pytest.param(PY + "}\n" + PROMPTS + "advanced: {store: sub}\n", ["line 4", "is a directory"], id="store-dir"),
    pytest.param(
        PY + "}\n" + PROMPTS + "contract: {invariants: [{type: output_not_empty}], chaos_matrix: []}\n",
        ["line 4", "the contract matrix is empty"],
        id="empty-matrix",
    ),
    pytest.param(
        PY + f'}}\ngolden_prompts: [&a "{LONG}", ' + ", ".join(["*a"] * 5000) + "]\n",
        ["cfg.yaml:3", "aliases repeat more than"],
        id="alias-strings",
    ),
    pytest.param(
        (PY + "}\ngolden_prompts: [caf\xe9]\n").encode("latin-1"), ["cfg.yaml:3:", "not UTF-8", "0xe9"], id="latin1"
    ),
    pytest.param((PY + "}\n" + PROMPTS).encode("utf-16"), ["cfg.yaml:1:1", "UTF-16"], id="utf16"),
]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory with an agent that records every call it gets (there must be none)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(UNSET, raising=False)
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "sub").mkdir()
    (tmp_path / "wt_refuse_agent.py").write_text(
        "from pathlib import Path\n\n\ndef handle(prompt):\n"
        "    with Path(__file__).with_name('calls.txt').open('a') as f:\n"
        "        f.write(prompt[:20] + '\\n')\n"
        "    return 'ok'\n"
    )
    return tmp_path


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_validate_refuses_with_file_and_line(
    project: Path, text: str | bytes, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = project / "cfg.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    code = wt("validate", "-c", "cfg.yaml")
    err = capsys.readouterr().err
    assert code == ExitCode.USAGE, err
    assert "cfg.yaml" in err and "Traceback" not in err
    for part in expected:
        assert part in err, err


RUN_CASES = {"timeout-bool", "prompt", "binary", "alias-strings", "env", "port"}


@pytest.mark.parametrize(("text", "expected"), [c for c in CASES if c.id in RUN_CASES])
def test_run_stops_before_any_agent_call(
    project: Path, text: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "cfg.yaml").write_text(text)
    code = wt("run", "-c", "cfg.yaml", "--no-store", "-q")
    err = capsys.readouterr().err
    assert code == ExitCode.USAGE, err
    assert expected[-1] in err and "Traceback" not in err
    assert not (project / "calls.txt").exists()
