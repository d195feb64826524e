"""The harness at scale (issue #16): per-cell overhead, memory, and the `windtunnel run` command itself.

    python -m benchmarks scale            # or: python benchmarks/scale.py [--prompts 5000] [--million]

1. Overhead: a no-op async python agent at concurrency 100; 5,000 golden prompts with the default
   mutations (55,000 cells); the run store and the JSON report on. The engine pipeline (lazy plan →
   bounded worker pool → batched store → streamed JSON report) against a bare pool of 100 anyio
   workers calling the same agent the same number of times. Target: ≤ 50 µs per cell over the pool.
   Printed beside it: the CPU of this machine's reference workload (plain-Python record work, see
   ``reference_us``) and the per-cell figure in its units, so figures from different machines compare.
2. Memory: peak RSS of that pipeline, each in a fresh process, at 5,500 and 55,000 cells. Target:
   ≤ 1.5× (flat). ``--million`` also runs 1,000,000 cells (90,910 prompts; several minutes).
3. The ``windtunnel run`` command itself (store and JSON report on), at 5,500 and 55,000 cells, each in a
   fresh process: peak RSS ratio (target ≤ 1.5×) and CPU per extra cell over the bare pool (target ≤ 50 µs).
   Before it, the CPU of reading its 5,000-prompt YAML config, beside the pure-Python YAML reader's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

sys.modules.setdefault("benchmarks.scale", sys.modules[__name__])
ROOT = Path(__file__).resolve().parents[1]
CONCURRENCY = 100


async def noop_agent(prompt: Any) -> str:
    return "ok"


def config(prompts: int) -> Any:
    from windtunnel.config.model import Config

    return Config.model_validate(
        {
            "version": "1",
            "agent": {"type": "python", "endpoint": "benchmarks.scale:noop_agent"},
            "golden_prompts": [f"Where is my order number {i}, and when will it ship?" for i in range(prompts)],
            "invariants": [{"type": "contains", "value": "ok"}],
            "advanced": {"concurrency": CONCURRENCY},
        }
    )


def pipeline(prompts: int, workdir: Path) -> tuple[float, float, int]:
    """One run through the engine's streaming pieces; returns (wall seconds, CPU seconds, cells)."""
    from windtunnel.engine.plan import iter_plan
    from windtunnel.engine.report import build_report
    from windtunnel.engine.session import RunSession, run_invariants
    from windtunnel.engine.sink import ResultSink
    from windtunnel.mutations.scoring import type_weights
    from windtunnel.reports.stream import render_streamed
    from windtunnel.store import RunStore

    cfg = config(prompts)
    t0, c0 = time.perf_counter(), time.process_time()
    store = RunStore(workdir / "runs.db")
    run_id = store.start_run({"mode": "run", "seed": 1})
    invariants, _ = run_invariants(cfg)
    sink = ResultSink(
        store=store,
        run_id=run_id,
        reproduce_base=["windtunnel", "run", "-c", "windtunnel.yaml", "--seed", "1"],
        weights=type_weights(cfg.mutations.weights),
    )
    notices: list[str] = []
    session = RunSession(cfg, invariants, concurrency=CONCURRENCY, listeners=[sink])
    anyio.run(session.run, iter_plan(cfg, seed=1, notices=notices))
    summary = sink.summary().as_dict()
    store.finish_run(run_id, summary, "passed" if summary["passed"] else "failed")
    head = build_report(
        run_id=run_id,
        mode="run",
        seed=1,
        started_at="",
        finished_at="",
        summary=summary,
        cells=[],
        notices=notices,
    )
    render_streamed(head, sink.cells, "json", workdir / "report.json")
    store.close()
    return time.perf_counter() - t0, time.process_time() - c0, sink.completed


async def _bare(calls: int) -> None:
    pending = iter(range(calls))

    async def worker() -> None:
        for i in pending:
            await noop_agent(f"p{i}")

    async with anyio.create_task_group() as tg:
        for _ in range(CONCURRENCY):
            tg.start_soon(worker)


def bare(calls: int) -> tuple[float, float]:
    """(wall, CPU) seconds of the bare pool."""
    t0, c0 = time.perf_counter(), time.process_time()
    anyio.run(_bare, calls)
    return time.perf_counter() - t0, time.process_time() - c0


def _child(prompts: int) -> None:
    """In a fresh process: run the pipeline, print seconds and cells."""
    with tempfile.TemporaryDirectory() as tmp:
        dt, cpu, cells = pipeline(prompts, Path(tmp))
    print(f"{dt} {cpu} {cells}", flush=True)


_HWM = (
    "import atexit, sys\n"
    "def _hwm():\n"
    "    for line in open('/proc/self/status'):\n"
    "        if line.startswith('VmHWM:'):\n"
    "            sys.stderr.write('\\nVmHWM ' + line.split()[1] + '\\n')\n"
    "atexit.register(_hwm)\n"
)
"""Prepended to a child's code: its own peak RSS (VmHWM) on stderr at exit. ``ru_maxrss`` is no use here:
Linux carries the parent's high-water mark over fork and exec, so a big parent makes every child look big."""


def measured(code: str, env: dict[str, str] | None = None, ok: tuple[int, ...] = (0, 1)) -> tuple[str, float, int]:
    """Run python ``code`` in a child process: (stdout, wall seconds, peak RSS in KiB); an exit code not in
    ``ok`` (1 is a run whose checks failed) stops the benchmark with the child's stderr."""
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _HWM + code], capture_output=True, cwd=ROOT, text=True, env=env, check=False
    )
    wall = time.perf_counter() - t0
    if proc.returncode not in ok:
        raise RuntimeError(f"child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    marks = [line.split()[1] for line in proc.stderr.splitlines() if line.startswith("VmHWM ")]
    return proc.stdout, wall, int(marks[-1]) if marks else 0


def child_pipeline(prompts: int) -> tuple[float, float, int, int]:
    """The pipeline in a fresh process: (wall s, CPU s, cells, peak RSS KiB)."""
    out, _, rss = measured(f"from benchmarks.scale import _child; _child({prompts})", ok=(0,))
    dt, cpu, cells = out.split()
    return float(dt), float(cpu), int(cells), rss


Result = tuple[str, str, str, bool]


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def _reference_unit() -> None:
    """The machine's reference workload, one unit: the kind of work a cell costs the harness (build a
    small record, serialise it, parse it back, format a line, sort a few keys), in plain Python."""
    record = {
        "id": "c1",
        "kind": "mutation",
        "prompt": "Where is my order number 17, and when will it ship?",
        "status": "passed",
        "latency_ms": 12.5,
        "checks": [{"type": "contains", "passed": True, "detail": "found 'ok'"}],
        "faults": [],
    }
    text = json.dumps(record)
    back = json.loads(text)
    line = f"{back['id']}:{back['kind']}:{back['status']}:{back['latency_ms']:.1f}"
    sorted(back, key=str.lower)
    hash(line)


def reference_us(units: int = 20_000, repeats: int = 5) -> float:
    """CPU µs of one unit of the reference workload on this machine (the best of ``repeats``)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(units):
            _reference_unit()
        best = min(best, time.process_time() - t0)
    return best / units * 1e6


def overhead(prompts: int, results: list[Result]) -> None:
    runs = [child_pipeline(prompts) for _ in range(2)]
    dt = min(r[0] for r in runs)
    cpu = min(r[1] for r in runs)
    cells = runs[0][2]
    bares = [bare(cells) for _ in range(3)]
    b_wall, b_cpu = min(b[0] for b in bares), min(b[1] for b in bares)
    per_cell = (cpu - b_cpu) / cells * 1e6
    per_cell_wall = (dt - b_wall) / cells * 1e6
    ok = per_cell <= 50
    ref = reference_us()
    measured_ = f"{per_cell:.0f} µs CPU ({per_cell_wall:.0f} µs wall; {per_cell / ref:.1f} reference units)"
    results.append(("harness overhead per cell (55k cells)", measured_, "≤ 50 µs", ok))
    print(
        f"overhead: {cells:,} cells (no-op agent, mutations, store, JSON report) at concurrency {CONCURRENCY}: "
        f"pipeline {dt:.2f} s wall / {cpu:.2f} s CPU, bare anyio pool {b_wall:.3f} s / {b_cpu:.3f} s → "
        f"{per_cell:.1f} µs CPU ({per_cell_wall:.1f} µs wall) per cell (target ≤ 50 µs: {verdict(ok)})"
    )
    print(
        f"  this machine's reference workload: {ref:.2f} µs CPU per unit, so a cell costs {per_cell / ref:.1f} units "
        f"(compare units across machines; load average {os.getloadavg()[0]:.1f})"
    )


def memory(prompts: int, results: list[Result], *, million: bool) -> None:
    small = child_pipeline(prompts // 10)
    big = child_pipeline(prompts)
    ratio = big[3] / small[3]
    ok = ratio <= 1.5
    results.append(
        ("peak RSS, 55k vs 5.5k cells", f"{ratio:.2f}× ({small[3] / 1024:.0f} → {big[3] / 1024:.0f} MiB)", "≤ 1.5×", ok)
    )
    print(
        f"memory: peak RSS {small[3] / 1024:.0f} MiB at {small[2]:,} cells, {big[3] / 1024:.0f} MiB at "
        f"{big[2]:,} cells: ratio {ratio:.2f} (target ≤ 1.5: {verdict(ok)})"
    )
    if million:
        dt, _cpu, cells, rss = child_pipeline(90_910)
        ok = cells >= 1_000_000
        results.append(("1M cells complete", f"{cells:,} cells, {dt:.0f} s, {rss / 1024:.0f} MiB", "complete", ok))
        print(f"1M cells: {cells:,} cells in {dt:.0f} s, peak RSS {rss / 1024:.0f} MiB ({verdict(ok)})")


def _command(prompts: int, tmp: Path) -> tuple[float, float, int]:
    """`windtunnel run` as a user runs it (store and JSON report on), in a fresh process: (wall s, CPU s, RSS KiB)."""
    import yaml

    cfg = config(prompts).model_dump(mode="json", exclude_unset=True)
    path = tmp / f"windtunnel-{prompts}.yaml"
    path.write_text(yaml.safe_dump(cfg))
    argv = ["run", "-c", str(path), "--seed", "1", "-q"]
    argv += ["-o", str(tmp / f"r{prompts}.json"), "--store", str(tmp / f"runs{prompts}.db")]
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    code = f"from windtunnel.cli.app import main; main({argv!r})"
    out, wall, rss = measured(_CPU + code, env)
    cpu = float(next(line.split()[1] for line in reversed(out.splitlines()) if line.startswith("CPU ")))
    return wall, cpu, rss


_CPU = "import atexit, os\natexit.register(lambda: print('\\nCPU', sum(os.times()[:2]), flush=True))\n"
"""Prepended to a command's code: the process's own CPU seconds on stdout at exit."""


def config_load(prompts: int) -> None:
    """Reading the command's YAML config (``config.load``), CPU: libyaml's fast path against the pure-Python
    reader with its line map (what every config used before, and what reports an error's line)."""
    import yaml

    from windtunnel._util import yamlsource
    from windtunnel.config.load import parse_config

    text = yaml.safe_dump(config(prompts).model_dump(mode="json", exclude_unset=True))

    def cpu(read: Any) -> float:
        best = float("inf")
        for _ in range(3):
            c0 = time.process_time()
            read()
            best = min(best, time.process_time() - c0)
        return best

    fast = cpu(lambda: parse_config(text, "windtunnel.yaml"))
    slow = cpu(lambda: yamlsource._read_lines(text, yamlsource.SourceMap("windtunnel.yaml")))
    lines = cpu(lambda: parse_config(text, "windtunnel.yaml")._lines.lines)
    print(
        f"config load ({prompts:,} prompts, {len(text) / 1024:.0f} KiB of YAML): {fast * 1e3:.0f} ms CPU with "
        f"libyaml ({fast / (prompts * 11) * 1e6:.1f} µs per cell), the pure-Python reader alone "
        f"{slow * 1e3:.0f} ms; the line map when an error asks for it: {lines * 1e3:.0f} ms"
    )


def cli_run(prompts: int, results: list[Result]) -> None:
    """The `windtunnel run` command on the same cells, at 1× and 10×: peak RSS and per-cell overhead.

    Per cell: the command's CPU at 10× minus at 1× (start-up, imports and the counting pass's fixed
    costs cancel), over the extra cells, minus a bare pool's CPU per call."""
    with tempfile.TemporaryDirectory() as tmp:
        small = _command(prompts // 10, Path(tmp))
        big = _command(prompts, Path(tmp))
    n_small, n_big = prompts // 10 * 11, prompts * 11
    _, b_cpu = min((bare(n_big - n_small) for _ in range(3)), key=lambda b: b[1])
    per_cell = ((big[1] - small[1]) - b_cpu) / (n_big - n_small) * 1e6
    ratio = big[2] / small[2]
    results.append(
        (
            "`windtunnel run` peak RSS, 55k vs 5.5k cells",
            f"{ratio:.2f}× ({small[2] / 1024:.0f} → {big[2] / 1024:.0f} MiB)",
            "≤ 1.5×",
            ratio <= 1.5,
        )
    )
    results.append(("`windtunnel run` overhead per cell", f"{per_cell:.0f} µs CPU", "≤ 50 µs", per_cell <= 50))
    print(
        f"`windtunnel run`: {n_small:,} cells {small[0]:.2f} s wall / {small[1]:.2f} s CPU, peak RSS "
        f"{small[2] / 1024:.0f} MiB; {n_big:,} cells {big[0]:.2f} s wall / {big[1]:.2f} s CPU "
        f"({big[0] / n_big * 1e6:.0f} µs wall per cell), peak RSS {big[2] / 1024:.0f} MiB: RSS ratio {ratio:.2f} "
        f"(target ≤ 1.5: {verdict(ratio <= 1.5)}); {per_cell:.1f} µs CPU per cell over a bare pool "
        f"(target ≤ 50: {verdict(per_cell <= 50)})"
    )


def main() -> list[Result]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prompts", type=int, default=5000, help="golden prompts (× 11 cells each)")
    parser.add_argument("--million", action="store_true", help="also run 1,000,000 cells")
    parser.add_argument("--command-only", action="store_true", help="only measure the `windtunnel run` command")
    parser.add_argument("--overhead-only", action="store_true", help="only measure the per-cell overhead")
    args = parser.parse_args()
    results: list[Result] = []
    if args.command_only:
        config_load(args.prompts)
        cli_run(args.prompts, results)
        return results
    overhead(args.prompts, results)
    if args.overhead_only:
        return results
    memory(args.prompts, results, million=args.million or os.environ.get("WINDTUNNEL_BENCH_MILLION") == "1")
    config_load(args.prompts)
    cli_run(args.prompts, results)
    return results


if __name__ == "__main__":
    main()
