"""The python seams resolve ``agent.tools`` / ``agent.llm`` from the working directory, like ``agent.endpoint``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from windtunnel._util.errors import AgentUnreachableError, ConfigError, ExitCode, WindtunnelError
from windtunnel.chaos.seam_checks import resolve

REPO_ROOT = Path(__file__).resolve().parents[2]
WINDTUNNEL = str(Path(sys.executable).with_name("windtunnel"))


@pytest.mark.slow
def test_console_script_from_the_repo_root_faults_the_example_agents_tools(tmp_path: Path) -> None:
    # The console script's sys.path[0] is the venv's bin directory, so nothing but the seam itself can
    # make `examples.*` importable; a clean environment keeps PYTHONPATH from hiding a regression.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    report = tmp_path / "report.json"
    proc = subprocess.run(
        [
            WINDTUNNEL,
            "run",
            "-c",
            "examples/support_agent/windtunnel.yaml",
            "--chaos-only",
            "-q",
            "--no-store",
            "-f",
            "json",
            "-o",
            str(report),
        ],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "No module named" not in proc.stderr, proc.stderr
    assert proc.returncode in (ExitCode.OK, ExitCode.FAILED), proc.stderr
    cells = json.loads(report.read_text(encoding="utf-8"))["cells"]
    assert cells and all(c["kind"] == "chaos" for c in cells)
    assert any(c["faults"] for c in cells), "the tool / LLM seams fired no fault"


def test_resolve_imports_from_the_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "wt_seam_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "tools.py").write_text("class Box:\n    def lookup(self):\n        return 1\n\nbox = Box()\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    for name in ("wt_seam_pkg", "wt_seam_pkg.tools"):
        monkeypatch.delitem(sys.modules, name, raising=False)

    owner, attr, value = resolve("wt_seam_pkg.tools:box.lookup", what="agent.tools entry")

    assert attr == "lookup" and owner is sys.modules["wt_seam_pkg.tools"].box
    assert value() == 1


@pytest.mark.parametrize(
    ("ref", "message", "code"),
    [
        ("no_colon_here", "is not a 'module:attr' reference", ExitCode.USAGE),
        ("wt_no_such_module_xyz:fn", "module 'wt_no_such_module_xyz' was not found", ExitCode.HARNESS),
        ("json:no_such_attr", "'json' has no attribute 'no_such_attr'", ExitCode.HARNESS),
    ],
    ids=["not-a-reference", "missing-module", "missing-attribute"],
)
def test_a_reference_that_does_not_resolve_fails_like_validate(ref: str, message: str, code: ExitCode) -> None:
    # a malformed reference is a config error; one that does not import is the agent being
    # unreachable, the exit code `validate` gives for the same reference
    with pytest.raises(WindtunnelError) as info:
        resolve(ref, what="agent.llm")
    assert info.value.exit_code == code
    assert message in str(info.value)
    assert isinstance(info.value, ConfigError if code == ExitCode.USAGE else AgentUnreachableError)
