"""Run every benchmark in turn: python -m benchmarks [name ...]"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main() -> None:
    wanted = set(sys.argv[1:])
    here = Path(__file__).parent
    for mod in sorted(m.name for m in pkgutil.iter_modules([str(here)])):
        if mod.startswith("_") or (wanted and mod not in wanted):
            continue
        module = importlib.import_module(f"benchmarks.{mod}")
        if hasattr(module, "main"):
            print(f"\n=== {mod} ===", flush=True)
            argv, sys.argv = sys.argv, [f"benchmarks/{mod}.py"]  # each benchmark runs with its defaults
            try:
                module.main()
            finally:
                sys.argv = argv


if __name__ == "__main__":
    main()
