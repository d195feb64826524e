"""Differential check of the leakage auditor: every finding of the held-out benchmark and the blind batches.

    .venv/bin/python benchmarks/leak_findings.py before.jsonl                 # write the findings of this build
    .venv/bin/python benchmarks/leak_findings.py after.jsonl --compare before.jsonl   # and compare (exit 1)

One line per item (the held-out benchmark's ~14,700 items, then every item of ``leak_data/blind*``): its id,
its verdict and every field of every finding, so two builds can be compared item by item. A change that
must not move a finding (a speed change, a refactoring) writes the file before and after and compares; a
difference names the first items that differ. Not a timed test: it audits ~17,000 items (~30 s).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

BATCHES = Path(__file__).parent / "leak_data"


def items() -> Iterator[tuple[str, dict[str, Any]]]:
    """``(tag, item)`` for every held-out case and every blind item (its ``truth`` left out)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import leak_heldout

    for case in leak_heldout.cases():
        yield str(case.item["id"]), case.item
    for batch in sorted(p for p in BATCHES.glob("blind*") if (p / "items.jsonl").exists()):
        for line in (batch / "items.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                raw = json.loads(line)
                item = {k: v for k, v in raw.items() if k != "truth"}
                item.setdefault("correlated_values", [])
                yield f"{batch.name}/{item.get('id')}", item


def main() -> int | None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path, nargs="?", help="file to write the findings to (one JSON line per item)")
    ap.add_argument("--compare", type=Path, default=None, help="a file written before: exit 1 when they differ")
    args = ap.parse_args()
    if args.out is None:  # ``python -m benchmarks`` runs every benchmark bare: this one needs a file
        print("leak_findings: a differential check, run by hand: " + ap.format_usage().strip())
        return None
    from windtunnel.leakage import audit_item

    with args.out.open("w", encoding="utf-8") as fh:
        for tag, item in items():
            audit = audit_item(item)
            found = [dataclasses.asdict(f) for f in audit.findings]
            fh.write(json.dumps([tag, audit.leaked, found], sort_keys=True, default=str) + "\n")
    if args.compare is None:
        return 0
    before = args.compare.read_text(encoding="utf-8").splitlines()
    after = args.out.read_text(encoding="utf-8").splitlines()
    differ = [json.loads(a)[0] for a, b in zip(after, before, strict=False) if a != b]
    if len(before) != len(after):
        print(f"{len(before)} items before, {len(after)} after")
    print(f"{len(after)} items, {len(differ)} differ" + (": " + ", ".join(differ[:10]) if differ else ""))
    return 1 if differ or len(before) != len(after) else 0


if __name__ == "__main__":
    sys.exit(main())
