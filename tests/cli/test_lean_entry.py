"""The console script's lean path for `windtunnel validate` (start-up, issue 16): the same bytes and exit
codes as the typer app, without importing typer; rich only where it would change the text."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.markup import escape

from tests.conftest import REPO
from windtunnel.cli import _plain
from windtunnel.cli.entry import lean_validate_args

EXAMPLE = "examples/support_agent/windtunnel.yaml"
HTTP = "agent: {type: http, endpoint: 'http://127.0.0.1:9/chat'}\ngolden_prompts: [hi]\n"
WARN = HTTP + "mutations: {count: 1, types: [noise, paraphrase]}\n"
BAD = "agent: {type: http, endpoint: 'http://127.0.0.1:9/chat', timeout: -3}\n"
UNSET = "agent: {type: http, endpoint: 'http://127.0.0.1:${WT_LEAN_SURELY_UNSET}/chat'}\ngolden_prompts: [hi]\n"


def _run(code: str) -> tuple[int, str, str]:
    env = {k: v for k, v in __import__("os").environ.items() if k not in _plain._COLOUR_VARS}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env)
    return done.returncode, done.stdout, done.stderr


_BATCH = """
import json, os, sys, tempfile, traceback
from windtunnel.cli.{module} import main
results = {{}}
for name, args in {cases!r}:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        code = 0
        try:
            main(args)
        except SystemExit as ex:  # the exit status the interpreter makes of it
            code = ex.code
            if code is None:
                code = 0
            elif not isinstance(code, int):
                print(code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(saved[0])
        os.close(saved[1])
        out.seek(0)
        err.seek(0)
        results[name] = [code, out.read().decode(), err.read().decode(), "typer" in sys.modules]
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[tuple[int, str, str], tuple[int, str, str]]]:
    """Each case's (exit code, stdout, stderr) on the lean path and through the typer app: one process per path runs
    every case in turn, its stdout and stderr file descriptors pointed at a fresh file per case (no terminal, as a
    pipe), and records after each case whether typer was imported: 2 processes instead of 2 per case (each ~1 CPU-s
    of start-up). The lean process must never have imported typer; the typer one must have."""
    root = tmp_path_factory.mktemp("lean")
    cases: list[tuple[str, list[str]]] = []
    for name, text in zip(_IDS, (t for t, _ in _CASES), strict=True):
        if text is None:
            args = ["validate", "-c", EXAMPLE, "--no-import"]
        elif text == "missing":
            args = ["validate", "--config", str(root / "nope.yaml")]
        else:
            path = root / f"{name}.yaml"
            path.write_text(text)
            args = ["validate", f"--config={path}"]
        cases.append((name, args))
    emoji = root / "emoji.yaml"
    emoji.write_text(HTTP + EMOJI_KEY)
    cases.append(("emoji", ["validate", "-c", str(emoji)]))
    runs = {}
    for module in ("entry", "app"):
        code, out, err = _run(_BATCH.format(module=module, cases=cases))
        assert code == 0 and not err, (module, code, err)
        runs[module] = json.loads(out)
    assert not any(r[3] for r in runs["entry"].values()), "the lean path imported typer"
    assert all(r[3] for r in runs["app"].values())
    return {name: (tuple(runs["entry"][name][:3]), tuple(runs["app"][name][:3])) for name, _ in cases}  # type: ignore[misc]


_CASES = [(None, 0), (HTTP, 0), (WARN, 0), (BAD, 2), (UNSET, 2), ("missing", 2), ("agent: [\n", 2)]
_IDS = ["example", "ok", "warning", "schema-error", "preflight-error", "missing-file", "yaml-error"]
EMOJI_KEY = "':thumbs_up:[bold]x': 1\n"


@pytest.mark.parametrize(("text", "code"), _CASES, ids=_IDS)
def test_lean_validate_prints_what_the_typer_app_prints(
    request: pytest.FixtureRequest, both: dict[str, Any], text: str | None, code: int
) -> None:
    lean, full = both[request.node.callspec.id]
    assert lean == full
    assert lean[0] == code, lean


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["validate"], (None, False)),
        (["validate", "-c", "a.yaml", "--no-import"], (Path("a.yaml"), True)),
        (["validate", "--config", "a.yaml", "-c", "b.yaml"], (Path("b.yaml"), False)),
        (["validate", "--config=a.yaml"], (Path("a.yaml"), False)),
    ],
)
def test_lean_args(args: list[str], expected: tuple[Path | None, bool]) -> None:
    assert lean_validate_args(args) == expected


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["run", "-c", "a.yaml"],
        ["validate", "--help"],
        ["validate", "-h"],
        ["validate", "-c"],
        ["validate", "-c", "--no-import"],
        ["validate", "--config="],
        ["validate", "-ca.yaml"],
        ["validate", "extra"],
        ["validate", "--no-such-option"],
    ],
)
def test_everything_else_goes_to_typer(args: list[str]) -> None:
    assert lean_validate_args(args) is None


@pytest.mark.parametrize(
    "text",
    [
        "plain words: a [bracketed] key, a [b]markup-like[/b] piece and a back\\slash",
        "line 3: agent.timeout must be > 0\n  second line",
        "unicode — ünïcödé ✓",
        "unknown key ':thumbs_up:[bold]x' (an emoji code, as typed)",
    ],
)
def test_plain_lines_are_what_rich_prints_to_a_pipe(
    text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for var in _plain._COLOUR_VARS:
        monkeypatch.delenv(var, raising=False)
    _plain.say("warning:", "yellow", text, err=True)
    plain = capsys.readouterr().err
    buf = io.StringIO()
    Console(file=buf, highlight=False, soft_wrap=True, emoji=False).print(f"[yellow]warning:[/] {escape(text)}")
    assert plain == buf.getvalue()


@pytest.mark.parametrize("text", ["a\ttab", "a bell\x07", "FORCE"])
def test_text_rich_would_change_goes_through_rich(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in _plain._COLOUR_VARS:
        monkeypatch.delenv(var, raising=False)
    if text == "FORCE":
        monkeypatch.setenv("FORCE_COLOR", "1")
    assert not _plain._plain(io.StringIO(), text)
    assert _plain._plain(io.StringIO(), "nothing special") is (text != "FORCE")


def _closed_stdout(code: str) -> tuple[int, str]:
    """Run ``code`` with stdout a pipe whose reader is already closed (``windtunnel validate | true``)."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in _plain._COLOUR_VARS}
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], stdout=write, stderr=subprocess.PIPE, text=True, cwd=REPO, env=env
        )
    finally:
        os.close(write)
    return done.returncode, done.stderr


def test_a_closed_stdout_exits_alike_on_both_paths() -> None:
    # QA-5 F12: the lean path called a broken pipe a usage error about paths (exit 2); QA-19 F6: the reader leaving
    # stops the printing, not the command, which exits with its own code (the config is valid: 0)
    args = ["validate", "-c", EXAMPLE, "--no-import"]
    lean = _closed_stdout(f"from windtunnel.cli.entry import main\nmain({args!r})\n")
    full = _closed_stdout(f"from windtunnel.cli.app import main\nmain({args!r})\n")
    assert lean == full
    assert lean == (0, "")


@pytest.mark.parametrize("colour", [False, True], ids=["pipe", "forced-colour"])
def test_user_text_keeps_its_emoji_codes(request: pytest.FixtureRequest, tmp_path: Path, colour: bool) -> None:
    # QA-5 F6: a config key ':thumbs_up:[bold]x' was reported as '👍[bold]x'
    if colour:  # FORCE_COLOR set before windtunnel is imported: a process of its own per path
        path = tmp_path / "c.yaml"
        path.write_text(HTTP + EMOJI_KEY)
        args = ["validate", "-c", str(path)]
        force = "import os\nos.environ['FORCE_COLOR'] = '1'\n"
        lean = _run(f"{force}from windtunnel.cli.entry import main\nmain({args!r})\n")
        full = _run(f"{force}from windtunnel.cli.app import main\nmain({args!r})\n")
    else:  # a pipe: the case of the shared runs of the two paths
        lean, full = request.getfixturevalue("both")["emoji"]
    for code, _out, err in (lean, full):
        assert code == 2, err
        assert ":thumbs_up:" in err and "[bold]x" in err
        assert "\N{THUMBS UP SIGN}" not in err
