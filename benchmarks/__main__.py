"""Run every benchmark in turn: python -m benchmarks [name ...]

Each benchmark prints its figures as it goes; those with a target (issue #16) also return them as
``(figure, measured, target, met)``, and a table of every target, met or MISSED, ends the run.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any


def main() -> None:
    wanted = set(sys.argv[1:])
    here = Path(__file__).parent
    results: list[tuple[str, str, str, bool]] = []
    failed: list[str] = []
    for mod in sorted(m.name for m in pkgutil.iter_modules([str(here)])):
        if mod.startswith("_") or (wanted and mod not in wanted):
            continue
        module = importlib.import_module(f"benchmarks.{mod}")
        if not hasattr(module, "main"):
            continue
        print(f"\n=== {mod} ===", flush=True)
        argv, sys.argv = sys.argv, [f"benchmarks/{mod}.py"]  # each benchmark runs with its defaults
        try:
            out: Any = module.main()
        except Exception as err:  # one broken benchmark must not hide the others' figures
            print(f"{mod}: failed: {type(err).__name__}: {err}", flush=True)
            failed.append(mod)
            continue
        except SystemExit as stop:  # argparse or an exit code: the same, never the end of the whole run
            if stop.code not in (None, 0):
                print(f"{mod}: exited with {stop.code}", flush=True)
                failed.append(mod)
            continue
        finally:
            sys.argv = argv
        if isinstance(out, list):
            results += out
    if results:
        print("\n=== targets ===")
        width = max(len(r[0]) for r in results)
        for figure, measured, target, met in results:
            print(f"{figure:<{width}}  {measured:<40} target {target:<36} {'met' if met else 'MISSED'}")
        missed = [r[0] for r in results if not r[3]]
        tail = f"; missed: {', '.join(missed)}" if missed else ""
        print(f"\n{len(results) - len(missed)} of {len(results)} targets met{tail}")
    if failed:
        print(f"benchmarks that failed to run: {', '.join(failed)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
