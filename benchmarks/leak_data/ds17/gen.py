"""Regenerate the ds17 blind batch: python3 gen.py  (stdlib only, fixed seeds)."""
import os
import random

import clean
import leaking_a
import leaking_b
from helpers import OUT

GENERATORS = [
    (leaking_a.volcano, 1701), (leaking_a.tornado, 1702), (leaking_a.sewer, 1703), (leaking_a.marine, 1704),
    (leaking_a.dg, 1705), (leaking_b.jury, 1706), (leaking_b.crystal, 1707), (leaking_b.monument, 1708),
    (leaking_b.transient, 1709),
    (clean.deer, 1710), (clean.mosquito, 1711), (clean.trademark, 1712), (clean.stamps, 1713), (clean.ili, 1714),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for fn, seed in GENERATORS:
        rows.append(fn(random.Random(seed)))
    lines = ["# ds17 blind batch", "", "Regenerate with `python3 gen.py` (fixed seeds, stdlib only). Check with `python3 check.py`.", ""]
    tot_r = tot_l = 0
    for name, kind, nrec, nleak, desc in rows:
        lines.append("- **%s** (%s): %s Records: %d, leaking: %d." % (name, kind, desc, nrec, nleak))
        tot_r += nrec
        tot_l += nleak
    nl = sum(1 for r in rows if r[1] == "leaking")
    lines += ["", "Total: %d datasets (%d leaking, %d clean), %d records, %d leaking records." % (len(rows), nl, len(rows) - nl, tot_r, tot_l), ""]
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
