"""Ctrl-C a real `windtunnel run` at random moments and check what docs/cli.md promises each time.

    python scripts/sigint_stress.py [--tries 200] [--double 20] [--command run|contract|ci] [--seed N]

Each try: a fresh directory, a python agent that sleeps a little per call (44 cells), `run -f json -o
int.json`, SIGINT after a random delay (0.05 s to the end of the run; `--double` tries send it twice,
a few ms apart, as an impatient user does). Checked: exit 130 (or 0/1 when the run had already ended),
the summary and the `--resume` line (or "interrupted before any cell ran"), the report file marked
partial, the store's run `interrupted` with as many cells as the report. Failures are printed with the
try's output and kept in their directory. Exit 1 when any try broke a promise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

AGENT = """import time

def handle(prompt: str) -> str:
    time.sleep(0.06)
    return "answer: " + prompt
"""

CONFIG = """version: "2.0"
agent:
  type: python
  endpoint: "stress_agent:handle"
  timeout: 10000
mutations:
  count: 10
  types: [paraphrase, noise, tone_shift, prompt_injection, length_extremes]
golden_prompts:
  - "Where is my order ORD-10002?"
  - "What is your return policy?"
  - "How long does shipping take?"
  - "Please refund $20 for order ORD-10003."
invariants:
  - type: output_not_empty
advanced:
  concurrency: 2
"""

CONTRACT = """version: "2.0"
agent:
  type: python
  endpoint: "stress_agent:handle"
  timeout: 10000
golden_prompts:
  - "Where is my order ORD-10002?"
  - "What is your return policy?"
  - "How long does shipping take?"
  - "Please refund $20 for order ORD-10003."
  - "Can I change my address?"
  - "Do you ship abroad?"
invariants:
  - type: output_not_empty
contract:
  name: stress
  invariants:
    - id: answers
      type: output_not_empty
      severity: high
  chaos_matrix:
    - name: plain
      tool_faults: []
    - name: plain-2
      tool_faults: []
    - name: plain-3
      tool_faults: []
"""


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def setup(root: Path, command: str) -> list[str]:
    (root / "stress_agent.py").write_text(AGENT)
    (root / "slow.yaml").write_text(CONTRACT if command == "contract" else CONFIG)
    exe = [sys.executable, "-m", "windtunnel"]
    if command == "contract":
        return [*exe, "contract", "run", "-c", "slow.yaml", "-f", "json", "-o", "int.json"]
    if command == "ci":
        return [*exe, "ci", "-c", "slow.yaml", "-o", "ci-out"]
    return [*exe, "run", "-c", "slow.yaml", "-f", "json", "-o", "int.json"]


SRC: list[str] = []
"""Source trees put first on the agent's PYTHONPATH (--src: compare another checkout)."""


def _default_sigint() -> None:
    # a job started in the background of a non-interactive shell inherits SIGINT ignored: Python would
    # then install no handler and the signal would do nothing
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stored_run(root: Path) -> tuple[str, int] | None:
    db = root / ".windtunnel" / "runs.db"
    if not db.exists():
        return None
    con = sqlite3.connect(db)
    try:
        try:
            row = con.execute("SELECT id, status FROM runs ORDER BY rowid DESC LIMIT 1").fetchone()
        except sqlite3.OperationalError:  # the store was being created when the signal came
            return None
        if row is None:
            return None
        n = con.execute("SELECT COUNT(*) FROM cells WHERE run_id = ?", (row[0],)).fetchone()[0]
        return str(row[1]), int(n)
    finally:
        con.close()


def check(root: Path, command: str, code: int, out: str, err: str) -> list[str]:
    """What broke the promise of docs/cli.md for this try (empty: nothing)."""
    problems: list[str] = []
    if "Traceback" in err or "Traceback" in out:
        problems.append("a traceback")
    if code in (0, 1):  # the run ended before the signal: a complete run
        return problems
    if code != 130:
        return [*problems, f"exit {code}, not 130"]
    before = "interrupted before any cell ran" in err
    if before:
        return problems
    if command == "ci":
        if "continue with: windtunnel ci --resume" not in err:
            problems.append("no `ci --resume` line")
        if not (root / "ci-out" / "summary.json").exists():
            problems.append("no ci summary.json")
        return problems
    if "--resume" not in err:
        problems.append("no `--resume` line")
    if "score" not in out.lower() and "resilience" not in out.lower():
        problems.append("no summary on stdout")
    report = root / "int.json"
    if not report.exists():
        problems.append("no report file")
    else:
        try:
            data = json.loads(report.read_text())
        except ValueError as e:
            problems.append(f"report not JSON: {e}")
            data = None
        if data is not None and data.get("run", {}).get("status") != "interrupted":
            problems.append(f"report run.status {data.get('run', {}).get('status')!r}")
    stored = stored_run(root)
    if stored is None:
        problems.append("no run in the store")
    elif stored[0] != "interrupted":
        problems.append(f"store status {stored[0]!r}")
    return problems


def one(base: Path, i: int, command: str, rng: random.Random, span: float, double: bool) -> tuple[list[str], dict]:
    root = base / f"try{i:04d}"
    root.mkdir()
    argv = setup(root, command)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*SRC, str(root)]), "COLUMNS": "120"}
    delay = rng.uniform(0.05, span)
    proc = subprocess.Popen(
        argv, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint
    )
    time.sleep(delay)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        if double:
            time.sleep(rng.uniform(0.0, 0.3))
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return ["hung for 120 s after SIGINT"], {"delay": delay, "out": out, "err": err, "dir": str(root)}
    problems = check(root, command, proc.returncode, out, err)
    return problems, {"delay": delay, "code": proc.returncode, "out": out, "err": err, "dir": str(root)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tries", type=int, default=200)
    ap.add_argument("--double", type=int, default=20, help="of which this many send SIGINT twice")
    ap.add_argument("--command", choices=("run", "contract", "ci"), default="run")
    ap.add_argument("--span", type=float, default=0.0, help="latest delay in s (default: one whole run, timed)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--dir", type=Path, default=None)
    ap.add_argument("--src", type=Path, default=None, help="import windtunnel from this src/ (another checkout)")
    args = ap.parse_args()
    if args.src is not None:
        SRC.append(str(args.src.resolve()))
    rng = random.Random(args.seed)
    base = Path(args.dir or tempfile.mkdtemp(prefix="wt-sigint-"))
    base.mkdir(parents=True, exist_ok=True)
    span = args.span
    if not span:  # time one whole run
        root = base / "timing"
        root.mkdir(exist_ok=True)
        t0 = time.monotonic()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([*SRC, str(root)])}
        subprocess.run(setup(root, args.command), cwd=root, env=env, capture_output=True, check=False)
        span = time.monotonic() - t0
        say(f"one whole {args.command}: {span:.2f} s")
    failed = 0
    codes: dict[int, int] = {}
    for i in range(args.tries):
        problems, info = one(base, i, args.command, rng, span, double=i < args.double)
        codes[info.get("code", -1)] = codes.get(info.get("code", -1), 0) + 1
        if problems:
            failed += 1
            say(
                f"FAIL try {i} (delay {info['delay']:.2f} s, {'double' if i < args.double else 'single'}): "
                + "; ".join(problems)
                + f"  [{info['dir']}]"
            )
            say("  stdout: " + info["out"][-600:].replace("\n", "\n          "))
            say("  stderr: " + info["err"][-1500:].replace("\n", "\n          "))
        else:
            import shutil

            shutil.rmtree(info["dir"], ignore_errors=True)
    say(f"{args.tries} tries, {failed} broke a promise; exit codes {dict(sorted(codes.items()))}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
