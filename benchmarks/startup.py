"""Start-up: ``windtunnel validate`` and ``windtunnel --help`` beside ``python -c pass`` (issue #16).

Targets: ``validate`` ≤ 2× the floor (importing pydantic + yaml and validating one model, measured in the
same run; judged on CPU time, which a busy machine disturbs least) and ``--help`` ≤ 10× ``python -c pass``
(median wall time of fresh processes); CPU times (steadier on a loaded machine) are printed beside them. The
floors are printed too: what importing pydantic and yaml alone costs, and what declaring and validating
one one-field pydantic model costs on top (pydantic imports the rest of itself with the first model:
``validate`` cannot go below that while pydantic validates the config), and a config whose agent is not
imported (the bundled example's ``agent.llm`` module imports httpx, which imports rich, click and
pygments: the agent's cost, not windtunnel's).

Bytecode is written and used as an installed package would (``PYTHONDONTWRITEBYTECODE`` is dropped for
the measured processes, and each command runs once before it is timed): without ``.pyc`` files every
run compiles windtunnel's sources again.
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
RUNS = 7
OWN_CONFIG = """agent: {type: http, endpoint: "http://127.0.0.1:9/chat"}
golden_prompts: ["Where is my order ORD-10002?", "What is your return policy?"]
mutations: {count: 3, types: [paraphrase, noise, prompt_injection]}
invariants:
  - {type: contains, value: "order"}
  - {type: latency, max_ms: 2000}
"""

ONE_MODEL = "import yaml\nfrom pydantic import BaseModel\nclass M(BaseModel):\n    a: int = 0\nM.model_validate({})"


def _timed(cmd: list[str]) -> tuple[float, float]:
    """``(wall, cpu)`` seconds: medians over :data:`RUNS` fresh processes after one warm-up run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    walls, cpus = [], []
    for i in range(RUNS + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=False, capture_output=True, cwd=ROOT, env=env)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if i:  # the first run writes the bytecode and warms the file cache
            walls.append(wall)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> list[Result]:
    exe = Path(sys.executable).parent / "windtunnel"
    base = [str(exe)] if exe.exists() else [sys.executable, "-m", "windtunnel"]
    with tempfile.TemporaryDirectory() as tmp:
        own = Path(tmp) / "windtunnel.yaml"
        own.write_text(OWN_CONFIG, encoding="utf-8")
        rows = {
            "python -c pass": _timed([sys.executable, "-c", "pass"]),
            "python -c 'import pydantic, yaml' (floor)": _timed(
                [sys.executable, "-c", "from pydantic import BaseModel; import yaml"]
            ),
            "python: pydantic + yaml + one model (floor)": _timed([sys.executable, "-c", ONE_MODEL]),
            "windtunnel --help": _timed([*base, "--help"]),
            "windtunnel validate (example, --no-import)": _timed(
                [*base, "validate", "-c", str(EXAMPLE), "--no-import"]
            ),
            "windtunnel validate (http agent config)": _timed([*base, "validate", "-c", str(own)]),
        }
    py_wall, py_cpu = rows["python -c pass"]
    for name, (wall, cpu) in rows.items():
        print(
            f"startup: {name:46} {wall * 1000:6.0f} ms wall ({wall / py_wall:5.1f}×), "
            f"{cpu * 1000:5.0f} ms CPU ({cpu / py_cpu:5.1f}×)"
        )
    h = rows["windtunnel --help"][0] / py_wall
    v = rows["windtunnel validate (example, --no-import)"][0] / py_wall
    floor = rows["python -c 'import pydantic, yaml' (floor)"][0] / py_wall
    model = rows["python: pydantic + yaml + one model (floor)"][0] / py_wall
    val, one = rows["windtunnel validate (example, --no-import)"], rows["python: pydantic + yaml + one model (floor)"]
    to_floor, to_floor_wall = val[1] / one[1], val[0] / one[0]
    print(
        f"startup: `--help` {h:.1f}× (target ≤ 10×); `validate` {v:.1f}× python -c pass, "
        f"{to_floor:.2f}× the floor in CPU ({to_floor_wall:.2f}× in wall time; target ≤ 2×; "
        f"pydantic + yaml alone: {floor:.1f}×, with one model: {model:.1f}×); load average {os.getloadavg()[0]:.1f}"
    )
    return [
        ("`windtunnel --help` start-up", f"{h:.1f}× python -c pass", "≤ 10×", h <= 10),
        (
            "`windtunnel validate` start-up",
            f"{to_floor:.2f}× the floor in CPU ({v:.1f}× python -c pass; floor {model:.1f}×)",
            "≤ 2× the floor",
            to_floor <= 2,
        ),
    ]


if __name__ == "__main__":
    main()
