"""Start-up cost: ``windtunnel --help`` and ``import windtunnel`` beside ``python -c pass``.

Targets (issue #14): both under 0.3 s. Each is the median of several fresh processes, measured in one run.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = 9


def _median(cmd: list[str]) -> float:
    def once() -> float:
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        return time.perf_counter() - t0

    once()  # warm the file cache
    return statistics.median(once() for _ in range(RUNS))


def main() -> None:
    exe = Path(sys.executable).parent / "windtunnel"
    help_cmd = [str(exe), "--help"] if exe.exists() else [sys.executable, "-m", "windtunnel", "--help"]
    bare = _median([sys.executable, "-c", "pass"])
    rows = [
        ("python -c pass", bare),
        ("python -c 'import windtunnel'", _median([sys.executable, "-c", "import windtunnel"])),
        ("windtunnel --help", _median(help_cmd)),
    ]
    for name, t in rows:
        print(f"{name:32} {t * 1000:6.0f} ms   (+{(t - bare) * 1000:.0f} ms over bare python; target < 300 ms)")


if __name__ == "__main__":
    main()
