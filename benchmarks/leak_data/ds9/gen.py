"""Generate all ds9 datasets + DATASETS.md.  python3 gen.py"""
import os
import gen_leak_a, gen_leak_b, gen_clean
from common import SUMMARY, OUT

gen_leak_a.run(); gen_leak_b.run(); gen_clean.run()
with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
    f.write("# ds9 datasets\n\nname — leaking|clean — how it leaks (or why tricky though clean) — records, leaking records\n\n")
    for name, kind, how, n, nl in SUMMARY:
        f.write(f"- {name} — {kind} — {how} — {n} records, {nl} leaking\n")
    tot = sum(s[3] for s in SUMMARY); totl = sum(s[4] for s in SUMMARY)
    f.write(f"\nTotal: {len(SUMMARY)} datasets, {tot} records, {totl} leaking records.\n")
print(open(os.path.join(OUT, "DATASETS.md")).read())
