"""Start-up: ``windtunnel validate`` and ``windtunnel --help`` beside ``python -c pass`` (issues #16 and #28).

Targets: ``validate`` ≤ 2× the floor (importing pydantic + yaml and validating one model, measured in the
same run; issue #28) and ``--help`` ≤ 10× ``python -c pass`` (issue #16; #28 changed the ``validate`` target
only). Both are judged on CPU time, the median of fresh processes: on a machine shared by other jobs the wall
time of a process that needs 8 ms of CPU is mostly its wait for a core (``python -c pass`` took 26 ms of wall
time for 8 ms of CPU at load average 4), so a wall ratio measures the load more than the start-up; wall times
are printed beside. The floors are printed too: what importing pydantic and yaml alone costs, and what
declaring and validating one one-field pydantic model costs on top (pydantic imports the rest of itself with
the first model: ``validate`` cannot go below that while pydantic validates the config), and a config whose
agent is not imported (the bundled example's ``agent.llm`` module imports httpx, which imports rich, click and
pygments: the agent's cost, not windtunnel's).

Bytecode is written and used as an installed package would (``PYTHONDONTWRITEBYTECODE`` is dropped for
the measured processes, and each command runs once before it is timed): without ``.pyc`` files every
run compiles windtunnel's sources again. The commands are interleaved (one run of each in turn, :data:`RUNS`
rounds), so a change in the machine's load reaches every figure alike.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

Result = tuple[str, str, str, bool]
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "support_agent" / "windtunnel.yaml"
RUNS = 9
OWN_CONFIG = """agent: {type: http, endpoint: "http://127.0.0.1:9/chat"}
golden_prompts: ["Where is my order ORD-10002?", "What is your return policy?"]
mutations: {count: 3, types: [paraphrase, noise, prompt_injection]}
invariants:
  - {type: contains, value: "order"}
  - {type: latency, max_ms: 2000}
"""

ONE_MODEL = "import yaml\nfrom pydantic import BaseModel\nclass M(BaseModel):\n    a: int = 0\nM.model_validate({})"


def _env() -> dict[str, str]:
    """The environment of the measured processes: bytecode written and used (see the module docstring)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _once(cmd: list[str]) -> tuple[float, float]:
    """``(wall, cpu)`` seconds of one fresh process running ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=False, capture_output=True, cwd=ROOT, env=_env())
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _timed(cmds: dict[str, list[str]]) -> dict[str, tuple[float, float]]:
    """``{name: (wall, cpu)}``: medians over :data:`RUNS` rounds, each running every command once in turn, after
    one warm-up round (it writes the bytecode and warms the file cache)."""
    for cmd in cmds.values():
        _once(cmd)
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    for _ in range(RUNS):
        for name, cmd in cmds.items():
            runs[name].append(_once(cmd))
    return {
        name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got)) for name, got in runs.items()
    }


def main() -> list[Result]:
    exe = Path(sys.executable).parent / "windtunnel"
    base = [str(exe)] if exe.exists() else [sys.executable, "-m", "windtunnel"]
    with tempfile.TemporaryDirectory() as tmp:
        own = Path(tmp) / "windtunnel.yaml"
        own.write_text(OWN_CONFIG, encoding="utf-8")
        rows = _timed(
            {
                "python -c pass": [sys.executable, "-c", "pass"],
                "python -c 'import pydantic, yaml' (floor)": [
                    sys.executable,
                    "-c",
                    "from pydantic import BaseModel; import yaml",
                ],
                "python: pydantic + yaml + one model (floor)": [sys.executable, "-c", ONE_MODEL],
                "windtunnel --help": [*base, "--help"],
                "windtunnel validate (example, --no-import)": [*base, "validate", "-c", str(EXAMPLE), "--no-import"],
                "windtunnel validate (http agent config)": [*base, "validate", "-c", str(own)],
            }
        )
    py_wall, py_cpu = rows["python -c pass"]
    one_wall, one_cpu = rows["python: pydantic + yaml + one model (floor)"]
    for name, (wall, cpu) in rows.items():
        print(
            f"startup: {name:46} {wall * 1000:6.0f} ms wall ({wall / py_wall:5.1f}×), "
            f"{cpu * 1000:5.0f} ms CPU ({cpu / py_cpu:5.1f}×; {cpu / one_cpu:4.2f}× the floor)"
        )
    h = rows["windtunnel --help"][1] / py_cpu
    h_wall = rows["windtunnel --help"][0] / py_wall
    val = rows["windtunnel validate (example, --no-import)"]
    http = rows["windtunnel validate (http agent config)"]
    v = val[1] / py_cpu
    to_floor, to_floor_wall, http_floor = val[1] / one_cpu, val[0] / one_wall, http[1] / one_cpu
    floor = rows["python -c 'import pydantic, yaml' (floor)"][1] / py_cpu
    model = one_cpu / py_cpu
    print(
        f"startup: `--help` {h:.1f}× python -c pass in CPU ({h_wall:.1f}× in wall time; target ≤ 10×); `validate` "
        f"{to_floor:.2f}× the floor in CPU ({to_floor_wall:.2f}× in wall time; the http config {http_floor:.2f}×; "
        f"target ≤ 2×; {v:.1f}× python -c pass; pydantic + yaml alone: {floor:.1f}×, with one model: {model:.1f}×); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    return [
        ("`windtunnel --help` start-up", f"{h:.1f}× python -c pass in CPU ({h_wall:.1f}× wall)", "≤ 10×", h <= 10),
        (
            "`windtunnel validate` start-up",
            f"{to_floor:.2f}× the floor in CPU ({v:.1f}× python -c pass; floor {model:.1f}×)",
            "≤ 2× the floor",
            to_floor <= 2,
        ),
    ]


if __name__ == "__main__":
    main()
