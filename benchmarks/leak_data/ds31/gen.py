#!/usr/bin/env python3
"""Deterministic generator for batch ds31 (stdlib only)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import OUT
import ds_a, ds_b, ds_c

BUILDERS = [ds_a.k8s, ds_a.archery, ds_a.jamon, ds_a.hmo, ds_a.legionella,
            ds_b.pcr, ds_b.curb65, ds_b.steak, ds_b.passport, ds_b.proof,
            ds_c.radiation, ds_c.swim, ds_c.compaction, ds_c.firedoor]

def main():
    docs = ["# Batch ds31", "", "14 datasets (9 leaking, 5 clean). Leak families L*, trap families T* (numbering shared across the batch).", ""]
    for b in BUILDERS:
        ds = b()
        ds.write()
        docs.append(ds.doc())
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(docs))

if __name__ == "__main__":
    main()
