#!/usr/bin/env python3
"""Deterministic generator for the ds37 leakage benchmark batch (stdlib only)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ds_leak_a, ds_leak_b, ds_clean  # noqa: E402
from common import OUT  # noqa: E402

BUILDERS = [ds_leak_a.gleason, ds_leak_a.bac, ds_leak_a.cron, ds_leak_a.wells, ds_leak_a.division,
            ds_leak_b.card, ds_leak_b.vat, ds_leak_b.bus, ds_leak_b.sake,
            ds_clean.hardiness, ds_clean.company, ds_clean.trimester, ds_clean.dea, ds_clean.lungrads]


def main():
    sets = [b() for b in BUILDERS]
    leak_f, trap_f = set(), set()
    for ds in sets:
        ds.write()
        leak_f |= set(ds.leak_fams)
        trap_f |= set(ds.trap_fams)
    nl = sum(1 for d in sets if d.leaking)
    head = ["# ds37 - blind leakage benchmark batch", "",
            "%d datasets (%d leaking, %d clean). %d distinct leak families, %d distinct trap families." % (
                len(sets), nl, len(sets) - nl, len(leak_f), len(trap_f)), "",
            "Leak families: " + "; ".join(sorted(leak_f)), "",
            "Trap families: " + "; ".join(sorted(trap_f)), ""]
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(head) + "\n" + "\n".join(d.summary() for d in sets))
    for d in sets:
        n = len(d.records)
        k = sum(1 for r in d.records if r["truth"]["leak"])
        print("%-32s %-8s n=%d leak=%d" % (d.name, "LEAK" if d.leaking else "CLEAN", n, k))
    print("leak families:", len(leak_f), "trap families:", len(trap_f))


if __name__ == "__main__":
    main()
