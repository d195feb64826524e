"""`windtunnel validate --no-import` of the bundled example imports neither typer, rich nor httpx (its start-up
is measured in benchmarks/startup.py; QA-5 F18: a preflight check pulled httpx and rich back in), nor the
run's runtime: anyio and asyncio (the python agent's module, the chaos seams, the contract and replay
runners imported them for checks that run no agent), the engine's session and executor (issue 16), nor ssl
(issue 28)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEAVY = (
    "typer",
    "rich",
    "httpx",
    "click",
    "anyio",
    "asyncio",
    "windtunnel.engine.session",
    "windtunnel.engine.executor",
    "windtunnel._util.deadline",
    "windtunnel._util.daemon",
    "ssl",  # the judge client's TLS context is built when a judge is asked, not for a config check
)


def test_lean_validate_of_the_example_imports_no_heavy_module() -> None:
    code = (
        "import sys\nfrom windtunnel.cli.entry import main\n"
        "try:\n    main(['validate', '-c', 'examples/support_agent/windtunnel.yaml', '--no-import'])\n"
        "except SystemExit as ex:\n    assert not ex.code, ex.code\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_validate_of_an_http_agent_imports_neither_its_module_nor_httpx(tmp_path: Path) -> None:
    """The registry knows a built-in type's capabilities without importing its module
    (agents.registry.BUILTIN_CAPABILITIES): the http agent's module imports httpx (issue 16)."""
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/chat', request_template: '{\"m\": {messages}}'}\n"
        "golden_prompts: [hi]\nmutations: {count: 2, types: [paraphrase, multi_turn_attack]}\n"
    )
    code = (
        "import sys\nfrom windtunnel.cli.entry import main\n"
        f"try:\n    main(['validate', '-c', {str(cfg)!r}])\n"
        "except SystemExit as ex:\n    assert not ex.code, ex.code\n"
        f"print(sorted(m for m in {(*HEAVY, 'windtunnel.agents.http')!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_validate_of_the_example_reads_no_line_map_compiles_no_lazy_pattern_and_reads_its_contract_once() -> None:
    """What `validate` does without a message to give (issue 28): the config's line map is worked out only for a
    message that names a line (the pure-Python YAML reader reads the file a second time for it), the replayed
    incident's contract is the config's own file (its contract was validated with the config), and the patterns of
    the invariants and mutators wait for their first match."""
    code = """
import json, sys
from windtunnel._util import yamlsource
from windtunnel.replay import contract
seen = []
read_lines = yamlsource._read_lines
yamlsource._read_lines = lambda *a: (seen.append("line map"), read_lines(*a))[1]
contract._load_contract_file = lambda *a: seen.append("contract file")
from windtunnel.cli.entry import main
try:
    main(["validate", "-c", "examples/support_agent/windtunnel.yaml", "--no-import"])
except SystemExit as ex:
    assert not ex.code, ex.code
from windtunnel._util.lazyre import _LazyPattern
lazy = {f"{m.__name__}.{n}": "_compiled" in vars(v) for m in list(sys.modules.values())
        if m and m.__name__.startswith("windtunnel.") for n, v in vars(m).items() if isinstance(v, _LazyPattern)}
print(json.dumps([seen, lazy]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    seen, lazy = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == []
    assert len(lazy) >= 30  # the patterns are declared, lazily
    # compiled: only the mutators' word pattern, which preflight's mutation plan for the first golden prompt uses
    assert {name.rsplit(".", 1)[1] for name, compiled in lazy.items() if compiled} <= {"WORD_RE"}, lazy
