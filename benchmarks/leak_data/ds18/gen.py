#!/usr/bin/env python3
"""Regenerate the ds18 batch (fixed seeds, stdlib only): python3 gen.py"""
import gen_leak, gen_clean
from helpers import write_dataset

def main():
    stats = []
    for fn in gen_leak.ALL + gen_clean.ALL:
        name, labels, rows, meta = fn()
        stats.append(write_dataset(name, labels, rows, meta))
    for s in stats:
        print(f"{s['name']:22s} n={s['n']:4d} leaks={s['leaks']}")
    print("total", sum(s["n"] for s in stats), "leaking records", sum(s["leaks"] for s in stats))

if __name__ == "__main__":
    main()
