"""Generate all ds13 datasets (stdlib only, seeded). Run: python3 gen.py"""
import importlib, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
MODS = ["d01_bees", "d02_dogs", "d03_rideshare", "d04_film", "d05_marathon", "d06_pawn", "d07_hearing", "d08_tpo",
        "d09_chess", "d10_lostfound", "d11_telescope", "d12_foodbank", "d13_scuba", "d14_escape"]
rows = []
for m in MODS:
    rows.append(importlib.import_module(m).build())
lines = ["# ds13 datasets", "", "name — leaking|clean — how it leaks / why tricky — records, leaking records", ""]
tot = totl = 0
for name, status, how, n, nl in rows:
    lines.append(f"- {name} — {status} — {how} — {n} records, {nl} leaking")
    tot += n; totl += nl
lines += ["", f"Total: {len(rows)} datasets, {tot} records, {totl} leaking records."]
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "DATASETS.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
