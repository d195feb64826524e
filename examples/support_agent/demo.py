"""`make demo`: the bundled support agent end to end, offline.

Each step runs the real `windtunnel` command and checks that it ended the way it should (a step that is
*expected* to fail, like the unfixed agent's contract, counts as a success of the demo when it fails).
Reports land in reports/demo/.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CFG = "examples/support_agent/windtunnel.yaml"
OUT = Path("reports/demo")

STEPS: list[tuple[str, list[str], set[int]]] = [
    ("check the config without calling the agent", ["validate", "-c", CFG], {0}),
    (
        "golden prompts and their adversarial mutations against the robust agent",
        ["run", "-c", CFG, "--format", "json", "-o", str(OUT / "run.json"), "--min-score", "60"],
        {0},
    ),
]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for i, (title, args, expected) in enumerate(STEPS, 1):
        print(f"\n[{i}/{len(STEPS)}] {title}\n$ windtunnel {' '.join(args)}", flush=True)
        code = subprocess.run([sys.executable, "-m", "windtunnel", *args], cwd=ROOT).returncode
        ok = code in expected
        bad += not ok
        print(f"→ exit {code} ({'as expected' if ok else f'expected {sorted(expected)}'})", flush=True)
    print(f"\ndemo {'finished' if not bad else f'had {bad} unexpected outcome(s)'}; reports in {OUT}/")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
