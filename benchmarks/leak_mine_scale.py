"""Dataset evidence in linear time (issue #25 item 6): ``leak mine`` on wider records and on more records.

    .venv/bin/python benchmarks/leak_mine_scale.py                        # widths 50..400, records 100..10,000
    .venv/bin/python benchmarks/leak_mine_scale.py --widths 100 200 --records 100 1000
    .venv/bin/python benchmarks/leak_mine_scale.py --command scan         # leak scan --mine instead
    .venv/bin/python benchmarks/leak_mine_scale.py --against /work/main/src   # another tree, side by side

Two series of generated datasets (three labels in turn, nothing planted): ``--width-records`` records (40) of
50, 100, 200 and 400 fields each, and 100, 1,000 and 10,000 records of ``--fixed-width`` fields (10). A field holds
a random code of eight letters and digits (``--kind codes``: each is a short id the record's other texts could
hold), a name of two words (``names``), or a number (``numbers``); every record also has a short text of its own.
A cell runs the command's flow in process (``mine_flow``, or ``scan_flow`` with ``mine=True``) in a child process
of its own, timed in CPU time of the child (``time.process_time``; the import is not counted), best of
``--repeats``. Printed per cell: the seconds, the microseconds per field and record (flat when the work is linear
in the input) and that figure over the series' first cell's. With ``--against SRC`` the same cells run on that
source tree too, alternating with this one, and both columns are printed side by side.
"""

from __future__ import annotations

import argparse
import json
import random
import string
import subprocess
import sys
import tempfile
from pathlib import Path

LABELS = ["alpha", "beta", "gamma"]
FIRST = ["Ada", "Bela", "Chen", "Dara", "Emil", "Farah", "Goran", "Hana", "Ines", "Jonas", "Kofi", "Lena"]
LAST = ["Abbott", "Baker", "Castro", "Dunn", "Evans", "Fischer", "Garcia", "Horvat", "Ito", "Jensen", "Kowalski"]

CHILD = """
import io, sys, time
from pathlib import Path
command, path = sys.argv[1], Path(sys.argv[2])
repeats = int(sys.argv[3])
if command == "mine":
    from windtunnel.flows.leak_evidence import mine_flow
    run = lambda: mine_flow(path)
else:
    from windtunnel.flows.leak import ScanRequest, scan_flow
    run = lambda: scan_flow(ScanRequest(dataset=path, fmt="json", stream=io.BytesIO(), mine=True))
best = None
for _ in range(repeats):
    t = time.process_time()
    run()
    took = time.process_time() - t
    best = took if best is None else min(best, took)
print(best)
"""


def _value(rnd: random.Random, kind: str) -> object:
    if kind == "codes":
        return "".join(rnd.choice(string.ascii_uppercase + string.digits) for _ in range(8))
    if kind == "names":
        return f"{rnd.choice(FIRST)} {rnd.choice(LAST)}"
    return round(rnd.uniform(0, 10_000), 2)


def write(path: Path, records: int, width: int, kind: str, seed: int = 1) -> None:
    """``records`` records of ``width`` fields of ``kind`` each, the labels in turn."""
    rnd = random.Random(seed)
    with path.open("w") as f:
        for i in range(records):
            fields = {f"field_{j}": _value(rnd, kind) for j in range(width)}
            projection = {"note": f"record {i} as filed", "fields": fields}
            item = {"id": f"r{i}", "expected": LABELS[i % 3], "label_set": LABELS, "projection": projection}
            f.write(json.dumps(item) + "\n")


def run(src: str, command: str, path: Path, repeats: int) -> float | str:
    """The command's CPU seconds on ``path`` in a child importing windtunnel from ``src``, or the last line of the
    child's error."""
    env = {"PYTHONPATH": src, "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, command, str(path), str(repeats)], env=env, capture_output=True, text=True
    )
    if out.returncode != 0:
        return (out.stderr.strip().splitlines() or ["failed"])[-1]
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--widths", type=int, nargs="*", default=[50, 100, 200, 400])
    ap.add_argument("--width-records", type=int, default=40, help="records of the widths series")
    ap.add_argument("--records", type=int, nargs="*", default=[100, 1_000, 10_000])
    ap.add_argument("--fixed-width", type=int, default=10, help="fields of the records series")
    ap.add_argument("--kind", choices=["codes", "names", "numbers"], default="codes")
    ap.add_argument("--command", choices=["mine", "scan"], default="mine")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--src", default=str(Path(__file__).resolve().parents[1] / "src"), help="this tree's src")
    ap.add_argument("--against", help="another tree's src, run side by side")
    args = ap.parse_args()
    trees = [args.src] + ([args.against] if args.against else [])
    cells = [("width", args.width_records, w) for w in args.widths]
    cells += [("records", r, args.fixed_width) for r in args.records]
    print(f"leak {args.command} on generated datasets ({args.kind}), CPU seconds of a child, best of {args.repeats}")
    head = "".join(f" | {'tree ' + str(n + 1):>9} {'us/f*r':>7} {'ratio':>5}" for n in range(len(trees)))
    print(f"{'series':8} {'records':>7} {'fields':>6}{head}")
    for n, tree in enumerate(trees):
        print(f"  tree {n + 1}: {tree}")
    first: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for series, records, width in cells:
            path = Path(tmp) / f"{series}_{records}_{width}.jsonl"
            write(path, records, width, args.kind)
            row = f"{series:8} {records:>7} {width:>6}"
            for n, tree in enumerate(trees):
                took = run(tree, args.command, path, args.repeats)
                if isinstance(took, str):
                    row += f" | {'failed':>24}"
                    print(f"  tree {n + 1} failed on {series} {records} x {width}: {took}")
                    continue
                per = took / (records * width) * 1e6
                base = first.setdefault((series, n), per)
                row += f" | {took:>8.2f}s {per:>7.0f} {per / base:>5.2f}"
            print(row, flush=True)


if __name__ == "__main__":
    main()
