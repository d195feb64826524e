"""``make mutation``: mutation testing (mutmut) of the modules that decide verdicts, each against its own tests.

Every module runs in a scratch copy of the repository (mutmut rewrites the code it mutates) with its own
``[tool.mutmut]`` section: only that module is mutated, and only the tests listed for it are run (mutmut
then narrows them further, per mutated function, to the tests that call it). Prints one line per module
(killed / total, score) and the surviving mutants; exits 1 when a module scores below ``--min``.

    python scripts/mutation.py [--min 90] [--jobs 2] [--keep DIR] [MODULE ...]

Equivalent mutants (survivors no test can kill, because the mutated code behaves the same) are listed and
explained in docs/dev/mutation-testing.md; they count as survivors here.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MODULES: dict[str, list[str]] = {
    "src/windtunnel/contracts/scoring.py": [
        "tests/contracts/test_contract_scoring.py",
        "tests/contracts/test_contract_verdict_rules.py",
    ],
    "src/windtunnel/invariants/deterministic.py": [
        "tests/invariants/test_invariant_deterministic.py",
        "tests/invariants/test_invariant_flags.py",
    ],
    "src/windtunnel/engine/scoring.py": ["tests/engine/test_run_scoring.py", "tests/engine/test_runner.py"],
    "src/windtunnel/_util/stats.py": [
        "tests/reports/test_report_stats.py",
        "tests/contracts/test_contract_scoring.py",
        "tests/contracts/test_contract_verdict_rules.py",
    ],
}
COPIED = ("src", "tests", "examples", "pyproject.toml")


def run_module(module: str, tests: list[str], jobs: int, keep: Path | None) -> dict[str, object]:
    work = Path(tempfile.mkdtemp(prefix="wt-mutation-"))
    try:
        for name in COPIED:
            src = REPO / name
            if src.is_dir():
                shutil.copytree(src, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(src, work / name)
        section = (
            "\n[tool.mutmut]\n"
            'source_paths = ["src/"]\n'
            f"only_mutate = [{json.dumps(module)}]\n"
            f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
            'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x", "-m", "not slow"]\n'
            'also_copy = ["examples/"]\n'
        )
        with (work / "pyproject.toml").open("a", encoding="utf-8") as f:
            f.write(section)
        mutmut = [sys.executable, "-m", "mutmut"]
        subprocess.run([*mutmut, "run", "--max-children", str(jobs)], cwd=work, check=False, capture_output=True)
        subprocess.run([*mutmut, "export-cicd-stats"], cwd=work, check=True, capture_output=True)
        stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text(encoding="utf-8"))
        listing = subprocess.run([*mutmut, "results"], cwd=work, check=True, capture_output=True, text=True)
        stats["survivors"] = [line.split(":")[0].strip() for line in listing.stdout.splitlines() if ": " in line]
        stats["diffs"] = {
            name: subprocess.run([*mutmut, "show", name], cwd=work, capture_output=True, text=True).stdout
            for name in stats["survivors"]
        }
        return stats
    finally:
        if keep is not None:
            target = keep / Path(module).stem
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(work, target)
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules to test (default: all verdict modules)")
    parser.add_argument("--min", type=float, default=90.0, help="lowest acceptable score per module (%%)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested in parallel")
    parser.add_argument("--keep", type=Path, help="keep each module's scratch copy under this directory")
    parser.add_argument("--diffs", action="store_true", help="show the diff of every surviving mutant")
    args = parser.parse_args(argv)
    chosen = args.modules or list(MODULES)
    unknown = [m for m in chosen if m not in MODULES]
    if unknown:
        parser.error(f"no test selection for {', '.join(unknown)}; known: {', '.join(MODULES)}")
    failed = False
    for module in chosen:
        stats = run_module(module, MODULES[module], args.jobs, args.keep)
        total = int(stats["total"]) - int(stats["skipped"]) - int(stats["no_tests"])  # type: ignore[call-overload]
        killed = int(stats["killed"]) + int(stats["timeout"])  # type: ignore[call-overload]
        score = 100.0 * killed / total if total else 0.0
        failed |= score < args.min
        below = "" if score >= args.min else " (below --min)"
        out = [f"{module}: {killed}/{total} killed, {score:.1f} %{below}"]
        for name in stats["survivors"]:  # type: ignore[attr-defined]
            out.append(f"  survived: {name}")
            if args.diffs:
                diff = stats["diffs"][name]  # type: ignore[index]
                out += [f"    {line}" for line in diff.splitlines() if line[:1] in "+-"]
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
