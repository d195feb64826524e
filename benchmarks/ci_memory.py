"""``windtunnel ci`` at 5,500 and 55,000 cells: peak RSS of the command (issue 16).

The same config as ``benchmarks/scale.py`` (golden prompts × the default mutations, a no-op python
agent, concurrency 100), run by ``windtunnel ci`` in a fresh process with the store on; the child's own
peak RSS (VmHWM). Target: the RSS at 10× the cells ≤ 1.5× the RSS at 1×.
Run from the repository root: ``python -m benchmarks ci_memory`` (``--prompts N`` for another size).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from benchmarks.scale import _CPU, ROOT, config, measured

Result = tuple[str, str, str, bool]


def ci_command(prompts: int, tmp: Path) -> tuple[float, float, int]:
    """`windtunnel ci` on ``prompts`` × 11 cells in a fresh process: (wall s, CPU s, peak RSS KiB)."""
    import yaml

    cfg = config(prompts).model_dump(mode="json", exclude_unset=True)
    path = tmp / f"windtunnel-{prompts}.yaml"
    path.write_text(yaml.safe_dump(cfg))
    argv = [
        "ci",
        "-c",
        str(path),
        "--seed",
        "1",
        "-o",
        str(tmp / f"ci{prompts}"),
        "--store",
        str(tmp / f"runs{prompts}.db"),
    ]
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    code = f"from windtunnel.cli.app import main; main({argv!r})"
    out, wall, rss = measured(_CPU + code, env)
    cpu = float(next(line.split()[1] for line in reversed(out.splitlines()) if line.startswith("CPU ")))
    return wall, cpu, rss


def main() -> list[Result]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prompts", type=int, default=5000, help="golden prompts at 10× (× 11 cells each)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small = ci_command(args.prompts // 10, Path(tmp))
        big = ci_command(args.prompts, Path(tmp))
    n_small, n_big = args.prompts // 10 * 11, args.prompts * 11
    ratio = big[2] / small[2]
    print(
        f"`windtunnel ci`: {n_small:,} cells {small[0]:.1f} s wall / {small[1]:.1f} s CPU, peak RSS "
        f"{small[2] / 1024:.0f} MiB; {n_big:,} cells {big[0]:.1f} s wall / {big[1]:.1f} s CPU, peak RSS "
        f"{big[2] / 1024:.0f} MiB: ratio {ratio:.2f} (target ≤ 1.5: {'met' if ratio <= 1.5 else 'MISSED'})"
    )
    measured_ = f"{ratio:.2f}× ({small[2] / 1024:.0f} → {big[2] / 1024:.0f} MiB)"
    return [
        (
            f"`windtunnel ci` peak RSS, {n_big // 1000}k vs {n_small / 1000:.1f}k cells",
            measured_,
            "≤ 1.5×",
            ratio <= 1.5,
        )
    ]


if __name__ == "__main__":
    main()
