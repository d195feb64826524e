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

LEAK = "examples/leakage/tickets.jsonl"
BEFORE_FIX = "examples/support_agent/incidents/agent-before-fix.yaml"
INCIDENT = "examples/support_agent/incidents/order-status-timeout.yaml"

STEPS: list[tuple[str, list[str], set[int]]] = [
    ("check the config without calling the agent", ["validate", "-c", CFG], {0}),
    (
        "golden prompts and their adversarial mutations (injections, encodings, noise, paraphrases ...)",
        ["run", "-c", CFG, "-q", "--format", "html", "-o", str(OUT / "run.html"), "--min-score", "60"],
        {0},
    ),
    (
        "golden prompts under tool and LLM faults injected at the agent's own tool and model calls",
        ["run", "-c", CFG, "-q", "--chaos-only", "--repeat", "3", "-f", "json", "-o", str(OUT / "chaos.json")],
        {0},
    ),
    (
        "the agent on the real openai SDK: LLM faults injected below the SDK, met with its own retries",
        ["run", "-c", "examples/support_agent/windtunnel.openai.yaml", "-q", "--chaos-only", "--repeat", "2",
         "-f", "json", "-o", str(OUT / "chaos-openai.json")],
        {0},
    ),
    (
        "the contract matrix: no critical failure; the poisoned order note costs a few points",
        ["contract", "run", "-c", CFG, "-q", "--min-score", "90", "-f", "json", "-o", str(OUT / "contract.json")],
        {0},
    ),
    (
        "the recorded incident replayed against the agent as it was: it invents a delivery date again",
        ["replay", "run", INCIDENT, "-c", BEFORE_FIX, "-q"],
        {1},
    ),
    ("the same incident against the fixed agent", ["replay", "run", "-c", CFG, "-q"], {0}),
    (
        "every phase once, one weighted score for CI",
        ["ci", "-c", CFG, "-q", "--min-score", "80", "-o", str(OUT / "ci")],
        {0},
    ),
    ("ground-truth leakage: the raw eval leaks the answer through four channels", ["leak", "scan", LEAK], {1}),
    (
        "sanitize it without changing the schema",
        [
            "leak", "sanitize", LEAK, "-o", str(OUT / "tickets.sanitized.jsonl"),
            "--stats", str(OUT / "redactions.jsonl"),
        ],
        {0},
    ),
    (
        "the CI assertion: raw leaks on every item, sanitized on none",
        ["leak", "check", "--raw", LEAK, "--sanitized", str(OUT / "tickets.sanitized.jsonl")],
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
